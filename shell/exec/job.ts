/**
 * A constructed job at run time: its group, its processes (external and in-shell stages), and
 * the tasks it owns (in-shell stages, here-string writers, capture drains). It folds wait
 * statuses into its state, stops every member when one stops, and, when its direct children
 * have finished, terminates survivors, joins its tasks and releases its group.
 */
import type { WaitStatus } from '../../native/native';
import { native } from '../../native';
import { type JobId, type JobProcess, type JobState, isFinished, jobStateOf, processStateAfter, standInPid } from '../jobs/job';
import type { RetainedJob } from '../jobs/table';
import type { ChildWatcher } from './children';
import type { ProcessGroup } from './group';
import { Listeners } from './listeners';
import { SIGNALS } from './signals';

/** What an in-shell stage is given: a gate that holds it while the job is stopped, and an abort. */
export interface StageControl {
  /** Resolves at once while the job runs; while it is stopped, when it is continued. */
  whileRunning(): Promise<void>;
  readonly signal: AbortSignal;
  /** The job the stage belongs to: what the commands the stage runs are members of. */
  readonly jobId: JobId;
}

/** A task the job owns and joins before it is done. */
export interface OwnedTask {
  readonly done: Promise<unknown>;
  cancel(): void;
}

export type JobListener = (job: Job) => void;

/**
 * What waits on a stopped job to go on after it: an interactive shell's command line stopped
 * inside a loop or function, which resumes where it was when the job is continued.
 */
export interface JobHolder {
  /** The job was continued in the foreground (the holder waits there) or in the background. */
  resume(where: 'foreground' | 'background'): void;
}

export class Job implements RetainedJob {
  /** Grown by copying, not push: a pushed array keeps spare slots for the job's whole life. */
  processes: readonly JobProcess[] = [];
  /** The job's own terminal modes, saved when it stopped in the foreground. */
  savedModes: Buffer | undefined;
  /** Set when the user was told of its last state change (bash's "notified"). */
  notified = false;
  /** Cleared by `disown`: the job is not sent SIGHUP when the shell exits. */
  hangUpOnExit = true;
  /** Set while a command line holds on to this stopped job (see JobHolder). */
  holder: JobHolder | undefined;
  /**
   * An asynchronous job of a shell without job control: its programs, and those its in-shell
   * stages run, ignore SIGINT and SIGQUIT (POSIX), since they share the shell's group.
   */
  ignoresInterrupts = false;
  private currentState: JobState = { kind: 'running' };
  /** The signal of the first stop seen in this stop: what the job reports (our SIGSTOP only spreads it). */
  private stopCause: number | undefined;
  private finishing = false;
  private tasks: readonly OwnedTask[] = [];
  private readonly abort = new AbortController();
  private resume: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly listeners = new Listeners<Job>();
  private readonly memberListeners = new Listeners<Job>();
  /** How many times the job's state changed: tells a member's change that did not change it. */
  private stateChanges = 0;
  private readonly done: Promise<JobState>;
  private resolveDone!: (state: JobState) => void;
  private readonly processesFinished: Promise<void>;
  private resolveProcessesFinished!: () => void;

  private ownGroup: ProcessGroup | undefined;
  private label: string;

  constructor(
    readonly id: JobId,
    /** The command line as the user typed it. */
    command: string,
    private readonly watcher: ChildWatcher,
  ) {
    this.label = command;
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.processesFinished = new Promise((resolve) => (this.resolveProcessesFinished = resolve));
  }

  /** The job's process group; undefined for a job run wholly inside the shell. */
  get group(): ProcessGroup | undefined {
    return this.ownGroup;
  }

  /** Construction hands over the group once its anchor is ready. */
  adoptGroup(group: ProcessGroup): void {
    if (this.ownGroup !== undefined) throw new Error(`job ${this.id} already has a process group`);
    this.ownGroup = group;
    this.watcher.watch(group.anchor.pid, (status) => this.onAnchorStatus(status));
  }

  get state(): JobState {
    return this.currentState;
  }

  get pgid(): number | undefined {
    return this.group?.pgid;
  }

  /** PID of the last external stage ($! for a background job). */
  get lastPid(): number | undefined {
    for (let index = this.processes.length - 1; index >= 0; index -= 1) {
      const pid = this.processes[index]?.pid;
      if (pid !== null && pid !== undefined) return pid;
    }
    return undefined;
  }

  /** What `$!` names for this job: its last process, or a stand-in for a job with none (see standInPid). */
  get scriptPid(): number {
    return this.lastPid ?? standInPid(this.id);
  }

  isCompleted(): boolean {
    return this.currentState.kind === 'done';
  }

  onChange(listener: JobListener): () => void {
    return this.listeners.add(listener);
  }

  /** Calls `listener` when a member process changes while the job's own state does not (one stage of a pipeline ends). */
  onMemberChange(listener: JobListener): () => void {
    return this.memberListeners.add(listener);
  }

