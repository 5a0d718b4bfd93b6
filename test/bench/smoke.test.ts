// The bench runs end to end: a tiny run (one repetition, small sizes, Quirl, bash and dash where
// installed) of the figures that need no long setup prints a table and writes JSON where every
// subject was measured, so every script figure's output check passed in every shell.
// No timing is asserted: only that the bench produces figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FigureResult } from './model';
import { REPO } from './subjects';

const FIGURES = ['script', 'job', 'pipeline', 'capture', 'idle', 'retained', 'while', 'subst', 'for', 'read', 'functions', 'parse'];

test(`bench smoke: one repetition of the ${FIGURES.join(', ')} figures`, { timeout: 170_000 }, () => {
  const out = mkdtempSync(join(tmpdir(), 'quirl-bench-smoke-'));
  try {
    const env = {
      ...process.env,
      QUIRL_BENCH_OUT: out,
      QUIRL_BENCH_FIGURES: FIGURES.join(','),
      QUIRL_BENCH_SHELLS: 'bash,dash',
      QUIRL_BENCH_RUNS: '1',
      QUIRL_BENCH_WARMUP: '0',
      QUIRL_BENCH_LINES: '3',
      QUIRL_BENCH_JOBS: '2',
      QUIRL_BENCH_BYTES: String(2 ** 20 + 7),
      QUIRL_BENCH_RETAINED: '8',
      QUIRL_BENCH_WHILE: '50',
      QUIRL_BENCH_SUBSTS: '10',
      QUIRL_BENCH_FOR: '5',
      QUIRL_BENCH_READ: '50',
      QUIRL_BENCH_FUNCTIONS: '100',
      QUIRL_BENCH_PARSE_BYTES: '4000',
    };
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'test', 'bench', 'run.ts')], { cwd: REPO, env, encoding: 'utf8', timeout: 160_000 });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /\| figure +\| shell +\| median/);
    const files = readdirSync(out);
    assert.equal(files.length, 1);
    const { figures } = JSON.parse(readFileSync(join(out, files[0] as string), 'utf8')) as { figures: FigureResult[] };
    assert.deepEqual(
      figures.map((f) => f.id),
      FIGURES.flatMap((id) => (id === 'capture' ? ['capture-rate', 'capture-rss'] : id === 'retained' ? ['retained', 'retained-heap'] : [id])),
    );
    for (const figure of figures) {
      for (const subject of figure.subjects) {
        assert.equal(subject.kind, 'measured', `${figure.id} ${subject.subject}: ${subject.kind === 'skipped' ? subject.reason : ''}`);
        if (subject.kind === 'measured') assert.equal(subject.samples.length, 1);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
