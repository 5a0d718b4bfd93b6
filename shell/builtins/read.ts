/**
 * read: bash 5.2's `read`, reading through native.readRecord, so that it never consumes more
 * than the record it returns (a byte per read(2) from a pipe or a terminal, the offset set back on
 * a file) and never blocks the event loop. Input is collected as bash does, with a CTLESC marker
 * before each character a backslash quoted, and split by bash's own rules (get_word_from_string,
 * strip_trailing_ifs_whitespace), so IFS whitespace, other IFS characters and escapes agree.
 */
import { isatty } from 'node:tty';
import { isNativeError, native } from '../../native';
import { andThen, finishing, recovering, repeat, type Eventually, type Progress } from '../eventually';
import { describeErrno, isShellError } from '../errors';
import type { CommandOutput } from '../interp/output';
import { isValidName, type ShellState } from '../interp/state';
import type { Builtin } from '../interp/builtin-api';
import { readOne } from '../exec/read-record';
import { decodeBytes, encodeText } from '../bytes';

const USAGE = 'read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n';
/** 128 + SIGALRM: bash's status for a read that timed out. */
const TIMEOUT_STATUS = 142;
/** 128 + SIGINT: the read was cancelled (its job aborted). */
const CANCELLED_STATUS = 130;
/** Bytes asked of one readRecord call when no count bounds it; a longer line takes several. */
const RECORD_CHUNK = 1 << 20;
/** bash's marker for "the next character was quoted by a backslash". */
const CTLESC = 0x01;
/** bash quotes its other internal marker too, so a literal one in the input stays literal. */
const CTLNUL = 0x7f;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const OPTIONS_WITH_ARGUMENT = new Set(['a', 'd', 'i', 'n', 'N', 'p', 't', 'u']);
const FLAGS = new Set(['e', 'r', 's']);

interface ReadOptions {
  raw: boolean;
  silent: boolean;
  /** The byte that ends the input, or null (-N: only the count does). */
  delimiter: number | null;
  /** Characters to read (-n, -N); undefined for no limit. */
  count: number | undefined;
  prompt: string | undefined;
  timeoutMs: number | undefined;
  fd: number;
  names: readonly string[];
  /** -a NAME: the fields go to NAME's elements. */
  array: string | undefined;
}

type Parsed = { readonly options: ReadOptions } | { readonly message: string; readonly status: number };

export const read: Builtin = ({ argv, state, output, shell }) => {
  const parsed = parseOptions(argv);
  if ('message' in parsed) return andThen(output.err(parsed.message), () => parsed.status);
  const { options } = parsed;
  // bash checks the first name before reading (and the others only as it assigns them).
  const first = options.array ?? options.names[0];
  if (first !== undefined && !isValidName(first)) return invalidName(output, first);
  const osFd = output.fds.get(options.fd);
  if (osFd === undefined) {
    const message = options.fd === 0 ? `quirl: read: read error: 0: ${describeErrno('EBADF')}\n` : `quirl: read: ${options.fd}: invalid file descriptor: ${describeErrno('EBADF')}\n`;
    return andThen(output.err(message), () => 1);
  }
  if (options.timeoutMs === 0) return andThen(poll(osFd), (ready) => (ready ? 0 : 1));
  if (options.count === 0) return assign(options, '', state, output, 0);

  // isatty costs two system calls a line: asked only when the answer would change something.
  const terminal = (options.prompt !== undefined || options.silent || byteAtATime(options)) && isatty(osFd);
  // The modes first: what is typed once the prompt shows is already read with them.
  const restoreTerminal = terminal ? setReadModes(osFd, options) : undefined;
  // A line already in a pipe or file is read and assigned synchronously: no promise per line.
  const collected = finishing(
    () =>
      recovering<Input | number>(
        () => andThen(terminal && options.prompt !== undefined ? output.err(options.prompt) : undefined, () => collect(osFd, options, state, output, () => shell.interactive && isatty(osFd))),
        (error) => readFailed(error, options.fd, output),
      ),
    () => restoreTerminal?.(),
  );
  return andThen(collected, (input) => {
    if (typeof input === 'number') return input;
    const status = input.end === 'timeout' ? TIMEOUT_STATUS : input.end === 'eof' ? 1 : 0;
    return assign(options, input.text, state, output, status, options.count !== undefined && options.delimiter === null);
  });
};

