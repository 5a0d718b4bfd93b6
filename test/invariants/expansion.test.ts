// Contract: "Expansion: one pipeline retains at most 1 MiB of expanded command words and redirect
// targets. The budget is cumulative across fragments, words, and stages; the first byte beyond it
// fails with ResourceLimit before that byte is appended. NUL bytes are rejected as invalid
// command data before spawn."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from '../support/shell';
import { assertNoChildrenLeft } from '../support/pipelines';

const HALF = 600 * 1024;

test('expansion budget: cumulative across words and stages of one pipeline', async () => {
  const big = `$(head -c ${HALF} /dev/zero | tr '\\0' a)`;
  const result = await runScript(`cat /dev/null ${big} | cat /dev/null ${big}; echo after $?`);
  assert.match(result.stderr, /expansion exceeds the pipeline limit of 1048576 bytes/);
  assert.equal(result.stdout, 'after 1\n', 'the pipeline failed with status 1 and the script went on');
  await assertNoChildrenLeft();
});

test('expansion budget: each pipeline has its own budget', async () => {
  const big = `$(head -c ${HALF} /dev/zero | tr '\\0' a)`;
  const result = await runScript(`x=${big}; y=${big}; echo ok`);
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, 'ok\n');
});

test('expansion budget: redirect targets count, and nothing is opened past the limit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-budget-'));
  const result = await runScript(`echo $(head -c ${HALF} /dev/zero | tr '\\0' a) > ${dir}/$(head -c ${HALF} /dev/zero | tr '\\0' b)`, {}, dir);
  assert.match(result.stderr, /ResourceLimit|expansion exceeds/);
  assert.equal(result.status, 1);
});

test('NUL bytes rejected as invalid command data before spawn', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-nul-'));
  const marker = join(dir, 'spawned');
  const result = await runScript(`touch ${marker} "$(printf 'a\\0b')"`);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /NUL/);
  assert.equal(existsSync(marker), false, 'nothing was spawned');
  await assertNoChildrenLeft();
});
