// Shard 1 of 2 of the shell-language cases (see suite.ts).
import { registerSpecShard } from './suite';

registerSpecShard(0, 2);
