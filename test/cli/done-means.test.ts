// The core issue's acceptance checks, through the real command line (bin/quirl, the bundle).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runScript } from '../support/shell';
import { assertNoChildrenLeft } from '../support/pipelines';
import { openFds, readStat, waitFor } from '../support/proc';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

function quirl(...args: string[]) {
  return spawnSync(process.execPath, [QUIRL, ...args], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
}

test('`yes | head -1` prints y, with no "Broken pipe"', () => {
  const result = quirl('-c', 'yes | head -1');
  assert.equal(result.stdout, 'y\n');
  assert.equal(result.stderr, '');
  assert.equal(result.status, 0);
});

test('a child sees only descriptors 0, 1 and 2', async () => {
  const shell = spawn(process.execPath, [QUIRL, '-c', 'sleep 30 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => shell.on('exit', resolve));
  let output = '';
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = await waitFor('the job to report its pid', () => (/^(\d+)\n/.exec(output) ? Number(/^(\d+)/.exec(output)?.[1]) : undefined));
  try {
    await waitFor('the child to be running sleep', () => readStat(pid)?.comm === 'sleep');
    // Right after exec the dynamic loader briefly holds a descriptor of its own; a leaked one
    // would stay, so the table must settle at exactly 0, 1, 2.
    await waitFor('the descriptor table to settle at 0, 1, 2', () => [...openFds(pid).keys()].sort().join() === '0,1,2');
  } finally {
    process.kill(pid, 'SIGKILL');
    await exited;
  }
});

test('1,000 runs of `true | true` produce no error and leave no zombie', async () => {
  const result = await runScript(Array.from({ length: 1000 }, () => 'true | true').join('\n'));
  assert.equal(result.status, 0);
  assert.equal(result.stderr, '');
  await assertNoChildrenLeft();
});

test('exit statuses are POSIX sh\'s: 127 not found, 126 not executable, 128+N for a signal, 2 for a syntax error', () => {
  assert.equal(quirl('-c', 'no-such-command-quirl').status, 127);
  assert.equal(quirl('-c', '/dev/null').status, 126);
  assert.equal(quirl('-c', "sh -c 'kill -TERM $$'").status, 143);
  assert.equal(quirl('-c', 'echo a | | b').status, 2);
});

test('a missing script file is reported by name with status 127', () => {
  const result = quirl('/no/such/script.sh');
  assert.equal(result.status, 127);
  assert.match(result.stderr, /\/no\/such\/script\.sh: No such file or directory/);
});
