/**
 * The retained job table: at most 1,024 records, ids never 0. A new id is one above the highest
 * retained id (so an idle shell numbers its next job 1, as bash does); past 2^32-1 allocation
 * wraps to 1 and scans upward past ids still retained, so an id never names two visible jobs.
 */
import { ShellError } from '../errors';
import type { JobId } from './job';

export const MAX_RETAINED_JOBS = 1024;
export const MAX_JOB_ID = 2 ** 32 - 1;

/** A record entering or leaving the table (what the extension link publishes). */
export type TableChange<J> = { readonly kind: 'added'; readonly job: J } | { readonly kind: 'removed'; readonly id: JobId };

export interface RetainedJob {
  readonly id: JobId;
  /** True once the job has finished; such records may be pruned at capacity. */
  isCompleted(): boolean;
}

export class JobTable<J extends RetainedJob> {
  private readonly jobs = new Map<JobId, J>();
  /** The highest id retained, or the last one issued when it has been removed since. */
  private highestId = 0;
  private readonly listeners = new Set<(change: TableChange<J>) => void>();

  constructor(
    private readonly capacity: number = MAX_RETAINED_JOBS,
    /** Called at capacity to bring job states up to date before completed ones are pruned. */
    private readonly refresh: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.jobs.size;
  }

  /** Jobs in id order (allocation order, except across a wrap, where bash also renumbers). */
  list(): J[] {
    return [...this.jobs.values()].sort((a, b) => a.id - b.id);
  }

  /** Reports every record admitted, removed or pruned; returns the function that stops it. */
  onChange(listener: (change: TableChange<J>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(id: number): J | undefined {
    return this.jobs.get(id as JobId);
  }

  /**
   * Admits a new job, built by `create` once its id is known. At capacity, refreshes states and
   * prunes completed records first; with every record still live, fails with ResourceLimit
   * before `create` runs.
   */
  admit(create: (id: JobId) => J): J {
    if (this.jobs.size >= this.capacity) {
      this.refresh();
      for (const job of this.list()) if (job.isCompleted()) this.drop(job.id);
      if (this.jobs.size >= this.capacity) {
        throw new ShellError('ResourceLimit', `too many jobs: ${this.capacity} are still running or stopped`);
      }
    }
    const id = this.nextId();
    const job = create(id);
    this.jobs.set(id, job);
    this.emit({ kind: 'added', job });
    return job;
  }

  private nextId(): JobId {
    // The table holds fewer than capacity ids, so this scan ends within capacity + 1 steps.
    let candidate = this.highestId;
    do {
      candidate = candidate >= MAX_JOB_ID ? 1 : candidate + 1;
    } while (this.jobs.has(candidate as JobId));
    this.highestId = candidate;
    return candidate as JobId;
  }

  remove(id: JobId): void {
    this.drop(id);
    if (id === this.highestId) this.highestId = Math.max(0, ...this.jobs.keys());
  }

  private drop(id: JobId): void {
    if (this.jobs.delete(id)) this.emit({ kind: 'removed', id });
  }

  private emit(change: TableChange<J>): void {
    for (const listener of [...this.listeners]) listener(change);
  }

  /** Makes the next allocation start after `id`, as if it had just been issued (tests of the wrap). */
  continueAfter(id: number): void {
    this.highestId = id;
  }
}
