// Contract: "Cancellation and deadline: each bounded polling turn observes the request state.
// Cancellation or expiry terminates the whole contained process tree, reaps direct children,
// drains or closes capture streams, and returns the cancellation error rather than a cleanup
// error."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShellError } from '../../shell/errors';
import { allProcesses, cmdline } from '../support/proc';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, pipeline, quiet } from '../support/pipelines';

function processesWith(marker: string): number[] {
  return allProcesses().filter((stat) => cmdline(stat.pid).some((arg) => arg.includes(marker))).map((stat) => stat.pid);
}

test('cancellation: an abort terminates the whole tree (grandchildren too), reaps it, and reports Cancelled', async () => {
  const executor = newExecutor();
  const controller = new AbortController();
  const request = executor.executeInteractiveRequest(
    quiet(external(['sh', '-c', 'sleep 41.1 & sleep 41.2; wait']), external(['sleep', '41.3'])),
    { signal: controller.signal },
  );
  setImmediate(() => controller.abort());
  await assert.rejects(request, (error) => isShellError(error, 'Cancelled') && error.status === 130);
  assert.deepEqual(processesWith('sleep 41.'), []);
  assert.deepEqual(processesWith('41.'), []);
  assert.equal(executor.jobs.size, 0);
  await assertNoChildrenLeft();
});

test('deadline: an expired request is cancelled the same way', async () => {
  const executor = newExecutor();
  const started = Date.now();
  await assert.rejects(
    executor.executeInteractiveRequest(quiet(external(['sleep', '42.1'])), { deadline: Date.now() + 200 }),
    (error) => isShellError(error, 'Cancelled') && /deadline/.test(error.message),
  );
  assert.ok(Date.now() - started < 15_000);
  assert.deepEqual(processesWith('42.1'), []);
  await assertNoChildrenLeft();
});

test('cancellation: a capture request closes its streams and leaks no descriptor', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  const controller = new AbortController();
  const request = executor.executeCaptureRequest(pipeline(external(['sh', '-c', 'yes | head -c 100000; sleep 43.1'])), {
    maxBytes: 1000,
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(), 100);
  await assert.rejects(request, (error) => isShellError(error, 'Cancelled'));
  assert.deepEqual(fdSnapshot(), before);
  assert.deepEqual(processesWith('43.1'), []);
  await assertNoChildrenLeft();
});

test('cancellation: a request already cancelled spawns nothing', async () => {
  const executor = newExecutor();
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    executor.executeInteractiveRequest(quiet(external(['sleep', '44.1'])), { signal: controller.signal }),
    (error) => isShellError(error, 'Cancelled'),
  );
  assert.deepEqual(processesWith('44.1'), []);
});
