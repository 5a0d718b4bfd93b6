/**
 * A script file's text, read whole, refused as bash refuses it: a binary file is "cannot execute
 * binary file" (status 126) rather than its bytes parsed as commands.
 */
import { readFileSync } from 'node:fs';
import { decodeBytes } from './bytes';
import { ShellError } from './errors';

/** How much of the file bash looks at (shell.c's sample). */
const SAMPLE_BYTES = 80;

export function readScriptFile(path: string): string {
  const bytes = readFileSync(path);
  if (looksBinary(bytes.subarray(0, SAMPLE_BYTES))) throw new ShellError('NotExecutable', `${path}: cannot execute binary file`, { status: 126 });
  return decodeBytes(bytes);
}

/** bash's check_binary_file: an ELF header, or a NUL in the first line (in the first two after `#!`). */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.length >= 4 && sample[0] === 0x7f && sample[1] === 0x45 && sample[2] === 0x4c && sample[3] === 0x46) return true;
  let lines = sample[0] === 0x23 && sample[1] === 0x21 ? 2 : 1;
  for (const byte of sample) {
    if (byte === 0x0a && --lines === 0) return false;
    if (byte === 0) return true;
  }
  return false;
}
