/**
 * Process truth from /proc for tests: children of a process, members of a group, states,
 * signal masks and open descriptors; and waiting for a condition with a generous deadline.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcStat {
  readonly pid: number;
  readonly comm: string;
  /** R, S, D, T (stopped), t, Z (zombie), X ... */
  readonly state: string;
  readonly ppid: number;
  readonly pgid: number;
  readonly sid: number;
  /** The foreground process group of the process's controlling terminal (-1 without one). */
  readonly tpgid: number;
}

export function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // comm is parenthesised and may contain spaces or parentheses: split after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  return {
    pid,
    comm,
    state: fields[0] as string,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    sid: Number(fields[3]),
    tpgid: Number(fields[5]),
  };
}

export function allProcesses(): ProcStat[] {
  const result: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat !== undefined) result.push(stat);
  }
  return result;
}

/** Direct children of `pid` (default: this process), zombies included. */
export function childrenOf(pid: number = process.pid): ProcStat[] {
  return allProcesses().filter((stat) => stat.ppid === pid);
}

export function groupMembers(pgid: number): ProcStat[] {
  return allProcesses().filter((stat) => stat.pgid === pgid);
}

export function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  } catch {
    return [];
  }
}

export function environ(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter((entry) => entry !== '');
}

/** Descriptor number → link target ('pipe:[123]', '/dev/null', ...). */
export function openFds(pid: number | 'self' = 'self'): Map<number, string> {
  const result = new Map<number, string>();
  const dir = `/proc/${pid}/fd`;
  for (const name of readdirSync(dir)) {
    try {
      result.set(Number(name), readlinkSync(`${dir}/${name}`));
    } catch {
      // Closed while we looked (readdir's own descriptor, for one).
    }
  }
  return result;
}

/** A signal mask line of /proc/PID/status (SigIgn, SigBlk, SigCgt) as a set of signal numbers. */
export function signalSet(pid: number, field: 'SigIgn' | 'SigBlk' | 'SigCgt'): Set<number> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const hex = new RegExp(`^${field}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1];
  if (hex === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  const bits = BigInt(`0x${hex}`);
  const result = new Set<number>();
  for (let signal = 1; signal <= 64; signal += 1) if ((bits >> BigInt(signal - 1)) & 1n) result.add(signal);
  return result;
}

/** Polls `condition` until it holds or `timeoutMs` passes (then throws with `what`). */
export async function waitFor<T>(what: string, condition: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    const value = condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
