// releasePrepared: a staged leader started before its guest is known (by a group preparation),
// whose release brings the guest's descriptors (SCM_RIGHTS), argv, environment and directory.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { native } from '../../native';
import type { PreparedGuest, StagedChild } from '../../native';
import { Scope, nativeErrorLike, procExe, procFds, procList, procState, settledFds, waitFor, waitForExec } from './helpers';

const STAGE = realpathSync(path.join(__dirname, '..', '..', 'native', 'build', 'Release', 'quirl-stage'));

/**
 * A prepared child owned by the scope, with a sleeping anchor in its group: abandoned and reaped
 * at the end unless released.
 */
function prepare(t: TestContext, scope: Scope): StagedChild {
  const devNull = scope.devNull();
  const anchorFds = [devNull, devNull, devNull];
  const { staged: child, anchor } = native.finishPreparingGroup(
    native.startPreparingGroup({ file: '/bin/sleep', argv: ['sleep', '60'], env: [], cwd: '/', fds: anchorFds }),
  );
  scope.adopt(child.pid);
  if (anchor.kind === 'spawned') scope.adopt(anchor.pid);
  else throw anchor.error;
  t.after(() => {
    try {
      native.abandonStaged(child);
    } catch {
      // released or abandoned by the test
    }
  });
  return child;
}

function guest(argv: readonly string[], fds: readonly number[], rest: Partial<PreparedGuest> = {}): PreparedGuest {
  return { file: argv[0] as string, argv, env: [], cwd: null, fds, foregroundTtyChildFd: null, ...rest };
}

describe('prepared staged leader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quirl-prepared-'));
  test.after(() => rmSync(dir, { recursive: true, force: true }));

  test('before release it is quirl-stage leading its own group with only /dev/null and its two channels; after, the same PID runs the guest', async (t) => {
    const scope = new Scope(t);
    const child = prepare(t, scope);
    assert.equal(procExe(child.pid), STAGE);
    assert.equal(native.getpgid(child.pid), child.pid);
    await waitFor('the helper to block in recvmsg', () => (procState(child.pid) === 'S' ? true : undefined));
    assert.deepEqual(procFds(child.pid), [0, 1, 2, 3, 4]);
    assert.deepEqual(procList(child.pid, 'environ'), []);
    const anchor = scope.spawn(['/bin/sleep', '60'], { group: { kind: 'join', pgid: child.pid } });
    assert.equal(native.getpgid(anchor), child.pid);

    const out = scope.pipe();
    native.releasePrepared(child, guest(['/bin/sleep', '60'], [-1, out.write, -1], { env: ['A=1', 'B=two words'], cwd: dir }), 10_000);
    await waitForExec(child.pid, '/bin/sleep');
    assert.equal(native.getpgid(child.pid), child.pid);
    assert.deepEqual(procList(child.pid, 'cmdline'), ['/bin/sleep', '60']);
    assert.deepEqual(procList(child.pid, 'environ'), ['A=1', 'B=two words']);
    assert.equal(realpathSync(`/proc/${child.pid}/cwd`), realpathSync(dir));
    assert.deepEqual(await settledFds(child.pid, [1]), [1], 'exactly the guest descriptors: the closed slots and the channels are gone');
  });

  test('descriptors land in their slots however their numbers cross (more slots than the helper had open)', async (t) => {
    const scope = new Scope(t);
    const pipes = Array.from({ length: 8 }, () => scope.pipe());
    const child = prepare(t, scope);
    // Slot i gets pipe i's write end; slot 0 reads /dev/null.
    const fds = [scope.devNull(), ...pipes.slice(1).map((p) => p.write)];
    const script = 'for i in 1 2 3 4 5 6 7; do eval "echo slot$i >&$i"; done';
    native.releasePrepared(child, guest(['/bin/sh', '-c', script], fds), 10_000);
    for (const p of pipes.slice(1)) scope.close(p.write);
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 0 });
    pipes.slice(1).forEach((p, index) => assert.equal(native.readTimeout(p.read, 64, 5000).toString(), `slot${index + 1}\n`));
  });

  test('a missing program or directory is the errno of execve or chdir, with its path; the helper exits 127', async (t) => {
    const scope = new Scope(t);
    const missing = prepare(t, scope);
    assert.throws(
      () => native.releasePrepared(missing, guest(['/nonexistent/prog'], [scope.devNull()]), 10_000),
      nativeErrorLike({ code: 'ENOENT', syscall: 'execve', path: '/nonexistent/prog' }),
    );
    assert.deepEqual(await scope.end(missing.pid), { kind: 'exited', pid: missing.pid, code: 127 });
    const noDir = prepare(t, scope);
    assert.throws(
      () => native.releasePrepared(noDir, guest(['/bin/true'], [scope.devNull()], { cwd: '/nonexistent/dir' }), 10_000),
      nativeErrorLike({ code: 'ENOENT', syscall: 'chdir', path: '/nonexistent/dir' }),
    );
    assert.deepEqual(await scope.end(noDir.pid), { kind: 'exited', pid: noDir.pid, code: 127 });
  });

  test('abandoned unreleased, it exits 127 having run nothing', async (t) => {
    const scope = new Scope(t);
    const child = prepare(t, scope);
    native.abandonStaged(child);
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 127 });
    assert.throws(() => native.releasePrepared(child, guest(['/bin/true'], []), 1000), TypeError);
  });

  test('a guest too large for the helper is refused with E2BIG before anything is sent; the child stays prepared', async (t) => {
    const scope = new Scope(t);
    const child = prepare(t, scope);
    const huge = ['X=' + 'x'.repeat(5 * 1024 * 1024)];
    assert.throws(() => native.releasePrepared(child, guest(['/bin/true'], [], { env: huge }), 10_000), nativeErrorLike({ code: 'E2BIG', syscall: 'releasePrepared' }));
    const out = scope.pipe();
    native.releasePrepared(child, guest(['/bin/sh', '-c', 'echo still here'], [-1, out.write]), 10_000);
    scope.close(out.write);
    assert.deepEqual(await scope.end(child.pid), { kind: 'exited', pid: child.pid, code: 0 });
    assert.equal(readFileSync(`/proc/self/fd/${out.read}`, 'utf8'), 'still here\n');
  });
});
