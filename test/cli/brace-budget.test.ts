// A brace range far past the expansion budget, through bin/quirl: a ResourceLimit message naming
// the word and status 1, the script going on; never an out-of-memory crash. The shell runs with a
// small heap, which ten million words would exhaust long before they were built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

test('{1..10000000} fails with ResourceLimit and status 1, and the script goes on', (t) => {
  const cache = mkdtempSync(join(tmpdir(), 'quirl-cache-'));
  t.after(() => rmSync(cache, { recursive: true, force: true }));
  const result = spawnSync(process.execPath, ['--max-old-space-size=64', QUIRL, '-c', 'echo {1..10000000}; echo "after $?"; echo {1..100000} | wc -w'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, XDG_CACHE_HOME: cache },
  });
  assert.equal(result.stdout, 'after 1\n100000\n');
  assert.match(result.stderr, /^quirl: line 1: \{1\.\.10000000\}: brace expansion exceeds the pipeline's expansion limit/);
  assert.equal(result.status, 0);
});
