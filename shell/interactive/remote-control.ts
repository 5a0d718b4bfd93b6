/**
 * The extension's job requests, answered on the interactive shell's job table: the table as
 * snapshots and its changes, and fg, bg and signals by job id. Each request is checked as the
 * builtin would check it, and a refusal carries the reason the user is shown.
 */
import { errorMessage } from '../errors';
import type { Executor } from '../exec/executor';
import type { JobControl } from '../interp/job-control';
import type { Job } from '../exec/job';
import { SIGNALS } from '../exec/signals';
import type { JobControlHost } from '../ipc/client';
import type { ControlResult, JobSignal, JobSnapshot } from '../ipc/protocol';
import { snapshotJobs } from '../ipc/snapshot';
import { OK, refuse } from './control-result';
import { watchJobs } from './job-watch';

/** What the requests need of the interactive shell. */
export interface RemoteShell {
  readonly executor: Executor;
  readonly jobControl: JobControl;
  /** As `fg %N` typed at the prompt; resolves once the job holds the terminal, or refuses. */
  foreground(job: Job): Promise<ControlResult>;
  /** The job's group is the terminal's foreground group now. */
  holdsTerminal(job: Job): boolean;
  /** A line for the user above the prompt being edited; dropped while a command holds the terminal. */
  tellAtPrompt(text: string): void;
  /** The job was acted on from outside: its notice is due once it settles, not at the next Enter. */
  reportWhenSettled(job: Job): void;
}

const SIGNAL_NUMBERS: Readonly<Record<JobSignal, number>> = {
  interrupt: SIGNALS.SIGINT,
  terminate: SIGNALS.SIGTERM,
  kill: SIGNALS.SIGKILL,
};

export class RemoteControl implements JobControlHost {
  constructor(private readonly shell: RemoteShell) {}

  list(): readonly JobSnapshot[] {
    return snapshotJobs(this.shell.executor.jobs.list());
  }

  onJobsChanged(listener: () => void): () => void {
    return watchJobs(this.shell.executor.jobs, listener);
  }

  async foreground(id: number): Promise<ControlResult> {
    const found = this.unfinished(id);
    return 'job' in found ? this.shell.foreground(found.job) : found.refusal;
  }

  async background(id: number): Promise<ControlResult> {
    const found = this.unfinished(id);
    if (!('job' in found)) return found.refusal;
    const { job } = found;
    if (job.state.kind === 'running') {
      return this.shell.holdsTerminal(job) ? refuse(`job ${id} runs in the foreground; stop it (Ctrl-Z) to put it in the background`) : OK;
    }
    // As Foreground shows `fg %N`: the command the request stands for, then bg's own line.
    this.shell.tellAtPrompt(`bg %${job.id}\n${this.shell.jobControl.background(job)}`);
    return OK;
  }

  async signal(id: number, signal: JobSignal): Promise<ControlResult> {
    const found = this.unfinished(id);
    if (!('job' in found)) return found.refusal;
    const { job } = found;
    const wasStopped = job.state.kind === 'stopped';
    try {
      job.signal(SIGNAL_NUMBERS[signal]);
      // As bash's `kill %N`: a stopped job is continued so that it acts on the signal (SIGKILL needs no help).
      if (wasStopped && signal !== 'kill') job.continue();
    } catch (error) {
      return refuse(`could not signal job ${id}: ${errorMessage(error)}`);
    }
    this.shell.reportWhenSettled(job);
    return OK;
  }

  private unfinished(id: number): { readonly job: Job } | { readonly refusal: ControlResult } {
    const job = this.shell.executor.jobs.get(id);
    if (job === undefined) return { refusal: refuse(`there is no job ${id}`) };
    if (job.state.kind === 'done') return { refusal: refuse(`job ${id} has finished`) };
    return { job };
  }
}
