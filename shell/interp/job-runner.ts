/**
 * Launching and settling jobs: a pipeline in the foreground (a member of its stage's job, or of
 * the job a line goes on for in the background) or started in the background; a foreground
 * job's end, stop or death by Ctrl-C; `fg`; and an interactive line held by a stop (LineRun)
 * until fg or bg.
 */
import { native } from '../../native';
import { ExitRequest } from './builtin-api';
import { Interrupted } from '../control';
import type { Eventually } from '../eventually';
import type { PipelineSpec } from '../exec/construct';
import type { ExecutionRequest, Executor, Outcome } from '../exec/executor';
import type { Job } from '../exec/job';
import { SIGNALS } from '../exec/signals';
import { isShellError } from '../errors';
import { isFinished, jobStateOf, statusOf } from '../jobs/job';
import { describeUnexpected } from '../unexpected';
import type { Context } from './context';
import type { JobControl } from './job-control';
import { LineRun, type LineEnd } from './line';
import { CommandOutput } from './output';
import { lineContext, lineOf } from './scope';
import type { ShellState } from './state';
import type { TrapRunner } from './trap-runner';

/** $? of a foreground job stopped by Ctrl-Z (128 + SIGTSTP). */
const STOPPED_STATUS = 128 + SIGNALS.SIGTSTP;

/** What launching needs of the tree walk. */
export interface LaunchHost {
  /** Between commands: acts on a pending Ctrl-C (a job of in-shell stages the line's Ctrl-C ended). */
  checkpoint(context: Context): Eventually<void>;
  /** A diagnostic on the context's stderr. */
  say(context: Context, message: string): Promise<void>;
}

export class JobRunner {
  /** Lines held by a stopped job, or going on in the background for one, by that job. */
  private readonly heldLines = new Map<Job, LineRun>();
  /** Set by SIGINT while a command line runs in an interactive shell; taken at the next checkpoint. */
  private interruptPending = false;

  constructor(
    private readonly host: LaunchHost,
    private readonly executor: Executor,
    private readonly jobControl: JobControl,
    private readonly traps: Pick<TrapRunner, 'note' | 'trappedAtTop'>,
    private readonly interactive: boolean,
  ) {}

  /**
   * Runs `run` as an interactive command line (`text` as `jobs` would list it) and follows it in
   * the foreground: Ctrl-C meanwhile is the line's, and a stop inside it holds it (see follow).
   */
  runLine(text: string, context: Context, run: (context: Context) => Promise<number>): Promise<number> {
    const line = new LineRun(text, context.state);
    line.start(() => run(lineContext(context, line)));
    void line.settled.then(() => this.forgetLine(line));
    return this.follow(line);
  }

  /** Whether SIGINT came while the line ran (the terminal echoed ^C, no newline); taken once. */
  takeInterrupt(): boolean {
    const pending = this.interruptPending;
    this.interruptPending = false;
    return pending;
  }

  /**
   * Waits in the foreground for `line`: its end, or the job it is next held on (the prompt then
   * comes back, and the job stands for the line until fg or bg). Ctrl-C meanwhile is the line's.
   */
  private async follow(line: LineRun): Promise<number> {
    const onInterrupt = (): void => {
      this.interruptPending = true;
      line.interrupt.abort();
    };
    process.on('SIGINT', onInterrupt);
    try {
      const progress = await line.next();
      if (progress.kind === 'done') return progress.status;
      if (progress.kind === 'failed') throw progress.error;
      this.forgetLine(line);
      this.heldLines.set(progress.job, line);
      line.state.lastStatus = STOPPED_STATUS;
      return STOPPED_STATUS;
    } finally {
      process.removeListener('SIGINT', onInterrupt);
      this.interruptPending = false;
    }
  }

  /** A line gone on in the background has ended: `exit` there ends only the line; a fault is said. */
  private async endInBackground(end: LineEnd, context: Context): Promise<void> {
    if (end.kind === 'failed' && !(end.error instanceof ExitRequest)) {
      await this.host.say(context, describeUnexpected(end.error, context.state.get('QUIRL_DEBUG') !== undefined).message);
    }
  }

  private forgetLine(line: LineRun): void {
    for (const [job, held] of this.heldLines) if (held === line) this.heldLines.delete(job);
  }

