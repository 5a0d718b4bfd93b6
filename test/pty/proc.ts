// Process truth for the PTY tests, read from /proc: states, groups, sessions, the terminal's
// foreground group, descriptors, and which processes a test started (its session or its marker).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { allProcesses, readStat, type ProcStat } from '../support/proc';

export type ProcInfo = ProcStat;

/** /proc/<pid>/stat, or undefined once the pid is gone. */
export const procStat = readStat;

export function mustStat(pid: number): ProcInfo {
  const info = procStat(pid);
  if (info === undefined) throw new Error(`process ${pid} is gone`);
  return info;
}

export const allProcs = allProcesses;

export function procArgv(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw === '' ? [] : raw.replace(/\0$/, '').split('\0');
  } catch {
    return undefined;
  }
}

export function procHasEnv(pid: number, entry: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
  } catch {
    return false;
  }
}

export interface OpenFd {
  readonly fd: number;
  readonly target: string;
}

/** The open descriptors of a process, with what each refers to. */
export function procFds(pid: number): OpenFd[] {
  const out: OpenFd[] = [];
  for (const name of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${name}`);
    } catch {
      continue; // closed while we looked
    }
    out.push({ fd: Number(name), target });
  }
  return out.sort((a, b) => a.fd - b.fd);
}

export function describeProc(info: ProcInfo): string {
  const argv = procArgv(info.pid);
  const shown = argv === undefined || argv.length === 0 ? `(${info.comm})` : argv.join(' ');
  return `pid ${info.pid} state ${info.state} ppid ${info.ppid} pgid ${info.pgid} sid ${info.sid}: ${shown}`;
}

/** Polls `probe` until it returns something other than undefined; throws after timeoutMs. */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000, describe?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describe === undefined ? '' : `\n${describe()}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A signal mask field of /proc/<pid>/status (SigPnd, ShdPnd, SigBlk, SigIgn, SigCgt). */
export type SignalMaskField = 'SigPnd' | 'ShdPnd' | 'SigBlk' | 'SigIgn' | 'SigCgt';

/** Whether `signal` is in any of `fields` of process `pid`'s status; false once it is gone. */
export function procSignalIn(pid: number, fields: readonly SignalMaskField[], signal: number): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return false;
  }
  const bit = 1n << BigInt(signal - 1);
  return fields.some((field) => {
    const mask = new RegExp(`^${field}:\\s*([0-9a-f]+)`, 'm').exec(status)?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & bit) !== 0n;
  });
}
