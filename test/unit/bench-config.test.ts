import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, FIGURE_IDS, readConfig } from '../bench/config';

test('bench config: defaults run every figure, long ones fewer times', () => {
  const config = readConfig({});
  assert.deepEqual(config.figures, [...FIGURE_IDS]);
  assert.equal(config.runs('script'), 5);
  assert.equal(config.runs('pipeline'), 3);
  assert.equal(config.runs('retained'), 1);
  assert.equal(config.warmup, 1);
  assert.equal(config.bytes, 2 ** 30);
  assert.equal(config.lines, 1000);
  assert.equal(config.jobs, 200);
  assert.equal(config.retained, 1024);
  assert.equal(config.shells, undefined);
  assert.equal(config.baseline, undefined);
});

test('bench config: QUIRL_BENCH_RUNS applies to all, a per-figure count wins', () => {
  const config = readConfig({ QUIRL_BENCH_RUNS: '2', QUIRL_BENCH_RUNS_JOB: '7', QUIRL_BENCH_FIGURES: 'job, pipeline', QUIRL_BENCH_SHELLS: 'bash,zsh' });
  assert.equal(config.runs('pipeline'), 2);
  assert.equal(config.runs('job'), 7);
  assert.deepEqual(config.figures, ['job', 'pipeline']);
  assert.deepEqual(config.shells, ['bash', 'zsh']);
  assert.equal(readConfig({ QUIRL_BENCH_BASELINE: '/tmp/before' }).baseline, '/tmp/before');
});

test('bench config: bad values are refused with the variable named', () => {
  assert.throws(() => readConfig({ QUIRL_BENCH_RUNS: '0' }), (e) => e instanceof ConfigError && /QUIRL_BENCH_RUNS=0/.test(e.message));
  assert.throws(() => readConfig({ QUIRL_BENCH_BYTES: '1.5' }), ConfigError);
  assert.throws(() => readConfig({ QUIRL_BENCH_FIGURES: 'start,nope' }), /unknown figure nope/);
});