  /** The command line as the user typed it: the whole line once a line holds the job. */
  get command(): string {
    return this.label;
  }

  /** From now on the job stands for `line` (a line it holds): listed, and published to the link, so. */
  standFor(line: string): void {
    this.label = line;
    this.memberListeners.notify(this);
  }

  /** The job's abort, fired by kill and termination: what the shell runs on its behalf stops on it. */
  get abortSignal(): AbortSignal {
    return this.abort.signal;
  }

  /**
   * Resolves once every process of the job has finished, before the tasks it owns are joined
   * (a line it stands for may go on after them).
   */
  whenProcessesFinished(): Promise<void> {
    return this.holdingEventLoop(this.processesFinished);
  }

  /** Resolves once the job is done; the process stays alive while someone waits. */
  whenDone(): Promise<JobState> {
    return this.holdingEventLoop(this.done);
  }

  /** Resolves once the job is stopped or done (what a foreground wait waits for). */
  whenSettled(): Promise<JobState> {
    if (this.currentState.kind !== 'running') return Promise.resolve(this.currentState);
    const settled = new Promise<JobState>((resolve) => {
      const off = this.onChange((job) => {
        if (job.state.kind === 'running') return;
        off();
        resolve(job.state);
      });
    });
    return this.holdingEventLoop(settled);
  }

  /** Neither a SIGCHLD listener nor the unref'd poll keeps Node running: a waiter must. */
  private holdingEventLoop<T>(promise: Promise<T>): Promise<T> {
    const release = this.watcher.holdEventLoop();
    return promise.finally(release);
  }

  /** Records an external stage and follows its statuses. */
  addExternal(pid: number, command: string): void {
    const process: JobProcess = { pid, command, state: { kind: 'running' } };
    this.processes = [...this.processes, process];
    this.watcher.watch(pid, (status) => this.onStatus(process, status));
  }

  /** Records an in-shell stage; `run` starts once construction has committed the job. */
  addInShell(command: string, run: (control: StageControl) => Promise<number>): () => void {
    const process: JobProcess = { pid: null, command, state: { kind: 'running' } };
    this.processes = [...this.processes, process];
    const control: StageControl = {
      whileRunning: () => this.resume?.promise ?? Promise.resolve(),
      signal: this.abort.signal,
      jobId: this.id,
    };
    return () => {
      const finished = run(control).then(
        (code) => ({ kind: 'exited', code }) as const,
        () => ({ kind: 'exited', code: 1 }) as const,
      );
      this.tasks = [...this.tasks, { done: finished, cancel: () => undefined }];
      void finished.then((state) => {
        process.state = state;
        this.refresh();
      });
    };
  }

  /** Takes ownership of a writer or drain: joined before the job is done, cancelled with it. */
  own(task: OwnedTask): void {
    this.tasks = [...this.tasks, task];
  }

  /** The anchor is the stop sentinel: a stopped anchor means the job was told to stop. */
  private onAnchorStatus(status: WaitStatus): void {
    if (status.kind === 'stopped') {
      this.spreadStop(status.signal);
      this.refresh();
    } else if (status.kind === 'exited' || status.kind === 'signaled') this.group?.noteAnchorReaped();
  }

  /**
   * Continues a stopped job: its group and its in-shell stages. The job reads running at once
   * (the kernel resumes the group within the kill), so a wait that starts next cannot see the
   * old stop; stop reports queued before the SIGCONT are taken first so none is applied after.
   */
  continue(): void {
    this.watcher.poll();
    if (this.currentState.kind === 'done' || this.finishing) return;
    this.stopCause = undefined;
    if (this.group !== undefined) this.group.signal(SIGNALS.SIGCONT);
    else this.signalEach(SIGNALS.SIGCONT);
    for (const process of this.processes) {
      if (process.state.kind === 'stopped') process.state = { kind: 'running' };
    }
    this.openGate();
    this.refresh();
  }

  /** Sends a signal to the whole job (kill, the tree's Interrupt/Terminate). */
  signal(signal: number): void {
    // Once finishing, cleanup has signalled the group: its PGID is not addressed again.
    if (this.group !== undefined && !this.group.isReleased && !this.finishing) this.group.signal(signal);
    else if (this.group === undefined) this.signalEach(signal);
    // The signal is the abort's reason: what runs in the shell for the job ends as if killed by it.
    if (signal === SIGNALS.SIGKILL || signal === SIGNALS.SIGTERM || signal === SIGNALS.SIGINT) this.abort.abort(signal);
  }

  /**
   * Cancellation: the whole contained tree terminated (one group SIGKILL, then each direct child
   * as a fallback), in-shell stages aborted, writers and drains cancelled. The job then completes
   * through the normal path as the watcher reports each child.
   */
  terminate(): void {
    this.group?.terminateOnce();
    for (const process of this.processes) {
      if (process.pid !== null && !isFinished(process.state)) {
        try {
          native.kill(process.pid, SIGNALS.SIGKILL);
        } catch {
          // Already gone.
        }
      }
    }
    this.abort.abort();
    for (const task of this.tasks) task.cancel();
    this.openGate();
  }

