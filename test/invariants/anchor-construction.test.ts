// Contract: "Anchor construction: Quirl starts absolute /bin/sh with a fixed script, an empty
// environment, piped standard input, and null terminal-facing output. The script ignores
// interrupt, termination, and background-terminal signals, but retains the default SIGTSTP
// disposition before its one-byte readiness handshake ... Spawn, process-group verification,
// early exit, malformed readiness, and each two-second setup wait all unwind by killing and
// reaping the anchor before an error is returned."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { native } from '../../native';
import { ANCHOR_PROGRAM, ANCHOR_SCRIPT, startAnchor, stopAnchor } from '../../shell/exec/anchor';
import { isShellError } from '../../shell/errors';
import { SIGNALS } from '../../shell/exec/signals';
import { cmdline, environ, openFds, readStat, signalSet } from '../support/proc';
import { assertNoChildrenLeft, fdBaseline, fdSnapshot, shellChildPids } from '../support/pipelines';

/** A group to anchor: a sleeping leader in a group of its own. */
function withGroup<T>(body: (pgid: number) => T): T {
  const pgid = native.spawn({ file: '/bin/sleep', argv: ['sleep', '60'], env: [], cwd: null, group: { kind: 'new' }, fds: [-1, -1, -1] });
  try {
    return body(pgid);
  } finally {
    native.kill(pgid, SIGNALS.SIGKILL);
    native.reapKilled(pgid);
  }
}

test('anchor construction: absolute /bin/sh, the fixed script, an empty environment', () => {
  withGroup((pgid) => {
    const anchor = startAnchor(pgid);
    try {
      const stat = readStat(anchor.pid);
      assert.equal(stat?.pgid, pgid, 'the anchor joined the group');
      assert.equal(stat?.ppid, process.pid, 'the anchor is a direct child');
      assert.equal(ANCHOR_PROGRAM, '/bin/sh');
      assert.deepEqual(environ(anchor.pid), []);
      assert.deepEqual(cmdline(anchor.pid), ['sh', '-c', ANCHOR_SCRIPT]);
    } finally {
      stopAnchor(anchor, false);
    }
  });
});

test('anchor construction: stdin is a pipe, output goes nowhere near the terminal', () => {
  withGroup((pgid) => {
    const anchor = startAnchor(pgid);
    try {
      const fds = openFds(anchor.pid);
      assert.match(fds.get(0) ?? '', /^pipe:/, 'stdin is a pipe');
      assert.match(fds.get(1) ?? '', /^pipe:/, 'stdout is the readiness pipe');
      assert.equal(fds.get(2), '/dev/null', 'stderr is null');
      assert.deepEqual([...fds.keys()].sort(), [0, 1, 2], 'nothing else is open');
    } finally {
      stopAnchor(anchor, false);
    }
  });
});

test('anchor construction: INT, TERM, TTIN and TTOU are ignored; SIGTSTP keeps its default', () => {
  withGroup((pgid) => {
    const anchor = startAnchor(pgid);
    try {
      const ignored = signalSet(anchor.pid, 'SigIgn');
      for (const signal of [SIGNALS.SIGINT, SIGNALS.SIGTERM, SIGNALS.SIGTTIN, SIGNALS.SIGTTOU]) {
        assert.ok(ignored.has(signal), `signal ${signal} is ignored`);
      }
      assert.ok(!ignored.has(SIGNALS.SIGTSTP), 'SIGTSTP is not ignored');
      assert.ok(!signalSet(anchor.pid, 'SigCgt').has(SIGNALS.SIGTSTP), 'SIGTSTP is not caught');
    } finally {
      stopAnchor(anchor, false);
    }
  });
});

const FAILURES: { name: string; script: string; message: RegExp }[] = [
  { name: 'early exit', script: 'exit 3', message: /exited before reporting ready/ },
  { name: 'malformed readiness', script: 'printf X; read -r line', message: /malformed readiness/ },
  { name: 'the two-second setup wait', script: 'read -r line', message: /ETIMEDOUT|timed out/i },
];

for (const failure of FAILURES) {
  test(`anchor construction: ${failure.name} unwinds by killing and reaping the anchor before the error`, async () => {
    const before = await fdBaseline();
    withGroup((pgid) => {
      const children = shellChildPids();
      assert.throws(
        () => startAnchor(pgid, { file: '/bin/sh', script: failure.script }),
        (error) => isShellError(error, 'SpawnFailed') && failure.message.test(error.message),
      );
      assert.deepEqual(shellChildPids(), children, 'the failed anchor is reaped, not a zombie');
      assert.deepEqual(fdSnapshot(), before, 'both anchor pipes are closed');
    });
  });
}

test('anchor construction: a spawn failure leaves nothing behind', async () => {
  const before = await fdBaseline();
  assert.throws(
    () => startAnchor(process.pid, { file: '/bin/sh', script: 'printf R' }),
    (error) => isShellError(error, 'SpawnFailed') && /EPERM/.test(error.message),
    'joining a group of another session fails',
  );
  assert.deepEqual(fdSnapshot(), before);
});

test('anchor construction: leaves no process or descriptor behind', async () => {
  await assertNoChildrenLeft();
});