/** The status of a read that failed (after saying why), or what was thrown when it was not a read error. */
function readFailed(error: unknown, fd: number, output: CommandOutput): Eventually<number> {
  if (!isNativeError(error)) throw error;
  if (error.code === 'ECANCELED') return CANCELLED_STATUS;
  return andThen(output.err(`quirl: read: read error: ${fd}: ${describeErrno(error.code)}\n`), () => 1);
}

function usage(message: string): Parsed {
  return { message: `quirl: read: ${message}\n${USAGE}`, status: 2 };
}

/** bash's getopt: flags may be grouped (-rs), an option's argument attached (-d:) or the next word. */
function parseOptions(argv: readonly string[]): Parsed {
  const options: ReadOptions = { raw: false, silent: false, delimiter: NEWLINE, count: undefined, prompt: undefined, timeoutMs: undefined, fd: 0, names: [], array: undefined };
  let index = 1;
  for (; index < argv.length; index += 1) {
    const word = argv[index] as string;
    if (word === '--') {
      index += 1;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    for (let at = 1; at < word.length; at += 1) {
      const letter = word[at] as string;
      if (FLAGS.has(letter)) {
        if (letter === 'r') options.raw = true;
        else if (letter === 's') options.silent = true;
        continue;
      }
      if (!OPTIONS_WITH_ARGUMENT.has(letter)) return usage(`-${letter}: invalid option`);
      let value = word.slice(at + 1);
      if (value === '') {
        index += 1;
        if (index >= argv.length) return usage(`-${letter}: option requires an argument`);
        value = argv[index] as string;
      }
      const failure = applyOption(options, letter, value);
      if (failure !== undefined) return { message: `quirl: read: ${failure}\n`, status: letter === 'a' ? 2 : 1 };
      break;
    }
  }
  options.names = argv.slice(index);
  return { options };
}

/** Sets one option that takes a value; returns bash's complaint about a bad one. */
function applyOption(options: ReadOptions, letter: string, value: string): string | undefined {
  switch (letter) {
    case 'a':
      options.array = value;
      return undefined;
    case 'd':
      options.delimiter = encodeText(value)[0] ?? 0;
      return undefined;
    case 'n':
    case 'N':
      if (!/^\d+$/.test(value) || Number(value) > 2 ** 31 - 1) return `${value}: invalid number`;
      options.count = Number(value);
      // The last of -n and -N wins: -N ignores the delimiter, -n keeps it.
      options.delimiter = letter === 'N' ? null : (options.delimiter ?? NEWLINE);
      return undefined;
    case 'p':
      options.prompt = value;
      return undefined;
    case 't':
      if (!/^(\d+\.?\d*|\.\d+)$/.test(value)) return `${value}: invalid timeout specification`;
      options.timeoutMs = Math.ceil(Number(value) * 1000);
      return undefined;
    case 'u':
      if (!/^\d+$/.test(value)) return `${value}: invalid file descriptor specification`;
      options.fd = Number(value);
      return undefined;
    default:
      // -i TEXT: the initial text of a readline edit (-e), which Quirl's read does not offer.
      return undefined;
  }
}

function invalidName(output: CommandOutput, name: string): Promise<number> {
  return output.err(`quirl: read: \`${name}': not a valid identifier\n`).then(() => 1);
}

/** -t 0: whether input (or EOF) is there now, consuming none. */
function poll(fd: number): Eventually<boolean> {
  const reading = native.readRecord(fd, { delimiter: null, maxBytes: 0, timeoutMs: 0 });
  return andThen('done' in reading ? reading.done : reading, (record) => record.end === 'limit');
}

/**
 * bash's terminal modes for read: byte at a time when a count or another delimiter must end the
 * read without a newline, no echo with -s. Returns what restores the saved modes.
 */
function setReadModes(fd: number, options: ReadOptions): (() => void) | undefined {
  if (!byteAtATime(options) && !options.silent) return undefined;
  const saved = native.tcgetattr(fd);
  native.tcsetattr(fd, native.termiosForRead(saved, { byteAtATime: byteAtATime(options), echo: !options.silent }));
  return () => native.tcsetattr(fd, saved);
}

/** Whether a terminal must hand over each byte as typed: a count or a delimiter other than newline ends the read. */
function byteAtATime(options: ReadOptions): boolean {
  return options.count !== undefined || options.delimiter !== NEWLINE;
}

interface Input {
  /** The bytes read, decoded, with CTLESC before each quoted character. */
  readonly text: string;
  readonly end: 'done' | 'eof' | 'timeout';
}

/** bash's read loop over bytes: backslash quoting, backslash-newline removed, NULs skipped. */
class Collector {
  /** What was taken whole (plain data), in order, before `bytes`. */
  private readonly pieces: Buffer[] = [];
  /** What was taken a byte at a time, since the last piece. */
  private bytes: number[] = [];
  private quoteNext = false;
  /** Characters taken, for -n and -N; in a UTF-8 locale a character's first byte counts it. */
  counted = 0;
  /** Continuation bytes still due for the last character. */
  pending = 0;

  constructor(
    private readonly options: ReadOptions,
    private readonly utf8: boolean,
  ) {}

  get complete(): boolean {
    return this.options.count !== undefined && this.counted >= this.options.count && this.pending === 0;
  }

  /** What to ask of the next read: never more bytes than the characters still wanted. */
  get wanted(): number {
    const { count } = this.options;
    return count === undefined ? RECORD_CHUNK : Math.min(RECORD_CHUNK, this.pending + count - this.counted);
  }

  take(data: Buffer): void {
    // The common line: nothing to quote, mark or count, so taken as it is.
    if (!this.quoteNext && this.options.count === undefined && isPlain(data, this.options.raw)) {
      this.flush();
      this.pieces.push(data);
      return;
    }
    for (const byte of data) {
      if (this.quoteNext) {
        this.quoteNext = false;
        // A quoted newline disappears with its backslash: a continuation line.
        if (byte === NEWLINE) this.bytes.pop();
        else this.add(byte);
      } else if (byte === BACKSLASH && !this.options.raw) {
        this.quoteNext = true;
        this.bytes.push(CTLESC);
      } else if (byte !== 0 || this.options.delimiter === 0) {
        if (byte === CTLESC || byte === CTLNUL) this.bytes.push(CTLESC);
        this.add(byte);
      }
    }
  }

  /** The delimiter came: true when it ends the input, false when a backslash quoted it. */
  delimiter(byte: number): boolean {
    if (!this.quoteNext) return true;
    this.take(Buffer.of(byte));
    return false;
  }

  text(): string {
    this.flush();
    return decodeBytes(this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces));
  }

  private flush(): void {
    if (this.bytes.length === 0) return;
    this.pieces.push(Buffer.from(this.bytes));
    this.bytes = [];
  }

  private add(byte: number): void {
    this.bytes.push(byte);
    if (this.pending > 0 && (byte & 0xc0) === 0x80) {
      this.pending -= 1;
      return;
    }
    this.counted += 1;
    this.pending = this.utf8 && byte >= 0xc0 ? (byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : 1) : 0;
  }
}

