/**
 * Finding and validating a program before anything is spawned: PATH search (remembered per
 * PATH value, rechecked on use), "not found" (127) and "not executable" (126) told apart, and a
 * file the kernel cannot exec (no `#!`, not a binary: ENOEXEC) run through /bin/sh, as POSIX
 * shells do.
 */
import { accessSync, closeSync, constants, openSync, readSync, statSync, type Stats } from 'node:fs';
import { fsPath } from '../bytes';
import { resolve as resolvePath } from 'node:path';
import { ShellError, describeErrno, isSystemError } from '../errors';
import type { ExecTarget } from './construct';

const SCRIPT_SHELL = '/bin/sh';

/** A remembered PATH search result (`hash`): where the name was found, and how often it ran since. */
export interface HashedCommand {
  readonly path: string;
  hits: number;
}

/**
 * The remembered PATH search results of one shell context (`hash`); a subshell works on a copy.
 * They hold for one value of PATH: another one forgets them all.
 */
export class CommandHashTable {
  private readonly entries = new Map<string, HashedCommand>();
  private searchPath: string | undefined;

  clone(): CommandHashTable {
    const copy = new CommandHashTable();
    copy.searchPath = this.searchPath;
    for (const [name, entry] of this.entries) copy.entries.set(name, { ...entry });
    return copy;
  }

  /** The entries under PATH `searchPath`. */
  under(searchPath: string): Map<string, HashedCommand> {
    if (this.searchPath !== searchPath) {
      this.entries.clear();
      this.searchPath = searchPath;
    }
    return this.entries;
  }

  /** Forgets every remembered location (`hash -r`). */
  clear(): void {
    this.entries.clear();
  }

  /** Forgets one remembered location (`hash -d`); false when there was none. */
  forget(name: string): boolean {
    return this.entries.delete(name);
  }
}

/** A file found executable, with what stat(2) said of it then. */
interface ExecutableFile {
  readonly path: string;
  readonly stats: Stats;
}

/**
 * What was learnt of a file by access(2) and by reading its first bytes, for as long as stat(2)
 * reports the same file in the same state: its inode, owner, mode and change time (a chmod,
 * chown or ACL change moves ctime, a rewrite mtime and size). A shell running the same program
 * command after command then pays one stat for it, not a stat, an access and an open.
 */
interface FileVerdict {
  /** The stat(2) the verdict was made from: it holds while a new one agrees on every field compared. */
  readonly identity: Stats;
  readonly executable: boolean;
  /** Run by execve itself (`#!`, a binary); undefined until a command first runs it. */
  direct: boolean | undefined;
}

/** Verdicts kept at most; past this the cache starts over (a PATH search stats many files). */
const MAX_VERDICTS = 1024;

export class CommandResolver {
  private readonly verdicts = new Map<string, FileVerdict>();

  /**
   * The program for `argv` with PATH `searchPath` from directory `cwd`, found through and
   * remembered in `table`; throws 127/126 errors.
   */
  resolve(argv: readonly string[], searchPath: string, cwd: string, table = new CommandHashTable()): ExecTarget {
    const name = argv[0];
    if (name === undefined || name === '') throw new ShellError('CommandNotFound', `${JSON.stringify(name ?? '')}: command not found`);
    if (!name.includes('/')) {
      const found = this.find(name, searchPath, cwd, table);
      const entry = table.under(searchPath).get(name);
      if (entry !== undefined) entry.hits += 1;
      return this.execTarget(found, found.path, argv);
    }
    // A path is exec'd as typed (the child runs in cwd), so that a script's $0 reads as in bash.
    return this.execTarget(this.checkPath(resolvePath(cwd, name), name), name, argv);
  }

  /** The path PATH search finds for `name` (remembered in `table`), or undefined (for `type`). */
  lookup(name: string, searchPath: string, cwd: string, table: CommandHashTable): string | undefined {
    try {
      return (name.includes('/') ? this.checkPath(resolvePath(cwd, name), name) : this.find(name, searchPath, cwd, table)).path;
    } catch {
      return undefined;
    }
  }

  /** Every executable file named `name` along PATH, in order (`type -a`). */
  lookupAll(name: string, searchPath: string, cwd: string): string[] {
    return this.candidates(name, searchPath, cwd).filter((candidate) => this.executableStats(candidate) !== undefined);
  }

  /** Searches PATH for `name` and remembers it in `table` (`hash NAME`); throws the 127/126 errors. */
  hash(name: string, searchPath: string, cwd: string, table: CommandHashTable): string {
    table.under(searchPath).delete(name);
    return this.find(name, searchPath, cwd, table).path;
  }

