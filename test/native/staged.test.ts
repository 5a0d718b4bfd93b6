// spawnStaged / releaseStaged / abandonStaged: a group leader that runs nothing of its guest
// until released, and is the same process before and after.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { SIG, Scope, nativeErrorLike, procExe, procList, procState, procStatus, settledFds, waitFor, waitForExec } from './helpers';

const STAGE = realpathSync(path.join(__dirname, '..', '..', 'native', 'build', 'Release', 'quirl-stage'));

describe('staged leader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quirl-staged-'));
  test.after(() => rmSync(dir, { recursive: true, force: true }));
  let markers = 0;
  /** A guest that records its PID in a fresh marker file, then becomes sleep. */
  function markingGuest(): { argv: string[]; marker: string } {
    const marker = path.join(dir, `marker-${++markers}`);
    return { argv: ['/bin/sh', '-c', 'echo $$ > "$1" && exec /bin/sleep 60', 'sh', marker], marker };
  }

  test('before release the child is quirl-stage leading its own group (which another child can join) and the guest has not run; after, the same PID runs the guest', async (t) => {
    const scope = new Scope(t);
    const { argv, marker } = markingGuest();
    const child = scope.spawnStaged(argv);
    assert.equal(procExe(child.pid), STAGE);
    assert.equal(native.getpgid(child.pid), child.pid);
    await waitFor('the helper to block in read', () => (procState(child.pid) === 'S' ? true : undefined));
    assert.equal(existsSync(marker), false, 'no guest instruction before release');
    assert.equal(native.waitPid(child.pid), null);
    // The anchor joins the group while the leader waits.
    const anchor = scope.spawn(['/bin/sleep', '60'], { group: { kind: 'join', pgid: child.pid } });
    assert.equal(native.getpgid(anchor), child.pid);

    scope.release(child);
    await waitForExec(child.pid, '/bin/sleep');
    assert.equal(readFileSync(marker, 'utf8'), `${child.pid}\n`);
    assert.equal(native.getpgid(child.pid), child.pid);
  });

  test('the helper runs with an empty environment (nothing of the guest, such as LD_PRELOAD, loads into it); the guest gets its own', async (t) => {
    const scope = new Scope(t);
    const env = ['LD_PRELOAD=/nonexistent/preload.so', 'A=1'];
    const child = scope.spawnStaged(['/bin/sleep', '60'], { env });
    assert.deepEqual(procList(child.pid, 'environ'), []);
    scope.release(child);
    await waitForExec(child.pid, '/bin/sleep');
    assert.deepEqual(procList(child.pid, 'environ'), env);
  });

  test('the released guest has exactly its planned descriptors, every signal at its default and an empty mask', async (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/sleep', '60']);
    // Before release: the plan plus the status (3) and release (4) channels.
    assert.deepEqual(await settledFds(child.pid, [0, 1, 2, 3, 4]), [0, 1, 2, 3, 4]);
    scope.release(child);
    await waitForExec(child.pid, '/bin/sleep');
    assert.deepEqual(await settledFds(child.pid, [0, 1, 2]), [0, 1, 2]);
    assert.equal(procStatus(child.pid, 'SigIgn'), '0000000000000000');
    assert.equal(procStatus(child.pid, 'SigBlk'), '0000000000000000');
  });

  test('releaseStaged closes both channel descriptors, and a child cannot be settled twice', (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/true']);
    scope.release(child);
    assert.equal(existsSync(`/proc/self/fd/${child.releaseFd}`), false);
    assert.equal(existsSync(`/proc/self/fd/${child.statusFd}`), false);
    assert.throws(() => native.releaseStaged(child, 1000), /native\.releaseStaged: child must be a StagedChild/);
    assert.throws(() => native.abandonStaged(child), /native\.abandonStaged: child must be a StagedChild/);
  });

  test('abandon: the child exits 127 and the guest never runs', async (t) => {
    const scope = new Scope(t);
    const { argv, marker } = markingGuest();
    const child = scope.spawnStaged(argv);
    scope.abandon(child);
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 127 });
    assert.equal(existsSync(marker), false);
  });

  test('release of a missing program throws ENOENT (execve, path = file) and the child exits 127', async (t) => {
    const scope = new Scope(t);
    const file = path.join(dir, 'missing');
    const child = scope.spawnStaged([file]);
    assert.throws(() => scope.release(child), nativeErrorLike({ code: 'ENOENT', syscall: 'execve', path: file }));
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 127 });
  });

  test('release with a missing cwd throws ENOENT (chdir, path = cwd) and the guest never runs', async (t) => {
    const scope = new Scope(t);
    const { argv, marker } = markingGuest();
    const cwd = path.join(dir, 'no-such-dir');
    const child = scope.spawnStaged(argv, { cwd });
    assert.throws(() => scope.release(child), nativeErrorLike({ code: 'ENOENT', syscall: 'chdir', path: cwd }));
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 127 });
    assert.equal(existsSync(marker), false);
  });

  test('release changes to cwd before exec', async (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/sleep', '60'], { cwd: dir });
    scope.release(child);
    await waitForExec(child.pid, '/bin/sleep');
    assert.equal(realpathSync(`/proc/${child.pid}/cwd`), realpathSync(dir));
  });

  test('a foregroundTtyChildFd that is not a terminal makes release throw ENOTTY (tcsetpgrp); the child exits 126', async (t) => {
    const scope = new Scope(t);
    const notTty = scope.pipe();
    const nul = scope.devNull();
    const child = scope.spawnStaged(['/bin/true'], { fds: [nul, nul, nul, notTty.write], foregroundTtyChildFd: 3 });
    assert.throws(() => scope.release(child), nativeErrorLike({ code: 'ENOTTY', syscall: 'tcsetpgrp' }));
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 126 });
  });

  test('release of a stopped child throws ETIMEDOUT (syscall release) within the timeout, and closes both channels', async (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/true']);
    native.kill(child.pid, SIG.SIGSTOP);
    assert.deepEqual(await scope.status(child.pid), { kind: 'stopped', pid: child.pid, signal: SIG.SIGSTOP });
    const started = Date.now();
    assert.throws(() => scope.release(child, 50), nativeErrorLike({ code: 'ETIMEDOUT', syscall: 'release' }));
    assert.ok(Date.now() - started < 5_000);
    assert.equal(existsSync(`/proc/self/fd/${child.releaseFd}`), false);
    assert.equal(existsSync(`/proc/self/fd/${child.statusFd}`), false);
  });

  test('release of a child that already died throws EPIPE', async (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/true']);
    scope.kill(child.pid);
    assert.throws(() => scope.release(child), nativeErrorLike({ code: 'EPIPE', syscall: 'write' }));
  });

  test('quirl-stage run by hand refuses, without exec, exit 126', () => {
    const run = spawnSync(STAGE, ['3'], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(run.status, 126);
    assert.match(run.stderr, /internal helper/);
  });
});
