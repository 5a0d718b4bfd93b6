/**
 * The executor's public face: an interactive request (the job owns the terminal while it runs;
 * nothing is retained), a capture request (stdout and stderr retained up to a byte budget),
 * background jobs, and the job-control transitions fg and bg. Each request takes an AbortSignal
 * and a deadline; cancellation terminates the whole contained tree, reaps it, and reports
 * Cancelled rather than any cleanup error.
 */
import { native } from '../../native';
import { ShellError } from '../errors';
import { type JobId, type JobState } from '../jobs/job';
import { GroupPreparer } from './prepared';
import { JobTable, MAX_RETAINED_JOBS } from '../jobs/table';
import { ChildWatcher } from './children';
import { constructPipeline, type ConstructOptions, type PipelineSpec } from './construct';
import { CaptureDrain, type CaptureResult } from './drain';
import type { Job } from './job';
import type { Terminal, TerminalLease } from './terminal';

export interface ExecutionRequest {
  readonly signal?: AbortSignal;
  /** Milliseconds since the epoch (Date.now()) after which the request is cancelled. */
  readonly deadline?: number;
}

export interface CaptureRequest extends ExecutionRequest {
  /** Bytes retained of each of stdout and stderr; the rest is drained and dropped. */
  readonly maxBytes: number;
}

export type Outcome =
  | { readonly kind: 'done'; readonly status: number; readonly job: Job }
  | { readonly kind: 'stopped'; readonly status: number; readonly job: Job };

export interface CaptureOutcome {
  readonly status: number;
  readonly stdout: CaptureResult;
  readonly stderr: CaptureResult;
}

/** $? for a job that stopped: 128 + SIGTSTP on Linux (148), as bash reports it. */
function stoppedStatus(state: Extract<JobState, { kind: 'stopped' }>): number {
  return 128 + state.signal;
}

export class Executor {
  readonly watcher = new ChildWatcher();
  readonly jobs: JobTable<Job>;
  private preparer: GroupPreparer | undefined;
  /** The member jobs running (see executeMemberRequest): not retained, yet the executor's to end. */
  private readonly members = new Set<Job>();
  /**
   * Job control (an interactive shell, `set -m`): each job gets a process group of its own, led by
   * a staged leader beside its anchor, and a foreground job borrows the terminal. Off (a script,
   * `-c`, `set +m`), as in every POSIX shell, jobs create no groups: each command is one spawn in
   * the shell's own group, where the terminal's Ctrl-C and Ctrl-Z reach the shell and the command
   * together. Requests that must stay contained keep their groups either way: a request with a
   * deadline (expiry ends the whole tree) and a reference dialect's runner.
   */
  jobControl = true;

  constructor(
    /** The terminal foreground jobs borrow; undefined without one (or without job control). */
    readonly terminal: Terminal | undefined,
    capacity: number = MAX_RETAINED_JOBS,
  ) {
    this.jobs = new JobTable<Job>(capacity, () => this.watcher.poll());
  }

  /**
   * From now on keeps one process group prepared ahead of need (a leader waiting for its guest and
   * a ready anchor), made while each job runs and taken by the next: the shell's own choice for
   * its command line, where it stays until dispose(). Off by default, so that an executor owns no
   * child while it runs no job.
   */
  prepareGroupsAhead(): void {
    this.preparer ??= new GroupPreparer();
    this.preparer.refill();
  }

  /**
   * Replaces a group prepared ahead of need with a new one: what its processes inherited from the
   * shell process (its umask) has changed, and the next guest must get the new.
   */
  renewPrepared(): void {
    if (this.preparer === undefined) return;
    this.preparer.dispose();
    this.preparer = new GroupPreparer();
    this.preparer.refill();
  }

  /** Ends what the executor holds between jobs (a prepared group): the shell is exiting. */
  dispose(): void {
    this.preparer?.dispose();
    this.preparer = undefined;
  }

  /** Runs a pipeline in the foreground until it finishes or stops. */
  async executeInteractiveRequest(spec: PipelineSpec, request: ExecutionRequest = {}): Promise<Outcome> {
    throwIfCancelled(request);
    const { job, lease } = this.construct(spec, this.terminal, this.shellGroup(spec, request, false));
    return this.waitInForeground(job, lease, request);
  }

  /**
   * Runs a pipeline for a command inside an in-shell stage of job `owner` (a loop in a pipeline,
   * a background list): a member of that job, not a job of its own, so it is not retained and
   * never borrows the terminal; the owner's abort (in `request`) terminates it.
   */
  async executeMemberRequest(spec: PipelineSpec, owner: JobId, request: ExecutionRequest = {}): Promise<Outcome> {
    throwIfCancelled(request);
    const asynchronous = this.jobs.get(owner)?.ignoresInterrupts === true;
    const { job } = constructPipeline(spec, {
      watcher: this.watcher,
      admit: (create) => create(owner),
      discard: () => undefined,
      terminal: undefined,
      shellGroup: this.shellGroup(spec, request, asynchronous),
    });
    this.members.add(job);
    try {
      return await this.waitInForeground(job, undefined, request, false);
    } finally {
      this.members.delete(job);
    }
  }

  /** Every job it runs: the retained ones, and the members of one (or of none: a top-level `<(list)`'s programs). */
  everyJob(): Job[] {
    return [...this.jobs.list(), ...this.members];
  }

  /**
   * Terminates every job it runs, retained or a member of one, and reaps their children at once:
   * the shell is dying of a signal and must leave no zombie behind.
   */
  terminateAll(): void {
    for (const job of this.everyJob()) if (!job.isCompleted()) job.terminateNow();
  }

