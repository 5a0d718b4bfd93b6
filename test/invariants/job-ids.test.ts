// Contract: "Job IDs: zero is never issued. Allocation wraps from u32::MAX to one and scans the
// bounded retained table, so an ID cannot collide with a visible job."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobTable, MAX_JOB_ID } from '../../shell/jobs/table';
import type { JobId } from '../../shell/jobs/job';
import { type FakeJob, fakeJob } from '../support/fake-jobs';
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
