// spawn(): the child's descriptor table, signals, group, directory, and its synchronous errors.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { native } from '../../native';
import {
  O_CLOEXEC,
  SIG,
  Scope,
  nativeErrorLike,
  procFdFlags,
  procFdTarget,
  procList,
  procState,
  procSession,
  procStatus,
  settledFds,
  waitFor,
  waitForExec,
} from './helpers';

describe('spawn: descriptors', () => {
  test('with fds of three, the child has exactly descriptors 0, 1 and 2', async (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sleep', '60']);
    await waitForExec(pid, '/bin/sleep');
    assert.deepEqual(await settledFds(pid, [0, 1, 2]), [0, 1, 2]);
    for (const fd of [0, 1, 2]) assert.equal(procFdTarget(pid, fd), '/dev/null');
  });

  test('a descriptor the parent holds without close-on-exec is closed in the child, above the plan or as a -1 slot in it', () => {
    // Node marks descriptors 0-16 close-on-exec at startup and opens its own with O_CLOEXEC, so
    // the check runs in a Node that inherited descriptor 20 without it.
    const inherited = 20;
    const stdio = new Array<'ignore' | 'pipe' | 'inherit'>(inherited + 1).fill('ignore');
    stdio[1] = 'pipe';
    stdio[2] = 'inherit';
    stdio[inherited] = 'pipe';
    const fixture = path.join(__dirname, 'fixtures', 'inherited-fd.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, String(inherited)], {
      stdio,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 0, `fixture failed: ${run.error?.message ?? ''}`);
    assert.deepEqual(JSON.parse(run.stdout), { inheritable: true, above: [0, 1, 2], within: [0, 1, 2] });
  });

  test('a permutation whose sources are also targets (a swap) puts each descriptor where fds says', async (t) => {
    const scope = new Scope(t);
    const p = scope.pipe();
    const q = scope.pipe();
    const a = p.write;
    const b = q.write;
    // Child a <- parent b and child b <- parent a, while child 1 also wants parent a and child 2
    // parent b: done in order without spares, the dup2 onto a would clobber the source of 1.
    const fds = new Array<number>(Math.max(a, b) + 1).fill(-1);
    fds[1] = a;
    fds[2] = b;
    fds[a] = b;
    fds[b] = a;
    const pid = scope.spawn(['/bin/sleep', '60'], { fds });
    await waitForExec(pid, '/bin/sleep');
    const pipeOf = (fd: number) => procFdTarget('self', fd);
    const expected = [1, 2, Math.min(a, b), Math.max(a, b)];
    assert.deepEqual(await settledFds(pid, expected), expected);
    assert.equal(procFdTarget(pid, 1), pipeOf(a));
    assert.equal(procFdTarget(pid, 2), pipeOf(b));
    assert.equal(procFdTarget(pid, a), pipeOf(b));
    assert.equal(procFdTarget(pid, b), pipeOf(a));
    assert.notEqual(pipeOf(a), pipeOf(b));
  });

  test('fds[i] === i keeps a descriptor open in the child although the parent marked it close-on-exec', async (t) => {
    const scope = new Scope(t);
    const fd = scope.devNull();
    assert.notEqual(procFdFlags('self', fd) & O_CLOEXEC, 0, 'the parent descriptor is close-on-exec');
    const fds = new Array<number>(fd + 1).fill(-1);
    fds[fd] = fd;
    const pid = scope.spawn(['/bin/sleep', '60'], { fds });
    await waitForExec(pid, '/bin/sleep');
    assert.deepEqual(await settledFds(pid, [fd]), [fd]);
    assert.equal(procFdTarget(pid, fd), '/dev/null');
  });

  test('a source descriptor that is not open is reported as dup2 EBADF', (t) => {
    const scope = new Scope(t);
    const closed = scope.devNull();
    scope.close(closed);
    assert.throws(() => scope.spawn(['/bin/true'], { fds: [closed] }), nativeErrorLike({ code: 'EBADF', syscall: 'dup2' }));
  });
});

describe('spawn: signals', () => {
  test('every signal is at its default and the mask is empty in the child, though Node ignores SIGPIPE', async (t) => {
    const scope = new Scope(t);
    const ignored = BigInt(`0x${procStatus('self', 'SigIgn')}`);
    assert.notEqual(ignored & (1n << BigInt(SIG.SIGPIPE - 1)), 0n, 'Node ignores SIGPIPE');
    // The shell ignores the terminal stop signals too; a job must still get them at their
    // defaults (an anchor's sh could not even trap a signal ignored at its start).
    for (const signal of [SIG.SIGTTOU, SIG.SIGTTIN, SIG.SIGTSTP]) {
      native.setSignalDisposition(signal, 'ignore');
      t.after(() => native.setSignalDisposition(signal, 'default'));
    }
    const pid = scope.spawn(['/bin/sleep', '60']);
    await waitForExec(pid, '/bin/sleep');
    assert.equal(procStatus(pid, 'SigIgn'), '0000000000000000');
    assert.equal(procStatus(pid, 'SigBlk'), '0000000000000000');
  });

  test('`yes | head -1` built from spawn and pipe prints y, and yes dies of SIGPIPE without "Broken pipe"', async (t) => {
    const scope = new Scope(t);
    const link = scope.pipe();
    const out = scope.pipe();
    const errors = scope.pipe();
    const nul = scope.devNull();
    const yes = scope.spawn(['/usr/bin/yes'], { fds: [nul, link.write, errors.write] });
    const head = scope.spawn(['/usr/bin/head', '-1'], { fds: [link.read, out.write, errors.write], group: { kind: 'join', pgid: yes } });
    for (const fd of [link.read, link.write, out.write, errors.write]) scope.close(fd);
    assert.deepEqual(await scope.end(head), { kind: 'exited', pid: head, code: 0 });
    assert.deepEqual(await scope.end(yes), { kind: 'signaled', pid: yes, signal: SIG.SIGPIPE, coreDumped: false });
    assert.equal(native.readTimeout(out.read, 100, 10_000).toString(), 'y\n');
    assert.equal(native.readTimeout(errors.read, 100, 10_000).toString(), '', 'nothing on stderr, then EOF');
  });
});

