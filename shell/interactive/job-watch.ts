/**
 * One callback for every change of the retained job table: a job admitted or removed, a job's
 * state changed (running, stopped, continued, done), or one of its processes changed (a stage of
 * a pipeline ended). What the extension link publishes.
 */
import type { Job } from '../exec/job';
import type { JobTable } from '../jobs/table';

/** Calls `listener` after each change until the returned function is called. */
export function watchJobs(table: JobTable<Job>, listener: () => void): () => void {
  const jobWatches = new Map<number, () => void>();
  const follow = (job: Job): void => {
    const stopState = job.onChange(() => listener());
    const stopMembers = job.onMemberChange(() => listener());
    jobWatches.set(job.id, () => {
      stopState();
      stopMembers();
    });
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
