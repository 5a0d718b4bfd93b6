// setSignalDisposition: this process's own dispositions, seen through /proc/self/status.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { SIG, procStatus } from './helpers';

function ignored(signal: number): boolean {
  return (BigInt(`0x${procStatus('self', 'SigIgn')}`) & (1n << BigInt(signal - 1))) !== 0n;
}

describe('setSignalDisposition', () => {
  test('ignores a signal, then puts it back at its default', (t) => {
    t.after(() => native.setSignalDisposition(SIG.SIGTSTP, 'default'));
    assert.equal(ignored(SIG.SIGTSTP), false);
    native.setSignalDisposition(SIG.SIGTSTP, 'ignore');
    assert.equal(ignored(SIG.SIGTSTP), true);
    native.setSignalDisposition(SIG.SIGTSTP, 'default');
    assert.equal(ignored(SIG.SIGTSTP), false);
  });

  test('refuses SIGCHLD (libuv reaps through it), SIGKILL and SIGSTOP with a TypeError', () => {
    for (const signal of [SIG.SIGCHLD, SIG.SIGKILL, SIG.SIGSTOP]) {
      assert.throws(() => native.setSignalDisposition(signal, 'ignore'), { name: 'TypeError', message: /native\.setSignalDisposition: signal/ });
    }
  });
});
