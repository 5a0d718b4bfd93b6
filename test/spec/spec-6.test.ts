// Shard 6 of SPEC_SHARDS of the shell-language cases (see suite.ts).
import { registerSpecShard, SPEC_SHARDS } from './suite';

registerSpecShard(5, SPEC_SHARDS);
