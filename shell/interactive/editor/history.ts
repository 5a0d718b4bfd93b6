/**
 * Command history: the list the editor browses and searches (and `history` and `fc` show), and
 * the file it lives in between sessions. HISTCONTROL decides what is recorded (`ignorespace`,
 * `ignoredups`, `erasedups`; unset, Quirl records as bash's `ignoreboth` does); empty lines never
 * are. The caller adds whole commands (a multi-line command once, joined); the editor never adds
 * on its own.
 *
 * Each command is appended to the file as it is recorded, so shells sharing one file lose none of
 * each other's lines; the rewrites that trim it to HISTFILESIZE, and the appends, are done under a
 * lock file (`FILE.lock`), so that no append falls between a rewrite's read and its rename.
 *
 * The file is bash's timestamped format: each entry is a `#<seconds>` line and then the command,
 * which may span lines. Lines before the first timestamp are one entry each, so a plain bash
 * history file loads too. A missing, unreadable, corrupt or unwritable file never stops the shell:
 * history goes on in memory and the problem is reported once through onError.
 */
import { appendFileSync, closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { describeErrno, isSystemError } from '../../errors';
import { withFileLock } from './file-lock';

export const DEFAULT_HISTORY_SIZE = 1000;
export const DEFAULT_HISTORY_FILE_SIZE = 2000;

export interface HistoryOptions {
  /** The history file; without one, history is kept in memory only. */
  readonly file?: string;
  /** Entries kept in memory (HISTSIZE); Infinity for no limit. */
  readonly size?: number;
  /** Entries kept in the file (HISTFILESIZE), counted in commands, not lines. */
  readonly fileSize?: number;
  /** What is recorded (HISTCONTROL); by default bash's `ignoreboth`. */
  readonly control?: HistoryControl;
  /** HISTIGNORE: whether `command` is kept out, `previous` being the latest entry. */
  readonly ignore?: (command: string, previous: string | undefined) => boolean;
  /** Told when the file cannot be read or written. */
  readonly onError?: (error: HistoryFileError) => void;
}

export interface HistoryControl {
  /** Lines starting with a space are not recorded. */
  readonly ignoreSpace: boolean;
  /** A repeat of the previous entry is not recorded. */
  readonly ignoreDups: boolean;
  /** Earlier entries equal to a new one are removed. */
  readonly eraseDups: boolean;
}

const IGNORE_BOTH: HistoryControl = { ignoreSpace: true, ignoreDups: true, eraseDups: false };

/** HISTCONTROL as bash reads it (colon-separated words, unknown ones ignored); unset is `ignoreboth` in Quirl. */
export function historyControl(value: string | undefined): HistoryControl {
  if (value === undefined) return IGNORE_BOTH;
  const words = new Set(value.split(':'));
  const both = words.has('ignoreboth');
  return { ignoreSpace: both || words.has('ignorespace'), ignoreDups: both || words.has('ignoredups'), eraseDups: words.has('erasedups') };
}

export class HistoryFileError extends Error {
  constructor(
    readonly operation: 'read' | 'write',
    readonly path: string,
    cause: unknown,
  ) {
    // A system error as sh words it (`Is a directory`), not Node's `EISDIR: illegal operation...`.
    const reason = isSystemError(cause) ? describeErrno(cause.code) : cause instanceof Error ? cause.message : String(cause);
    super(`cannot ${operation} the history file ${path}: ${reason}`, { cause });
    this.name = 'HistoryFileError';
  }
}

/** A HISTSIZE or HISTFILESIZE value as bash reads it: negative is no limit; unset, empty or not a number is `fallback`. */
export function historyLimit(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\s*[-+]?\d+\s*$/.test(value)) return fallback;
  const limit = Number(value);
  return limit < 0 ? Infinity : limit;
}

interface FileEntry {
  /** The timestamp line's digits; none for a line from a plain history file. */
  readonly stamp: string | undefined;
  readonly text: string;
}

const STAMP = /^#(\d+)$/;

