// Contract: "Redirects: redirect targets are opened in source order and the last input redirect
// supplies standard input. Earlier opens still take effect or fail, matching shell
// descriptor-order semantics."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from '../support/shell';
import { assertNoChildrenLeft } from '../support/pipelines';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'quirl-redirects-'));
}

test('redirects: the last input redirect supplies stdin', async () => {
  const dir = scratch();
  writeFileSync(join(dir, 'a'), 'from a\n');
  writeFileSync(join(dir, 'b'), 'from b\n');
  const result = await runScript('cat < a < b', {}, dir);
  assert.equal(result.stdout, 'from b\n');
  await assertNoChildrenLeft();
});

test('redirects: an earlier open that fails still fails the command', async () => {
  const dir = scratch();
  writeFileSync(join(dir, 'b'), 'from b\n');
  const result = await runScript('cat < missing < b; echo status $?', {}, dir);
  assert.equal(result.stdout, 'status 1\n');
  assert.match(result.stderr, /missing: No such file or directory/);
});

test('redirects: earlier output opens take effect (both files exist, the last gets the output)', async () => {
  const dir = scratch();
  const result = await runScript('>f1 >f2 echo x; printf hidden > f3 | cat', {}, dir);
  assert.equal(result.stdout, '');
  assert.equal(readFileSync(join(dir, 'f1'), 'utf8'), '');
  assert.equal(readFileSync(join(dir, 'f2'), 'utf8'), 'x\n');
  assert.equal(readFileSync(join(dir, 'f3'), 'utf8'), 'hidden');
});

test('redirects: descriptor order: 2>&1 >f differs from >f 2>&1', async () => {
  const dir = scratch();
  const first = await runScript("sh -c 'echo out; echo err >&2' 2>&1 >f", {}, dir);
  assert.equal(first.stdout, 'err\n');
  assert.equal(readFileSync(join(dir, 'f'), 'utf8'), 'out\n');
  const second = await runScript("sh -c 'echo out; echo err >&2' >g 2>&1", {}, dir);
  assert.equal(second.stdout, '');
  assert.equal(readFileSync(join(dir, 'g'), 'utf8'), 'out\nerr\n');
});

test('redirects: a failing redirect on a builtin opens nothing after it', async () => {
  const dir = scratch();
  const result = await runScript('echo x > nodir/f > after; echo $?', {}, dir);
  assert.equal(result.stdout, '1\n');
  assert.equal(existsSync(join(dir, 'after')), false);
});

test('redirects: a FIFO target is opened by the stage itself, so the shell never blocks on it', async () => {
  const dir = scratch();
  const result = await runScript(
    'mkfifo fifo; sh -c "echo through; exit 3" > fifo & p=$!; cat fifo; wait $p; echo "status=$?"; cat < fifo & echo into > fifo; wait',
    {},
    dir,
  );
  assert.equal(result.stdout, 'through\nstatus=3\ninto\n');
  await assertNoChildrenLeft();
});
