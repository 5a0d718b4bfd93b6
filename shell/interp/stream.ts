/**
 * A script read from a stream (`quirl` with commands on stdin, a pipe or a terminal) as sh reads
 * one: a line at a time, never past the line it needs, so each complete command runs as soon as
 * it is there and the commands it runs read the rest of the stream themselves
 * (`printf 'read x\nhello\necho $x\n' | quirl` prints hello).
 */
import type { RecordRead } from '../../native/native';
import { native } from '../../native';
import { describeErrno, isSystemError, ShellError } from '../errors';
import { ParseError } from '../syntax/source';
import { parse, type Program } from '../syntax';
import type { ReaderSettings } from './script';
import { decodeBytes } from '../bytes';

/** Bytes asked for per read: a longer line is read in several. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export async function* streamCommands(fd: number, warn: (message: string) => void, settings: ReaderSettings): AsyncGenerator<Program, void, void> {
  let text = '';
  let firstLine = 1;
  // A line longer than one read comes in pieces: decoded whole, so no character is cut in two.
  let pieces: Buffer[] = [];
  for (;;) {
    const record = await readLine(fd);
    pieces.push(record.data);
    if (record.end === 'limit') continue;
    text += decodeBytes(Buffer.concat(pieces));
    pieces = [];
    const final = record.end === 'eof';
    if (!final) text += '\n';
    if (text.trim() === '' && final) return;
    try {
      const program = parse(text, { firstLine, final, warn, ...settings });
      firstLine += countLines(text);
      text = '';
      yield program;
    } catch (error) {
      if (!(error instanceof ParseError) || !error.incomplete || final) throw error;
    }
    if (final) return;
  }
}

async function readLine(fd: number): Promise<RecordRead> {
  try {
    const reading = native.readRecord(fd, { delimiter: NEWLINE, maxBytes: CHUNK_BYTES, timeoutMs: null });
    return 'done' in reading ? await reading.done : reading;
  } catch (error) {
    if (!isSystemError(error)) throw error;
    throw new ShellError('SystemError', `stdin: ${describeErrno(error.code)}`, { cause: error });
  }
}

function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}
