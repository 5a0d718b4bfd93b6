// An executor that prepares groups ahead of need (the script runner's choice): between jobs it
// holds one prepared leader and its ready anchor; each job takes that group and the next is made
// while the job runs; a group that went bad while waiting is given up for one made on demand;
// dispose leaves no child and no descriptor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { native } from '../../native';
import { ANCHOR_SCRIPT } from '../../shell/exec/anchor';
import { SIGNALS } from '../../shell/exec/signals';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, pipeline, quiet } from '../support/pipelines';
import { childrenOf, cmdline, waitFor } from '../support/proc';

/**
 * The executor's prepared pair: the helper leading its group and the anchor in it. It is made
 * without waiting, so the pair is awaited until both have exec'd (until then /proc shows the
 * parent's command line); then nothing else may be there.
 */
async function preparedPair(): Promise<{ leader: number; anchor: number }> {
  const children = () => childrenOf().filter((child) => child.comm !== 'esbuild');
  const pair = await waitFor('the prepared leader and its anchor', () => {
    const leader = children().find((child) => cmdline(child.pid)[1] === '--prepared' && child.pgid === child.pid);
    const anchors = children().filter((child) => leader !== undefined && child.pgid === leader.pid && cmdline(child.pid).includes(ANCHOR_SCRIPT));
    return leader !== undefined && anchors.length > 0 && { leader: leader.pid, anchor: (anchors[0] as (typeof anchors)[number]).pid, anchors: anchors.length };
  });
  assert.equal(pair.anchors, 1);
  assert.equal(children().length, 2, `nothing else is left between jobs: ${JSON.stringify(children().map((c) => cmdline(c.pid)))}`);
  return { leader: pair.leader, anchor: pair.anchor };
}

test('prepared groups: each job runs in the group prepared before it, and the next one is ready after it', async () => {
  const baseline = await fdBaseline();
  const executor = newExecutor();
  try {
    executor.prepareGroupsAhead();
    const first = await preparedPair();
    const outcome = await executor.executeInteractiveRequest(quiet(external(['true'])));
    assert.equal(outcome.status, 0);
    assert.equal(outcome.job.pgid, first.leader, 'the job led by the prepared helper');
    const second = await preparedPair();
    assert.notEqual(second.leader, first.leader);

    const captured = await executor.executeCaptureRequest(pipeline(external(['sh', '-c', 'echo "$0 $*" && ls /proc/$$/fd', 'a b', 'c']), external(['sort'])), { maxBytes: 1024 });
    assert.equal(captured.status, 0);
    assert.deepEqual(captured.stdout.data.toString().split('\n'), ['0', '1', '2', 'a b c', ''], 'argv as given, exactly descriptors 0-2');
    assert.notEqual((await preparedPair()).leader, second.leader, 'a fresh pair after the pipeline');
  } finally {
    executor.dispose();
  }
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), baseline);
});

test('prepared groups: a prepared anchor that died while waiting is given up, and the job gets a group made on demand', async () => {
  const baseline = await fdBaseline();
  const executor = newExecutor();
  try {
    executor.prepareGroupsAhead();
    const { leader, anchor } = await preparedPair();
    native.kill(anchor, SIGNALS.SIGKILL);
    await waitFor('the killed anchor to be a zombie', () => childrenOf().some((child) => child.pid === anchor && child.state === 'Z'));
    const outcome = await executor.executeInteractiveRequest(quiet(external(['true'])));
    assert.equal(outcome.status, 0);
    assert.notEqual(outcome.job.pgid, leader);
    assert.ok(!childrenOf().some((child) => child.pid === leader || child.pid === anchor), 'the bad pair is reaped');
    await preparedPair();
  } finally {
    executor.dispose();
  }
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), baseline);
});

test('prepared groups: a command that is not found leaves the prepared group for the next one', async () => {
  const executor = newExecutor();
  try {
    executor.prepareGroupsAhead();
    const { leader } = await preparedPair();
    await assert.rejects(
      executor.executeInteractiveRequest(quiet({ ...external(['true']), target: { file: '/nonexistent/prog', argv: ['prog'] } })),
      (error: unknown) => (error as { code?: string }).code === 'CommandNotFound',
    );
    const outcome = await executor.executeInteractiveRequest(quiet(external(['true'])));
    assert.equal(outcome.status, 0);
    assert.notEqual(outcome.job.pgid, leader, 'the failed construction consumed the prepared group');
  } finally {
    executor.dispose();
  }
  await assertNoChildrenLeft();
});
