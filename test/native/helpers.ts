// Shared by the native tests: bounded polling, /proc readers, and a Scope that owns every process
// and descriptor a test starts, so that each is killed, reaped and closed whatever the outcome.
import { constants as fsConstants, readFileSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { constants } from 'node:os';
import type { TestContext } from 'node:test';
import { isNativeError, native } from '../../native';
import type { NativeError, PipeEnds, SpawnOptions, StagedChild, StagedSpawnOptions, WaitStatus } from '../../native';

export const SIG = constants.signals;
export const DEADLINE_MS = 10_000;
/** Linux's O_CLOEXEC, which os.constants does not list. */
export const O_CLOEXEC = 0o2000000;

/** Polls `probe` until it returns something other than undefined; fails after timeoutMs. */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = DEADLINE_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The same, without yielding to the event loop (so libuv cannot reap anything meanwhile). */
export function spinUntil(what: string, condition: () => boolean, timeoutMs = DEADLINE_MS): void {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  }
}

export function procFds(pid: number | 'self'): number[] {
  return readdirSync(`/proc/${pid}/fd`)
    .map(Number)
    .sort((a, b) => a - b);
}

export function procFdTarget(pid: number | 'self', fd: number): string {
  return readlinkSync(`/proc/${pid}/fd/${fd}`);
}

/** The open flags of a descriptor, from /proc/<pid>/fdinfo (octal there). */
export function procFdFlags(pid: number | 'self', fd: number): number {
  const line = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
  if (line === null) throw new Error(`no flags in /proc/${pid}/fdinfo/${fd}`);
  return parseInt(line[1] as string, 8);
}

export function procStatus(pid: number | 'self', field: string): string {
  const line = new RegExp(`^${field}:\\s*(.*)$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (line === null) throw new Error(`no ${field} in /proc/${pid}/status`);
  return line[1] as string;
}

/** The one-letter state (R, S, T, Z...) of /proc/<pid>/stat, or undefined once the pid is gone. */
export function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** The session ID, field 6 of /proc/<pid>/stat. */
export function procSession(pid: number | 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
}

export function procExe(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/**
 * Waits until pid's exec of `program` is complete. /proc/<pid>/exe changes early in exec, before
 * close-on-exec descriptors are closed; the argument list appears only once the new program's
 * stack is set up, after that.
 */
export async function waitForExec(pid: number, program: string): Promise<void> {
  const exe = realpathSync(program);
  await waitFor(`${pid} to run ${exe}`, () => (procExe(pid) === exe && hasArguments(pid) ? true : undefined));
}

/**
 * The descriptors of pid once they are `expected`, or as last seen when they never get there.
 * A freshly exec'd program's dynamic loader briefly holds descriptors of its own (ld.so.cache,
 * libc), so a single look can see one more than the program keeps.
 */
export async function settledFds(pid: number, expected: readonly number[]): Promise<number[]> {
  let seen: number[] = [];
  const same = () => seen.length === expected.length && seen.every((fd, i) => fd === expected[i]);
  try {
    await waitFor(`the descriptors of ${pid} to be ${expected.join(', ')}`, () => ((seen = procFds(pid)), same() ? true : undefined));
  } catch {
    // Reported by the caller's assertion on what was last seen.
  }
  return seen;
}

function hasArguments(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`).length > 0;
  } catch {
    return false;
  }
}

/** NUL-separated /proc/<pid>/cmdline or environ, as a list. */
export function procList(pid: number, file: 'cmdline' | 'environ'): string[] {
  const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
  return text === '' ? [] : text.replace(/\0$/, '').split('\0');
}

/** Asserts-friendly check that `error` is a NativeError with these fields. */
export function nativeErrorLike(expected: Partial<Pick<NativeError, 'code' | 'syscall' | 'path'>>) {
  return (error: unknown): boolean => {
    if (!isNativeError(error)) throw new Error(`not a NativeError: ${String(error)}`);
    for (const [key, value] of Object.entries(expected)) {
      const actual = (error as unknown as Record<string, unknown>)[key];
      if (actual !== value) throw new Error(`${key} is ${String(actual)}, expected ${String(value)} (${error.message})`);
    }
    return true;
  };
}

