/**
 * An interactive shell's command line as it runs: the abort its Ctrl-C fires, and the stop that
 * can hold it. A job stopped by Ctrl-Z inside a loop or a function holds the line where it is:
 * the prompt comes back, the job stands for the whole line (`jobs` lists the line), and `fg` or
 * `bg` resumes the line there, in the foreground or the background. bash abandons the rest of a
 * loop at Ctrl-Z and zsh forks to keep it; Quirl keeps the line's continuation, no fork needed.
 */
import type { Job } from '../exec/job';
import type { ShellState } from './state';

/** How a line ended: with a status, or with an error that whoever follows it deals with (`exit`, a fault). */
export type LineEnd = { readonly kind: 'done'; readonly status: number } | { readonly kind: 'failed'; readonly error: unknown };

export type LineProgress = LineEnd | { readonly kind: 'held'; readonly job: Job };

export class LineRun {
  readonly interrupt = new AbortController();
  /** Set once `bg` let the line go on: its programs then run as members of this job, never with the terminal. */
  backgroundJob: Job | undefined;
  private settledRun: Promise<LineEnd> | undefined;
  private heldNow = new Deferred<Job>();

  constructor(
    /** The line as typed: what the job that holds it is listed as. */
    readonly text: string,
    /** The shell's state the line runs in: `$?` is 148 there while it is held. */
    readonly state: ShellState,
  ) {}

  start(run: () => Promise<number>): void {
    // Never rejects: a line held and then gone on in the background has nobody awaiting it.
    this.settledRun = run().then(
      (status): LineEnd => ({ kind: 'done', status }),
      (error: unknown): LineEnd => ({ kind: 'failed', error }),
    );
  }

  /** How the line ended, once it has run to its end, however often it was held on the way. */
  get settled(): Promise<LineEnd> {
    if (this.settledRun === undefined) throw new Error('the line has not started');
    return this.settledRun;
  }

  /**
   * Called where the line stopped: it waits here, holding `job`, until the job is continued, or
   * ends without that (killed while stopped), which abandons the line.
   */
  hold(job: Job): Promise<'foreground' | 'background' | 'ended'> {
    return new Promise((resume) => {
      const held = this.heldNow;
      this.heldNow = new Deferred();
      held.resolve(job);
      // Killed between its stop and now: nothing will change any more.
      if (job.state.kind === 'done') {
        resume('ended');
        return;
      }
      // A listener, not whenDone(): that would keep the child watcher polling while the job sits stopped.
      const off = job.onChange(() => {
        if (job.state.kind !== 'done') return;
        off();
        if (job.holder === undefined) return;
        job.holder = undefined;
        resume('ended');
      });
      job.holder = {
        resume: (where) => {
          off();
          resume(where);
        },
      };
    });
  }

  /** The line's end, or the job it is held on next, whichever comes first. */
  next(): Promise<LineProgress> {
    return Promise.race<LineProgress>([this.settled, this.heldNow.promise.then((job): LineProgress => ({ kind: 'held', job }))]);
  }
}

class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;

  constructor() {
    this.promise = new Promise((resolve) => (this.resolve = resolve));
  }
}
