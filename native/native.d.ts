/**
 * The whole native contract, once: the system calls Node lacks, as the addon exports them.
 * Nothing here checks arguments (native/index.ts does that) and nothing here retries a policy:
 * each function is one system call, or one fixed sequence of them, and fails with a NativeError.
 */

/** Every failure of the addon: errno-shaped, like Node's own system errors. */
export interface NativeError extends Error {
  /** The errno name, e.g. 'ENOENT', 'EPERM', 'ETIMEDOUT'. */
  readonly code: string;
  /** The positive errno number. */
  readonly errno: number;
  /** The failing call, e.g. 'posix_spawn', 'execve', 'setpgid', 'tcsetpgrp', 'waitpid'. */
  readonly syscall: string;
  /** The file involved, when there is one (the program of a spawn, the path of an open). */
  readonly path?: string;
}

/** How a child's process group is chosen at spawn. */
export type GroupChoice =
  /** The child leads a new group: PGID = its PID. */
  | { readonly kind: 'new' }
  /** The child joins an existing group (fails with EPERM when that group is empty). */
  | { readonly kind: 'join'; readonly pgid: number }
  /** The child stays in the shell's own group: a command of a shell without job control. */
  | { readonly kind: 'shell' };

/** What a child gets of the shell context that spawns it, not of this process (a fork then, not posix_spawn). */
export interface ChildSettings {
  /** Its file creation mask; absent: this process's (setUmask's). */
  readonly umask?: number;
  /** Resource limits set in the child before exec (`ulimit`); absent or []: the shell's own. */
  readonly limits?: readonly ChildLimit[];
  /** Signals the child starts with ignored (`trap '' SIG`); every other is at its default. */
  readonly ignoredSignals?: readonly number[];
}

export interface SpawnOptions extends ChildSettings {
  /**
   * Path of the program; never searched on PATH. Absolute, or a relative path containing a `/`,
   * resolved after the change to cwd (in the parent's directory when cwd is null), so a
   * script's $0 is what the user typed.
   */
  readonly file: string;
  /** argv, argv[0] included. */
  readonly argv: readonly string[];
  /** The whole environment, as "NAME=value" strings. */
  readonly env: readonly string[];
  /**
   * The child's `_` names the program: `_=<file>` replaces any `_` entry of env, as a shell sets
   * it for each command it runs (a bash script tells being run from being sourced by it).
   */
  readonly programInEnvironment?: boolean;
  /** Directory to change to before exec; null keeps the parent's. */
  readonly cwd: string | null;
  readonly group: GroupChoice;
  /**
   * The child's descriptor table: fds[i] is the parent descriptor that becomes the child's
   * descriptor i; -1 leaves descriptor i closed. Every other descriptor is closed in the child.
   */
  readonly fds: readonly number[];
  /**
   * SIGINT and SIGQUIT ignored in the child, as POSIX has them for an asynchronous command of a
   * shell without job control (spawn() only). posix_spawn cannot ignore a signal the parent
   * catches, so the child starts as the quirl-stage helper, which ignores them and execs at once.
   */
  readonly ignoreInterrupts?: boolean;
}

/**
 * spawn(): every signal default, empty signal mask, the descriptors exactly as asked, the group
 * set before exec. Exec failure is reported synchronously: the call throws with the exec errno
 * (syscall 'execve', path = file). Returns the child's PID.
 */
export type Spawn = (options: SpawnOptions) => number;

/**
 * A staged leader: the child is started (in a new group, signals and descriptors as for spawn),
 * but runs no instruction of `file` until released. It is the same process throughout: the PID
 * returned here is the PID that later executes `file`.
 */
export interface StagedChild {
  readonly pid: number;
  /** Parent's end of the release channel (close-on-exec). */
  readonly releaseFd: number;
  /** Parent's end of the exec-status channel (close-on-exec). */
  readonly statusFd: number;
}

export interface StagedSpawnOptions extends SpawnOptions {
  /** Only { kind: 'new' }: a staged child always leads its group. */
  readonly group: { readonly kind: 'new' };
  /**
   * When set, the released child makes its own group the foreground group of this terminal
   * descriptor (with SIGTTOU blocked) before exec. The descriptor must be among `fds`; the
   * number is the child's descriptor number.
   */
  readonly foregroundTtyChildFd: number | null;
}

export type SpawnStaged = (options: StagedSpawnOptions) => StagedChild;

/**
 * Lets a staged child exec: sends the release byte, then waits at most `timeoutMs` for exec to
 * happen. Returns normally once exec succeeded; throws the exec errno (syscall 'execve') when it
 * failed, or ETIMEDOUT (syscall 'release') when the child neither exec'd nor reported. Closes both
 * channel descriptors in every case.
 */
