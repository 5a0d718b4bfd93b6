// Exit → prompt: a foreground job whose last act is to write CLOCK_MONOTONIC to a file and _exit;
// the end is the next prompt drawn on the screen model, read from the same clock. So each figure
// holds the job's exit, the shell noticing and reaping it, restoring the terminal and drawing the
// prompt, plus the PTY's path to the screen model, the same for every shell: compare the shells
// with each other (the goal is a difference from bash), not any one of them with zero.
// (test/pty/exit-to-prompt.bench.ts is the same measure for Quirl and bash alone.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planOf, type FigureRunner } from '../context';
import { mean } from '../stats';
import { SESSION_PATH } from '../pty-session';
import { interleaved, withSessions } from '../rounds';
import { findProgram } from '../subjects';

/** Exits per run: one sample is their mean. */
const EXITS_PER_RUN = 10;

/** A job that stamps the monotonic clock (in ms) as its very last act: python3 if here, else node. */
function stampCommand(dir: string, stampFile: string): string {
  const python = findProgram('python3', SESSION_PATH);
  if (python !== undefined) {
    const script = join(dir, 'stamp.py');
    writeFileSync(
      script,
      [
        'import os, time',
        `fd = os.open(${JSON.stringify(stampFile)}, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)`,
        'os.write(fd, repr(time.clock_gettime(time.CLOCK_MONOTONIC) * 1000).encode())',
        'os._exit(0)',
        '',
      ].join('\n'),
    );
    return `${python} ${script}`;
  }
  const script = join(dir, 'stamp.js');
  writeFileSync(script, `require('fs').writeFileSync(${JSON.stringify(stampFile)}, String(Number(process.hrtime.bigint()) / 1e6)); process.reallyExit(0);\n`);
  return `${process.execPath} ${script}`;
}

export const exitToPromptFigure: FigureRunner = async (context) => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-bench-exit-'));
  try {
    const stampFile = join(dir, 'exited-at');
    const command = stampCommand(dir, stampFile);
    const subjects = [context.quirl, ...context.references];
    const outcomes = await withSessions(subjects, (session) =>
      interleaved(subjects, planOf(context, 'exit'), async (subject) => {
        const sh = await session(subject);
        const delays: number[] = [];
        for (let i = 0; i < EXITS_PER_RUN; i++) {
          rmSync(stampFile, { force: true });
          const [, promptAt] = await sh.run(command);
          delays.push(promptAt - Number(readFileSync(stampFile, 'utf8')));
        }
        return mean(delays);
      }),
    );
    return [{ id: 'exit', title: 'exit → prompt', unit: 'ms', goal: { kind: 'plus', against: 'bash', maxDelta: 2 }, subjects: outcomes }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
