/**
 * Files the shell reads whole itself: `$(< file)` (bash's shortcut for `$(cat file)`) and `.`'s
 * file, read until EOF: the size is never asked, as /proc and /sys files say 0 and have contents.
 */
import type { FileRedirect, Program } from '../syntax/ast';
import { readOne } from '../exec/read-record';

/** The `< word` a substitution consists of and nothing else (no words, assignments or other redirects). */
export function fileReadOnly(program: Program): FileRedirect | undefined {
  const [item, ...others] = program.body.items;
  if (item === undefined || others.length > 0 || item.background || item.andOr.rest.length > 0) return undefined;
  const pipeline = item.andOr.first;
  const [command, ...stages] = pipeline.commands;
  if (command?.kind !== 'SimpleCommand' || stages.length > 0 || pipeline.negated || pipeline.time !== null) return undefined;
  if (command.words.length > 0 || command.assignments.length > 0 || command.redirects.length !== 1) return undefined;
  const [redirect] = command.redirects;
  return redirect?.kind === 'FileRedirect' && redirect.operator === '<' && (redirect.fd ?? 0) === 0 ? redirect : undefined;
}

/** The most one native read returns. */
const CHUNK = 1 << 20;

/** Everything on `fd` up to EOF, or the first `limit` bytes of it. */
export async function readToEnd(fd: number, limit: number, signal: AbortSignal | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const { data, end } = await readOne(fd, { delimiter: null, maxBytes: Math.min(CHUNK, limit - total), timeoutMs: null }, signal);
    chunks.push(data);
    total += data.length;
    if (end === 'eof') break;
  }
  return Buffer.concat(chunks);
}

/**
 * The command's descriptor a path names (/dev/stdin, /dev/fd/N, /proc/self/fd/N): the shell's
 * descriptors are its own table's, not those of the process it runs in.
 */
export function descriptorNamed(path: string): number | undefined {
  const match = /^(?:\/dev\/fd\/|\/proc\/self\/fd\/)(0|[1-9]\d*)$|^\/dev\/std(in|out|err)$/.exec(path);
  if (match === null) return undefined;
  return match[2] === undefined ? Number(match[1]) : ['in', 'out', 'err'].indexOf(match[2]);
}
