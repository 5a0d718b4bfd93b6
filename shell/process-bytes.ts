/**
 * The shell's own arguments, environment and working directory with their bytes kept. Node decodes both as UTF-8,
 * so a byte that is not UTF-8 arrives as U+FFFD; where one did, the strings are read again as
 * bytes from /proc/self (Linux) and decoded with shell/bytes.ts. Where /proc is missing (macOS),
 * or does not hold what Node saw, Node's strings stand.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { decodeBytes } from './bytes';

const REPLACEMENT = '\ufffd';

/** `args` (process.argv after the script), each with its own bytes. */
export function argumentsWithBytes(args: readonly string[]): readonly string[] {
  if (!args.some((arg) => arg.includes(REPLACEMENT))) return args;
  // The command line ends with the script's arguments; node's own options come before them.
  const raw = procStrings('cmdline')?.slice(-args.length);
  if (raw === undefined || raw.length !== args.length || raw.some((bytes, index) => bytes.toString('utf8') !== args[index])) return args;
  return raw.map(decodeBytes);
}

/** `env` with the values Node decoded lossily read again: only those, as others may have changed since exec. */
export function environmentWithBytes(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const lossy = Object.entries(env).filter(([, value]) => value?.includes(REPLACEMENT) === true);
  if (lossy.length === 0) return env;
  const initial = new Map<string, Buffer>();
  for (const entry of procStrings('environ') ?? []) {
    const equals = entry.indexOf(0x3d);
    if (equals > 0) initial.set(entry.subarray(0, equals).toString('utf8'), entry.subarray(equals + 1));
  }
  const fixed = { ...env };
  for (const [name, value] of lossy) {
    const bytes = initial.get(name);
    if (bytes !== undefined && bytes.toString('utf8') === value) fixed[name] = decodeBytes(bytes);
  }
  return fixed;
}

/** This process's working directory: process.cwd() decodes it lossily, realpath(3) gives its bytes. */
export function directoryWithBytes(): string {
  const cwd = process.cwd();
  if (!cwd.includes(REPLACEMENT)) return cwd;
  try {
    // The native realpath: the JavaScript one starts from process.cwd().
    return decodeBytes(realpathSync.native('.', { encoding: 'buffer' }));
  } catch {
    return cwd;
  }
}

/** /proc/self/cmdline or environ: NUL-terminated strings, as bytes. */
function procStrings(file: 'cmdline' | 'environ'): Buffer[] | undefined {
  let data: Buffer;
  try {
    data = readFileSync(`/proc/self/${file}`);
  } catch {
    return undefined;
  }
  const strings: Buffer[] = [];
  for (let start = 0; start < data.length; ) {
    const end = data.indexOf(0, start);
    const stop = end === -1 ? data.length : end;
    strings.push(data.subarray(start, stop));
    start = stop + 1;
  }
  return strings;
}
