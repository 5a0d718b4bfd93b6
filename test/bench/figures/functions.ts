// A function-heavy script of about N lines, generated: chains of functions calling functions, each
// splitting a file name with ${x%%.*} and ${x#"$base"}, a `case` on the extension, locals and
// arithmetic, and a main loop calling the head of every chain for a few file names. It is POSIX sh
// plus `local` (which dash has), and prints a checksum and a call count that the generator works
// out in TypeScript from the same parameters: every shell's output (bash's too) must be that one.
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

/** Functions per chain: f_k calls f_(k-1) unless k is a multiple of this. */
const CHAIN = 8;
/** The modulus of every arithmetic result: numbers stay small in every shell. */
const P = 1009;
const NAMES = ['build.sh', 'notes.txt', 'README.md', 'pkg.tar.gz', 'Makefile'] as const;
/** Rounds of the main loop; one round calls every function once per name. */
const ROUNDS = 12;

interface Fn {
  readonly k: number;
  readonly mul: number;
  readonly add: number;
  readonly len: number;
  readonly high: number;
}

function fnOf(k: number): Fn {
  return { k, mul: 2 + (k % 7), add: 1 + ((k * 13) % 50), len: 1 + (k % 5), high: 300 + ((k * 37) % 600) };
}

const calls = (k: number): boolean => k % CHAIN !== 0;

function renderFn(f: Fn): string[] {
  return [
    `f_${f.k}() {`,
    '  local base ext m',
    '  base=${1%%.*}',
    '  ext=${1#"$base"}',
    '  m=$2',
    '  case $ext in',
    `    .sh) m=$(( (m * ${f.mul} + ${f.k}) % ${P} )) ;;`,
    `    .txt|.md) m=$(( (m + \${#base} * ${f.len}) % ${P} )) ;;`,
    `    '') m=$(( (m ^ ${f.k}) % ${P} )) ;;`,
    `    *) m=$(( (m + ${f.add}) % ${P} )) ;;`,
    '  esac',
    `  if [ "$m" -gt ${f.high} ]; then`,
    `    m=$(( m - ${f.high} / 2 ))`,
    '  fi',
    calls(f.k) ? `  f_${f.k - 1} "$base$ext" "$m"` : `  r=$(( (r + m) % ${P} ))`,
    '}',
  ];
}

/** What f_k does to the running checksum, in TypeScript: the shell's arithmetic on small numbers. */
function evaluate(fns: readonly Fn[], k: number, name: string, n: number, r: number): number {
  const f = fns[k] as Fn;
  const dot = name.indexOf('.');
  const base = dot === -1 ? name : name.slice(0, dot);
  const ext = name.slice(base.length);
  let m = n;
  if (ext === '.sh') m = (m * f.mul + f.k) % P;
  else if (ext === '.txt' || ext === '.md') m = (m + base.length * f.len) % P;
  else if (ext === '') m = (m ^ f.k) % P;
  else m = (m + f.add) % P;
  if (m > f.high) m -= Math.trunc(f.high / 2);
  return calls(k) ? evaluate(fns, k - 1, base + ext, m, r) : (r + m) % P;
}

export function functionScript(lines: number): { script: string; expected: string; calls: number } {
  const perFn = renderFn(fnOf(1)).length;
  const count = Math.max(1, Math.floor((lines - 12) / (perFn + 1)));
  const fns = Array.from({ length: count }, (_, k) => fnOf(k));
  const heads = fns.filter((f) => !calls(f.k + 1) || f.k === count - 1).map((f) => f.k);
  const main = [
    'r=0 c=0 i=0',
    `while [ "$i" -lt ${ROUNDS} ]; do`,
    `  for name in ${NAMES.join(' ')}; do`,
    ...heads.map((k) => `    f_${k} "$name" "$i"`),
    `    c=$((c + ${heads.length}))`,
    '  done',
    '  i=$((i + 1))',
    'done',
    `printf '%s %s\\n' "$r" "$c"`,
  ];
  let r = 0;
  for (let i = 0; i < ROUNDS; i++) for (const name of NAMES) for (const k of heads) r = evaluate(fns, k, name, i, r);
  const script = [...fns.flatMap((f) => [...renderFn(f), '']), ...main, ''].join('\n');
  return { script, expected: `${r} ${ROUNDS * NAMES.length * heads.length}\n`, calls: ROUNDS * NAMES.length * count };
}

export const functionsFigure: FigureRunner = async (context) => {
  const { script, expected, calls: n } = functionScript(context.config.functionLines);
  const lines = script.split('\n').length - 1;
  return [
    await timeScript(context, {
      id: 'functions',
      title: `function-heavy script (${lines} lines, ${n} calls)`,
      unit: 'ms',
      goal: { kind: 'ratio', against: 'bash', max: 0.7 },
      script,
      expected,
      per: 1,
      posixOnly: true,
    }),
  ];
};