/** Whether data has no byte the Collector treats specially: NUL, a marker, a quoting backslash. */
function isPlain(data: Buffer, raw: boolean): boolean {
  for (const byte of data) {
    if (byte === 0 || byte === CTLESC || byte === CTLNUL || (byte === BACKSLASH && !raw)) return false;
  }
  return true;
}

/** The longest wait one native read takes (a signed 32-bit count of milliseconds): a longer timeout takes several. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** continuationPrompts: whether PS2 is shown for a backslash-newline (asked only when one comes). */
function collect(fd: number, options: ReadOptions, state: ShellState, output: CommandOutput, continuationPrompts: () => boolean): Eventually<Input> {
  const locale = state.get('LC_ALL') || state.get('LC_CTYPE') || state.get('LANG') || '';
  const collector = new Collector(options, /utf-?8/i.test(locale));
  const deadline = options.timeoutMs === undefined ? undefined : performance.now() + options.timeoutMs;
  const finished = (end: Input['end']): Progress<Input | undefined> => ({ done: true, value: { text: collector.text(), end } });
  const pass = (): Eventually<Progress<Input | undefined>> => {
    const remainingMs = deadline === undefined ? undefined : Math.max(0, Math.ceil(deadline - performance.now()));
    const timeoutMs = remainingMs === undefined ? null : Math.min(remainingMs, LONGEST_WAIT_MS);
    return andThen(readOne(fd, { delimiter: options.delimiter, maxBytes: collector.wanted, timeoutMs }, output.signal), (record) => {
      collector.take(record.data);
      if (record.end === 'timeout' && remainingMs !== undefined && remainingMs > LONGEST_WAIT_MS) return GO_ON;
      if (record.end === 'eof' || record.end === 'timeout') return finished(record.end);
      if (record.end === 'delimiter') {
        if (collector.delimiter(options.delimiter as number)) return finished('done');
        if (options.delimiter === NEWLINE && continuationPrompts()) return andThen(output.err(state.get('PS2') ?? '> '), () => (collector.complete ? finished('done') : GO_ON));
      }
      return collector.complete ? finished('done') : GO_ON;
    });
  };
  // Only a finished pass ends the loop, and it carries the input.
  return repeat(pass, undefined) as Eventually<Input>;
}

