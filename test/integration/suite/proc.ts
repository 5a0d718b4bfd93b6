/** Process truth from /proc (the shared test support's reader), to check what the tree claims. */
import { allProcesses as allProcessStats, readStat } from '../../support/proc';

/** The state letter (R, S, T, Z, ...) of a process, or undefined when it is gone. */
export function processState(pid: number): string | undefined {
  return readStat(pid)?.state;
}

/** Gone or a zombie: it will never run again. */
export function isDead(pid: number): boolean {
  const state = processState(pid);
  return state === undefined || state === 'Z' || state === 'X';
}

/** SIGKILLs a process group, if it still exists (test cleanup). */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The pids of every process now. */
export function allPids(): Set<number> {
  return new Set(allProcessStats().map((stat) => stat.pid));
}
