import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobTable, MAX_JOB_ID, MAX_RETAINED_JOBS } from '../../shell/jobs/table';
import type { JobId } from '../../shell/jobs/job';
import { isShellError } from '../../shell/errors';

interface FakeJob {
  readonly id: JobId;
  completed: boolean;
  isCompleted(): boolean;
}

function fakeJob(id: JobId, completed = false): FakeJob {
  return { id, completed, isCompleted() { return this.completed; } };
}

test('job ids: zero is never issued; an idle table numbers from 1', () => {
  const table = new JobTable<FakeJob>();
  assert.equal(table.admit((id) => fakeJob(id)).id, 1);
  assert.equal(table.admit((id) => fakeJob(id)).id, 2);
  table.remove(2 as JobId);
  table.remove(1 as JobId);
  assert.equal(table.admit((id) => fakeJob(id)).id, 1);
});

test('job ids: a new id is one above the highest retained', () => {
  const table = new JobTable<FakeJob>();
  for (let index = 0; index < 3; index += 1) table.admit((id) => fakeJob(id));
  table.remove(2 as JobId);
  assert.equal(table.admit((id) => fakeJob(id)).id, 4);
});

test('job ids: allocation wraps from 2^32-1 to 1 without colliding with a retained id', () => {
  const table = new JobTable<FakeJob>();
  const first = table.admit((id) => fakeJob(id));
  const second = table.admit((id) => fakeJob(id));
  table.continueAfter(MAX_JOB_ID - 1);
  const last = table.admit((id) => fakeJob(id));
  assert.equal(last.id, MAX_JOB_ID);
  const wrapped = table.admit((id) => fakeJob(id));
  assert.notEqual(wrapped.id, 0);
  assert.ok(wrapped.id !== first.id && wrapped.id !== second.id, `wrapped to ${wrapped.id}, which is retained`);
  assert.equal(wrapped.id, 3);
});

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