const GO_ON: Progress<Input | undefined> = { done: false, value: undefined };

const isSpaceTabNewline = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n';
const MARK = String.fromCharCode(CTLESC);

/** Splits the input into the names as bash does; REPLY takes it whole when there is none. */
function assign(options: ReadOptions, text: string, state: ShellState, output: CommandOutput, status: number, unsplit = false): Eventually<number> {
  const { names } = options;
  if (options.array !== undefined) return assignArray(options.array, text, state, output, unsplit, status);
  if (names.length === 0) {
    state.set('REPLY', dequote(text));
    return status;
  }
  // -N assigns exactly what was read: no splitting.
  const ifs = unsplit ? '' : (state.get('IFS') ?? ' \t\n');
  const ifsWhite = (char: string | undefined) => isSpaceTabNewline(char) && ifs.includes(char as string);
  let at = 0;
  while (at < text.length && ifsWhite(text[at])) at += 1;
  for (const [index, name] of names.entries()) {
    if (!isValidName(name)) return invalidName(output, name);
    if (index === names.length - 1) break;
    const field = at < text.length ? nextField(text, at, ifs, ifsWhite) : undefined;
    state.set(name, dequote(field?.word ?? ''));
    if (field !== undefined) at = field.next;
  }
  // The last name takes the rest with its inner separators, less trailing IFS whitespace; when
  // exactly one field is left, that field alone (so a trailing non-whitespace separator goes).
  let value = '';
  if (at < text.length) {
    const field = nextField(text, at, ifs, ifsWhite);
    value = field.next >= text.length ? (field.word ?? '') : stripTrailing(text.slice(at), ifsWhite);
  }
  state.set(names[names.length - 1] as string, dequote(value));
  return status;
}

/** `read -a NAME`: every field an element, the array emptied first. */
function assignArray(name: string, text: string, state: ShellState, output: CommandOutput, unsplit: boolean, status: number): Eventually<number> {
  const ifs = unsplit ? '' : (state.get('IFS') ?? ' \t\n');
  const ifsWhite = (char: string | undefined) => isSpaceTabNewline(char) && ifs.includes(char as string);
  const fields: string[] = [];
  for (let at = 0; at < text.length; ) {
    const field = nextField(text, at, ifs, ifsWhite);
    if (field.word !== undefined) fields.push(dequote(field.word));
    at = field.next;
  }
  try {
    state.emptyIndexedArray(name);
  } catch (error) {
    if (!isShellError(error)) throw error;
    return output.err(`quirl: read: ${error.message}\n`).then(() => 1);
  }
  state.assignArray(name, fields.map((value) => ({ key: undefined, value, append: false })), false);
  return status;
}

/** bash's get_word_from_string: one field from `at`, and where the next one starts. */
function nextField(text: string, start: number, ifs: string, ifsWhite: (char: string | undefined) => boolean): { word: string | undefined; next: number } {
  let at = start;
  while (at < text.length && ifsWhite(text[at])) at += 1;
  if (at >= text.length) return { word: undefined, next: at };
  let end = at;
  while (end < text.length) {
    if (text[end] === MARK) end += 2;
    else if (ifs.includes(text[end] as string)) break;
    else end += 1;
  }
  end = Math.min(end, text.length);
  const word = text.slice(at, end);
  let next = end;
  const whiteSeparator = isSpaceTabNewline(text[next]);
  if (next < text.length) next += 1;
  while (next < text.length && ifsWhite(text[next])) next += 1;
  // IFS whitespace then one other IFS character is a single separator (POSIX 2.6.5).
  if (next < text.length && whiteSeparator && ifs.includes(text[next] as string) && !isSpaceTabNewline(text[next])) {
    next += 1;
    while (next < text.length && ifsWhite(text[next])) next += 1;
  }
  return { word, next };
}

/** bash's strip_trailing_ifs_whitespace, quoted whitespace included, never the first character. */
function stripTrailing(text: string, ifsWhite: (char: string | undefined) => boolean): string {
  let last = text.length - 1;
  while (last > 0 && (ifsWhite(text[last]) || (text[last] === MARK && isSpaceTabNewline(text[last + 1])))) last -= 1;
  return text.slice(0, last + 1);
}

function dequote(text: string): string {
  // Most fields quote nothing: no regular expression for them.
  return text.includes(MARK) ? text.replace(/\x01([\s\S]?)/g, '$1') : text;
}
