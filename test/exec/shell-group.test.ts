// An executor without job control (a script's) makes no process groups: each stage is one spawn
// in the shell's own group, with no staged leader and no anchor. A construction that fails kills
// and reaps each child it started, leaving no descriptor; a background job's programs ignore
// SIGINT and SIGQUIT; a request with a deadline and a reference dialect's runner keep a group.
// Underneath, the addon's spawn() into the shell's group and with SIGINT/SIGQUIT ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { native } from '../../native';
import type { Executor } from '../../shell/exec/executor';
import { SIGNALS } from '../../shell/exec/signals';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, pipeline, quiet, quietStage, shellChildren } from '../support/pipelines';
import { childrenOf, openFds, readStat, signalSet, waitFor } from '../support/proc';

function executorWithoutJobControl(): Executor {
  const executor = newExecutor();
  executor.jobControl = false;
  return executor;
}

const BASE = { argv: ['sleep', '30'], env: [], cwd: null, fds: [0, 1, 2] } as const;

test('spawn into the shell group: the child stays in this process group', async () => {
  const pid = native.spawn({ ...BASE, file: '/bin/sleep', group: { kind: 'shell' } });
  try {
    assert.equal(native.getpgid(pid), native.getpgrp());
    assert.deepEqual(signalSet(pid, 'SigIgn').has(SIGNALS.SIGINT), false);
  } finally {
    native.kill(pid, SIGNALS.SIGKILL);
    native.reapKilled(pid);
  }
});

test('spawn ignoring interrupts: the program runs as its own PID with SIGINT and SIGQUIT ignored and descriptors 0-2 only', async () => {
  const pid = native.spawn({ ...BASE, file: '/bin/sleep', group: { kind: 'shell' }, ignoreInterrupts: true });
  try {
    await waitFor('the helper to have exec’d sleep', () => readStat(pid)?.comm === 'sleep');
    const ignored = signalSet(pid, 'SigIgn');
    assert.ok(ignored.has(SIGNALS.SIGINT) && ignored.has(SIGNALS.SIGQUIT), `SigIgn: ${[...ignored].join(',')}`);
    assert.equal(ignored.has(SIGNALS.SIGTERM), false, 'nothing else is ignored');
    assert.equal(native.getpgid(pid), native.getpgrp());
    await waitFor('the descriptors to settle at 0, 1, 2', () => [...openFds(pid).keys()].sort().join() === '0,1,2' || undefined);
  } finally {
    native.kill(pid, SIGNALS.SIGKILL);
    native.reapKilled(pid);
  }
});

test('spawn ignoring interrupts: an exec failure is thrown with its path and leaves no child', () => {
  const before = fdSnapshot();
  assert.throws(
    () => native.spawn({ ...BASE, file: '/nonexistent/prog', group: { kind: 'shell' }, ignoreInterrupts: true }),
    (error: unknown) => (error as { code?: string; syscall?: string; path?: string }).code === 'ENOENT' && (error as { syscall?: string }).syscall === 'execve' && (error as { path?: string }).path === '/nonexistent/prog',
  );
  assert.deepEqual(shellChildren(), []);
  assert.deepEqual(fdSnapshot(), before);
});

test('without job control each stage is one child in the shell group, with no leader or anchor beside it', async () => {
  const executor = executorWithoutJobControl();
  const baseline = await fdBaseline();
  // sleep writes into the pipe (only cat's output is quieted), so cat lives as long as sleep.
  const running = executor.executeInteractiveRequest(pipeline(external(['sleep', '30.1']), quietStage(external(['cat']))));
  const members = await waitFor('sleep and cat to run', () => {
    const children = childrenOf().filter((child) => child.comm === 'sleep' || child.comm === 'cat');
    return children.length === 2 ? children : undefined;
  });
  assert.deepEqual(shellChildren().length, 2, `nothing but the two stages: ${shellChildren().join('; ')}`);
  for (const member of members) assert.equal(member.pgid, native.getpgrp(), `${member.comm} is in the shell group`);
  for (const member of members) native.kill(member.pid, SIGNALS.SIGTERM);
  const outcome = await running;
  assert.equal(outcome.kind, 'done');
  assert.equal(outcome.job.pgid, undefined, 'the job has no group of its own');
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), baseline);
});

