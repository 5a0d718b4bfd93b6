// The spec cases are dealt into SPEC_SHARDS test files: there must be exactly that many, and the
// deal must place every case file in one shard, with the shards' case counts close together.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dealShards, SPEC_SHARDS } from './suite';

test('spec shards: one spec-N.test.ts per shard, numbered 1 to SPEC_SHARDS', () => {
  const files = readdirSync(__dirname).filter((name) => /^spec-\d+\.test\.ts$/.test(name)).sort();
  const expected = Array.from({ length: SPEC_SHARDS }, (_, index) => `spec-${index + 1}.test.ts`).sort();
  assert.deepEqual(files, expected);
});

test('spec shards: every file is dealt once, and no shard holds much more than its share', () => {
  const files = [100, 90, 60, 50, 40, 40, 30, 20, 10, 5].map((cases, index) => ({ name: `f${index}.sh`, cases }));
  const shards = dealShards(files, 3);
  assert.deepEqual(shards.flat().sort(), files.map((file) => file.name).sort());
  const sizes = shards.map((names) => names.reduce((sum, name) => sum + (files.find((file) => file.name === name)?.cases ?? 0), 0));
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 10, `shard sizes ${sizes.join(', ')}`);
  assert.deepEqual(dealShards(files, 3), shards, 'the same files give the same deal');
});
