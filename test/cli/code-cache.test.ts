// dist/quirl.js's V8 code cache, through the real command line: where it is written, with what
// modes, and that a cache that is stale, damaged or unwritable never changes what the shell does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

function quirl(cacheHome: string, script: string, cacheBase = join(cacheHome, 'cache')) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cacheHome, XDG_CACHE_HOME: cacheBase };
  return spawnSync(process.execPath, [QUIRL, '-c', script], { encoding: 'utf8', timeout: 60_000, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function withCacheHome(body: (home: string, directory: string) => void): void {
  const home = mkdtempSync(join(tmpdir(), 'quirl-code-cache-'));
  try {
    body(home, join(home, 'cache', 'quirl'));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function onlyFile(directory: string): string {
  const files = readdirSync(directory);
  assert.equal(files.length, 1, `one cache file: ${files.join(', ')}`);
  return join(directory, files[0]!);
}

test('code cache: the first run writes it under XDG_CACHE_HOME, private to the user, and the next run runs the same with it', () => {
  withCacheHome((home, directory) => {
    const first = quirl(home, 'echo one; exit 3');
    assert.deepEqual([first.status, first.stdout, first.stderr], [3, 'one\n', '']);
    assert.equal(statSync(directory).mode & 0o777, 0o700);
    const file = onlyFile(directory);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(file, /code-cache-[0-9a-f]{8}-[a-z0-9]+-v8-/);
    const again = quirl(home, 'echo two');
    assert.deepEqual([again.status, again.stdout, again.stderr], [0, 'two\n', '']);
    assert.deepEqual(readdirSync(directory), [basename(file)], 'the same file, nothing left beside it');
  });
});

test('code cache: a file for another build, or damaged after a valid key, is replaced; the shell runs the same', () => {
  withCacheHome((home, directory) => {
    quirl(home, 'true');
    const file = onlyFile(directory);
    const key = readFileSync(file).subarray(0, readFileSync(file).indexOf(0x0a) + 1);
    for (const contents of [Buffer.from('another build\nnot a cache'), Buffer.concat([key, Buffer.from('garbage that V8 rejects')])]) {
      writeFileSync(file, contents);
      const result = quirl(home, 'echo still; exit 4');
      assert.deepEqual([result.status, result.stdout, result.stderr], [4, 'still\n', '']);
      const replaced = readFileSync(file);
      assert.ok(replaced.subarray(0, key.length).equals(key) && replaced.length > 1000, 'replaced by a cache of this build');
    }
  });
});

test('code cache: a cache directory that cannot be written costs nothing but the cache', () => {
  withCacheHome((home) => {
    // A file stands where the cache directory would go: no cache, and the status is the script's own.
    writeFileSync(join(home, 'cache'), 'a file where the cache directory would be');
    const result = quirl(home, 'echo fine; exit 5');
    assert.deepEqual([result.status, result.stdout, result.stderr], [5, 'fine\n', '']);
  });
});

test('code cache: under a directory where mkdir answers ENOENT (/proc), the shell exits at once, uncached', () => {
  // node's recursive mkdir loops forever there (mkdir /proc/quirl: ENOENT; mkdir /proc: EEXIST; again).
  withCacheHome((home) => {
    const result = quirl(home, 'echo fine; exit 6', '/proc');
    assert.equal(result.error, undefined, 'it exits (the spawn would time out)');
    assert.deepEqual([result.status, result.stdout, result.stderr], [6, 'fine\n', '']);
  });
});