  /** Starts a background job: `$!` names it, and an interactive shell says `[N] PID`. */
  async startInBackground(spec: PipelineSpec, context: Context): Promise<Job> {
    const job = this.jobControl.startBackground(spec);
    context.state.lastBackgroundPid = job.scriptPid;
    if (this.interactive && context.scope.kind !== 'stage') await new CommandOutput(context.fds, undefined).err(`[${job.id}] ${job.scriptPid}\n`);
    return job;
  }

  /** Runs a constructed pipeline in the foreground, or starts it in the background. */
  async launch(spec: PipelineSpec, context: Context, background: boolean): Promise<number> {
    const errors = new CommandOutput(context.fds, undefined);
    if (background) {
      await this.startInBackground(spec, context);
      return 0;
    }
    const { scope } = context;
    if (scope.kind === 'stage') {
      try {
        return pipelineStatus(await this.executor.executeMemberRequest(spec, scope.owner, scope.request), context.state);
      } catch (error) {
        // The job was killed: its in-shell part ends as a process killed by that signal would.
        if (scope.request.signal?.aborted === true) throw new Interrupted(killedStatus(scope.request.signal));
        throw error;
      }
    }
    const interrupt = scope.kind === 'line' ? scope.line.interrupt.signal : undefined;
    const going = scope.kind === 'line' ? scope.line.backgroundJob : undefined;
    if (going !== undefined) {
      try {
        return pipelineStatus(await this.executor.executeMemberRequest(spec, going.id, { signal: going.abortSignal }), context.state);
      } catch (error) {
        // `kill %N` of the job the line goes on for ends the line, quietly, as it ends the job.
        if (going.abortSignal.aborted) throw new Interrupted(killedStatus(going.abortSignal));
        throw error;
      }
    }
    // A job of in-shell stages only has no group for the terminal's Ctrl-C: the shell gets it, and
    // the line's abort ends the job.
    const groupless = interrupt !== undefined && spec.stages.every((stage) => stage.kind === 'inShell');
    const request = groupless ? { ...scope.request, signal: interrupt } : scope.request;
    let outcome: Outcome;
    try {
      outcome = await this.executor.executeInteractiveRequest(spec, request);
    } catch (error) {
      if (groupless && interrupt?.aborted === true && isShellError(error, 'Cancelled')) await this.host.checkpoint(context);
      throw error;
    }
    // Recorded before settling: a job killed by Ctrl-C abandons the line there, and PIPESTATUS
    // still holds each member's status (bash).
    recordPipeStatus(outcome, context.state);
    const status = await this.settleInLine(outcome, context, errors);
    return outcome.kind === 'done' ? withPipefail(outcome.job, status, context.state) : status;
  }

  /**
   * A foreground job's end inside a line. Stopped inside a loop or a function, it holds the
   * line (see LineRun) until fg or bg; anywhere else the line goes on, as in bash.
   */
  private async settleInLine(outcome: Outcome, context: Context, output: CommandOutput): Promise<number> {
    const { scope, state } = context;
    const line = lineOf(scope);
    if (outcome.kind !== 'stopped' || line === undefined || (state.loopDepth === 0 && state.functionDepth === 0)) {
      return this.settle(outcome, output, state);
    }
    const { job } = outcome;
    job.standFor(line.text);
    await this.reportStopped(job, output);
    const where = await line.hold(job);
    if (where === 'foreground') return this.settleInLine(await this.executor.foreground(job, scope.request), context, output);
    if (where === 'ended') throw new Interrupted(job.state.kind === 'done' ? job.state.status : STOPPED_STATUS);
    // Continued in the background (Executor.background): the job stands for the line until it ends.
    line.backgroundJob = job;
    job.own({ done: line.settled.then((end) => this.endInBackground(end, context)), cancel: () => undefined });
    await job.whenProcessesFinished();
    const done = jobStateOf(job.processes);
    return done.kind === 'done' ? done.status : STOPPED_STATUS;
  }

  /**
   * A script on a terminal behaves like `bash FILE` for the person there: Ctrl-Z on its job
   * suspends the whole script (the outer shell sees it stopped, and its `fg` resumes the job
   * where it was), and Ctrl-C or Ctrl-\\ on its job ends the script by the same signal.
   */
  private async settleWithoutJobControl(outcome: Outcome, output: CommandOutput): Promise<number> {
    const { job } = outcome;
    if (outcome.kind === 'stopped') {
      native.kill(process.pid, SIGNALS.SIGSTOP);
      // Continued by the outer shell: the job gets the terminal and its modes back.
      return this.settle(await this.executor.foreground(job), output);
    }
    const last = job.state.kind === 'done' ? job.state.last : undefined;
    if (last?.kind === 'signaled' && (last.signal === SIGNALS.SIGINT || last.signal === SIGNALS.SIGQUIT)) {
      // The script traps the signal: it lives on, and the trap runs now that the job has ended (bash).
      if (this.traps.trappedAtTop(last.signal)) return outcome.status;
      native.setSignalDisposition(last.signal, 'default');
      native.kill(process.pid, last.signal);
    }
    return outcome.status;
  }

