// The VS Code link's latency: from a job's state change to the extension holding the table that
// shows it. A real interactive Quirl runs in a PTY (the test/pty harness) with the fake extension
// (test/ipc/fake-extension.ts, a real Unix-socket server) as its peer, in this process.
//
//   node --import tsx test/bench/ipc-latency.ts [samples]     (prints the samples' median)
//
// Method. One background job, `sleep`. Each sample, this process sends SIGSTOP (even samples) or
// SIGCONT (odd) to the job's group at t0, read just before the kill; t1 is when the fake
// extension's JSON-RPC handler received the first table after t0 whose job shows the new state,
// read on the same clock (performance.now). So a sample covers the kernel's SIGCHLD, the shell's
// waitpid and state fold, its one-turn coalescing, JSON-RPC framing, the socket, and the
// extension's parse; not the tree's rendering, which is the extension's own.
import { PtyShell } from '../pty/harness';
import { Link, waitForConnection } from '../pty/ipc-link';
import type { JobStateSnapshot } from '../../shell/ipc/protocol';
import { waitFor } from '../ipc/fake-extension';
import { summarize } from './stats';

/** How long one sample may take before the measurement fails (a lost change, not a slow one). */
const SAMPLE_DEADLINE_MS = 10_000;

/** Returns `samples` latencies in ms, alternating stop and continue of one background job. */
export async function measureIpcLatency(samples: number): Promise<number[]> {
  const link = new Link();
  await link.listen();
  let sh: PtyShell | undefined;
  let failure: unknown;
  const latencies: number[] = [];
  try {
    sh = await PtyShell.start('quirl', 'direct', link.env);
    await waitForConnection(sh, link);
    await sh.run('sleep 100000 &');
    const [job] = await link.waitForTable(sh, 'the job running', (jobs) => jobs[0]?.state.kind === 'running' && jobs[0].pgid !== null);
    const pgid = job!.pgid!;
    for (let index = 0; index < samples; index += 1) {
      const stop = index % 2 === 0;
      latencies.push(await sample(link, pgid, stop ? 'SIGSTOP' : 'SIGCONT', stop ? 'stopped' : 'running'));
    }
    await link.signal(job!.id, 'kill');
    await link.waitForTable(sh, 'the job gone', (jobs) => jobs.length === 0);
    await sh.until(() => sh!.atPrompt(), 'the prompt after the job’s notice');
  } catch (error) {
    failure = error;
  } finally {
    const problems = (await sh?.close(failure !== undefined)) ?? [];
    await link.remove();
    if (failure === undefined && problems.length > 0) failure = new Error(`the session left problems:\n${problems.join('\n')}`);
  }
  if (failure !== undefined) throw failure;
  return latencies;
}

async function sample(link: Link, pgid: number, signal: NodeJS.Signals, expected: JobStateSnapshot['kind']): Promise<number> {
  const { tables } = link.extension;
  const seen = tables.length;
  const t0 = performance.now();
  process.kill(-pgid, signal);
  let shown: number | undefined;
  await waitFor(
    `a table showing the job ${expected} after ${signal}`,
    () => {
      shown = tables.slice(seen).find((table) => table.params.jobs[0]?.state.kind === expected)?.at;
      return shown !== undefined;
    },
    SAMPLE_DEADLINE_MS,
  );
  return shown! - t0;
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 200);
  measureIpcLatency(count).then(
    (latencies) => {
      const { median, min, max } = summarize(latencies);
      process.stdout.write(`ipc latency over ${count} samples: median ${median.toFixed(2)} ms (min ${min.toFixed(2)}, max ${max.toFixed(2)})\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