/** The settings that may change while the shell runs (HISTFILE, HISTSIZE, HISTFILESIZE, HISTCONTROL). */
export type HistorySettings = Pick<HistoryOptions, 'file' | 'size' | 'fileSize' | 'control' | 'ignore'>;

export class History {
  private readonly list: string[] = [];
  private file: string | undefined;
  private size: number;
  private fileSize: number;
  private control: HistoryControl;
  private ignore: HistoryOptions['ignore'];
  private readonly onError: ((error: HistoryFileError) => void) | undefined;
  /** The history number of the first entry: it grows as HISTSIZE drops old ones (bash's history_base). */
  private first = 1;
  /** Entries in the file as far as this shell knows (others may append too). */
  private fileEntries = 0;
  /** The last `pending` entries are in no file yet (added while there was no HISTFILE): `-a` and exit write them. */
  private pending = 0;
  /** Commands this shell appended since it last read the file whole, in order: `-n` skips them. */
  private ownAppends: string[] = [];
  /** Set after a failed write, so that an unwritable file is reported once, not per command. */
  private writesFailed = false;
  private lastAdded = false;

  /** Loads the file at once, trimming it to fileSize. Never throws for the file's sake. */
  constructor(options: HistoryOptions = {}) {
    this.file = options.file;
    this.size = Math.max(0, options.size ?? DEFAULT_HISTORY_SIZE);
    this.fileSize = Math.max(0, options.fileSize ?? DEFAULT_HISTORY_FILE_SIZE);
    this.control = options.control ?? IGNORE_BOTH;
    this.ignore = options.ignore;
    this.onError = options.onError;
    this.load();
  }

  /** Reads the file (an interactive shell's, once its start-up files have set HISTFILE), trimming it to fileSize. */
  load(): void {
    const file = this.file;
    if (file === undefined) return;
    const entries = this.readFile(file) ?? [];
    this.fileEntries = entries.length;
    this.ownAppends = [];
    this.list.unshift(...entries.slice(Math.max(0, entries.length - this.size)).map((entry) => entry.text));
    this.limit();
    if (entries.length > this.fileSize) this.locked(file, () => this.rewriteFile(file, this.readFile(file) ?? entries));
  }

  /** Oldest first. */
  get entries(): readonly string[] {
    return this.list;
  }

  /** Whether the last command offered to add() was recorded. */
  get lastLineAdded(): boolean {
    return this.lastAdded;
  }

  /** The history number of `entries[0]`; the next command's is `base + entries.length`. */
  get base(): number {
    return this.first;
  }

  /** New values of the variables: a smaller size drops the oldest entries at once, as in bash. */
  configure(settings: HistorySettings): void {
    if (settings.file !== this.file) {
      this.file = settings.file;
      this.writesFailed = false;
      this.ownAppends = [];
    }
    this.size = Math.max(0, settings.size ?? DEFAULT_HISTORY_SIZE);
    this.fileSize = Math.max(0, settings.fileSize ?? DEFAULT_HISTORY_FILE_SIZE);
    this.control = settings.control ?? IGNORE_BOTH;
    this.ignore = settings.ignore;
    this.limit();
  }

  /** Records a command and appends it to the file; false when it is not recorded. */
  add(command: string): boolean {
    const { ignoreSpace, ignoreDups, eraseDups } = this.control;
    this.lastAdded = false;
    if (this.size === 0 || command.trim() === '' || (ignoreSpace && command.startsWith(' ')) || (ignoreDups && command === this.list.at(-1))) return false;
    if (this.ignore?.(command, this.list.at(-1)) === true) return false;
    this.lastAdded = true;
    if (eraseDups) {
      for (let index = this.list.length - 1; index >= 0; index -= 1) if (this.list[index] === command) this.removeAt(index);
    }
    this.list.push(command);
    this.pending += 1;
    // Appended with whatever went unwritten before it, so that the file keeps the list's order.
    if (this.file !== undefined && !this.writesFailed && this.fileSize > 0 && this.appendToFile(this.file, this.list.slice(-this.pending))) this.pending = 0;
    this.limit();
    return true;
  }

