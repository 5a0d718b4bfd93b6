/**
 * Every process a test run starts carries one environment marker (QUIRL_IT_RUN=<id>), inherited
 * through code-server, its hosts, Chromium, the Quirl shells and their jobs. Finding processes by
 * that marker (not by parentage) also finds the ones re-parented to init when a shell died, and
 * jobs in their own process groups and sessions.
 */
import { randomBytes } from 'node:crypto';
import { allProcesses, cmdline, environ } from '../support/proc';

export const RUN_MARKER_VARIABLE = 'QUIRL_IT_RUN';

export function newRunMarker(): string {
  return randomBytes(8).toString('hex');
}

export interface MarkedProcess {
  readonly pid: number;
  readonly command: string;
}

/**
 * The name a run's scratch folder starts with. Chromium overwrites its children's environment with
 * their process titles, so they are found by this in their command line (--user-data-dir=...).
 */
export function scratchPrefix(marker: string): string {
  return `quirl-it-${marker}`;
}

/** Live (not zombie) processes carrying the marker or naming the run's scratch, except this one. */
export function markedProcesses(marker: string): MarkedProcess[] {
  const entry = `${RUN_MARKER_VARIABLE}=${marker}`;
  const scratch = scratchPrefix(marker);
  return allProcesses()
    .filter((stat) => stat.pid !== process.pid && stat.state !== 'Z' && stat.state !== 'X')
    .map((stat) => ({ stat, argv: cmdline(stat.pid) }))
    .filter(({ stat, argv }) => environmentOf(stat.pid).includes(entry) || argv.some((arg) => arg.includes(scratch)))
    .map(({ stat, argv }) => ({ pid: stat.pid, command: argv.join(' ') || stat.comm }));
}

/**
 * SIGKILLs every marked process until none is left (children may fork while the first ones die);
 * throws if processes survive the deadline.
 */
export async function killMarked(marker: string, deadlineMs = 20_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const alive = markedProcesses(marker);
    if (alive.length === 0) return;
    if (Date.now() > end) {
      throw new Error(`processes of this run survive SIGKILL: ${alive.map((p) => `${p.pid} ${p.command}`).join('; ')}`);
    }
    for (const target of alive) {
      try {
        process.kill(target.pid, 'SIGKILL');
      } catch {
        // Gone between the scan and the kill.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's environment; empty once it is gone. */
function environmentOf(pid: number): string[] {
  try {
    return environ(pid);
  } catch {
    return [];
  }
}
