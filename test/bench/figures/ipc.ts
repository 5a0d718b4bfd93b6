// IPC: a change in the shell → the tree item updated in VS Code. Measured by test/bench/ipc-latency.ts
// (the IPC side's own module, `measureIpcLatency(samples)`, ms per sample) when it exists.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type FigureRunner } from '../context';
import { QUIRL, type SubjectOutcome } from '../model';

const MODULE = join(__dirname, '..', 'ipc-latency.ts');
/** Changes measured per run; each change is one sample. */
const SAMPLES_PER_RUN = 20;

interface IpcLatencyModule {
  readonly measureIpcLatency?: (samples: number) => Promise<number[]>;
}

export const ipcFigure: FigureRunner = async (context) => {
  let outcome: SubjectOutcome;
  if (!existsSync(MODULE)) {
    outcome = { kind: 'skipped', subject: QUIRL, reason: 'test/bench/ipc-latency.ts is not there yet' };
  } else {
    const measure = ((await import(MODULE)) as IpcLatencyModule).measureIpcLatency;
    if (typeof measure !== 'function') {
      outcome = { kind: 'skipped', subject: QUIRL, reason: 'test/bench/ipc-latency.ts exports no measureIpcLatency' };
    } else {
      try {
        outcome = { kind: 'measured', subject: QUIRL, samples: await measure(context.config.runs('ipc') * SAMPLES_PER_RUN) };
      } catch (error) {
        outcome = { kind: 'skipped', subject: QUIRL, reason: `measureIpcLatency failed: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
  }
  return [{ id: 'ipc', title: 'IPC: shell change → tree item updated', unit: 'ms', goal: { kind: 'absolute', max: 50 }, subjects: [outcome] }];
};
