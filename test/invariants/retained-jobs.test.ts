// Contract: "Retained jobs: a NativeExecutor retains at most 1,024 job records. At capacity it
// refreshes state and removes completed records before accepting a new job; 1,024 still-live
// records fail early with ResourceLimit."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobTable, MAX_RETAINED_JOBS } from '../../shell/jobs/table';
import { assertNoChildrenLeft, external, newExecutor, quiet, shellChildPids } from '../support/pipelines';
import { isShellError } from '../../shell/errors';
import { type FakeJob, fakeJob } from '../support/fake-jobs';
test('retained jobs: at capacity, completed records are pruned before a new job is accepted', () => {
  let refreshed = 0;
  const jobs: FakeJob[] = [];
  const table = new JobTable<FakeJob>(MAX_RETAINED_JOBS, () => {
    refreshed += 1;
    // The refresh is what learns that the first job finished.
    if (jobs[0] !== undefined) jobs[0].completed = true;
  });
  for (let index = 0; index < MAX_RETAINED_JOBS; index += 1) jobs.push(table.admit((id) => fakeJob(id)));
  assert.equal(table.size, MAX_RETAINED_JOBS);
  const next = table.admit((id) => fakeJob(id));
  assert.equal(refreshed, 1);
  assert.equal(table.size, MAX_RETAINED_JOBS);
  assert.equal(table.get(jobs[0]!.id), undefined);
  assert.ok(table.get(next.id) !== undefined);
});

test('retained jobs: 1,024 live records fail early with ResourceLimit', () => {
  const table = new JobTable<FakeJob>();
  for (let index = 0; index < MAX_RETAINED_JOBS; index += 1) table.admit((id) => fakeJob(id));
  let created = false;
  assert.throws(
    () => table.admit((id) => { created = true; return fakeJob(id); }),
    (error) => isShellError(error, 'ResourceLimit') && /1024/.test(error.message),
  );
  assert.equal(created, false, 'the job must be refused before it is built');
  assert.equal(table.size, MAX_RETAINED_JOBS);
});

test('retained jobs: the executor refuses the 1,025th live job before spawning anything, and accepts one once a job completes', async () => {
  const executor = newExecutor();
  const jobs = Array.from({ length: MAX_RETAINED_JOBS }, () => executor.startBackground(quiet(external(['sleep', '120']))));
  try {
    const children = shellChildPids().length;
    assert.throws(() => executor.startBackground(quiet(external(['sleep', '120']))), (error) => isShellError(error, 'ResourceLimit'));
    assert.equal(shellChildPids().length, children, 'nothing was spawned for the refused job');
    const first = jobs[0]!;
    first.terminate();
    await first.whenDone();
    const accepted = executor.startBackground(quiet(external(['true'])));
    assert.equal(executor.jobs.size, MAX_RETAINED_JOBS);
    assert.equal(executor.jobs.get(first.id), undefined, 'the completed record was pruned to make room');
    assert.equal(executor.jobs.get(accepted.id), accepted);
    jobs.push(accepted);
  } finally {
    for (const job of jobs) job.terminate();
    await Promise.all(jobs.map((job) => job.whenDone()));
  }
  await assertNoChildrenLeft();
});
