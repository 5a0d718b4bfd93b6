/**
 * mapfile / readarray: lines (or `-d` records) of input into an indexed array. With `-n` it reads
 * record by record, never past the last one it keeps, so the rest of the input stays for the
 * next command, as bash's unbuffered reads do; otherwise it reads to EOF in large chunks.
 */
import { isNativeError } from '../../native';
import { describeErrno, isShellError } from '../errors';
import { isValidName } from '../interp/state';
import { quoteForShell } from '../syntax/quote';
import { readOne } from '../exec/read-record';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';
import { decodeBytes, encodeText } from '../bytes';

const USAGE = 'usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]';
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

interface MapfileOptions {
  delimiter: number;
  count: number | undefined;
  origin: number | undefined;
  skip: number;
  strip: boolean;
  fd: number;
  callback: string | undefined;
  quantum: number;
  name: string;
}

export const mapfile: Builtin = async (context) => {
  const { argv, output, state } = context;
  const builtin = argv[0] as string;
  const parsed = parseOptions(argv);
  if (typeof parsed === 'string') {
    await output.err(`quirl: ${builtin}: ${parsed}\n`);
    return parsed.endsWith(USAGE) ? 2 : 1;
  }
  if (!isValidName(parsed.name)) {
    await output.err(`quirl: ${builtin}: \`${parsed.name}': not a valid identifier\n`);
    return 1;
  }
  const osFd = output.fds.get(parsed.fd);
  if (osFd === undefined) {
    await output.err(`quirl: ${builtin}: ${parsed.fd}: invalid file descriptor: ${describeErrno('EBADF')}\n`);
    return 1;
  }
  let records: string[];
  try {
    records = await readRecords(osFd, parsed, context);
  } catch (error) {
    if (!isNativeError(error)) throw error;
    await output.err(`quirl: ${builtin}: read error: ${parsed.fd}: ${describeErrno(error.code)}\n`);
    return 1;
  }
  try {
    if (parsed.origin === undefined) state.emptyIndexedArray(parsed.name);
  } catch (error) {
    if (!isShellError(error)) throw error;
    await output.err(`quirl: ${builtin}: ${error.message}\n`);
    return 1;
  }
  let index = parsed.origin ?? 0;
  for (const record of records) {
    if (parsed.callback !== undefined && (index - (parsed.origin ?? 0) + 1) % parsed.quantum === 0) {
      await context.run(`${parsed.callback} ${index} ${quoteForShell(record)}`);
    }
    state.assignElement(parsed.name, BigInt(index), record);
    index += 1;
  }
  if (records.length === 0 && state.lookup(parsed.name) === undefined) state.assignArray(parsed.name, [], false);
  return 0;
};

function parseOptions(argv: readonly string[]): MapfileOptions | string {
  const options: MapfileOptions = { delimiter: NEWLINE, count: undefined, origin: undefined, skip: 0, strip: false, fd: 0, callback: undefined, quantum: 5000, name: 'MAPFILE' };
  let index = 1;
  for (; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') {
      index++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    for (let at = 1; at < word.length; at++) {
      const letter = word[at] as string;
      if (letter === 't') {
        options.strip = true;
        continue;
      }
      if (!'dnOsuCc'.includes(letter)) return `-${letter}: invalid option\nmapfile: ${USAGE}`;
      let value = word.slice(at + 1);
      if (value === '') {
        index++;
        if (index >= argv.length) return `-${letter}: option requires an argument\nmapfile: ${USAGE}`;
        value = argv[index] as string;
      }
      const failure = applyOption(options, letter, value);
      if (failure !== undefined) return failure;
      break;
    }
  }
  const name = argv[index];
  if (name !== undefined) options.name = name;
  return options;
}

function applyOption(options: MapfileOptions, letter: string, value: string): string | undefined {
  if (letter === 'd') {
    options.delimiter = encodeText(value)[0] ?? 0;
    return undefined;
  }
  if (letter === 'C') {
    options.callback = value;
    return undefined;
  }
  if (!/^\d+$/.test(value)) {
    const what = { n: 'invalid line count', O: 'invalid array origin', s: 'invalid line count', u: 'invalid file descriptor', c: 'invalid callback quantum' }[letter];
    return `${value}: ${what}`;
  }
  const number = Number(value);
  if (letter === 'n') options.count = number === 0 ? undefined : number;
  else if (letter === 'O') options.origin = number;
  else if (letter === 's') options.skip = number;
  else if (letter === 'u') options.fd = number;
  else if (number === 0) return `${value}: invalid callback quantum`;
  else options.quantum = number;
  return undefined;
}

/** The records to keep: `-s` skipped, at most `-n`, each with its delimiter unless `-t`. */
async function readRecords(fd: number, options: MapfileOptions, { output }: BuiltinContext): Promise<string[]> {
  const signal = output.signal;
  const wanted = options.count === undefined ? undefined : options.skip + options.count;
  const records: string[] = [];
  if (wanted === undefined) {
    const chunks: Buffer[] = [];
    for (;;) {
      const read = await readOne(fd, { delimiter: null, maxBytes: CHUNK, timeoutMs: null }, signal);
      chunks.push(read.data);
      if (read.end === 'eof') break;
    }
    const all = Buffer.concat(chunks);
    for (let start = 0; start < all.length; ) {
      const end = all.indexOf(options.delimiter, start);
      const stop = end === -1 ? all.length : end;
      records.push(decodeBytes(all.subarray(start, options.strip || end === -1 ? stop : stop + 1)));
      start = stop + 1;
    }
  } else {
    while (records.length < wanted) {
      const parts: Buffer[] = [];
      let read;
      do {
        read = await readOne(fd, { delimiter: options.delimiter, maxBytes: CHUNK, timeoutMs: null }, signal);
        parts.push(read.data);
      } while (read.end === 'limit');
      if (read.end === 'eof' && parts.every((part) => part.length === 0)) break;
      // The delimiter is kept as its byte: one above 0x7f may complete a character, or be an escaped byte.
      if (!options.strip && read.end === 'delimiter') parts.push(Buffer.of(options.delimiter));
      records.push(decodeBytes(Buffer.concat(parts)));
      if (read.end === 'eof') break;
    }
  }
  return records.slice(options.skip);
}
