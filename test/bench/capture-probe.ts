// Child process of the capture figure: one capture request through the executor (shell/exec)
// over `head -c BYTES /dev/zero` with a byte budget, in a process of its own so that its resident
// memory is the executor's alone. Prints one JSON line: seconds, bytes seen, bytes retained, RSS
// before and the highest RSS sampled while the capture ran (MiB).
//   node --import tsx test/bench/capture-probe.ts BYTES BUDGET
import { external, newExecutor, pipeline } from '../support/pipelines';
import { nowMs } from './pty-session';
import { rssMiB } from './rss';

async function main(): Promise<void> {
  const bytes = Number(process.argv[2]);
  const budget = Number(process.argv[3]);
  if (!Number.isInteger(bytes) || !Number.isInteger(budget) || bytes < 1 || budget < 1) {
    process.stderr.write('usage: capture-probe.ts BYTES BUDGET\n');
    process.exit(2);
  }
  const executor = newExecutor();
  // Warm-up: the code paths and the runtime's one-time handles exist before the baseline.
  await executor.executeCaptureRequest(pipeline(external(['head', '-c', String(budget * 2), '/dev/zero'])), { maxBytes: budget });
  const before = rssMiB('self');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB('self'))), 20);
  const startedAt = nowMs();
  const outcome = await executor.executeCaptureRequest(pipeline(external(['head', '-c', String(bytes), '/dev/zero'])), { maxBytes: budget });
  const seconds = (nowMs() - startedAt) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB('self'));
  if (outcome.status !== 0) throw new Error(`the capture ended with status ${outcome.status}`);
  process.stdout.write(`${JSON.stringify({ seconds, total: outcome.stdout.totalBytes, retained: outcome.stdout.data.length, before, peak })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`capture-probe: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
