/// <reference types="mocha" />
// Measures, does not judge: from a change in the shell (SIGSTOP / SIGCONT to a background job's
// process group, t0 taken just before the kill) to QuirlApi.onDidChangeJobs firing with the tree
// showing the new state (t1). Samples go to test-results/tree-latency.json; the median is printed.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { withQuirlTerminal } from './fixture';
import { jobIn, publishedJob } from './jobs';
import { runCommand } from './terminals';
import type { TreeWatch } from './watch';

/** Stop/continue pairs; QUIRL_IT_LATENCY_SAMPLES overrides. */
const SAMPLES = Number(process.env.QUIRL_IT_LATENCY_SAMPLES ?? 50);

describe('tree-update latency (measured, not asserted)', function () {
  this.timeout(600_000);
  const terminal = withQuirlTerminal('command');

  it(`measures ${SAMPLES} stops and ${SAMPLES} continues of a background job`, async () => {
    const { api, quirl, watch } = terminal;
    assert.equal((await runCommand(quirl, 'sleep 600 &')).exitCode, 0);
    const job = await publishedJob(api, quirl.pid, 'sleep 600');
    assert.ok(job.pgid !== null, 'a background sleep has its own process group');
    await watch.expect('the job running', jobIn(job.id, 'running'));
    const stop: number[] = [];
    const cont: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      stop.push(await latency(watch, job.pgid, 'SIGSTOP', jobIn(job.id, 'stopped')));
      cont.push(await latency(watch, job.pgid, 'SIGCONT', jobIn(job.id, 'running')));
    }
    const results = { stop: summary(stop), continue: summary(cont) };
    const file = join(resultsDir(), 'tree-latency.json');
    writeFileSync(file, `${JSON.stringify({ vscode: vscode.version, appHost: vscode.env.appHost, measuredAt: new Date().toISOString(), unit: 'ms', ...results }, null, 2)}\n`);
    console.log(`      tree-update latency, median: stop ${results.stop.median.toFixed(1)} ms, continue ${results.continue.median.toFixed(1)} ms (${SAMPLES} each; ${file})`);
  });
});

async function latency(watch: TreeWatch, pgid: number, signal: 'SIGSTOP' | 'SIGCONT', find: Parameters<TreeWatch['expect']>[1]): Promise<number> {
  watch.skipToNow();
  const t0 = performance.now();
  process.kill(-pgid, signal);
  const { at } = await watch.expect(`the tree to show ${signal}`, find);
  return at - t0;
}

function summary(samples: readonly number[]): { samples: readonly number[]; median: number; min: number; max: number; p90: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const median = sorted.length % 2 === 1 ? at(0.5) : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
  return { samples, median, min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN, p90: at(0.9) };
}

function resultsDir(): string {
  const dir = process.env.QUIRL_IT_RESULTS;
  if (dir === undefined || dir === '') throw new Error('QUIRL_IT_RESULTS is not set: run the suite through `npm run test:integration`');
  mkdirSync(dir, { recursive: true });
  return dir;
}
