// The wrapper checks every argument in TypeScript and throws a TypeError naming it, before the
// addon (which trusts its caller) sees anything.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { native } from '../../native';
import type { SpawnOptions } from '../../native';
import { SIG } from './helpers';

const good: SpawnOptions = { file: '/bin/true', argv: ['true'], env: [], cwd: null, group: { kind: 'new' }, fds: [] };
const loose = native as unknown as Record<string, (...args: unknown[]) => unknown>;

const cases: { call: string; args: unknown[]; names: RegExp }[] = [
  { call: 'spawn', args: [{ ...good, file: 'true' }], names: /options\.file must be an absolute path/ },
  { call: 'spawn', args: [{ ...good, file: '/bin/t\0rue' }], names: /options\.file must be a non-empty string without NUL/ },
  { call: 'spawn', args: [{ ...good, argv: [] }], names: /options\.argv must be an array of at least 1/ },
  { call: 'spawn', args: [{ ...good, argv: ['true', 'a\0b'] }], names: /options\.argv\[1\] must be a string without NUL/ },
  { call: 'spawn', args: [{ ...good, env: ['NOEQUALS'] }], names: /options\.env\[0\] must be a "NAME=value" string/ },
  { call: 'spawn', args: [{ ...good, env: ['=x'] }], names: /options\.env\[0\]/ },
  { call: 'spawn', args: [{ ...good, cwd: '' }], names: /options\.cwd must be a non-empty string/ },
  { call: 'spawn', args: [{ ...good, cwd: undefined }], names: /options\.cwd/ },
  { call: 'spawn', args: [{ ...good, group: { kind: 'join', pgid: 0 } }], names: /options\.group\.pgid must be an integer from 1/ },
  { call: 'spawn', args: [{ ...good, group: { kind: 'other' } }], names: /options\.group\.kind must be 'new', 'join' or 'shell'/ },
  { call: 'spawn', args: [{ ...good, ignoreInterrupts: 1 }], names: /options\.ignoreInterrupts must be a boolean or absent/ },
  { call: 'spawn', args: [{ ...good, fds: [0, 1.5] }], names: /options\.fds\[1\] must be an integer from -1/ },
  { call: 'spawn', args: [{ ...good, fds: [-2] }], names: /options\.fds\[0\]/ },
  { call: 'spawn', args: [null], names: /native\.spawn: options must be an object/ },
  {
    call: 'spawnStaged',
    args: [{ ...good, group: { kind: 'join', pgid: 1 }, foregroundTtyChildFd: null }],
    names: /options\.group must be \{ kind: 'new' \}/,
  },
  { call: 'spawnStaged', args: [{ ...good, fds: [0, -1], foregroundTtyChildFd: 1 }], names: /options\.foregroundTtyChildFd/ },
  { call: 'spawnStaged', args: [{ ...good, fds: [0], foregroundTtyChildFd: 1 }], names: /options\.foregroundTtyChildFd/ },
  { call: 'releaseStaged', args: [{ pid: 1, releaseFd: 3, statusFd: 4 }, 100], names: /child must be a StagedChild from spawnStaged/ },
  { call: 'releaseStaged', args: [{ pid: 1, releaseFd: 3, statusFd: 4 }, -1], names: /timeoutMs must be an integer from 0/ },
  { call: 'abandonStaged', args: [{ pid: 1, releaseFd: 3, statusFd: 4 }], names: /native\.abandonStaged: child/ },
  { call: 'waitPid', args: [-1], names: /native\.waitPid: pid must be an integer from 1/ },
  { call: 'waitPid', args: [0], names: /pid/ },
  { call: 'reapKilled', args: ['1'], names: /native\.reapKilled: pid/ },
  { call: 'kill', args: [-1, SIG.SIGKILL], names: /native\.kill: pid must be a process ID.*not 0 or -1/ },
  { call: 'kill', args: [0, SIG.SIGTERM], names: /native\.kill: pid/ },
  { call: 'kill', args: [1, 65], names: /native\.kill: signal must be an integer from 0 to 64/ },
  { call: 'killpg', args: [0, SIG.SIGTERM], names: /native\.killpg: pgid must be an integer from 1/ },
  { call: 'setpgid', args: [0, -1], names: /native\.setpgid: pgid/ },
  { call: 'tcsetpgrp', args: [0, 0], names: /native\.tcsetpgrp: pgid/ },
  { call: 'tcsetattr', args: [0, new Uint8Array(4)], names: /native\.tcsetattr: termios must be a Buffer/ },
  { call: 'setSignalDisposition', args: [0, 'ignore'], names: /native\.setSignalDisposition: signal must be an integer from 1/ },
  { call: 'setSignalDisposition', args: [SIG.SIGTTOU, 'catch'], names: /disposition must be 'ignore' or 'default'/ },
  { call: 'open', args: ['', 0, 0], names: /native\.open: path must be a non-empty string/ },
  { call: 'open', args: ['/dev/null', 0, 0o10000], names: /native\.open: mode must be an integer from 0 to 4095/ },
  { call: 'close', args: [-1], names: /native\.close: fd must be an integer from 0/ },
  { call: 'setBlocking', args: [0, 1], names: /native\.setBlocking: blocking must be a boolean/ },
  { call: 'readTimeout', args: [0, 0, 10], names: /native\.readTimeout: maxBytes must be an integer from 1/ },
  { call: 'readTimeout', args: [0, 1, 1.5], names: /native\.readTimeout: timeoutMs/ },
];

describe('argument checks', () => {
  for (const { call, args, names } of cases) {
    test(`${call}(${args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(', ')}) throws a TypeError: ${names.source}`, () => {
      assert.throws(() => loose[call]?.(...args), (error: unknown) => {
        assert.ok(error instanceof TypeError, `a TypeError, got ${String(error)}`);
        assert.match(error.message, names);
        assert.match(error.message, new RegExp(`^native\\.${call}: `));
        return true;
      });
    });
  }
});
