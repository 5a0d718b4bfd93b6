/**
 * Output of commands that run inside the shell. Writes to the shell's own 0–2 are synchronous,
 * as in any shell; writes to anything else (a pipe to another stage, a capture) run on a thread
 * of the addon's own per write (native.writeAll), so a full pipe never blocks the event loop that
 * drains it, and any number of blocked stages never exhausts libuv's four-thread pool. EPIPE
 * surfaces as a typed error so a pipeline stage can end the way a process killed by SIGPIPE would;
 * any other refused write (ENOSPC, EIO, EBADF) as WriteFailed, an error of the command that wrote.
 */
import { writeSync } from 'node:fs';
import { native, type BlockingOperation } from '../../native';
import { describeErrno, isSystemError, ShellError } from '../errors';
import type { FdTable } from '../exec/fds';
import type { StageControl } from '../exec/job';
import { encodeText } from '../bytes';

/** How every diagnostic of the shell and its builtins begins: each line of one that `err` writes. */
const DIAGNOSTIC = /^quirl: /gm;

/** The status of a command whose reader went away (128 + SIGPIPE), as a process would report. */
export const BROKEN_PIPE_STATUS = 141;

export class BrokenPipe extends Error {
  constructor() {
    super('write error: Broken pipe');
  }
}

/** A write the system refused for another reason than a gone reader: bash's `write error: No space left on device`, status 1. */
export class WriteFailed extends ShellError {
  constructor(cause: { readonly code: string }) {
    super('SystemError', `write error: ${describeErrno(cause.code)}`, { cause });
  }
}

/** The output side of a command run inside the shell. */
export class CommandOutput {
  constructor(
    readonly fds: FdTable,
    /**
     * Present for a pipeline stage (writes wait while the job is stopped), and for a builtin an
     * interactive shell runs itself, whose abort is Ctrl-C.
     */
    private readonly control: Pick<StageControl, 'whileRunning' | 'signal'> | undefined,
    /** What a diagnostic starts with instead of `quirl: ` (a script's file and line). */
    private readonly where?: string,
  ) {}

  /** The abort of a command that waits on something else (a read): the job's, or Ctrl-C's. */
  get signal(): AbortSignal | undefined {
    return this.control?.signal;
  }

  async write(fd: number, text: string): Promise<void> {
    const target = this.fds.target(fd);
    // A closed descriptor (`echo x >&-`) fails as the write(2) would.
    if (target === undefined) throw new WriteFailed({ code: 'EBADF' });
    if (this.control !== undefined) {
      await this.control.whileRunning();
      if (this.control.signal.aborted) throw new BrokenPipe();
    }
    const data = encodeText(text);
    if (data.length === 0) return;
    if (typeof target !== 'number') target.append(data);
    else if (target <= 2) writeAllSync(target, data);
    else await this.writeOnThread(target, data);
  }

  /** The job's abort (its readers are being killed) cancels a write blocked on a full pipe. */
  private async writeOnThread(osFd: number, data: Buffer): Promise<void> {
    const operation = native.writeAll(osFd, data);
    const signal = this.control?.signal;
    const pending = signal === undefined ? undefined : pendingWrites(signal);
    pending?.add(operation);
    try {
      await operation.done;
    } catch (error) {
      throw signal?.aborted === true ? new BrokenPipe() : translate(error);
    } finally {
      pending?.delete(operation);
    }
  }

  /** stdout */
  out(text: string): Promise<void> {
    return this.write(1, text);
  }

  /**
   * stderr; a failure to report an error is not itself reported. A diagnostic (`quirl: ...`) says
   * where it happened when `where` is given (a script's `s.sh: line 3: `), as bash's do: every one
   * in `text` (printf's for each bad argument).
   */
  async err(text: string): Promise<void> {
    const { where } = this;
    const located = where === undefined ? text : text.replace(DIAGNOSTIC, () => where);
    try {
      await this.write(2, located);
    } catch {
      // Nowhere left to say it.
    }
  }
}

/**
 * The writes pending under each job's signal, with one abort listener per job however many of
 * its stages write (a listener per write would pile up on a shared signal).
 */
const pendingBySignal = new WeakMap<AbortSignal, Set<BlockingOperation<void>>>();

function pendingWrites(signal: AbortSignal): Set<BlockingOperation<void>> {
  let pending = pendingBySignal.get(signal);
  if (pending === undefined) {
    const operations = new Set<BlockingOperation<void>>();
    signal.addEventListener('abort', () => operations.forEach((operation) => operation.cancel()), { once: true });
    pendingBySignal.set(signal, operations);
    pending = operations;
  }
  return pending;
}

function writeAllSync(fd: number, data: Buffer): void {
  let offset = 0;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset);
    } catch (error) {
      if (isSystemError(error) && error.code === 'EAGAIN') {
        // Someone left the descriptor non-blocking (a terminal shared with Node): wait briefly.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
        continue;
      }
      throw translate(error);
    }
  }
}

function translate(error: unknown): unknown {
  if (!isSystemError(error)) return error;
  return error.code === 'EPIPE' ? new BrokenPipe() : new WriteFailed(error);
}
