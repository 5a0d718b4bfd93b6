/**
 * Descriptor tables and redirects. A table maps the descriptor numbers a command sees to the
 * shell's own OS descriptors, and owns the ones it opened; redirects are applied to it in source
 * order, so earlier opens still take effect or fail and the last input redirect supplies stdin.
 */
import { constants, writeSync } from 'node:fs';
import { native } from '../../native';
import { describeErrno, isShellError, isSystemError, ShellError } from '../errors';
import { CaptureSink } from './capture-sink';
import { closeQuietly } from './close';
import { HereStringWriter } from './drain';

/** A redirect with its target already expanded. */
/**
 * `path` is absolute (what is opened); `permissions` are the mode of a file the open creates (the
 * context's umask applied; a read creates none); `target`, when given, is the word as the user wrote it (what messages name).
 */
/**
 * `named`: bash's `{NAME}` redirects, whose descriptor NAME gets once it is open, and which
 * outlives a command the shell runs itself.
 */
export type PlannedRedirect =
  | { readonly kind: 'open'; readonly fd: number; readonly path: string; readonly mode: OpenMode; readonly permissions: number; readonly target?: string; readonly named?: string }
  /** `move`: `n>&m-`, the source is closed once duplicated. */
  | { readonly kind: 'dup'; readonly fd: number; readonly source: number; readonly move?: boolean; readonly named?: string }
  | { readonly kind: 'close'; readonly fd: number; readonly named?: string }
  | { readonly kind: 'both'; readonly path: string; readonly append: boolean; readonly permissions: number; readonly target?: string }
  | { readonly kind: 'hereString'; readonly fd: number; readonly text: string }
  /** A here-document's body: fed as it is, where a here-string gets a newline after it. */
  | { readonly kind: 'hereDocument'; readonly fd: number; readonly text: string };

/** Redirects whose data the shell itself writes into a pipe (it owns their writers). */
export type FedRedirect = Extract<PlannedRedirect, { kind: 'hereString' | 'hereDocument' }>;

export function isFed(redirect: PlannedRedirect): redirect is FedRedirect {
  return redirect.kind === 'hereString' || redirect.kind === 'hereDocument';
}

export type OpenMode = 'read' | 'write' | 'append' | 'readWrite';

const OPEN_FLAGS: Record<OpenMode, number> = {
  read: constants.O_RDONLY,
  write: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC,
  append: constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND,
  readWrite: constants.O_RDWR | constants.O_CREAT,
};

/** What a descriptor number names: an OS descriptor, or a capture that has none until one is needed. */
type Entry = number | CaptureSink;

export class FdTable {
  private readonly entries: Map<number, Entry>;
  private readonly owned = new Set<number>();
  /** Descriptor numbers a program does not get (bash's close-on-exec descriptors: a coprocess's pipes). */
  private readonly shellOnly: Set<number>;
  /** Here-string writers started by redirects of this table; the job that runs it joins them. */
  readonly writers: HereStringWriter[] = [];

  /**
   * `base`: the table this one lays redirects over for one command (see overlay); what outlives
   * the command is set there too.
   */
  private constructor(entries: Map<number, Entry>, shellOnly: Set<number> = new Set(), private readonly base?: FdTable) {
    this.entries = entries;
    this.shellOnly = shellOnly;
  }

