// The live JavaScript heap of a node process, read from outside it: the process runs with
// --heapsnapshot-signal=SIGUSR2 and --diagnostic-dir=DIR (node's own flags: its code is not
// changed), and on SIGUSR2 V8 collects garbage and writes a snapshot of what is left. The sum of
// the snapshot's nodes' self sizes is the live heap (the size DevTools shows for a snapshot).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from './pty-session';

const SNAPSHOT_DEADLINE_MS = 60_000;
const POLL_MS = 200;

/** The node flags that make SIGUSR2 write a heap snapshot into `dir`. */
export function heapSnapshotFlags(dir: string): string[] {
  return ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];
}

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: readonly string[] } };
  readonly nodes: readonly number[];
}

function selfSizes(snapshot: Snapshot): number {
  const fields = snapshot.snapshot.meta.node_fields;
  const at = fields.indexOf('self_size');
  if (at === -1) throw new BenchError('Unexpected', 'the heap snapshot has no self_size field');
  let total = 0;
  for (let i = at; i < snapshot.nodes.length; i += fields.length) total += snapshot.nodes[i] as number;
  return total;
}

/** Signals `pid` (started with heapSnapshotFlags(dir)) and returns its live heap in bytes; the snapshot is then deleted. */
export async function liveHeapBytes(pid: number, dir: string): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + SNAPSHOT_DEADLINE_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot'));
    if (file !== undefined) {
      // The snapshot is written in pieces: it is whole once it parses.
      let snapshot: Snapshot | undefined;
      try {
        snapshot = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Snapshot;
      } catch {
        snapshot = undefined;
      }
      if (snapshot !== undefined) {
        rmSync(join(dir, file));
        return selfSizes(snapshot);
      }
    }
    if (Date.now() > deadline) throw new BenchError('Timeout', `no whole heap snapshot from ${pid} in ${dir} after ${SNAPSHOT_DEADLINE_MS} ms`);
  }
}