  /**
   * `fg`: the job takes the terminal (with its own modes) until it finishes or stops again. A job
   * that holds a line resumes the line in the foreground, which `fg` then waits for.
   */
  async foreground(job: Job, output: CommandOutput, request: ExecutionRequest = {}): Promise<number> {
    const line = this.heldLines.get(job);
    if (line === undefined) return this.settleForeground(job, output, request);
    const holder = job.holder;
    job.holder = undefined;
    // Held at a stop, it goes on from there; going on in the background, its next programs take the terminal.
    if (holder !== undefined) holder.resume('foreground');
    else line.backgroundJob = undefined;
    return this.follow(line);
  }

  /**
   * A foreground job's end: a stopped one becomes current and is reported, as bash does. One
   * killed by Ctrl-C or Ctrl-\\ abandons the rest of the command line (bash's rule), so that a
   * loop around it ends.
   */
  private async settle(outcome: Outcome, output: CommandOutput, state?: ShellState): Promise<number> {
    const { job } = outcome;
    if (!this.interactive && this.executor.terminal !== undefined) return this.settleWithoutJobControl(outcome, output);
    if (outcome.kind === 'stopped') {
      await this.reportStopped(job, output);
      return outcome.status;
    }
    this.jobControl.ended(job);
    if (this.interactive && job.state.kind === 'done' && job.state.last.kind === 'signaled') {
      const signal = job.state.last.signal;
      if (signal === SIGNALS.SIGINT || signal === SIGNALS.SIGQUIT) {
        // The terminal echoed ^C or ^\ but no newline: the next output starts on a line of its own.
        await output.err('\n');
        // A trapped signal lets the line go on; in a loop its trap runs, as bash's does.
        const trapped = state?.traps.get(signal);
        if (trapped === undefined) throw new Interrupted(outcome.status);
        if (trapped.kind === 'command' && state !== undefined && state.loopDepth > 0) this.traps.note(signal);
      }
    }
    return outcome.status;
  }

  /**
   * fg of a job of its own. Killed by Ctrl-C, it ends here with its status: this is also the VS
   * Code tree's Foreground, which runs outside any command line there would be to abandon.
   */
  private async settleForeground(job: Job, output: CommandOutput, request: ExecutionRequest): Promise<number> {
    try {
      return await this.settle(await this.executor.foreground(job, request), output);
    } catch (error) {
      if (error instanceof Interrupted) return error.status;
      throw error;
    }
  }

  /** A job stopped in the foreground becomes the current job and is reported, as bash does. */
  private async reportStopped(job: Job, output: CommandOutput): Promise<void> {
    await output.err(`\n${this.jobControl.stopped(job)}\n`);
  }
}

/** `set -o pipefail`: a pipeline's status is its last failing stage's (0 when none failed). */
function pipelineStatus(outcome: Outcome, state: ShellState): number {
  recordPipeStatus(outcome, state);
  return outcome.kind === 'done' ? withPipefail(outcome.job, outcome.status, state) : outcome.status;
}

/** `status`, or under pipefail the last failing stage's of the done `job`. */
function withPipefail(job: Job, status: number, state: ShellState): number {
  if (!state.options.has('pipefail')) return status;
  const failed = job.processes.map((process) => (isFinished(process.state) ? statusOf(process.state) : 0)).findLast((stage) => stage !== 0);
  return failed ?? status;
}

/** PIPESTATUS: each member's status, once the job is done. */
function recordPipeStatus(outcome: Outcome, state: ShellState): void {
  if (outcome.kind === 'done') state.pipeStatus = outcome.job.processes.map((process) => (isFinished(process.state) ? statusOf(process.state) : 0));
}

/** The status of something killed by an aborted job's signal (its reason; SIGKILL for a termination). */
export function killedStatus(signal: AbortSignal): number {
  return 128 + (typeof signal.reason === 'number' ? signal.reason : SIGNALS.SIGKILL);
}
