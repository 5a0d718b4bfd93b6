// Shard 5 of SPEC_SHARDS of the shell-language cases (see suite.ts).
import { registerSpecShard, SPEC_SHARDS } from './suite';

registerSpecShard(4, SPEC_SHARDS);