  /** The shell's own 0, 1 and 2, owned by nobody here. */
  static standard(): FdTable {
    return new FdTable(
      new Map([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    );
  }

  /** A copy that shares the same OS descriptors but owns none of them. */
  derive(): FdTable {
    return new FdTable(new Map(this.entries), new Set(this.shellOnly));
  }

  /** A copy for one command's redirects, through which what outlives them (keep, setLasting) reaches this table. */
  overlay(): FdTable {
    return new FdTable(new Map(this.entries), new Set(this.shellOnly), this);
  }

  /**
   * Points `fd` at `osFd` here and in each table this one overlays, the last of them owning it:
   * a descriptor the shell opens for good while redirects are in force (a coprocess's pipes).
   */
  setLasting(fd: number, osFd: number, shellOnly: boolean): void {
    this.base?.setLasting(fd, osFd, shellOnly);
    this.set(fd, osFd, this.base === undefined, shellOnly);
  }

  /**
   * Undoes setLasting: `fd` no longer names `osFd` here or in the tables below, and the
   * descriptor is closed unless another number names it still (`exec {r}<&63` keeps it).
   */
  dropLasting(fd: number, osFd: number): void {
    const named = this.entries.get(fd) === osFd;
    if (named) {
      this.entries.delete(fd);
      this.shellOnly.delete(fd);
    }
    if (this.base !== undefined) this.base.dropLasting(fd, osFd);
    else if (named && this.owned.delete(osFd)) this.takeOrClose(osFd);
  }

  /** Whether `fd` names anything. */
  has(fd: number): boolean {
    return this.entries.has(fd);
  }

  /** The OS descriptor behind `fd`: a capture kept in memory gets one now. */
  get(fd: number): number | undefined {
    const entry = this.entries.get(fd);
    return entry instanceof CaptureSink ? entry.open() : entry;
  }

  /** Where a write to `fd` goes without making a descriptor: a capture still in memory, or an OS descriptor. */
  target(fd: number): Entry | undefined {
    const entry = this.entries.get(fd);
    return entry instanceof CaptureSink ? (entry.descriptor ?? entry) : entry;
  }

  /** Points `fd` at a capture (see CaptureSink); the capture, not the table, owns its descriptor. */
  capture(fd: number, sink: CaptureSink): void {
    this.entries.set(fd, sink);
  }

  /** Points `fd` at `osFd`; an owned descriptor is closed by closeOwned(). `shellOnly`: programs do not get it. */
  set(fd: number, osFd: number, owned: boolean, shellOnly = false): void {
    this.entries.set(fd, osFd);
    if (owned) this.owned.add(osFd);
    if (shellOnly) this.shellOnly.add(fd);
    else this.shellOnly.delete(fd);
  }

  /** The child's descriptor plan: index = child fd, value = OS fd or -1 (closed). */
  childFds(): number[] {
    const highest = Math.max(2, ...[...this.entries.keys()].filter((fd) => !this.shellOnly.has(fd)));
    const plan: number[] = [];
    for (let fd = 0; fd <= highest; fd += 1) plan.push(this.shellOnly.has(fd) ? -1 : (this.get(fd) ?? -1));
    return plan;
  }

  /**
   * Makes `fd` of this table what it is in `from`, a table derived from it, and takes the
   * descriptor behind it if `from` owned it: bash keeps `{NAME}>file` open after the command.
   */
  keep(fd: number, from: FdTable): void {
    const entry = from.entries.get(fd);
    const previous = this.entries.get(fd);
    this.shellOnly.delete(fd);
    if (entry === undefined) this.entries.delete(fd);
    else this.entries.set(fd, entry);
    if (typeof entry === 'number' && from.owned.delete(entry)) this.owned.add(entry);
    // What `fd` named before is closed if this table opened it and nothing names it now.
    if (typeof previous === 'number' && previous !== entry && this.owned.delete(previous)) this.takeOrClose(previous);
    this.base?.keep(fd, this);
  }

  /**
   * Takes `derived`'s entries, descriptors and writers as this table's own for good (`exec`
   * with only redirects); a descriptor this table owned that no entry names any more is closed.
   */
  adopt(derived: FdTable): void {
    if (derived === this) return;
    this.entries.clear();
    for (const [fd, osFd] of derived.entries) this.entries.set(fd, osFd);
    this.shellOnly.clear();
    for (const fd of derived.shellOnly) this.shellOnly.add(fd);
    for (const osFd of derived.owned) this.owned.add(osFd);
    derived.owned.clear();
    this.writers.push(...derived.writers.splice(0));
    const named = new Set(this.entries.values());
    for (const osFd of this.owned) {
      if (named.has(osFd)) continue;
      closeQuietly(osFd);
      this.owned.delete(osFd);
    }
  }

  /** Takes `osFd` to close with the descriptors it owns while an entry names it; closes it now otherwise. */
  takeOrClose(osFd: number): void {
    if ([...this.entries.values()].includes(osFd)) this.owned.add(osFd);
    else closeQuietly(osFd);
  }

  /** Closes what this table opened; its entries are unusable afterwards. */
  closeOwned(): void {
    for (const fd of this.owned) closeQuietly(fd);
    this.owned.clear();
  }

  /**
   * Applies redirects in source order. The first that fails throws RedirectFailed, after its
   * message went to the command's stderr as redirected so far (`cmd 2>err <missing`), after
   * `where` (a script's `s.sh: line 3: `).
   */
  apply(redirects: readonly PlannedRedirect[], where = 'quirl: '): void {
    for (const redirect of redirects) {
      try {
        this.applyOne(redirect);
      } catch (error) {
        if (!isShellError(error, 'RedirectFailed')) throw error;
        throw new ShellError('RedirectFailed', error.message, { cause: error.cause, reported: this.report(`${where}${error.message}`) });
      }
    }
  }

  /** Best effort: true when the message reached this table's stderr. */
  private report(diagnostic: string): boolean {
    const stderr = this.get(2);
    if (stderr === undefined) return false;
    try {
      writeSync(stderr, `${diagnostic}\n`);
      return true;
    } catch {
      return false;
    }
  }

  private applyOne(redirect: PlannedRedirect): void {
    switch (redirect.kind) {
      case 'open':
        this.set(redirect.fd, openTarget(redirect.path, OPEN_FLAGS[redirect.mode], redirect.permissions, redirect.target), true);
        return;
      case 'both': {
        const fd = openTarget(redirect.path, OPEN_FLAGS[redirect.append ? 'append' : 'write'], redirect.permissions, redirect.target);
        this.set(1, fd, true);
        this.set(2, fd, false);
        return;
      }
      case 'dup': {
        const source = this.entries.get(redirect.source);
        if (source === undefined) {
          throw new ShellError('RedirectFailed', `${redirect.source}: ${describeErrno('EBADF')}`);
        }
        this.entries.set(redirect.fd, source);
        this.shellOnly.delete(redirect.fd);
        if (redirect.move === true && redirect.source !== redirect.fd) this.entries.delete(redirect.source);
        return;
      }
      case 'close':
        this.entries.delete(redirect.fd);
        this.shellOnly.delete(redirect.fd);
        return;
      case 'hereString':
      case 'hereDocument': {
        const pipe = native.pipe();
        this.set(redirect.fd, pipe.read, true);
        this.writers.push(new HereStringWriter(pipe.write, redirect.kind === 'hereString' ? `${redirect.text}\n` : redirect.text));
        return;
      }
    }
  }
}

function openTarget(path: string, flags: number, permissions: number, target: string = path): number {
  try {
    return native.open(path, flags, permissions);
  } catch (error) {
    if (!isSystemError(error)) throw error;
    throw new ShellError('RedirectFailed', `${target}: ${describeErrno(error.code)}`, { cause: error });
  }
}
