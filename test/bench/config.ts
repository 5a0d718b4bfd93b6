// The bench's knobs, all from the environment so that `npm run bench` needs no arguments:
//   QUIRL_BENCH_RUNS=N            measured runs of every figure (default 5; 3 for pipeline,
//                                 capture and read, 1 for retained), after the warm-up
//   QUIRL_BENCH_RUNS_<FIGURE>=N   per figure, e.g. QUIRL_BENCH_RUNS_PIPELINE=2 (ids below)
//   QUIRL_BENCH_WARMUP=1          warm-up runs per figure, not counted
//   QUIRL_BENCH_FIGURES=a,b       only these figures (default: all)
//   QUIRL_BENCH_SHELLS=a,b        only these reference shells (default: bash,dash,zsh,fish where installed)
//   QUIRL_BENCH_BYTES=1073741824  bytes through the pipeline and capture figures
//   QUIRL_BENCH_LINES=1000        `/bin/true` lines of the script figure
//   QUIRL_BENCH_JOBS=200          commands typed per run of the per-job figure
//   QUIRL_BENCH_RETAINED=1024     background jobs of the retained-jobs memory figures (RSS, heap)
//   QUIRL_BENCH_WHILE=100000      iterations of the `while [ $i -lt N ]` counting loop
//   QUIRL_BENCH_SUBSTS=10000      `x=$(echo hi)` substitutions of the subst figure
//   QUIRL_BENCH_FOR=1000          iterations of the `for` loop running /bin/true
//   QUIRL_BENCH_READ=200000       lines `seq` writes into the `while read -r` loop
//   QUIRL_BENCH_FUNCTIONS=2000    lines of the generated function-heavy script
//   QUIRL_BENCH_PARSE_BYTES=1048576  size of the generated script parsed with -n
//   QUIRL_BENCH_BASELINE=DIR      another built checkout, measured as the shell `quirl-base`
//                                 (a change's before and after in the same run)
export const FIGURE_IDS = [
  'start',
  'script',
  'job',
  'exit',
  'pipeline',
  'capture',
  'idle',
  'retained',
  'ipc',
  'while',
  'subst',
  'for',
  'read',
  'functions',
  'parse',
] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

/** Figures whose runs are long (1 GiB each, a thousand jobs, a minute of `read`): fewer runs by default. */
const DEFAULT_RUNS: Partial<Record<FigureId, number>> = { pipeline: 3, capture: 3, retained: 1, read: 3 };

export interface BenchConfig {
  readonly figures: readonly FigureId[];
  readonly shells: readonly string[] | undefined;
  readonly baseline: string | undefined;
  readonly warmup: number;
  readonly bytes: number;
  readonly lines: number;
  readonly jobs: number;
  readonly retained: number;
  readonly whileIterations: number;
  readonly substs: number;
  readonly forIterations: number;
  readonly readLines: number;
  readonly functionLines: number;
  readonly parseBytes: number;
  runs(figure: FigureId): number;
}

export class ConfigError extends Error {
  readonly code = 'BenchConfig';
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name}=${text}: expected an integer ≥ ${min}`);
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const text = env[name];
  if (text === undefined || text.trim() === '') return undefined;
  return text.split(',').map((item) => item.trim()).filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const figures = list(env, 'QUIRL_BENCH_FIGURES') ?? [...FIGURE_IDS];
  for (const figure of figures) {
    if (!(FIGURE_IDS as readonly string[]).includes(figure)) {
      throw new ConfigError(`QUIRL_BENCH_FIGURES: unknown figure ${figure} (known: ${FIGURE_IDS.join(', ')})`);
    }
  }
  // QUIRL_BENCH_RUNS, when set, applies to every figure; unset, the long figures run fewer times.
  const runs = env.QUIRL_BENCH_RUNS === undefined || env.QUIRL_BENCH_RUNS === '' ? undefined : count(env, 'QUIRL_BENCH_RUNS', 5, 1);
  const perFigure = new Map(FIGURE_IDS.map((id) => [id, count(env, `QUIRL_BENCH_RUNS_${id.toUpperCase()}`, runs ?? DEFAULT_RUNS[id] ?? 5, 1)]));
  return {
    figures: figures as FigureId[],
    shells: list(env, 'QUIRL_BENCH_SHELLS'),
    baseline: env.QUIRL_BENCH_BASELINE || undefined,
    warmup: count(env, 'QUIRL_BENCH_WARMUP', 1, 0),
    bytes: count(env, 'QUIRL_BENCH_BYTES', 2 ** 30, 1),
    lines: count(env, 'QUIRL_BENCH_LINES', 1000, 1),
    jobs: count(env, 'QUIRL_BENCH_JOBS', 200, 1),
    retained: count(env, 'QUIRL_BENCH_RETAINED', 1024, 1),
    whileIterations: count(env, 'QUIRL_BENCH_WHILE', 100_000, 1),
    substs: count(env, 'QUIRL_BENCH_SUBSTS', 10_000, 1),
    forIterations: count(env, 'QUIRL_BENCH_FOR', 1000, 1),
    readLines: count(env, 'QUIRL_BENCH_READ', 200_000, 1),
    functionLines: count(env, 'QUIRL_BENCH_FUNCTIONS', 2000, 1),
    parseBytes: count(env, 'QUIRL_BENCH_PARSE_BYTES', 2 ** 20, 1),
    runs: (figure) => perFigure.get(figure) as number,
  };
}
