// Resident memory of a process from /proc (VmRSS), in MiB.
import { readFileSync } from 'node:fs';

export function rssMiB(pid: number | 'self'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`/proc/${pid}/status has no VmRSS`);
  return Number(match[1]) / 1024;
}
