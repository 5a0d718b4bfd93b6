// waitPid / reapKilled: every kind of status, on one PID only, never stealing libuv's children.
import { strict as assert } from 'node:assert';
import { spawn as spawnChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { SIG, Scope, nativeErrorLike, procState, spinUntil, waitFor } from './helpers';

describe('waitPid', () => {
  test('reports stopped (SIGSTOP), continued (SIGCONT) and signaled (SIGTERM), and null in between', async (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sleep', '60']);
    assert.equal(native.waitPid(pid), null);
    native.kill(pid, SIG.SIGSTOP);
    assert.deepEqual(await scope.status(pid), { kind: 'stopped', pid, signal: SIG.SIGSTOP });
    assert.equal(native.waitPid(pid), null, 'a stop is reported once');
    native.kill(pid, SIG.SIGCONT);
    assert.deepEqual(await scope.status(pid), { kind: 'continued', pid });
    native.kill(pid, SIG.SIGTERM);
    assert.deepEqual(await scope.status(pid), { kind: 'signaled', pid, signal: SIG.SIGTERM, coreDumped: false });
  });

  test('reports exited with the exit code', async (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sh', '-c', 'exit 3']);
    assert.deepEqual(await scope.end(pid), { kind: 'exited', pid, code: 3 });
  });

  test('on one PID it does not reap a child_process child: that child\'s exit event still fires', async (t) => {
    const scope = new Scope(t);
    const other = spawnChildProcess('/bin/true', { stdio: 'ignore' });
    const exited = once(other, 'exit');
    const otherPid = other.pid as number;
    // Without yielding to the event loop, libuv cannot reap it: both children are zombies when
    // waitPid runs, so a waitpid(-1) would have taken the other one.
    spinUntil('the child_process child to exit', () => procState(otherPid) === 'Z');
    const pid = scope.spawn(['/bin/true']);
    let status = native.waitPid(pid);
    spinUntil('our child to be reported', () => (status ??= native.waitPid(pid)) !== null);
    assert.deepEqual(status, { kind: 'exited', pid, code: 0 });
    const timeout = AbortSignal.timeout(10_000);
    const [code] = await Promise.race([exited, once(timeout, 'abort').then(() => assert.fail('no exit event'))]);
    assert.equal(code, 0);
  });

  test('on a PID that is not a child it throws ECHILD (syscall waitpid)', () => {
    assert.throws(() => native.waitPid(1), nativeErrorLike({ code: 'ECHILD', syscall: 'waitpid' }));
  });
});

describe('reapKilled', () => {
  test('blocks until a killed child is reaped, even a stopped one', async (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sleep', '60']);
    native.kill(pid, SIG.SIGSTOP);
    await waitFor('the stop', () => native.waitPid(pid) ?? undefined);
    assert.deepEqual(scope.kill(pid), { kind: 'signaled', pid, signal: SIG.SIGKILL, coreDumped: false });
    assert.equal(procState(pid), undefined, 'reaped: gone from /proc');
  });
});
