// In-shell commands reading and writing pipes, through the real command line (bin/quirl, the
// bundle): their blocking writes never exhaust libuv's thread pool, and `read` never consumes
// more than the line it returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

/** Runs `bin/quirl -c SCRIPT` with `input` on stdin (a pipe) or stdin from a file; a hang fails at the deadline. */
function quirl(script: string, stdin: { input?: string; file?: string } = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'quirl-cache-'));
  try {
    const command = stdin.file === undefined ? [QUIRL, '-c', script] : ['-c', `exec "$0" "$1" -c "$2" < "$3"`, process.execPath, QUIRL, script, stdin.file];
    return spawnSync(stdin.file === undefined ? process.execPath : '/bin/sh', command, {
      encoding: 'utf8',
      input: stdin.input ?? '',
      timeout: 120_000,
      env: { ...process.env, XDG_CACHE_HOME: cache, UV_THREADPOOL_SIZE: '4' },
    });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** `x=$(...)` of `bytes` a's, then `stages` in-shell `echo $x` stages into `cat | wc -c`. */
function echoStages(stages: number, bytes: number): string {
  return `x=$(head -c ${bytes} /dev/zero | tr '\\0' a); ${Array.from({ length: stages }, () => 'echo $x').join(' | ')} | cat | wc -c`;
}

test('five in-shell stages writing more than a pipe holds do not deadlock the shell (issue 11)', () => {
  const result = quirl(echoStages(5, 100_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '100001');
  assert.equal(result.status, 0);
});

test('eight in-shell stages each blocked on a full pipe at once still finish', () => {
  // 8 × 120 KB: every stage's write outgrows its pipe's 64 KiB, within the 1 MiB expansion budget.
  const result = quirl(echoStages(8, 120_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '120001');
});

test('a 16-stage pipeline of in-shell `echo $x` stages does not deadlock', () => {
  const result = quirl(echoStages(16, 60_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '60001');
});
