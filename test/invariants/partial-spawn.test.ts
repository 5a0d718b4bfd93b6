// Contract: "Partial spawn: every child and descriptor is owned immediately. Failure after any
// spawn kills the process group, kills each direct child as a fallback, reaps every direct
// child, closes pending pipe ends, and returns the original construction error."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isShellError } from '../../shell/errors';
import { allProcesses, cmdline } from '../support/proc';
import { assertNoChildrenLeft, external, fdBaseline, fdSnapshot, newExecutor, quiet } from '../support/pipelines';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

/** A second stage whose exec fails after the leader and the anchor exist: its argv is too long. */
function tooLong() {
  const stage = external(['true']);
  return { ...stage, target: { ...stage.target, argv: ['true', 'x'.repeat(4 * 1024 * 1024)] } };
}

function sleepsWith(marker: string): number[] {
  return allProcesses()
    .filter((stat) => cmdline(stat.pid).includes(marker))
    .map((stat) => stat.pid);
}

test('partial spawn: a failure after the first spawn leaves no child, no anchor and no descriptor', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  await assert.rejects(
    executor.executeInteractiveRequest(quiet(external(['sleep', '31.5']), tooLong())),
    (error) => isShellError(error, 'SpawnFailed') && /Argument list too long/.test(error.message),
    'the original construction error (E2BIG) is what the caller sees',
  );
  assert.deepEqual(sleepsWith('31.5'), [], 'the already-started stage is gone');
  assert.equal(executor.jobs.size, 0, 'the job is not retained');
  assert.deepEqual(fdSnapshot(), before, 'every pipe end and redirect is closed');
  await assertNoChildrenLeft();
});

test('partial spawn: the same failure in a background pipeline of three stages', async () => {
  const executor = newExecutor();
  const before = await fdBaseline();
  assert.throws(
    () => executor.startBackground(quiet(external(['sleep', '31.6']), external(['cat']), tooLong())),
    (error) => isShellError(error, 'SpawnFailed'),
  );
  assert.deepEqual(sleepsWith('31.6'), []);
  assert.deepEqual(fdSnapshot(), before);
  await assertNoChildrenLeft();
});

test('partial spawn: `quirl -c "sleep 31 | no-such-cmd"` returns 127 at once, names the command, and leaves no sleep', () => {
  const started = Date.now();
  const result = spawnSync(process.execPath, [QUIRL, '-c', 'sleep 31.7 | no-such-cmd'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(result.status, 127);
  assert.match(result.stderr, /no-such-cmd: command not found/);
  assert.ok(Date.now() - started < 15_000, 'it did not wait for sleep');
  assert.deepEqual(sleepsWith('31.7'), []);
});