export type ReleaseStaged = (child: StagedChild, timeoutMs: number) => void;

/** Abandons a staged child without releasing it: closes both channels; the child exits 127. */
export type AbandonStaged = (child: StagedChild) => void;

/** The guest of a prepared child: what spawnStaged takes, less the group (the child's own). */
export type PreparedGuest = Omit<StagedSpawnOptions, 'group' | keyof ChildSettings>;

/**
 * Sends a prepared child its guest (descriptors, argv, environment, directory, terminal) and then
 * behaves as releaseStaged. A guest too large for the helper's fixed buffers (more than 64
 * descriptors, 4 MiB of strings) throws E2BIG (syscall 'releasePrepared') before anything is
 * sent: the child stays prepared and unreleased.
 */
export type ReleasePrepared = (child: StagedChild, guest: PreparedGuest, timeoutMs: number) => void;

/** An anchor to start in a prepared group: what spawn takes, less the group (it joins the helper's). */
export type AnchorSpawnOptions = Omit<SpawnOptions, 'group' | keyof ChildSettings>;

declare const preparingGroup: unique symbol;
/** A group being prepared on a background thread; finished by finishPreparingGroup, exactly once. */
export interface PreparingGroup {
  readonly [preparingGroup]: true;
}

/**
 * Starts, on a background thread, a staged leader whose guest is not known yet (in a new group,
 * every signal default, an empty mask, /dev/null on 0-2), then the anchor (as spawn would, joining
 * the helper's group), and returns at once: the shell's own thread does not wait out their execs.
 * The descriptors in anchor.fds must stay open until the preparation is finished.
 */
export type StartPreparingGroup = (anchor: AnchorSpawnOptions) => PreparingGroup;

/** What came of the anchor's spawn: a failure leaves the helper for the caller to abandon. */
export type PreparedAnchorSpawn =
  | { readonly kind: 'spawned'; readonly pid: number }
  | { readonly kind: 'failed'; readonly error: NativeError };

export interface PreparedGroupSpawns {
  /** The helper: released with releasePrepared, which brings the guest; abandoned with abandonStaged. */
  readonly staged: StagedChild;
  readonly anchor: PreparedAnchorSpawn;
}

/**
 * Waits for a preparation's thread and hands over what it started. Throws the helper's spawn
 * failure (nothing is left running then). Nothing else is checked: the group memberships and the
 * anchor's readiness are the caller's to verify.
 */
export type FinishPreparingGroup = (preparing: PreparingGroup) => PreparedGroupSpawns;

/** One waitpid() result. */
export type WaitStatus =
  | { readonly kind: 'exited'; readonly pid: number; readonly code: number }
  | { readonly kind: 'signaled'; readonly pid: number; readonly signal: number; readonly coreDumped: boolean }
  | { readonly kind: 'stopped'; readonly pid: number; readonly signal: number }
  | { readonly kind: 'continued'; readonly pid: number };

/**
 * waitpid(pid, WNOHANG | WUNTRACED | WCONTINUED) on one specific PID (never -1: that would steal
 * libuv's children). Returns null when the child has nothing to report. Retries EINTR.
 */
export type WaitPid = (pid: number) => WaitStatus | null;

/** waitpid(pid, 0) on one PID that has been sent SIGKILL: blocks until reaped. Retries EINTR. */
export type ReapKilled = (pid: number) => WaitStatus;

export interface PipeEnds {
  readonly read: number;
  readonly write: number;
}

/**
 * A read or write on a thread of the addon's own, never libuv's pool (four threads, which blocked
 * pipe writers would take from every other fs call). The descriptor stays the caller's, with its
 * flags unchanged (O_NONBLOCK is shared with every child holding the same open file description).
 */
export interface BlockingOperation<T> {
  /** Settles once the thread is done with the descriptor and joined: the caller may close it then. */
  readonly done: Promise<T>;
  /**
   * Makes `done` reject with ECANCELED (syscall: the operation's name) at the operation's next wait,
   * which is at once unless a write of at most PIPE_BUF bytes is under way. A no-op once settled.
   */
  cancel(): void;
}

export interface ReadRecordOptions {
  /** The byte (0-255) that ends a record, consumed and not returned; null for none. */
  readonly delimiter: number | null;
  /** At most this many bytes; 0 waits until input (or EOF) is there without consuming any. */
  readonly maxBytes: number;
  /** How long to wait for the whole record; null for no limit. */
  readonly timeoutMs: number | null;
}