  /**
   * Sends `signal` to each process of a job without a group of its own, while it is unreaped
   * (so its PID cannot have been reused).
   */
  private signalEach(signal: number): void {
    for (const process of this.processes) {
      if (process.pid === null || isFinished(process.state)) continue;
      try {
        native.kill(process.pid, signal);
      } catch {
        // Exited meanwhile: the watcher reports it.
      }
    }
  }

  /**
   * terminate(), then each direct child reaped here and now (SIGKILL'd, it dies at once) and the
   * group released: the shell is dying and will not be there to reap them.
   */
  terminateNow(): void {
    this.terminate();
    for (const process of this.processes) {
      if (process.pid === null || isFinished(process.state)) continue;
      this.watcher.unwatch(process.pid);
      try {
        process.state = processStateAfter(native.reapKilled(process.pid));
      } catch {
        // Reaped already (ECHILD).
      }
    }
    if (this.group !== undefined) {
      this.watcher.unwatch(this.group.anchor.pid);
      this.group.release();
    }
    // No status will come for what was reaped here: the job finishes from what is known.
    this.refresh();
  }

  /**
   * The shell exits and leaves the job to run on (bash's exit without huponexit): the anchor is
   * killed and reaped, so the shell owns the group no more and never addresses it again; the
   * job's processes are not signaled.
   */
  leaveRunning(): void {
    if (this.group === undefined) return;
    this.watcher.unwatch(this.group.anchor.pid);
    this.group.release();
  }

  private onStatus(process: JobProcess, status: WaitStatus): void {
    // In the shell's own group (no job control), a stop (Ctrl-Z) stops the shell with the job and
    // both go on together when continued, as in bash: nothing there for the job to report.
    if (this.group === undefined && (status.kind === 'stopped' || status.kind === 'continued')) return;
    process.state = processStateAfter(status);
    // Ctrl-C or Ctrl-\ hit the job's group; its in-shell stages, outside the group, end with it.
    if (status.kind === 'signaled' && (status.signal === SIGNALS.SIGINT || status.signal === SIGNALS.SIGQUIT)) this.abort.abort(status.signal);
    if (status.kind === 'stopped') this.spreadStop(status.signal);
    const changes = this.stateChanges;
    this.refresh();
    // A finishing job reports its end soon enough; a state change was reported already.
    if (changes === this.stateChanges && !this.finishing) this.memberListeners.notify(this);
  }

  /** One stopped member stops every live member, in-shell stages included. */
  private spreadStop(signal: number): void {
    if (this.stopCause !== undefined || this.finishing) return;
    this.stopCause = signal;
    for (const process of this.processes) {
      if (process.pid === null && process.state.kind === 'running') process.state = { kind: 'stopped', signal };
    }
    if (this.group !== undefined && !this.group.isReleased) {
      try {
        this.group.signal(SIGNALS.SIGSTOP);
      } catch {
        // The group emptied meanwhile: the job is finishing, not stopping.
      }
    }
    if (this.resume === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.resume = { promise, resolve };
    }
  }

  private openGate(): void {
    this.resume?.resolve();
    this.resume = undefined;
  }

  private refresh(): void {
    const externalsFinished = this.processes.every((p) => p.pid === null || isFinished(p.state));
    if (externalsFinished && !this.finishing && this.processes.some((p) => p.pid !== null)) {
      this.finishing = true;
      void this.finish();
      return;
    }
    if (this.finishing) return;
    const next = jobStateOf(this.processes);
    // Ctrl-Z's SIGTSTP may reach a member after the spreading SIGSTOP did: report the cause.
    if (next.kind === 'stopped' && this.stopCause !== undefined) {
      this.setState({ kind: 'stopped', signal: this.stopCause });
      return;
    }
    if (next.kind === 'done') {
      this.finishing = true;
      void this.finish();
      return;
    }
    this.setState(next);
  }

  /**
   * The direct children are done: terminate survivors in the group before joining tasks (an
   * inherited pipe end must not hang the shell), join, then release the group.
   */
  private async finish(): Promise<void> {
    this.resolveProcessesFinished();
    this.group?.terminateOnce();
    this.openGate();
    await Promise.all(this.tasks.map((task) => task.done));
    if (this.group !== undefined) {
      this.watcher.unwatch(this.group.anchor.pid);
      this.group.release();
    }
    const state = jobStateOf(this.processes);
    this.setState(state);
    this.resolveDone(state);
  }

  private setState(state: JobState): void {
    const changed = state.kind !== this.currentState.kind;
    this.currentState = state;
    if (!changed) return;
    this.stateChanges += 1;
    this.notified = false;
    this.listeners.notify(this);
  }
}
