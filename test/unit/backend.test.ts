import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessBackend } from '../../shell/backend';

test('ProcessBackend.capture runs a string and returns its status and both streams', async () => {
  const backend = new ProcessBackend();
  const result = await backend.capture("echo out; sh -c 'echo err >&2; exit 3'");
  assert.deepEqual(result, { status: 3, stdout: 'out\n', stderr: 'err\n', truncated: false });
});

test('ProcessBackend.capture keeps only its budget and says so', async () => {
  const result = await new ProcessBackend({ maxBytes: 10 }).capture('head -c 100000 /dev/zero');
  assert.equal(result.stdout.length, 10);
  assert.equal(result.truncated, true);
});

test('ProcessBackend.run works in its own directory and ends at exit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-backend-'));
  const status = await new ProcessBackend({ cwd: dir }).run('echo here > f; exit 5; echo never > g');
  assert.equal(status, 5);
  assert.equal(readFileSync(join(dir, 'f'), 'utf8'), 'here\n');
});
