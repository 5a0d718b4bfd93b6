// How long after its foreground job exits does a shell draw its next prompt? Quirl against bash,
// in one run, through the same kind of PTY and the same headless screen as the tests.
//
//   node --import tsx test/pty/exit-to-prompt.bench.ts [rounds]
//
// Method. The job is a small program that, as its very last act, writes CLOCK_MONOTONIC to a file
// and calls _exit(0) (python3's os._exit; its startup time does not count). The end is the moment
// the harness sees the next prompt drawn with the cursor after it, read from the same monotonic
// clock (process.hrtime). So each figure covers the job's exit, the shell noticing and reaping
// it, restoring the terminal, drawing the prompt, and the PTY carrying it to the screen model, which
// is the same for both shells. Rounds alternate between the shells' sessions so that machine noise
// falls on both alike. For context the table also shows Enter-to-prompt for `true` (a whole
// command: read, spawn, wait, prompt) and for `:` (a builtin, no job at all). The exit figure also
// holds the kernel's teardown of the exiting python (after its stamp) and the harness's own path
// from the PTY to the screen model: both are the same for both shells, so compare the shells'
// figures with each other rather than reading either as the shell's cost alone.
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PtyShell, type ShellKind } from './harness';

const ROUNDS = Number(process.argv[2] ?? 200);
const WARMUP = 20;
const SHELLS: ShellKind[] = ['quirl', 'bash'];

function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

interface Samples {
  exitToPrompt: number[];
  enterToPromptTrue: number[];
  enterToPromptBuiltin: number[];
}

async function timeEnterToPrompt(sh: PtyShell, command: string): Promise<number> {
  const start = nowMs();
  await sh.run(command);
  return nowMs() - start;
}

async function timeExitToPrompt(sh: PtyShell, stampFile: string): Promise<number> {
  await sh.run(`python3 ${join(sh.work, 'stamp.py')}`);
  const end = nowMs();
  const exitedAt = Number(readFileSync(stampFile, 'utf8')) * 1000;
  return end - exitedAt;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[index] as number;
}

async function main(): Promise<void> {
  const sessions = new Map<ShellKind, { sh: PtyShell; stamp: string; samples: Samples }>();
  try {
    for (const shell of SHELLS) {
      const sh = await PtyShell.start(shell, 'direct');
      const stamp = join(sh.work, 'exited-at');
      writeFileSync(
        join(sh.work, 'stamp.py'),
        ['import os, time', `fd = os.open(${JSON.stringify(stamp)}, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)`, 'os.write(fd, repr(time.clock_gettime(time.CLOCK_MONOTONIC)).encode())', 'os._exit(0)', ''].join('\n'),
      );
      sessions.set(shell, { sh, stamp, samples: { exitToPrompt: [], enterToPromptTrue: [], enterToPromptBuiltin: [] } });
    }
    for (let round = -WARMUP; round < ROUNDS; round++) {
      for (const { sh, stamp, samples } of sessions.values()) {
        const exitToPrompt = await timeExitToPrompt(sh, stamp);
        const enterTrue = await timeEnterToPrompt(sh, 'true');
        const enterBuiltin = await timeEnterToPrompt(sh, ':');
        if (round < 0) continue;
        samples.exitToPrompt.push(exitToPrompt);
        samples.enterToPromptTrue.push(enterTrue);
        samples.enterToPromptBuiltin.push(enterBuiltin);
      }
    }
    const rows = [...sessions.entries()].map(([shell, { samples }]) => [
      shell,
      quantile(samples.exitToPrompt, 0.5).toFixed(2),
      quantile(samples.exitToPrompt, 0.9).toFixed(2),
      quantile(samples.enterToPromptTrue, 0.5).toFixed(2),
      quantile(samples.enterToPromptBuiltin, 0.5).toFixed(2),
    ]);
    const header = ['shell', 'exit→prompt median ms', 'exit→prompt p90 ms', 'Enter→prompt `true` median ms', 'Enter→prompt `:` median ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
    console.log(`${ROUNDS} rounds per shell (after ${WARMUP} warm-up rounds), direct launch, ${new Date().toISOString()}`);
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    for (const { sh } of sessions.values()) {
      const problems = await sh.close();
      if (problems.length > 0) {
        console.error(problems.join('\n'));
        process.exitCode = 1;
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
