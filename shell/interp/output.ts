/**
 * Output of commands that run inside the shell. Writes to the shell's own 0–2 are synchronous,
 * as in any shell; writes to anything else (a pipe to another stage, a capture) go through the
 * thread pool, so a full pipe never blocks the event loop that drains it. EPIPE surfaces as a
 * typed error so a pipeline stage can end the way a process killed by SIGPIPE would.
 */
import { write, writeSync } from 'node:fs';
import { isSystemError } from '../errors';
import type { FdTable } from '../exec/fds';
import type { StageControl } from '../exec/job';

/** The status of a command whose reader went away (128 + SIGPIPE), as a process would report. */
export const BROKEN_PIPE_STATUS = 141;

export class BrokenPipe extends Error {
  constructor() {
    super('write error: Broken pipe');
  }
}

export class BadDescriptor extends Error {
  constructor(readonly fd: number) {
    super(`${fd}: Bad file descriptor`);
  }
}

/** The output side of a command run inside the shell. */
export class CommandOutput {
  constructor(
    readonly fds: FdTable,
    /** Present for a pipeline stage: writes wait while the job is stopped. */
    private readonly control: StageControl | undefined,
  ) {}

  async write(fd: number, text: string): Promise<void> {
    const osFd = this.fds.get(fd);
    if (osFd === undefined) throw new BadDescriptor(fd);
    if (this.control !== undefined) {
      await this.control.whileRunning();
      if (this.control.signal.aborted) throw new BrokenPipe();
    }
    const data = Buffer.from(text, 'utf8');
    if (osFd <= 2) writeAllSync(osFd, data);
    else await writeAllAsync(osFd, data);
  }

  /** stdout */
  out(text: string): Promise<void> {
    return this.write(1, text);
  }

  /** stderr; a failure to report an error is not itself reported. */
  async err(text: string): Promise<void> {
    try {
      await this.write(2, text);
    } catch {
      // Nowhere left to say it.
    }
  }
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

async function writeAllAsync(fd: number, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    offset += await new Promise<number>((resolve, reject) =>
      write(fd, data, offset, data.length - offset, null, (error, written) => (error ? reject(translate(error)) : resolve(written))),
    );
  }
}

function translate(error: unknown): unknown {
  if (isSystemError(error) && error.code === 'EPIPE') return new BrokenPipe();
  return error;
}
