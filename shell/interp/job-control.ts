/**
 * The shell's job control: the executor's table of jobs, which of them is current (+) and
 * previous (-), and whether the user was told of a job's last change (`notified`). The
 * interpreter, the job builtins, the prompt's notices and the VS Code link all go through it,
 * so that `bg` from the builtin and from the link are one act.
 */
import type { Executor } from '../exec/executor';
import type { PipelineSpec } from '../exec/construct';
import type { Job } from '../exec/job';
import { formatJobLine } from '../jobs/format';
import { JobOrder, resolveJobSpec } from '../jobs/spec';

export class JobControl {
  private readonly order = new JobOrder();

  constructor(private readonly executor: Executor) {}

  /** Brings the jobs' states up to date with their processes (`jobs`, `wait`, the prompt's notices). */
  update(): void {
    this.executor.watcher.poll();
  }

  /** The retained jobs, in id order. */
  list(): Job[] {
    return this.executor.jobs.list();
  }

  /** '+', '-' or ' ': the job's place in the current/previous order among `jobs`. */
  mark(job: Job, jobs: readonly Job[] = this.list()): string {
    return this.order.mark(job, jobs);
  }

  /** The current job among `jobs` (`%+`), if any. */
  current(jobs: readonly Job[]): Job | undefined {
    return this.order.current(jobs) as Job | undefined;
  }

  /** The job `spec` names among `jobs`; throws Usage naming `builtin` when none or several do. */
  resolve(spec: string, jobs: readonly Job[], builtin: string): Job {
    return resolveJobSpec(spec, jobs, this.order, builtin);
  }

  /** Starts a job in the background; it becomes current. */
  startBackground(spec: PipelineSpec): Job {
    const job = this.executor.startBackground(spec);
    this.order.touch(job.id);
    return job;
  }

  /** A job stopped in the foreground: it becomes current, and the line reporting it is the user's news. */
  stopped(job: Job): string {
    this.order.touch(job.id);
    job.notified = true;
    return formatJobLine(job.id, this.mark(job), job.state, job.command);
  }

  /** A foreground job has ended: it is current no longer. */
  ended(job: Job): void {
    this.order.forget(job.id);
  }

  /**
   * `bg`: continues a stopped job in the background (a line it holds goes on there); returns bg's
   * line for it, its mark among `jobs`.
   */
  background(job: Job, jobs: readonly Job[] = this.list()): string {
    this.executor.background(job);
    job.notified = true;
    return `[${job.id}]${this.mark(job, jobs)} ${job.command} &\n`;
  }

  /** `jobs` listed `job`: the prompt does not tell of it again, and a done job is then gone. */
  listed(job: Job): void {
    job.notified = true;
    if (job.state.kind === 'done') this.forget(job);
  }

  /** The shell forgets the job: not listed, not waited for, not sent SIGHUP at exit. */
  forget(job: Job): void {
    this.executor.jobs.remove(job.id);
    this.order.forget(job.id);
  }

  /** bash's notices before a prompt: jobs that finished or stopped since they were last told of; done ones are then gone. */
  notices(): string {
    this.update();
    const jobs = this.list();
    let notices = '';
    for (const job of jobs) {
      if (job.notified || job.state.kind === 'running') continue;
      notices += `${formatJobLine(job.id, this.mark(job, jobs), job.state, job.command)}\n`;
      job.notified = true;
      if (job.state.kind === 'done') this.forget(job);
    }
    return notices;
  }
}
