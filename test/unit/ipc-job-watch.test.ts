import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChildWatcher } from '../../shell/exec/children';
import { Job } from '../../shell/exec/job';
import { JobTable } from '../../shell/jobs/table';
import { watchJobs } from '../../shell/interactive/job-watch';

/** A job run wholly inside the shell whose one stage ends when `finish` is called. */
function inShellJob(table: JobTable<Job>, watcher: ChildWatcher): { job: Job; finish: (code: number) => void } {
  let finish!: (code: number) => void;
  const job = table.admit((id) => new Job(id, `job ${id}`, watcher));
  job.addInShell(job.command, () => new Promise<number>((resolve) => (finish = resolve)))();
  return { job, finish };
}

test('ipc job watch: one call per job admitted, state change and removal; none once stopped', async () => {
  const watcher = new ChildWatcher();
  const table = new JobTable<Job>();
  let calls = 0;
  const stop = watchJobs(table, () => (calls += 1));
  const { job, finish } = inShellJob(table, watcher);
  assert.equal(calls, 1, 'admitted');
  finish(3);
  await job.whenDone();
  assert.deepEqual(job.state, { kind: 'done', status: 3, last: { kind: 'exited', code: 3 } });
  assert.equal(calls, 2, 'done');
  table.remove(job.id);
  assert.equal(calls, 3, 'removed');
  table.remove(job.id);
  assert.equal(calls, 3, 'removing an absent id is no change');

  stop();
  const later = inShellJob(table, watcher);
  later.finish(0);
  await later.job.whenDone();
  table.remove(later.job.id);
  assert.equal(calls, 3, 'nothing after the watch stopped');
});

test('ipc job watch: jobs already retained are followed, and pruning at capacity is a removal', async () => {
  const watcher = new ChildWatcher();
  const table = new JobTable<Job>(1);
  const first = inShellJob(table, watcher);
  let calls = 0;
  watchJobs(table, () => (calls += 1));
  first.finish(0);
  await first.job.whenDone();
  assert.equal(calls, 1, 'the retained job’s change');
  const second = inShellJob(table, watcher);
  assert.equal(calls, 3, 'the finished record pruned, then the new one admitted');
  assert.deepEqual(table.list().map((job) => job.id), [second.job.id]);
  second.finish(0);
  await second.job.whenDone();
});
