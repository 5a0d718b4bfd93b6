/**
 * The end of an interactive shell whose terminal is gone (SIGHUP, or EIO and EOF from a terminal
 * that was hung up), as bash's: every job not disowned is sent SIGHUP (and SIGCONT when stopped,
 * so that it acts on it), and the shell dies of SIGHUP itself. Dying of the signal rather than
 * exiting skips Node's exit path, which writes the terminal's saved modes back and, when the
 * terminal is gone, fails an assertion and aborts; and nothing is written to a dead terminal.
 */
import { native } from '../../native';
import type { Job } from '../exec/job';
import { SIGNALS } from '../exec/signals';

/** SIGHUP to every job not disowned, and SIGCONT to the stopped ones so they see it. */
export function hangUpJobs(jobs: readonly Job[]): void {
  for (const job of jobs) {
    if (!job.hangUpOnExit || job.state.kind === 'done') continue;
    const stopped = job.state.kind === 'stopped';
    signalJob(job, SIGNALS.SIGHUP);
    if (stopped) signalJob(job, SIGNALS.SIGCONT);
  }
}

function signalJob(job: Job, signal: number): void {
  try {
    job.signal(signal);
  } catch {
    // The job ended meanwhile.
  }
}

/** Whether the terminal behind `fd` was hung up: its ioctls then fail with EIO. */
export function terminalHungUp(fd: number): boolean {
  try {
    native.tcgetattr(fd);
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EIO';
  }
}

/** Hangs up `jobs`, then ends the process by SIGHUP, as a shell without a handler for it ends. */
export function hangUpAndDie(jobs: readonly Job[]): never {
  hangUpJobs(jobs);
  native.setSignalDisposition(SIGNALS.SIGHUP, 'default');
  native.kill(process.pid, SIGNALS.SIGHUP);
  // Not reached: a signal a process sends itself, unblocked, is delivered before kill returns.
  process.exit(128 + SIGNALS.SIGHUP);
}
