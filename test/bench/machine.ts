// The machine a run was measured on, for the table's heading and the JSON: date, cores, CPU
// model, node, kernel, load average at the start.
import { cpus, loadavg, release } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Machine {
  readonly date: string;
  readonly cpus: number;
  readonly cpu: string;
  readonly node: string;
  readonly kernel: string;
  readonly load: string;
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match !== null) return (match[1] as string).trim();
  } catch {
    // not Linux: fall back to what node says
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

export function machine(): Machine {
  return {
    date: new Date().toISOString(),
    cpus: cpus().length,
    cpu: cpuModel(),
    node: process.version,
    kernel: release(),
    load: loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}