  /** Runs a pipeline with stdout and stderr captured within `maxBytes` each. */
  async executeCaptureRequest(spec: PipelineSpec, request: CaptureRequest): Promise<CaptureOutcome> {
    throwIfCancelled(request);
    const fds = spec.fds.derive();
    const out = native.pipe();
    fds.set(1, out.write, true);
    const stdout = new CaptureDrain(out.read, request.maxBytes);
    let stderr: CaptureDrain | undefined;
    let job: Job;
    try {
      const err = native.pipe();
      fds.set(2, err.write, true);
      stderr = new CaptureDrain(err.read, request.maxBytes);
      job = this.construct({ ...spec, fds }, undefined, this.shellGroup(spec, request, false)).job;
    } catch (error) {
      stdout.cancel();
      stderr?.cancel();
      throw error;
    } finally {
      // The children hold their own copies; ours must go for the drains to see EOF.
      fds.closeOwned();
    }
    job.own(stdout);
    job.own(stderr);
    const outcome = await this.waitInForeground(job, undefined, request);
    return { status: outcome.status, stdout: await stdout.done, stderr: await stderr.done };
  }

  /** Starts a pipeline in the background and retains it. */
  startBackground(spec: PipelineSpec): Job {
    const shellGroup = this.shellGroup(spec, {}, true);
    const { job } = this.construct(spec, undefined, shellGroup);
    job.notified = true;
    job.ignoresInterrupts = shellGroup !== undefined;
    return job;
  }

  /** `fg`: lends the terminal with the job's own modes, continues it if stopped, and waits. */
  async foreground(job: Job, request: ExecutionRequest = {}): Promise<Outcome> {
    const lease = this.terminal !== undefined && job.pgid !== undefined ? this.terminal.lend(job.pgid, job.savedModes) : undefined;
    try {
      if (job.state.kind === 'stopped') job.continue();
    } catch (error) {
      lease?.release();
      throw error;
    }
    return this.waitInForeground(job, lease, request);
  }

  /** `bg`: continues a stopped job where it is, in the background; a line holding it goes on there too. */
  background(job: Job): void {
    if (job.state.kind === 'stopped') job.continue();
    const holder = job.holder;
    job.holder = undefined;
    holder?.resume('background');
  }

  /** Where a job's processes go without job control (see jobControl); undefined: a group of its own. */
  private shellGroup(spec: PipelineSpec, request: ExecutionRequest, asynchronous: boolean): ConstructOptions['shellGroup'] {
    if (this.jobControl || request.deadline !== undefined) return undefined;
    if (spec.stages.some((stage) => stage.kind === 'external' && stage.contained === true)) return undefined;
    return { ignoreInterrupts: asynchronous };
  }

  private construct(
    spec: PipelineSpec,
    terminal: Terminal | undefined,
    shellGroup: ConstructOptions['shellGroup'],
  ): { job: Job; lease: TerminalLease | undefined } {
    const preparer = shellGroup === undefined ? this.preparer : undefined;
    const constructed = constructPipeline(spec, {
      watcher: this.watcher,
      admit: (create) => this.jobs.admit(create),
      discard: (job) => this.jobs.remove(job.id),
      terminal: shellGroup === undefined ? terminal : undefined,
      takePrepared: preparer === undefined ? undefined : () => preparer.take(),
      shellGroup,
    });
    // The next group starts up while this job runs (the machine's other core does the work).
    preparer?.refill();
    return constructed;
  }

  private async waitInForeground(job: Job, lease: TerminalLease | undefined, request: ExecutionRequest, retained = true): Promise<Outcome> {
    let state: JobState;
    try {
      // Statuses that arrived while the job was being built come with their SIGCHLD.
      this.watcher.catchUp();
      state = await settleOrCancel(job, request);
    } finally {
      const modes = lease?.release();
      if (job.state.kind === 'stopped') job.savedModes = modes;
      // A foreground job is not retained once done, however its wait ended.
      if (job.state.kind === 'done' && retained) this.jobs.remove(job.id);
    }
    if (state.kind === 'stopped') return { kind: 'stopped', status: stoppedStatus(state), job };
    if (state.kind === 'running') throw new Error('a settled job cannot be running');
    return { kind: 'done', status: state.status, job };
  }
}

function throwIfCancelled(request: ExecutionRequest): void {
  if (request.signal?.aborted === true || (request.deadline !== undefined && Date.now() >= request.deadline)) {
    throw new ShellError('Cancelled', 'the request was cancelled before it started');
  }
}

/**
 * Waits for the job to stop or finish; on abort or deadline, terminates it, waits until every
 * child is reaped and every task joined, and throws Cancelled.
 */
async function settleOrCancel(job: Job, request: ExecutionRequest): Promise<JobState> {
  const { signal, deadline } = request;
  if (signal === undefined && deadline === undefined) return job.whenSettled();
  let onCancel!: (reason: string) => void;
  const cancelled = new Promise<string>((resolve) => (onCancel = resolve));
  const onAbort = (): void => onCancel('the request was cancelled');
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    deadline === undefined ? undefined : setTimeout(() => onCancel('the request passed its deadline'), Math.max(0, deadline - Date.now()));
  try {
    const first = await Promise.race([job.whenSettled().then((state) => ({ state })), cancelled.then((reason) => ({ reason }))]);
    if ('state' in first) return first.state;
    job.terminate();
    await job.whenDone();
    throw new ShellError('Cancelled', first.reason);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (timer !== undefined) clearTimeout(timer);
  }
}