export interface RecordRead {
  /** The bytes read, without the delimiter. */
  readonly data: Buffer;
  /** Why the record ended; after 'timeout' data holds what came in time. */
  readonly end: 'delimiter' | 'eof' | 'limit' | 'timeout';
}

/**
 * What readRecord returns: the record itself when it was all there already, or (`'done' in` it)
 * the operation that waits for the rest on a thread.
 */
export type RecordReading = RecordRead | BlockingOperation<RecordRead>;

/** How `read` sets a terminal (bash's own modes for it). */
export interface ReadModes {
  /** No line editing: each byte is returned as typed (signal keys still work). */
  readonly byteAtATime: boolean;
  readonly echo: boolean;
}

/** A resource `ulimit` knows, by the name of its RLIMIT_ constant in lower case (RLIMIT_AS is 'as'). */
export type ResourceName =
  | 'core' | 'cpu' | 'data' | 'fsize' | 'nofile' | 'stack' | 'as' | 'nproc' | 'memlock' | 'rss' | 'locks'
  | 'sigpending' | 'msgqueue' | 'nice' | 'rtprio' | 'rttime';

/** A soft and a hard limit; RLIM_INFINITY is Infinity. */
export interface ResourceLimit {
  readonly soft: number;
  readonly hard: number;
}

export interface ChildLimit extends ResourceLimit {
  readonly resource: ResourceName;
}

/** What replaces the shell (the `exec` builtin): spawn's options less the group and directory. */
export interface ExecOptions extends ChildSettings {
  readonly file: string;
  readonly argv: readonly string[];
  readonly env: readonly string[];
  /** The program's descriptor table, as SpawnOptions.fds; descriptors above it keep their close-on-exec. */
  readonly fds: readonly number[];
  /** Signals the shell ignores for its own sake, put back to their default for the program. */
  readonly defaultSignals: readonly number[];
  /** Signals the program must start with ignored (`trap '' SIG`), whatever the shell does with them. */
  readonly ignoredSignals: readonly number[];
}

export interface NativeBinding {
  readonly spawn: Spawn;
  readonly spawnStaged: SpawnStaged;
  readonly releaseStaged: ReleaseStaged;
  readonly abandonStaged: AbandonStaged;
  readonly releasePrepared: ReleasePrepared;
  readonly startPreparingGroup: StartPreparingGroup;
  readonly finishPreparingGroup: FinishPreparingGroup;
  readonly waitPid: WaitPid;
  readonly reapKilled: ReapKilled;
  /** kill(pid, signal). signal 0 probes. */
  readonly kill: (pid: number, signal: number) => void;
  /** killpg(pgid, signal). */
  readonly killpg: (pgid: number, signal: number) => void;
  /** getpgid(pid). */
  readonly getpgid: (pid: number) => number;
  /** getpgrp(): this process's group. */
  readonly getpgrp: () => number;
  /** setpgid(pid, pgid); setpgid(0, 0) makes this process a group leader. */
  readonly setpgid: (pid: number, pgid: number) => void;
  /** tcgetpgrp(fd). */
  readonly tcgetpgrp: (fd: number) => number;
  /** tcsetpgrp(fd, pgid) with SIGTTOU blocked in the calling thread around the call. */
  readonly tcsetpgrp: (fd: number, pgid: number) => void;
  /** tcgetattr(fd) as an opaque buffer (a struct termios). */
  readonly tcgetattr: (fd: number) => Buffer;
  /** tcsetattr(fd, TCSADRAIN, buffer) with SIGTTOU blocked; the buffer came from tcgetattr. */
  readonly tcsetattr: (fd: number, termios: Buffer) => void;
  /** A copy of a tcgetattr buffer changed to `modes`, for tcsetattr; the terminal is untouched. */
  readonly termiosForRead: (termios: Buffer, modes: ReadModes) => Buffer;
  /** A copy of a tcgetattr buffer with ISIG on (the terminal's signal keys work); the terminal is untouched. */
  readonly termiosWithSignalKeys: (termios: Buffer) => Buffer;
  /** Sets a signal's disposition in this process to SIG_IGN or SIG_DFL. */
  readonly setSignalDisposition: (signal: number, disposition: 'ignore' | 'default') => void;
  /** pipe2(O_CLOEXEC). */
  readonly pipe: () => PipeEnds;
  /**
   * open(path, flags | O_CLOEXEC, mode); flags are fs.constants values. A file it creates gets
   * exactly `mode`, whatever this process's umask (the caller applies its context's).
   */
  readonly open: (path: string, flags: number, mode: number) => number;
  /** close(fd); EINTR counts as closed. */
  readonly close: (fd: number) => void;
  /** Clears or sets O_NONBLOCK on fd. */
  readonly setBlocking: (fd: number, blocking: boolean) => void;
  /**
   * Reads at most maxBytes, waiting at most timeoutMs for the fd to become readable.
   * Returns the bytes (empty at EOF); throws ETIMEDOUT (syscall 'poll') when nothing came.
   */
  readonly readTimeout: (fd: number, maxBytes: number, timeoutMs: number) => Buffer;
  /**
   * Writes all of data, waiting while a pipe is full (EINTR and EAGAIN retried). A reader gone
   * rejects with EPIPE (syscall 'write'), whatever was written before.
   */
  readonly writeAll: (fd: number, data: Buffer) => BlockingOperation<void>;
  /**
   * Reads one record, never consuming more than it returns: a pipe's bytes are looked at first
   * (tee(2) into a private pipe) and then exactly the record's taken; a regular file is read a
   * block at a time, its offset moved back to just after the record; anything else (and a pipe
   * on the thread) a byte per read(2).
   * On a pipe, a socket or a regular file, what is there already is read at once, on the calling
   * thread, without blocking (a byte only once a zero-timeout poll says it is there): a record
   * that ends so (or reaches EOF or maxBytes, or has timeoutMs 0) is returned as it is. Otherwise,
   * and always on a terminal or another device, a thread waits for the rest, the bytes already
   * read kept. Errors are thrown, or rejected once on the thread (syscall 'read', or 'fstat' for
   * a descriptor that is not open); what was read before them is lost.
   */
  readonly readRecord: (fd: number, options: ReadRecordOptions) => RecordReading;
  /** getrlimit(): the shell's own limit; EINVAL for a resource this platform lacks. */
  readonly getResourceLimit: (resource: ResourceName) => ResourceLimit;
  /**
   * umask(mask) for this process: what children spawned without a `umask` of their own inherit.
   * Files the shell creates take their mode from open's mode argument alone (see open).
   */
  readonly setUmask: (mask: number) => void;
  /** getrusage(RUSAGE_CHILDREN): the CPU seconds of the children waited for. */
  readonly childTimes: () => { readonly user: number; readonly system: number };
  /**
   * execve(): the shell becomes `file`, keeping its PID, with the given umask and limits. Every
   * signal is blocked meanwhile; the mask is empty at exec. Returns only by throwing, when the
   * exec failed, with everything it changed put back.
   */
  readonly execve: (options: ExecOptions) => never;
}

