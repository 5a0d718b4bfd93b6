// Tests of the sandboxed runner (run.ts) itself: statuses, deadlines, capture limits, cleanup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { makeSandbox, runProcess, sandboxEnv, SHELLS, type RunOptions } from './run';

const sh = (script: string, extra: Partial<RunOptions> = {}) => {
  const sandbox = makeSandbox();
  return runProcess({
    argv: ['/bin/sh', '-c', script],
    cwd: sandbox.work,
    env: sandboxEnv(sandbox, SHELLS.bash!),
    timeoutMs: 10_000,
    ...extra,
  }).finally(() => sandbox.remove());
};

/** Whether `pid` is gone (or a zombie waiting for init), polled until a deadline. */
async function gone(pid: number, deadlineMs = 5_000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    let state: string | undefined;
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    } catch {
      return true;
    }
    if (state === 'Z' || state === 'X') return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('run › exit status, and 128+N for death by signal N', async () => {
  assert.equal((await sh('exit 7')).status, 7);
  const killed = await sh('kill -TERM $$');
  assert.equal(killed.status, 143);
  assert.equal(killed.signal, 'SIGTERM');
});

test('run › stdout and stderr are captured apart; stdin is /dev/null', async () => {
  const r = await sh('echo out; echo err >&2; readlink /proc/self/fd/0; cat; echo "[$?]"');
  assert.equal(r.stdout, 'out\n/dev/null\n[0]\n');
  assert.equal(r.stderr, 'err\n');
});

test('run › the environment is exactly the fixed one', async () => {
  const sandbox = makeSandbox();
  try {
    const r = await runProcess({ argv: ['/usr/bin/env'], cwd: sandbox.work, env: sandboxEnv(sandbox, SHELLS.bash!), timeoutMs: 10_000 });
    const keys = r.stdout.trim().split('\n').map((l) => l.slice(0, l.indexOf('='))).sort();
    assert.deepEqual(keys, ['HOME', 'LC_ALL', 'PATH', 'QUIRL_SPEC_RUN', 'SH', 'TMPDIR']);
    assert.match(r.stdout, new RegExp(`^HOME=${sandbox.home}$`, 'm'));
  } finally {
    sandbox.remove();
  }
});

test('run › a deadline kills the whole process group', async () => {
  const start = Date.now();
  const r = await sh('sleep 30 & echo $! >&2; wait', { timeoutMs: 300 });
  assert.equal(r.timedOut, true);
  assert.ok(Date.now() - start < 5_000);
  const pid = Number(r.stderr.trim());
  assert.ok(pid > 0, r.stderr);
  assert.equal(await gone(pid), true);
});

test('run › leftovers are counted and killed, even in a group of their own', async () => {
  const r = await sh('setsid sleep 30 & echo $!');
  assert.equal(r.timedOut, false);
  assert.equal(r.stragglers, 1);
  assert.equal(await gone(Number(r.stdout.trim())), true);
  assert.equal((await sh('sleep 0 & wait; echo done')).stragglers, 0);
});

test('run › output past the limit kills the run', async () => {
  const r = await sh('yes', { maxBytes: 10_000 });
  assert.equal(r.overflowed, true);
  assert.ok(r.stdout.length <= 10_000);
});

test('run › input is written to stdin when given', async () => {
  assert.equal((await sh('tr a-z A-Z', { input: 'abc\n' })).stdout, 'ABC\n');
});

test('run › a missing executable rejects', async () => {
  const sandbox = makeSandbox();
  try {
    await assert.rejects(runProcess({ argv: ['/nonexistent/x'], cwd: sandbox.work, env: {}, timeoutMs: 1_000 }), /ENOENT/);
  } finally {
    sandbox.remove();
  }
});
