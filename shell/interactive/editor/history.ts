/**
 * Command history: the list the editor browses and searches, and the file it lives in between
 * sessions. What bash's ignoreboth records is recorded: no empty lines, no line starting with a
 * space, no repeat of the previous entry. The caller adds whole commands (a multi-line command
 * once, joined); the editor never adds on its own.
 *
 * The file is bash's timestamped format: each entry is a `#<seconds>` line and then the command,
 * which may span lines. Lines before the first timestamp are one entry each, so a plain bash
 * history file loads too. A missing, unreadable, corrupt or unwritable file never stops the shell:
 * history goes on in memory and the problem is reported once through onError.
 */
import { appendFileSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';

export const DEFAULT_HISTORY_SIZE = 1000;
export const DEFAULT_HISTORY_FILE_SIZE = 2000;

export interface HistoryOptions {
  /** The history file; without one, history is kept in memory only. */
  readonly file?: string;
  /** Entries kept in memory (HISTSIZE); Infinity for no limit. */
  readonly size?: number;
  /** Entries kept in the file (HISTFILESIZE), counted in commands, not lines. */
  readonly fileSize?: number;
  /** Told when the file cannot be read or written. */
  readonly onError?: (error: HistoryFileError) => void;
}

export class HistoryFileError extends Error {
  constructor(
    readonly operation: 'read' | 'write',
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot ${operation} the history file ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
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

export class History {
  private readonly list: string[] = [];
  private readonly file: string | undefined;
  private readonly size: number;
  private readonly fileSize: number;
  private readonly onError: ((error: HistoryFileError) => void) | undefined;
  /** Entries in the file as far as this shell knows (others may append too). */
  private fileEntries = 0;
  /** Set after a failed write, so that an unwritable file is reported once, not per command. */
  private writesFailed = false;

  /** Loads the file at once, trimming it to fileSize. Never throws for the file's sake. */
  constructor(options: HistoryOptions = {}) {
    this.file = options.file;
    this.size = Math.max(0, options.size ?? DEFAULT_HISTORY_SIZE);
    this.fileSize = Math.max(0, options.fileSize ?? DEFAULT_HISTORY_FILE_SIZE);
    this.onError = options.onError;
    if (this.file === undefined) return;
    const entries = this.readFile(this.file) ?? [];
    this.fileEntries = entries.length;
    this.list.push(...entries.slice(Math.max(0, entries.length - this.size)).map((entry) => entry.text));
    if (entries.length > this.fileSize) this.rewriteFile(this.file, entries);
  }

  /** Oldest first. */
  get entries(): readonly string[] {
    return this.list;
  }

  /** Records a command and appends it to the file; false when it is not recorded. */
  add(command: string): boolean {
    if (this.size === 0 || command.trim() === '' || command.startsWith(' ') || command === this.list.at(-1)) return false;
    this.list.push(command);
    if (this.list.length > this.size) this.list.splice(0, this.list.length - this.size);
    if (this.file !== undefined && !this.writesFailed && this.fileSize > 0) this.appendToFile(this.file, command);
    return true;
  }

  private appendToFile(file: string, command: string): void {
    try {
      appendFileSync(file, encode({ stamp: String(Math.floor(Date.now() / 1000)), text: command }), { mode: 0o600 });
      this.fileEntries += 1;
      if (this.fileEntries <= this.fileSize) return;
      // Read again: other shells append to the same file.
      const entries = this.readFile(file);
      if (entries !== undefined) this.rewriteFile(file, entries);
    } catch (error) {
      this.fail('write', file, error);
    }
  }

  /** The file's entries: none when it does not exist, undefined when it cannot be read. */
  private readFile(file: string): FileEntry[] | undefined {
    try {
      return parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if (isMissing(error)) return [];
      this.fail('read', file, error);
      return undefined;
    }
  }

  /** Replaces the file with its last fileSize entries, through a rename so a crash never leaves half a file. */
  private rewriteFile(file: string, entries: readonly FileEntry[]): void {
    try {
      // Through a symlink, replace what it points to rather than the link.
      const target = realpathSync(file);
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, entries.slice(Math.max(0, entries.length - this.fileSize)).map(encode).join(''), { mode: 0o600 });
      renameSync(temporary, target);
      this.fileEntries = Math.min(entries.length, this.fileSize);
    } catch (error) {
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

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