describe('spawn: exec failures are synchronous', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quirl-native-'));
  const notExecutable = path.join(dir, 'plain');
  writeFileSync(notExecutable, 'echo hi\n', { mode: 0o644 });
  const noInterpreter = path.join(dir, 'garbage');
  writeFileSync(noInterpreter, Buffer.from([0x7f, 0x00, 0x01, 0x02, 0x03]));
  chmodSync(noInterpreter, 0o755);
  const cases = [
    { code: 'ENOENT', file: path.join(dir, 'missing') },
    { code: 'EACCES', file: notExecutable },
    { code: 'ENOEXEC', file: noInterpreter },
  ];
  for (const { code, file } of cases) {
    test(`${code}: thrown by spawn with syscall execve and path = file`, (t) => {
      const scope = new Scope(t);
      assert.throws(() => scope.spawn([file]), nativeErrorLike({ code, syscall: 'execve', path: file }));
    });
  }
  test('a missing cwd is reported as chdir with path = cwd, not as a missing program', (t) => {
    const scope = new Scope(t);
    const cwd = path.join(dir, 'no-such-dir');
    assert.throws(() => scope.spawn(['/bin/true'], { cwd }), nativeErrorLike({ code: 'ENOENT', syscall: 'chdir', path: cwd }));
  });
  test.after(() => rmSync(dir, { recursive: true, force: true }));
});

describe('spawn: program, arguments, environment, directory', () => {
  test('argv (argv[0] need not be the file), env and cwd reach the child exactly', async (t) => {
    const scope = new Scope(t);
    const argv = ['renamed', '60', '0.5'];
    const env = ['A=1', 'EMPTY=', 'SPACED=a b'];
    const pid = native.spawn({ ...scope.options(['/bin/sleep']), argv, env, cwd: '/tmp' });
    scope.adopt(pid);
    await waitForExec(pid, '/bin/sleep');
    assert.deepEqual(procList(pid, 'cmdline'), argv);
    assert.deepEqual(procList(pid, 'environ'), env);
    assert.equal(readlinkSync(`/proc/${pid}/cwd`), '/tmp');
  });

  test('programInEnvironment: the child finds its file in `_`, which replaces the `_` of env; without it, env is left as it is', async (t) => {
    const scope = new Scope(t);
    const env = ['_=/old/path', 'A=1', '_=/older'];
    const named = native.spawn({ ...scope.options(['/bin/sleep', '60']), env, programInEnvironment: true });
    scope.adopt(named);
    const plain = native.spawn({ ...scope.options(['/bin/sleep', '60']), env });
    scope.adopt(plain);
    await waitForExec(named, '/bin/sleep');
    await waitForExec(plain, '/bin/sleep');
    assert.deepEqual(procList(named, 'environ'), ['A=1', '_=/bin/sleep']);
    assert.deepEqual(procList(plain, 'environ'), env);
    assert.throws(() => native.spawn({ ...scope.options(['/bin/sleep', '60']), env, programInEnvironment: 'yes' as unknown as boolean }), /programInEnvironment/);
  });
});

describe('spawn: process groups', () => {
  test("group new: the child leads a new group (getpgid(pid) === pid) in the shell's session, unlike child_process's detached", (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sleep', '60']);
    assert.equal(native.getpgid(pid), pid);
    assert.notEqual(native.getpgid(pid), native.getpgrp());
    assert.equal(procSession(pid), procSession('self'));
  });

  test('group join: the child joins the given group', (t) => {
    const scope = new Scope(t);
    const leader = scope.spawn(['/bin/sleep', '60']);
    const member = scope.spawn(['/bin/sleep', '60'], { group: { kind: 'join', pgid: leader } });
    assert.equal(native.getpgid(member), leader);
  });

  test('a zombie keeps its PGID reserved: kill(-pgid, 0) works until reaped, ESRCH after, and joining then fails EPERM', async (t) => {
    const scope = new Scope(t);
    const pid = scope.spawn(['/bin/sleep', '60']);
    native.kill(pid, SIG.SIGKILL);
    await waitFor('a zombie', () => (procState(pid) === 'Z' ? true : undefined));
    native.kill(-pid, 0);
    native.killpg(pid, 0);
    assert.deepEqual(native.reapKilled(pid), { kind: 'signaled', pid, signal: SIG.SIGKILL, coreDumped: false });
    assert.throws(() => native.kill(-pid, 0), nativeErrorLike({ code: 'ESRCH', syscall: 'kill' }));
    assert.throws(
      () => scope.spawn(['/bin/true'], { group: { kind: 'join', pgid: pid } }),
      nativeErrorLike({ code: 'EPERM', syscall: 'setpgid' }),
    );
  });
});
