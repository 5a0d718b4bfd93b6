// `npm run bench`: every figure of issues 5 and 14 as ratios against bash (and dash, zsh, fish where
// installed), measured in one run on this machine. Prints a Markdown table (median, min, max of
// the runs after the warm-up) and writes the raw samples as JSON under bench-results/.
// Knobs: see config.ts (QUIRL_BENCH_RUNS, QUIRL_BENCH_FIGURES, QUIRL_BENCH_BYTES, ...);
// QUIRL_BENCH_OUT names another directory for the JSON (the smoke test's).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig, ConfigError, type FigureId } from './config';
import type { FigureContext, FigureRunner } from './context';
import { captureFigure } from './figures/capture';
import { exitToPromptFigure } from './figures/exit-to-prompt';
import { forFigure } from './figures/for';
import { functionsFigure } from './figures/functions';
import { ipcFigure } from './figures/ipc';
import { idleFigure, retainedFigure } from './figures/memory';
import { parseFigure } from './figures/parse';
import { perJobFigure } from './figures/per-job';
import { pipelineFigure } from './figures/pipeline';
import { readFigure } from './figures/read';
import { scriptFigure } from './figures/script';
import { startFigure } from './figures/start';
import { substFigure } from './figures/subst';
import { whileFigure } from './figures/while';
import { machine } from './machine';
import type { FigureResult } from './model';
import { bareNodeSubject, quirlProfileSubject, quirlSubject, referenceSubjects, REPO } from './subjects';
import { resultsTable } from './table';

const RUNNERS: Record<FigureId, FigureRunner> = {
  start: startFigure,
  script: scriptFigure,
  job: perJobFigure,
  exit: exitToPromptFigure,
  pipeline: pipelineFigure,
  capture: captureFigure,
  idle: idleFigure,
  retained: retainedFigure,
  ipc: ipcFigure,
  while: whileFigure,
  subst: substFigure,
  for: forFigure,
  read: readFigure,
  functions: functionsFigure,
  parse: parseFigure,
};

async function main(): Promise<number> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`bench: ${error.message}\n`);
    return 2;
  }
  const log = (message: string): void => void process.stderr.write(`${message}\n`);
  const { subjects: references, missing } = referenceSubjects(config.shells);
  if (!references.some((s) => s.name === 'bash')) {
    log('bench: bash is not installed; every goal is stated against it');
    return 2;
  }
  if (missing.length > 0) log(`not installed (left out): ${missing.join(', ')}`);
  if (config.baseline !== undefined) references.push(quirlSubject(config.baseline, 'quirl-base'));
  const context: FigureContext = { config, quirl: quirlSubject(), quirlProfile: quirlProfileSubject(), bareNode: bareNodeSubject(), references, log };
  const about = machine();
  log(`${about.date} · ${about.cpus} × ${about.cpu} · node ${about.node} · load ${about.load}`);
  const figures: FigureResult[] = [];
  for (const id of config.figures) {
    log(`${id}: ${config.runs(id)} runs after ${config.warmup} warm-up`);
    const startedAt = Date.now();
    figures.push(...(await RUNNERS[id](context)));
    log(`${id}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  const table = resultsTable(figures);
  const dir = process.env.QUIRL_BENCH_OUT || join(REPO, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${about.date.replace(/[:.]/g, '-')}.json`);
  const settings = { ...config, runs: Object.fromEntries(config.figures.map((id) => [id, config.runs(id)])) };
  writeFileSync(file, `${JSON.stringify({ machine: about, config: settings, figures }, null, 2)}\n`);
  process.stdout.write(`${about.date} · ${about.cpus} × ${about.cpu} · node ${about.node}\n\n${table}\n\nraw figures: ${file}\n`);
  return 0;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
