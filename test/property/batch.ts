/**
 * Runs a batch of generated words through bash and Quirl (one script each run, the same file,
 * the same directory, at the same time) and says which words the two expand differently: their
 * fields on stdout, the status of their line, or the text of their diagnostics.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, runProcess, sandboxEnv, SHELLS, type Sandbox, type Shell } from '../spec/run';
import { batchScript, caseLine, makeFiles, splitOutcomes, type Outcome } from './fixture';
import type { WordCase } from './words';

/** A batch's deadline per shell: generous, since bash forks a subshell per word on a loaded machine. */
const BATCH_TIMEOUT_MS = 150_000;

export interface Disagreement {
  readonly index: number;
  readonly line: string;
  readonly bash: Outcome;
  readonly quirl: Outcome;
}

/** A directory with the fixture's files, shared by every batch of a test. */
export class Workspace {
  private readonly sandbox: Sandbox;
  private batches = 0;

  constructor() {
    this.sandbox = makeSandbox();
    makeFiles(this.sandbox.work);
  }

  /**
   * The words of `cases` on which bash and Quirl disagree (empty: all agree). `normalise` maps
   * both shells' diagnostics before they are compared (the test's named known differences).
   */
  async compare(cases: readonly WordCase[], normalise: (stderr: string) => string = (stderr) => stderr): Promise<Disagreement[]> {
    const script = join(this.sandbox.root, `batch-${this.batches++}.sh`);
    writeFileSync(script, batchScript(cases));
    const [bash, quirl] = await Promise.all([this.run(SHELLS.bash!, script, cases.length), this.run(SHELLS.quirl!, script, cases.length)]);
    const disagreements: Disagreement[] = [];
    cases.forEach((wordCase, index) => {
      const b = bash[index]!;
      const q = quirl[index]!;
      if (b.stdout !== q.stdout || b.status !== q.status || normalise(b.stderr) !== normalise(q.stderr)) disagreements.push({ index, line: caseLine(wordCase), bash: b, quirl: q });
    });
    return disagreements;
  }

  remove(): void {
    this.sandbox.remove();
  }

  private async run(shell: Shell, script: string, count: number): Promise<Outcome[]> {
    const result = await runProcess({
      argv: shell.argv([script]),
      cwd: this.sandbox.work,
      env: sandboxEnv(this.sandbox, shell),
      timeoutMs: BATCH_TIMEOUT_MS,
      maxBytes: 16 << 20,
    });
    if (result.timedOut || result.overflowed) throw new Error(`${shell.name} ${result.timedOut ? 'timed out' : 'wrote too much'} on a batch of ${count} words`);
    return splitOutcomes(count, result.stdout, result.stderr, script);
  }
}

/** A disagreement as a failure message: the line, then each shell's outcome. */
export function describe(disagreement: Disagreement): string {
  const show = (outcome: Outcome): string =>
    `status ${outcome.status ?? '(none: the script ended first)'}\n    stdout ${JSON.stringify(outcome.stdout)}\n    stderr ${JSON.stringify(outcome.stderr)}`;
  return `${disagreement.line}\n  bash:  ${show(disagreement.bash)}\n  quirl: ${show(disagreement.quirl)}`;
}
