// The shape of every script figure: a script file written once, run as `SHELL [FLAGS] FILE` by
// Quirl and the reference shells in interleaved rounds, wall time from spawn to exit (Quirl's node
// start-up included, as a user running a script pays it), divided by the work it did. A run counts
// only if the shell exited 0 and printed exactly the expected output: a shell that broke, or
// stopped early, must not post a fast time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FigureId } from './config';
import { planOf, type FigureContext } from './context';
import type { FigureResult, Goal } from './model';
import { BenchError } from './pty-session';
import { interleaved } from './rounds';
import { runTimed } from './spawn-timed';
import type { Subject } from './subjects';

export type ScriptSubject = Subject & { readonly script: NonNullable<Subject['script']> };

export interface ScriptFigure {
  readonly id: FigureId;
  readonly title: string;
  readonly unit: 'µs' | 'ms' | 's';
  readonly goal: Goal;
  /** The file's text. */
  readonly script: string;
  /** Exactly what every shell must print on stdout. */
  readonly expected: string;
  /** What one sample is per: the iterations, commands or lines the script runs (1: the whole run). */
  readonly per: number;
  /** Only the shells that run POSIX sh scripts (not zsh, fish): the generated scripts are sh. */
  readonly posixOnly: boolean;
  readonly flags?: readonly string[];
  /** An untimed check of each shell before its first run (the script's directory is given). */
  readonly precheck?: (subject: ScriptSubject, dir: string) => Promise<void>;
}

const MS_PER_UNIT = { µs: 1e-3, ms: 1, s: 1e3 } as const;

/** The first line where two texts differ, for a message that says what went wrong. */
function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const line = want.findIndex((text, i) => text !== got[i]);
  const at = line === -1 ? want.length : line;
  return `line ${at + 1}: expected ${JSON.stringify(want[at] ?? '<end>')}, got ${JSON.stringify(got[at] ?? '<end>')}`;
}

export async function timeScript(context: FigureContext, figure: ScriptFigure): Promise<FigureResult> {
  const dir = mkdtempSync(join(tmpdir(), `quirl-bench-${figure.id}-`));
  try {
    const file = join(dir, `${figure.id}.sh`);
    writeFileSync(file, figure.script);
    const subjects = [context.quirl, ...context.references].filter(
      (s): s is ScriptSubject => s.script !== undefined && (s.posix || !figure.posixOnly),
    );
    const checked = new Set<string>();
    const outcomes = await interleaved(subjects, planOf(context, figure.id), async (subject) => {
      if (figure.precheck !== undefined && !checked.has(subject.name)) {
        await figure.precheck(subject, dir);
        checked.add(subject.name);
      }
      const { ms, stdout } = await runTimed(subject.script(file, figure.flags), dir);
      if (stdout !== figure.expected) {
        throw new BenchError('Unexpected', `${subject.name}: ${figure.id}: the output is not the expected one (${firstDifference(figure.expected, stdout)})`);
      }
      return ms / MS_PER_UNIT[figure.unit] / figure.per;
    });
    return { id: figure.id, title: figure.title, unit: figure.unit, goal: figure.goal, subjects: outcomes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