  /**
   * A subshell's own history (bash's subshells work on a copy of the list): the same entries and
   * settings, but no file of its own, so that what the subshell adds is never appended to one.
   */
  copy(): History {
    const copy = new History({ size: this.size, fileSize: this.fileSize, control: this.control, ignore: this.ignore, onError: this.onError });
    copy.list.push(...this.list);
    copy.first = this.first;
    copy.pending = this.pending;
    copy.lastAdded = this.lastAdded;
    return copy;
  }

  /** `history -c`. */
  clear(): void {
    this.first += this.list.length;
    this.list.length = 0;
    this.pending = 0;
  }

  /** `history -d`: removes the entry at `index` (into entries); later entries are numbered one less, as in bash. */
  remove(index: number): void {
    this.removeAt(index);
  }

  /** `history -w [FILE]`: the file becomes this list, trimmed to fileSize. */
  writeTo(file: string): void {
    this.locked(file, () => {
      const entries = this.list.map((text) => ({ stamp: now(), text }));
      this.rewriteFile(file, entries, true);
    });
    if (file === this.file) this.ownAppends = [];
    this.pending = 0;
  }

  /** `history -a [FILE]`: appends the entries that are in no file yet. */
  appendTo(file: string): void {
    if (this.pending > 0) this.appendToFile(file, this.list.slice(-this.pending), true);
    this.pending = 0;
  }

  /** `history -r [FILE]`: the file's entries are added to the list. */
  readFrom(file: string): void {
    const entries = this.readFile(file, true) ?? [];
    for (const entry of entries) this.list.push(entry.text);
    // What was pending is no longer at the end: `-a` starts afresh, as bash's counts do after `-r`.
    this.pending = 0;
    if (file === this.file) {
      this.fileEntries = entries.length;
      this.ownAppends = [];
    }
    this.limit();
  }

  /** `history -n [FILE]`: adds the entries other shells appended since this one last read the file. */
  readNewFrom(file: string): void {
    const entries = this.readFile(file, true) ?? [];
    const known = file === this.file ? Math.min(this.fileEntries - this.ownAppends.length, entries.length) : 0;
    const own = file === this.file ? [...this.ownAppends] : [];
    for (const { text } of entries.slice(known)) {
      if (own[0] === text) own.shift();
      else this.list.push(text);
    }
    this.pending = 0;
    if (file === this.file) {
      this.fileEntries = entries.length;
      this.ownAppends = [];
    }
    this.limit();
  }

  /** At exit: what is in no file yet is appended (trimming the file to fileSize as any append does). */
  close(): void {
    const file = this.file;
    if (file === undefined || this.writesFailed || this.fileSize === 0) return;
    if (this.pending > 0) this.appendToFile(file, this.list.slice(-this.pending));
  }

  private removeAt(index: number): void {
    if (index >= this.list.length - this.pending) this.pending -= 1;
    this.list.splice(index, 1);
  }

  /** Drops the oldest entries past `size`. */
  private limit(): void {
    const excess = this.list.length - this.size;
    if (excess <= 0) return;
    this.list.splice(0, excess);
    this.first += excess;
    this.pending = Math.min(this.pending, this.list.length);
  }

  /** Appends `commands` under the lock, trimming the file past fileSize; false, reported, when it fails. */
  private appendToFile(file: string, commands: readonly string[], raise = false): boolean {
    try {
      this.locked(file, () => {
        appendFileSync(file, commands.map((text) => encode({ stamp: now(), text })).join(''), { mode: 0o600 });
        if (file !== this.file) return;
        this.fileEntries += commands.length;
        this.ownAppends.push(...commands);
        if (this.fileEntries <= this.fileSize) return;
        // Read again: other shells append to the same file.
        const entries = this.readFile(file);
        if (entries !== undefined) this.rewriteFile(file, entries);
      });
      return true;
    } catch (error) {
      if (raise) throw new HistoryFileError('write', file, error);
      this.fail('write', file, error);
      return false;
    }
  }

  /** Runs `action` holding the file's lock; a lock that cannot be made (a read-only directory) is done without. */
  private locked(file: string, action: () => void): void {
    withFileLock(file, action);
  }

