// Contract: "Drains: capture readers continuously drain child output while retaining only the
// configured byte budget. Here-string writers remain owned by the job while stopped and are
// joined after completion or termination. When direct children finish first, refresh
// best-effort terminates surviving group members before joining either kind of task, so
// inherited pipe ends cannot hang the shell."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allProcesses, cmdline, waitFor } from '../support/proc';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, pipeline, quiet } from '../support/pipelines';

test('drains: a capture keeps only its budget but reads the whole stream', async () => {
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(pipeline(external(['head', '-c', '20000000', '/dev/zero'])), {
    maxBytes: 1 << 20,
  });
  assert.equal(outcome.status, 0, 'the writer was never blocked into failure');
  assert.equal(outcome.stdout.data.length, 1 << 20);
  assert.equal(outcome.stdout.totalBytes, 20_000_000);
  assert.equal(outcome.stdout.truncated, true);
  await assertNoChildrenLeft();
});

test('drains: stdout and stderr are drained at once, so neither can block the other', async () => {
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(
    pipeline(external(['sh', '-c', 'head -c 3000000 /dev/zero >&2; head -c 3000000 /dev/zero'])),
    { maxBytes: 10 },
  );
  assert.equal(outcome.stderr.totalBytes, 3_000_000);
  assert.equal(outcome.stdout.totalBytes, 3_000_000);
});

// The grandchild would hold the pipe for 300 s; the test's deadline (generous, far below that)
// turns a hang into a failure.
test('drains: a surviving grandchild holding the capture pipe does not hang the shell', { timeout: 60_000 }, async () => {
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(pipeline(external(['sh', '-c', 'sleep 300.1 & echo started'])), {
    maxBytes: 100,
  });
  assert.equal(outcome.stdout.data.toString(), 'started\n');
  await waitFor('the grandchild to be gone', () => !allProcesses().some((stat) => cmdline(stat.pid).includes('300.1')));
  await assertNoChildrenLeft();
});

test('drains: a here-string larger than a pipe is written in full', async () => {
  const executor = newExecutor();
  const text = 'x'.repeat(1_000_000);
  const outcome = await executor.executeCaptureRequest(
    pipeline({ ...external(['wc', '-c']), redirects: [{ kind: 'hereString', fd: 0, text }] }),
    { maxBytes: 100 },
  );
  assert.equal(outcome.stdout.data.toString().trim(), '1000001');
});

test('drains: a here-string writer stays owned while its job is stopped, and is joined after it ends', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  const text = 'y'.repeat(2_000_000);
  const job = executor.startBackground(quiet({ ...external(['sh', '-c', 'kill -STOP $$; wc -c']), redirects: [{ kind: 'hereString', fd: 0, text }] }));
  await waitFor('the job to stop', () => job.state.kind === 'stopped');
  assert.notDeepEqual(fdSnapshot(), before, 'the writer still holds its pipe end');
  executor.background(job);
  const state = await job.whenDone();
  assert.equal(state.kind === 'done' && state.status, 0);
  assert.deepEqual(fdSnapshot(), before, 'the writer was joined and its descriptor closed');
  await assertNoChildrenLeft();
});

test('drains: terminating a job with an unfinished here-string joins its writer', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  const job = executor.startBackground(quiet({ ...external(['sleep', '46.1']), redirects: [{ kind: 'hereString', fd: 0, text: 'z'.repeat(3_000_000) }] }));
  job.terminate();
  await job.whenDone();
  assert.deepEqual(fdSnapshot(), before);
  await assertNoChildrenLeft();
});