test('without job control a failed construction kills and reaps the stages already started and closes every pipe', async () => {
  const executor = executorWithoutJobControl();
  const baseline = await fdBaseline();
  await assert.rejects(
    executor.executeInteractiveRequest(quiet(external(['sleep', '30.2']), { ...external(['true']), target: { file: '/nonexistent/prog', argv: ['prog'] } })),
    (error: unknown) => (error as { code?: string }).code === 'CommandNotFound',
  );
  // Reaped by the construction itself: not a zombie, not even for a moment after the rejection.
  assert.deepEqual(shellChildren(), []);
  assert.deepEqual(fdSnapshot(), baseline);
  assert.deepEqual(executor.jobs.list(), [], 'the failed job is not retained');
});

test('without job control a background job shares the shell group and its programs ignore SIGINT and SIGQUIT', async () => {
  const executor = executorWithoutJobControl();
  const job = executor.startBackground(quiet(external(['sleep', '30.3'])));
  const pid = job.lastPid as number;
  try {
    assert.equal(readStat(pid)?.pgid, native.getpgrp());
    const ignored = signalSet(pid, 'SigIgn');
    assert.ok(ignored.has(SIGNALS.SIGINT) && ignored.has(SIGNALS.SIGQUIT));
    assert.equal(job.ignoresInterrupts, true);
  } finally {
    job.terminate();
    await job.whenDone();
  }
  await assertNoChildrenLeft();
});

test('without job control a stop of a command is not the job’s: it reads running and finishes when continued', async () => {
  const executor = executorWithoutJobControl();
  const running = executor.executeInteractiveRequest(quiet(external(['sleep', '0.5'])));
  const sleep = await waitFor('sleep to run', () => childrenOf().find((child) => child.comm === 'sleep'));
  native.kill(sleep.pid, SIGNALS.SIGSTOP);
  await waitFor('sleep to be stopped', () => readStat(sleep.pid)?.state === 'T' || undefined);
  executor.watcher.poll();
  const job = executor.jobs.list()[0];
  assert.equal(job?.state.kind, 'running');
  native.kill(sleep.pid, SIGNALS.SIGCONT);
  const outcome = await running;
  assert.deepEqual([outcome.kind, outcome.status], ['done', 0]);
  await assertNoChildrenLeft();
});

test('without job control a request with a deadline and a reference dialect keep a group of their own', async () => {
  const executor = executorWithoutJobControl();
  const timed = await executor.executeInteractiveRequest(quiet(external(['true'])), { deadline: Date.now() + 60_000 });
  assert.notEqual(timed.job.pgid, undefined);
  const contained = await executor.executeInteractiveRequest(quiet({ ...external(['true']), contained: true }));
  assert.notEqual(contained.job.pgid, undefined);
  await assertNoChildrenLeft();
});

test('without job control terminateAll kills and reaps every child at once (the shell is dying)', async () => {
  const executor = executorWithoutJobControl();
  const first = executor.startBackground(quiet(external(['sleep', '30.4'])));
  const second = executor.startBackground(quiet(external(['sleep', '30.5']), external(['cat'])));
  executor.terminateAll();
  assert.deepEqual(shellChildren(), [], 'no child, not even a zombie, right after');
  await Promise.all([first.whenDone(), second.whenDone()]);
});

for (const jobControl of [false, true]) {
  test(`the signals a stage's settings ignore are ignored in each of its programs, ${jobControl ? 'with' : 'without'} job control`, async () => {
    const executor = newExecutor();
    executor.jobControl = jobControl;
    const settings = { ignoredSignals: [SIGNALS.SIGINT, SIGNALS.SIGTERM] };
    const marker = jobControl ? '30.5' : '30.4';
    // The leader (staged, or in the shell's group) and a second stage (joining its group, or not).
    const running = executor.executeInteractiveRequest(quiet({ ...external(['sleep', marker]), settings }, { ...external(['sleep', marker]), settings }));
    const members = await waitFor('both sleeps to run', () => {
      const children = childrenOf().filter((child) => child.comm === 'sleep');
      return children.length === 2 ? children : undefined;
    });
    for (const member of members) {
      const ignored = signalSet(member.pid, 'SigIgn');
      assert.deepEqual([SIGNALS.SIGINT, SIGNALS.SIGQUIT, SIGNALS.SIGTERM].map((signal) => ignored.has(signal)), [true, false, true], `sleep ${member.pid}`);
    }
    for (const member of members) native.kill(member.pid, SIGNALS.SIGKILL);
    await running;
    await assertNoChildrenLeft();
  });
}
