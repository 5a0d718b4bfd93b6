// Contract: "Native leader staging: the first native guest ... validates the executable, stops
// before exec, and is continued only after the separate anchor has joined and reported ready.
// The same PID then executes the guest, preserving the first stage as process-group leader."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { native } from '../../native';
import { ANCHOR_SCRIPT } from '../../shell/exec/anchor';
import { CommandResolver } from '../../shell/exec/resolve';
import { isShellError } from '../../shell/errors';
import { assertNoChildrenLeft, external, newExecutor, pipeline, quiet } from '../support/pipelines';

test('native leader staging: the first stage is the group leader and the same PID runs the guest', async () => {
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(
    pipeline(external(['sh', '-c', 'echo $$; cut -d" " -f5 /proc/$$/stat'])),
    { maxBytes: 4096 },
  );
  const [pid, pgid] = outcome.stdout.data.toString().trim().split('\n').map(Number);
  assert.equal(outcome.status, 0);
  assert.equal(pid, pgid, 'the guest runs as the PID that leads the group');
  await assertNoChildrenLeft();
});

test('native leader staging: the executable is validated before anything runs (127 not found, 126 not executable)', () => {
  const resolver = new CommandResolver();
  const dir = mkdtempSync(join(tmpdir(), 'quirl-stage-'));
  writeFileSync(join(dir, 'plain'), 'echo hi\n');
  assert.throws(() => resolver.resolve(['no-such-command-quirl'], '/usr/bin:/bin', dir), (error) =>
    isShellError(error, 'CommandNotFound') && error.status === 127 && /no-such-command-quirl: command not found/.test(error.message));
  assert.throws(() => resolver.resolve(['./plain'], '/usr/bin', dir), (error) =>
    isShellError(error, 'NotExecutable') && error.status === 126 && /Permission denied/.test(error.message));
  assert.throws(() => resolver.resolve([dir], '/usr/bin', dir), (error) =>
    isShellError(error, 'NotExecutable') && /Is a directory/.test(error.message));
  assert.throws(() => resolver.resolve(['./missing'], '/usr/bin', dir), (error) =>
    isShellError(error, 'CommandNotFound') && /No such file or directory/.test(error.message));
});

test('native leader staging: a file without #! (ENOEXEC) runs through /bin/sh, as POSIX shells do', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-stage-'));
  const script = join(dir, 'noshebang');
  writeFileSync(script, 'echo "ran as $0 with $1"\n');
  chmodSync(script, 0o755);
  const target = new CommandResolver().resolve([script, 'arg'], '/usr/bin', dir);
  assert.deepEqual(target, { file: '/bin/sh', argv: ['sh', script, 'arg'] });
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(
    pipeline(external([script, 'arg'])),
    { maxBytes: 4096 },
  );
  assert.equal(outcome.stdout.data.toString(), `ran as ${script} with arg\n`);
  await assertNoChildrenLeft();
});

test('native leader staging: the leader is released only after the anchor joined its group and reported ready', async () => {
  const calls: string[] = [];
  const patched = ['spawnStaged', 'spawn', 'getpgid', 'readTimeout', 'releaseStaged'] as const;
  const originals = new Map(patched.map((name) => [name, native[name]]));
  for (const name of patched) {
    const original = native[name] as (...args: unknown[]) => unknown;
    (native as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const result = original(...args);
      const detail = name === 'spawn' ? ` ${(args[0] as { argv: string[] }).argv.includes(ANCHOR_SCRIPT) ? 'anchor' : 'stage'}` : '';
      calls.push(`${name}${detail}`);
      return result;
    };
  }
  try {
    const outcome = await newExecutor().executeInteractiveRequest(quiet(external(['true']), external(['true'])));
    assert.equal(outcome.status, 0);
  } finally {
    for (const [name, original] of originals) (native as unknown as Record<string, unknown>)[name] = original;
  }
  const order = calls.filter((call) => call !== 'getpgid');
  assert.deepEqual(order, ['spawnStaged', 'spawn anchor', 'readTimeout', 'spawn stage', 'releaseStaged']);
  assert.ok(calls.indexOf('getpgid') < calls.indexOf('spawn anchor'), 'the leader\'s group is verified before the anchor joins it');
  await assertNoChildrenLeft();
});
