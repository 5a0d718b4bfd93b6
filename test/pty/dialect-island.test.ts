// The noninteractive dialect-island policy at a real prompt (Quirl only: bash has no `dialect`):
// a reference-dialect runner's stdin is closed, never the terminal, so a read returns at once.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest } from './harness';
import { assertShellOwnsTerminal } from './scenario';

checkFileLeavesNothing();

ptyTest(
  `dialect bash -c 'read x; echo "[$x]"' prints [] at once: its stdin is closed`,
  async (sh) => {
    // A read of the terminal would wait for a line that is never typed: the prompt would not come.
    assert.deepEqual(await sh.run(`dialect bash -c 'read x; echo "[$x]"'`, 10_000), ['[]']);
    assertShellOwnsTerminal(sh, 'after the dialect runner');
    assert.deepEqual(await sh.run('echo $?'), ['0']);
  },
  { shells: ['quirl'] },
);

ptyTest(
  "dialect bash -c 'tty' is not given the terminal as stdin",
  async (sh) => {
    assert.deepEqual(await sh.run(`dialect bash -c 'tty'`, 10_000), ['not a tty']);
    assert.deepEqual(await sh.run('echo $?'), ['1']);
    const stdin = await sh.run(`dialect bash -c 'readlink /proc/self/fd/0'`, 10_000);
    assert.equal(stdin.length, 1, JSON.stringify(stdin));
    assert.doesNotMatch(stdin[0] as string, /^\/dev\/(pts\/\d+|tty)$/, 'stdin is not the terminal');
    assertShellOwnsTerminal(sh, 'after the dialect runners');
  },
  { shells: ['quirl'] },
);
