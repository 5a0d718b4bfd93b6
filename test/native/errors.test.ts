// The addon's errors: errno-shaped like Node's own, and recognised by isNativeError.
import { strict as assert } from 'node:assert';
import { openSync } from 'node:fs';
import { constants } from 'node:os';
import { describe, test } from 'node:test';
import { isNativeError, native } from '../../native';

function thrown(body: () => unknown): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  return assert.fail('did not throw');
}

describe('native errors', () => {
  test('carry code, errno, syscall and path, with the message Node gives the same failure', () => {
    const error = thrown(() => native.open('/nonexistent/file', 0, 0));
    const nodes = thrown(() => openSync('/nonexistent/file', 'r')) as Error;
    assert.ok(error instanceof Error);
    assert.equal(error.message, nodes.message);
    assert.equal(error.message, "ENOENT: no such file or directory, open '/nonexistent/file'");
    assert.deepEqual(
      { code: (error as NodeJS.ErrnoException).code, errno: (error as NodeJS.ErrnoException).errno },
      { code: 'ENOENT', errno: constants.errno.ENOENT },
    );
    assert.equal((error as NodeJS.ErrnoException).syscall, 'open');
    assert.equal((error as NodeJS.ErrnoException).path, '/nonexistent/file');
  });

  test('without a path, the message ends with the syscall; errnos libuv does not know are named too', () => {
    const error = thrown(() => native.waitPid(1));
    assert.equal((error as Error).message, 'ECHILD: no child processes, waitpid');
    assert.equal('path' in (error as object), false);
  });

  test('isNativeError accepts addon errors and rejects others', () => {
    assert.equal(isNativeError(thrown(() => native.close(2 ** 30))), true);
    assert.equal(isNativeError(new Error('plain')), false);
    assert.equal(isNativeError({ code: 'ENOENT', errno: 2, syscall: 'open' }), false, 'not an Error');
    assert.equal(isNativeError(thrown(() => native.close(-1))), false, 'a TypeError from the argument checks');
  });
});