export function isFinal(status: WaitStatus): boolean {
  return status.kind === 'exited' || status.kind === 'signaled';
}

type SpawnOverrides = Partial<Omit<SpawnOptions, 'file' | 'argv'>>;

/**
 * Owns a test's processes and descriptors. Everything still live at the end of the test is
 * killed and reaped, every staged child abandoned, every descriptor closed.
 */
export class Scope {
  private readonly pids = new Set<number>();
  private readonly fds = new Set<number>();
  private readonly staged = new Set<StagedChild>();

  constructor(t: TestContext) {
    t.after(() => this.dispose());
  }

  own(fd: number): number {
    this.fds.add(fd);
    return fd;
  }

  close(fd: number): void {
    this.fds.delete(fd);
    native.close(fd);
  }

  pipe(): PipeEnds {
    const ends = native.pipe();
    this.own(ends.read);
    this.own(ends.write);
    return ends;
  }

  devNull(): number {
    return this.own(native.open('/dev/null', fsConstants.O_RDWR, 0));
  }

  /** Default: new group, no cwd, empty env, /dev/null as 0, 1 and 2. argv[0] is the file. */
  options(argv: readonly string[], overrides: SpawnOverrides = {}): SpawnOptions {
    const fds = overrides.fds ?? new Array<number>(3).fill(this.devNull());
    return { file: argv[0] as string, argv, env: [], cwd: null, group: { kind: 'new' }, ...overrides, fds };
  }

  spawn(argv: readonly string[], overrides: SpawnOverrides = {}): number {
    return this.adopt(native.spawn(this.options(argv, overrides)));
  }

  /** Owns a PID that this test's spawns returned. */
  adopt(pid: number): number {
    this.pids.add(pid);
    return pid;
  }

  spawnStaged(argv: readonly string[], overrides: Partial<Omit<StagedSpawnOptions, 'file' | 'argv' | 'group'>> = {}): StagedChild {
    const { foregroundTtyChildFd = null, ...rest } = overrides;
    const child = native.spawnStaged({ ...this.options(argv, rest), group: { kind: 'new' }, foregroundTtyChildFd });
    this.adopt(child.pid);
    this.staged.add(child);
    return child;
  }

  /** releaseStaged; the channels are closed afterwards whatever the outcome. */
  release(child: StagedChild, timeoutMs = DEADLINE_MS): void {
    this.staged.delete(child);
    native.releaseStaged(child, timeoutMs);
  }

  abandon(child: StagedChild): void {
    this.staged.delete(child);
    native.abandonStaged(child);
  }

  /** The next status waitPid reports for pid; a final one means the pid is reaped. */
  async status(pid: number): Promise<WaitStatus> {
    const status = await waitFor(`a status of ${pid}`, () => native.waitPid(pid) ?? undefined);
    if (isFinal(status)) this.pids.delete(pid);
    return status;
  }

  /** Waits until pid has exited or been signaled, skipping stop and continue reports. */
  async end(pid: number): Promise<WaitStatus> {
    for (;;) {
      const status = await this.status(pid);
      if (isFinal(status)) return status;
    }
  }

  /** Kills and reaps pid now. */
  kill(pid: number): WaitStatus {
    native.kill(pid, SIG.SIGKILL);
    this.pids.delete(pid);
    return native.reapKilled(pid);
  }

  private dispose(): void {
    for (const child of this.staged) native.abandonStaged(child);
    for (const pid of this.pids) {
      try {
        native.kill(pid, SIG.SIGKILL);
        native.reapKilled(pid);
      } catch (error) {
        if (!isNativeError(error) || (error.code !== 'ESRCH' && error.code !== 'ECHILD')) throw error;
      }
    }
    for (const fd of this.fds) native.close(fd);
    this.staged.clear();
    this.pids.clear();
    this.fds.clear();
  }
}
