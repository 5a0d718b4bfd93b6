/**
 * One callback for every change of the retained job table: a job admitted or removed, or a
 * job's state changed (running, stopped, continued, done). What the extension link publishes.
 */
import type { Job } from '../exec/job';
import type { JobTable } from '../jobs/table';

/** Calls `listener` after each change until the returned function is called. */
export function watchJobs(table: JobTable<Job>, listener: () => void): () => void {
  const jobWatches = new Map<number, () => void>();
  const follow = (job: Job): void => {
    jobWatches.set(job.id, job.onChange(() => listener()));
  };
  for (const job of table.list()) follow(job);
  const stopTable = table.onChange((change) => {
    if (change.kind === 'added') {
      follow(change.job);
    } else {
      jobWatches.get(change.id)?.();
      jobWatches.delete(change.id);
    }
    listener();
  });
  return () => {
    stopTable();
    for (const stop of jobWatches.values()) stop();
    jobWatches.clear();
  };
}
