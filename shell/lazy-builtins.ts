/**
 * Node's modules that few runs need, loaded at their first use, not with the shell's modules: a
 * module the bundle imports at its top is evaluated into the start-up snapshot (dist/quirl.blob),
 * which every start reads and deserializes whole. node:crypto is fifteen modules (SRANDOM and
 * the VS Code link's handshake use it), node:fs/promises four (`source` and `bind -f` read with it).
 */
import type * as Crypto from 'node:crypto';
import type * as FsPromises from 'node:fs/promises';

/* eslint-disable @typescript-eslint/no-require-imports -- require() of a built-in is what defers it: esbuild hoists imports to the bundle's top */
export const nodeCrypto = (): typeof Crypto => require('node:crypto') as typeof Crypto;
export const nodeFsPromises = (): typeof FsPromises => require('node:fs/promises') as typeof FsPromises;
/* eslint-enable @typescript-eslint/no-require-imports */
