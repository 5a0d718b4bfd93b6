// Contract: "Each live Unix process group adds exactly one anchor process, two bounded pipes, one
// retained readiness byte ... established groups retain no anchor reader thread or output buffer."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupMembers, openFds } from '../support/proc';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, quiet } from '../support/pipelines';

test('resources per group: one anchor process, and one descriptor retained by the shell once setup ends', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  const job = executor.startBackground(quiet(external(['sleep', '30'])));
  const after = fdSnapshot().filter((fd) => !before.includes(fd));
  assert.equal(after.length, 1, `the shell keeps only the anchor's stdin pipe: ${JSON.stringify(after)}`);
  assert.match(openFds().get(after[0] as number) ?? '', /^pipe:/);
  assert.equal(groupMembers(job.pgid as number).length, 2, 'the guest and one anchor');
  job.terminate();
  await job.whenDone();
  assert.deepEqual(fdSnapshot(), before, 'nothing is retained once the job is done');
  await assertNoChildrenLeft();
});

test('resources per group: ten live groups hold ten anchors and ten descriptors', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  const jobs = Array.from({ length: 10 }, () => executor.startBackground(quiet(external(['sleep', '30']))));
  assert.equal(fdSnapshot().length - before.length, 10);
  for (const job of jobs) job.terminate();
  await Promise.all(jobs.map((job) => job.whenDone()));
  assert.deepEqual(fdSnapshot(), before);
  await assertNoChildrenLeft();
});