  /** The file's entries: none when it does not exist, undefined when it cannot be read (or throws, with `raise`). */
  private readFile(file: string, raise = false): FileEntry[] | undefined {
    try {
      return parse(readHistoryText(file));
    } catch (error) {
      if (isMissing(error)) return [];
      if (raise) throw new HistoryFileError('read', file, error);
      this.fail('read', file, error);
      return undefined;
    }
  }

  /** Replaces the file with its last fileSize entries, through a rename so a crash never leaves half a file. */
  private rewriteFile(file: string, entries: readonly FileEntry[], raise = false): void {
    try {
      // Through a symlink, replace what it points to rather than the link.
      const target = isMissing(tryRealpath(file)) ? file : realpathSync(file);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, entries.slice(Math.max(0, entries.length - this.fileSize)).map(encode).join(''), { mode: 0o600 });
        renameSync(temporary, target);
      } catch (error) {
        // A file the rename could not put in place (the history file is a directory) is not left behind.
        rmSync(temporary, { force: true });
        throw error;
      }
      if (file === this.file) {
        this.fileEntries = Math.min(entries.length, this.fileSize);
        this.ownAppends = [];
      }
    } catch (error) {
      if (raise) throw new HistoryFileError('write', file, error);
      this.fail('write', file, error);
    }
  }

  private fail(operation: 'read' | 'write', file: string, cause: unknown): void {
    if (operation === 'write') {
      if (this.writesFailed) return;
      this.writesFailed = true;
    }
    this.onError?.(new HistoryFileError(operation, file, cause));
  }
}

function now(): string {
  return String(Math.floor(Date.now() / 1000));
}

/** realpath's error, or undefined when it resolves. */
function tryRealpath(file: string): unknown {
  try {
    realpathSync(file);
    return undefined;
  } catch (error) {
    return error;
  }
}

function encode(entry: FileEntry): string {
  return entry.stamp === undefined ? `${entry.text}\n` : `#${entry.stamp}\n${entry.text}\n`;
}

/**
 * The file's entries. A line with a NUL cannot be a command (it is what a crash leaves in a
 * file), so it is dropped, as are empty lines that belong to no command.
 */
function parse(content: string): FileEntry[] {
  const entries: FileEntry[] = [];
  let open: { stamp: string; lines: string[] } | undefined;
  const close = (): void => {
    if (open === undefined) return;
    const text = open.lines.join('\n').replace(/^\n+|\n+$/g, '');
    if (text.trim() !== '') entries.push({ stamp: open.stamp, text });
    open = undefined;
  };
  for (const line of content.split('\n')) {
    if (line.includes('\0')) continue;
    const stamp = STAMP.exec(line);
    if (stamp !== null) {
      close();
      open = { stamp: stamp[1]!, lines: [] };
    } else if (open !== undefined) open.lines.push(line);
    else if (line.trim() !== '') entries.push({ stamp: undefined, text: line });
  }
  close();
  return entries;
}

/**
 * The most of a history file the shell reads. bash reads at most HISTFILESIZE lines; a file far
 * beyond any such count (or /dev/zero, which never ends) is refused rather than read into memory
 * on the shell's thread, where nothing could interrupt it.
 */
export const MAX_HISTORY_FILE_BYTES = 64 * 1024 * 1024;

/**
 * A history file's text: a regular file of at most MAX_HISTORY_FILE_BYTES. Anything else (a
 * device, a FIFO, a directory) is refused; O_NONBLOCK keeps the open of a FIFO without a writer
 * from waiting for one.
 */
function readHistoryText(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('not a regular file');
    if (stats.size > MAX_HISTORY_FILE_BYTES) throw new Error(`larger than ${MAX_HISTORY_FILE_BYTES / (1024 * 1024)} MiB`);
    // One byte past the bound tells a file that grew since fstat.
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (let got = -1; got !== 0 && length < buffer.length; length += got) got = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_HISTORY_FILE_BYTES) throw new Error(`larger than ${MAX_HISTORY_FILE_BYTES / (1024 * 1024)} MiB`);
    return buffer.toString('utf8', 0, Math.min(length, stats.size));
  } finally {
    closeSync(fd);
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
