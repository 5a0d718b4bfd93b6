/** Quirl's version, from package.json (bundled in): `$QUIRL_VERSION`, `quirl --version`. */
import { version } from '../package.json';

export const QUIRL_VERSION: string = version;
