// startPreparingGroup / finishPreparingGroup: a prepared leader and its group's anchor spawned on a
// background thread, handed over whole when finished, with a failed spawn reported, not hidden.
import { strict as assert } from 'node:assert';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { native } from '../../native';
import type { AnchorSpawnOptions, PreparingGroup } from '../../native';
import { Scope, nativeErrorLike, procExe, procList, settledFds, waitForExec } from './helpers';

const STAGE = realpathSync(path.join(__dirname, '..', '..', 'native', 'build', 'Release', 'quirl-stage'));

function anchorOptions(scope: Scope, file: string, argv: readonly string[]): AnchorSpawnOptions {
  const devNull = scope.devNull();
  return { file, argv, env: ['ANCHOR=1'], cwd: '/', fds: [devNull, devNull, devNull] };
}

describe('group prepared on a background thread', () => {
  test('start returns at once; finish hands over the helper leading a new group and the anchor inside it', async (t) => {
    const scope = new Scope(t);
    const preparing = native.startPreparingGroup(anchorOptions(scope, '/bin/sleep', ['/bin/sleep', '60']));
    const { staged, anchor } = native.finishPreparingGroup(preparing);
    scope.adopt(staged.pid);
    t.after(() => {
      try {
        native.abandonStaged(staged);
      } catch {
        // released by the test
      }
    });
    assert.equal(anchor.kind, 'spawned');
    if (anchor.kind !== 'spawned') return;
    scope.adopt(anchor.pid);
    assert.equal(procExe(staged.pid), STAGE);
    assert.equal(native.getpgid(staged.pid), staged.pid, 'the helper leads its own group');
    assert.equal(native.getpgid(anchor.pid), staged.pid, 'the anchor joined the helper group');
    await waitForExec(anchor.pid, '/bin/sleep');
    assert.deepEqual(procList(anchor.pid, 'environ'), ['ANCHOR=1']);
    assert.deepEqual(await settledFds(anchor.pid, [0, 1, 2]), [0, 1, 2], 'the anchor has exactly its own descriptors');

    const out = scope.pipe();
    native.releasePrepared(staged, { file: '/bin/sh', argv: ['/bin/sh', '-c', 'echo guest'], env: [], cwd: null, fds: [-1, out.write], foregroundTtyChildFd: null }, 10_000);
    scope.close(out.write);
    assert.deepEqual(await scope.end(staged.pid), { kind: 'exited', pid: staged.pid, code: 0 });
  });

  test('an anchor that cannot be spawned is reported with its errno; the helper is still handed over to be abandoned', async (t) => {
    const scope = new Scope(t);
    const { staged, anchor } = native.finishPreparingGroup(native.startPreparingGroup(anchorOptions(scope, '/nonexistent/sh', ['sh'])));
    scope.adopt(staged.pid);
    assert.equal(anchor.kind, 'failed');
    if (anchor.kind !== 'failed') return;
    assert.ok(nativeErrorLike({ code: 'ENOENT', syscall: 'execve', path: '/nonexistent/sh' })(anchor.error));
    native.abandonStaged(staged);
    assert.deepEqual(await scope.end(staged.pid), { kind: 'exited', pid: staged.pid, code: 127 });
  });

  test('a preparation is finished once; the anchor never chooses its group', (t) => {
    const scope = new Scope(t);
    const preparing = native.startPreparingGroup(anchorOptions(scope, '/bin/true', ['true']));
    const { staged, anchor } = native.finishPreparingGroup(preparing);
    scope.adopt(staged.pid);
    if (anchor.kind === 'spawned') scope.adopt(anchor.pid);
    native.abandonStaged(staged);
    assert.throws(() => native.finishPreparingGroup(preparing), /finishPreparingGroup: preparing must be a PreparingGroup/);
    assert.throws(() => native.finishPreparingGroup({} as PreparingGroup), TypeError);
    const withGroup = { ...anchorOptions(scope, '/bin/true', ['true']), group: { kind: 'new' } };
    assert.throws(() => native.startPreparingGroup(withGroup), /options.group must be absent/);
    assert.throws(() => native.startPreparingGroup({ ...anchorOptions(scope, 'true', ['true']), cwd: null }), /options.file must be an absolute path/);
  });
});