  private candidates(name: string, searchPath: string, cwd: string): string[] {
    return searchPath.split(':').map((directory) => resolvePath(cwd, directory === '' ? '.' : directory, name));
  }

  private find(name: string, searchPath: string, cwd: string, table: CommandHashTable): ExecutableFile {
    const hashed = table.under(searchPath);
    const remembered = hashed.get(name);
    const stats = remembered === undefined ? undefined : this.executableStats(remembered.path);
    if (remembered !== undefined && stats !== undefined) return { path: remembered.path, stats };
    hashed.delete(name);
    let deniedCandidate: string | undefined;
    for (const candidate of this.candidates(name, searchPath, cwd)) {
      const stats = statOrUndefined(candidate);
      if (stats === undefined || stats.isDirectory()) continue;
      if (this.executableStats(candidate, stats) !== undefined) {
        hashed.set(name, { path: candidate, hits: 0 });
        return { path: candidate, stats };
      }
      deniedCandidate ??= candidate;
    }
    if (deniedCandidate !== undefined) {
      throw new ShellError('NotExecutable', `${name}: ${describeErrno('EACCES')}`);
    }
    throw new ShellError('CommandNotFound', `${name}: command not found`);
  }

  private checkPath(file: string, name: string): ExecutableFile {
    let stats: Stats;
    try {
      stats = statSync(fsPath(file));
    } catch (error) {
      const code = isSystemError(error) ? error.code : 'ENOENT';
      throw new ShellError(code === 'ENOENT' || code === 'ENOTDIR' ? 'CommandNotFound' : 'NotExecutable', `${name}: ${describeErrno(code)}`, {
        cause: error,
      });
    }
    if (stats.isDirectory()) throw new ShellError('NotExecutable', `${name}: ${describeErrno('EISDIR')}`);
    if (this.executableStats(file, stats) === undefined) throw new ShellError('NotExecutable', `${name}: ${describeErrno('EACCES')}`);
    return { path: file, stats };
  }

  /** `file` is the validated file, stat'ed once; `execPath` is what to exec (the same file). */
  private execTarget({ path: file, stats }: ExecutableFile, execPath: string, argv: readonly string[]): ExecTarget {
    const verdict = this.verdictOf(file, stats);
    verdict.direct ??= hasExecHeader(file);
    return verdict.direct ? { file: execPath, argv } : { file: SCRIPT_SHELL, argv: ['sh', execPath, ...argv.slice(1)] };
  }

  /** `stats` (of `file`, stat'ed when not given) when it is a file this process may execute. */
  private executableStats(file: string, stats: Stats | undefined = statOrUndefined(file)): Stats | undefined {
    if (stats === undefined || !stats.isFile()) return undefined;
    return this.verdictOf(file, stats).executable ? stats : undefined;
  }

  /** The verdict on `file` in the state `stats` describes: the one kept, or one made now. */
  private verdictOf(file: string, stats: Stats): FileVerdict {
    const kept = this.verdicts.get(file);
    if (kept !== undefined && sameFileState(kept.identity, stats)) return kept;
    if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
    const verdict: FileVerdict = { identity: stats, executable: isExecutable(file), direct: undefined };
    this.verdicts.set(file, verdict);
    return verdict;
  }
}

/** Compared field by field: making a key string of them cost more than the rest of a lookup. */
function sameFileState(a: Stats, b: Stats): boolean {
  return (
    a.ino === b.ino &&
    a.dev === b.dev &&
    a.mode === b.mode &&
    a.uid === b.uid &&
    a.gid === b.gid &&
    a.ctimeMs === b.ctimeMs &&
    a.mtimeMs === b.mtimeMs &&
    a.size === b.size
  );
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(fsPath(file), { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(fsPath(file), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True for what execve runs itself: an interpreter line, or a binary format the kernel knows. */
function hasExecHeader(file: string): boolean {
  const header = Buffer.alloc(4);
  let length = 0;
  try {
    const fd = openSync(fsPath(file), 'r');
    try {
      length = readSync(fd, header, 0, 4, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Unreadable but executable: let execve decide and report.
    return true;
  }
  if (length >= 2 && header[0] === 0x23 && header[1] === 0x21) return true; // #!
  if (length === 4 && header.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return true; // ELF
  // Mach-O (macOS), either byte order and width.
  const magic = length === 4 ? header.readUInt32BE(0) : 0;
  return [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic);
}
