// Terminal calls on a descriptor that is not a terminal. What needs a real terminal (tcsetpgrp
// handing a pty's foreground to a job, termios round trips, SIGTTOU blocked around the calls, a
// staged leader taking the terminal) is covered by the PTY harness, which drives one with node-pty.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { Scope, nativeErrorLike } from './helpers';

describe('terminal calls on a pipe', () => {
  test('tcsetpgrp fails ENOTTY with an errno-shaped error', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    assert.throws(() => native.tcsetpgrp(read, native.getpgrp()), nativeErrorLike({ code: 'ENOTTY', syscall: 'tcsetpgrp' }));
  });

  test('tcgetpgrp and tcgetattr fail ENOTTY', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    assert.throws(() => native.tcgetpgrp(read), nativeErrorLike({ code: 'ENOTTY', syscall: 'tcgetpgrp' }));
    assert.throws(() => native.tcgetattr(read), nativeErrorLike({ code: 'ENOTTY', syscall: 'tcgetattr' }));
  });

  test('tcsetattr refuses a buffer that is not a whole struct termios before calling in', (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    assert.throws(() => native.tcsetattr(read, Buffer.alloc(3)), { name: 'TypeError', message: /termios must be a Buffer of \d+ bytes/ });
  });

  test('termiosWithSignalKeys refuses what is not a whole struct termios', () => {
    assert.throws(() => native.termiosWithSignalKeys(Buffer.alloc(3)), { name: 'TypeError', message: /termiosWithSignalKeys: termios must be a Buffer from tcgetattr/ });
    assert.throws(() => native.termiosWithSignalKeys('isig' as unknown as Buffer), { name: 'TypeError' });
  });
});
