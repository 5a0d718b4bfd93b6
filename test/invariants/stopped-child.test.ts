// Contract: "Stopped child: observing one stopped pipeline member stops every live member before
// the job is committed. A stopped job retains its children and bounded drain tasks until fg, bg,
// cancellation, completion, or executor destruction owns the next transition."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { native } from '../../native';
import { SIGNALS } from '../../shell/exec/signals';
import { readStat, waitFor } from '../support/proc';
import { assertNoChildrenLeft, external, newExecutor, quiet } from '../support/pipelines';

const isStopped = (pid: number): boolean => readStat(pid)?.state === 'T';

test('stopped child: one stopped member stops every live member and the job reads stopped', async () => {
  const executor = newExecutor();
  const job = executor.startBackground(quiet(external(['sleep', '30']), external(['sleep', '31']), external(['sleep', '32'])));
  const pids = job.processes.map((process) => process.pid as number);
  native.kill(pids[1] as number, SIGNALS.SIGSTOP);
  await waitFor('the job to be stopped', () => job.state.kind === 'stopped');
  await waitFor('every member to be stopped', () => pids.every(isStopped));
  assert.ok(isStopped(job.group?.anchor.pid as number), 'the anchor stopped with its group');

  executor.background(job);
  await waitFor('the job to run again', () => job.state.kind === 'running');
  await waitFor('every member to run again', () => pids.every((pid) => !isStopped(pid)));

  job.terminate();
  const done = await job.whenDone();
  assert.equal(done.kind, 'done');
  await assertNoChildrenLeft();
});

test('stopped child: a stopped job keeps its children until it is continued or terminated', async () => {
  const executor = newExecutor();
  const job = executor.startBackground(quiet(external(['sleep', '30'])));
  const pid = job.pgid as number;
  job.signal(SIGNALS.SIGTSTP);
  await waitFor('the job to be stopped', () => job.state.kind === 'stopped');
  assert.equal(executor.jobs.get(job.id), job, 'the stopped job is retained');
  assert.ok(readStat(pid) !== undefined, 'its child is still there');
  job.terminate();
  await job.whenDone();
  assert.equal(readStat(pid), undefined);
  await assertNoChildrenLeft();
});

test('stopped child: a foreground request returns when its job stops, with status 148', async () => {
  const executor = newExecutor();
  const request = executor.executeInteractiveRequest(quiet(external(['sh', '-c', 'kill -TSTP $$; exit 7'])));
  const outcome = await request;
  assert.equal(outcome.kind, 'stopped');
  assert.equal(outcome.status, 128 + SIGNALS.SIGTSTP);
  const resumed = await executor.foreground(outcome.job);
  assert.equal(resumed.kind, 'done');
  assert.equal(resumed.status, 7);
  await assertNoChildrenLeft();
});
