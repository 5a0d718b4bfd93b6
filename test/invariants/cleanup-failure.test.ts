// Contract: "Cleanup failure: cleanup is best-effort across every owned resource; one failed
// group operation does not skip direct-child cleanup. When an operating error already exists,
// cleanup cannot replace it. ... Even when group signaling fails, the direct-child anchor is
// killed and reaped last; no retry or probe may use the released PGID."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { native } from '../../native';
import { isShellError } from '../../shell/errors';
import { allProcesses, cmdline } from '../support/proc';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, quiet } from '../support/pipelines';

/** Makes every killpg fail with EPERM for the duration of `body`, recording what it was asked. */
async function withFailingKillpg<T>(body: (calls: number[]) => Promise<T>): Promise<T> {
  const original = native.killpg;
  const calls: number[] = [];
  (native as { killpg: typeof native.killpg }).killpg = (pgid: number) => {
    calls.push(pgid);
    throw Object.assign(new Error('EPERM: operation not permitted, killpg'), { code: 'EPERM', errno: 1, syscall: 'killpg' });
  };
  try {
    return await body(calls);
  } finally {
    (native as { killpg: typeof native.killpg }).killpg = original;
  }
}

function tooLong() {
  const stage = external(['true']);
  return { ...stage, target: { ...stage.target, argv: ['true', 'x'.repeat(4 * 1024 * 1024)] } };
}

test('cleanup failure: a failed group signal does not skip direct-child cleanup, and the original error wins', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  await withFailingKillpg(async (calls) => {
    await assert.rejects(
      executor.executeInteractiveRequest(quiet(external(['sleep', '47.1']), tooLong())),
      (error) => isShellError(error, 'SpawnFailed') && /Argument list too long/.test(error.message),
      'the construction error, not the EPERM of cleanup',
    );
    assert.equal(calls.length, 1, 'the group is signaled once, with no retry or probe');
  });
  assert.deepEqual(allProcesses().filter((stat) => cmdline(stat.pid).includes('47.1')), [], 'the direct child was killed anyway');
  assert.deepEqual(fdSnapshot(), before);
  await assertNoChildrenLeft();
});

test('cleanup failure: when the group cannot be signaled at completion, the anchor is still killed and reaped', async () => {
  const executor = newExecutor();
  const job = executor.startBackground(quiet(external(['sleep', '0.05'])));
  const anchorPid = job.group?.anchor.pid as number;
  await withFailingKillpg(async (calls) => {
    await job.whenDone();
    assert.deepEqual(calls, [job.pgid], 'one group signal at completion');
  });
  assert.equal(allProcesses().some((stat) => stat.pid === anchorPid), false, 'the anchor is gone');
  await assertNoChildrenLeft();
});
