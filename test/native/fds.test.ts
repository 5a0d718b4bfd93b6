// pipe, open, close, setBlocking, readTimeout.
import { strict as assert } from 'node:assert';
import { constants } from 'node:fs';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { O_CLOEXEC, Scope, nativeErrorLike, procFdFlags, procFdTarget } from './helpers';

describe('descriptors', () => {
  test('pipe returns two close-on-exec ends of one pipe', (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    assert.notEqual(procFdFlags('self', read) & O_CLOEXEC, 0);
    assert.notEqual(procFdFlags('self', write) & O_CLOEXEC, 0);
    assert.equal(procFdTarget('self', read), procFdTarget('self', write));
    assert.match(procFdTarget('self', read), /^pipe:/);
  });

  test('open adds O_CLOEXEC to the given flags', (t) => {
    const scope = new Scope(t);
    const fd = scope.own(native.open('/dev/null', constants.O_WRONLY | constants.O_APPEND, 0));
    const flags = procFdFlags('self', fd);
    assert.notEqual(flags & O_CLOEXEC, 0);
    assert.notEqual(flags & constants.O_APPEND, 0);
    assert.equal(flags & 0o3, constants.O_WRONLY, 'the access mode (O_ACCMODE)');
  });

  test('open failures carry syscall open and the path', () => {
    assert.throws(
      () => native.open('/nonexistent/file', constants.O_RDONLY, 0),
      nativeErrorLike({ code: 'ENOENT', syscall: 'open', path: '/nonexistent/file' }),
    );
  });

  test('close of a descriptor that is not open fails EBADF', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    scope.close(read);
    assert.throws(() => native.close(read), nativeErrorLike({ code: 'EBADF', syscall: 'close' }));
  });

  test('setBlocking sets and clears O_NONBLOCK', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    native.setBlocking(read, false);
    assert.notEqual(procFdFlags('self', read) & constants.O_NONBLOCK, 0);
    native.setBlocking(read, true);
    assert.equal(procFdFlags('self', read) & constants.O_NONBLOCK, 0);
  });

  test('readTimeout returns what is there (at most maxBytes), then an empty buffer at EOF', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    const child = scope.spawn(['/bin/sh', '-c', 'printf abcdef'], { fds: [-1, write] });
    scope.close(write);
    assert.equal(native.readTimeout(read, 4, 10_000).toString(), 'abcd');
    assert.equal(native.readTimeout(read, 100, 10_000).toString(), 'ef');
    assert.equal(native.readTimeout(read, 100, 10_000).length, 0);
    assert.deepEqual(await scope.end(child), { kind: 'exited', pid: child, code: 0 });
  });

  test('readTimeout throws ETIMEDOUT (syscall poll) when nothing comes in time, also on a non-blocking descriptor', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    for (const blocking of [true, false]) {
      native.setBlocking(read, blocking);
      const started = Date.now();
      assert.throws(() => native.readTimeout(read, 1, 30), nativeErrorLike({ code: 'ETIMEDOUT', syscall: 'poll' }));
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 25 && elapsed < 5_000, `waited ${elapsed} ms`);
    }
  });
});