/**
 * `T` as the addon itself takes it: the file, argv, environment and directory as their bytes
 * (the wrapper encodes each string with text.ts, so a byte that is not UTF-8 reaches the
 * system as that byte), the environment as one block of entries each followed by a NUL.
 */
export type InBytes<T> = {
  readonly [K in keyof T]: K extends 'file' | 'env' ? Buffer : K extends 'cwd' ? Buffer | null : K extends 'argv' ? readonly Buffer[] : T[K];
};

/** The addon as loaded: NativeBinding, with paths, arguments and environments as bytes. */
/** What the addon's readRecord gives: [data, end], not an object (cheaper to make through N-API). */
export type RecordPair = readonly [Buffer, RecordRead['end']];

export interface AddonBinding
  extends Omit<NativeBinding, 'spawn' | 'spawnStaged' | 'releasePrepared' | 'startPreparingGroup' | 'execve' | 'open' | 'readRecord' | 'waitPid' | 'reapKilled'> {
  readonly spawn: (options: InBytes<SpawnOptions>) => number;
  readonly spawnStaged: (options: InBytes<StagedSpawnOptions>) => StagedChild;
  readonly releasePrepared: (child: StagedChild, guest: InBytes<PreparedGuest>, timeoutMs: number) => void;
  readonly startPreparingGroup: (anchor: InBytes<AnchorSpawnOptions>) => PreparingGroup;
  readonly execve: (options: InBytes<ExecOptions & { readonly cwd: null }>) => never;
  readonly open: (path: Buffer, flags: number, mode: number) => number;
  /** The options as arguments (null as -1): no property to look up per record. */
  readonly readRecord: (fd: number, delimiter: number, maxBytes: number, timeoutMs: number) => RecordPair | BlockingOperation<RecordPair>;
  /** The status as one number (see EncodedStatus), not an object: one is made per child's change. */
  readonly waitPid: (pid: number) => EncodedStatus | null;
  readonly reapKilled: (pid: number) => EncodedStatus;
}

/**
 * A wait status as the addon gives it: the kind in the low two bits (0 exited, 1 signaled,
 * 2 stopped, 3 continued), the exit code or signal in the next eight, bit 10 for a dumped core.
 */
export type EncodedStatus = number;
