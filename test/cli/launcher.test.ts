// bin/quirl launches the shell as the product runs it: node with the shell's own flags
// (shell/node-flags.ts, which the extension passes too), from the `#!` line alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SHELL_NODE_FLAGS } from '../../shell/node-flags';
import { launcherNodeFlags } from '../support/launcher';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

test('bin/quirl: its #! line carries exactly the shell\'s node flags', () => {
  assert.deepEqual(launcherNodeFlags(QUIRL), SHELL_NODE_FLAGS);
});

test('bin/quirl run directly: the shell process is node started with those flags; node bin/quirl still runs it without them', () => {
  const cmdline = 'tr "\\0" "\\n" < /proc/$$/cmdline';
  const direct = spawnSync(QUIRL, ['-c', cmdline], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(direct.status, 0, direct.stderr);
  const [runtime, ...args] = direct.stdout.trimEnd().split('\n');
  assert.match(runtime!, /(^|\/)node$/);
  assert.deepEqual(args.slice(0, SHELL_NODE_FLAGS.length + 1), [...SHELL_NODE_FLAGS, QUIRL]);

  const plain = spawnSync(process.execPath, [QUIRL, '-c', 'echo ran'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(plain.stdout, 'ran\n', plain.stderr);
});
