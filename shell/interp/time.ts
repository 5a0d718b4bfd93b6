/**
 * The `time` keyword: real time from the clock, user and system time of the shell and of the
 * children it reaped meanwhile (from /proc/self/stat, as times(2) counts them), reported on
 * stderr in bash's format, or POSIX's with `-p`.
 */
import { readFileSync } from 'node:fs';
import type { TimeKeyword } from '../syntax/ast';
import type { CommandOutput } from './output';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Times {
  readonly real: number;
  readonly user: number;
  readonly system: number;
}

export async function timePipeline(keyword: TimeKeyword, run: () => Promise<number>, output: CommandOutput): Promise<number> {
  const before = now();
  const status = await run();
  const after = now();
  const spent: Times = { real: after.real - before.real, user: after.user - before.user, system: after.system - before.system };
  await output.err(keyword.posix ? posixFormat(spent) : bashFormat(spent));
  return status;
}

function now(): Times {
  const own = process.cpuUsage();
  let children = { user: 0, system: 0 };
  try {
    // Fields after the command name (which may hold spaces, so split after its closing paren).
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = { user: Number(fields[13]) / TICKS_PER_SECOND, system: Number(fields[14]) / TICKS_PER_SECOND };
  } catch {
    // No /proc (macOS): the shell's own times only.
  }
  return { real: performance.now() / 1000, user: own.user / 1e6 + children.user, system: own.system / 1e6 + children.system };
}

function bashFormat(times: Times): string {
  const field = (seconds: number): string => `${Math.floor(seconds / 60)}m${(seconds % 60).toFixed(3)}s`;
  return `\nreal\t${field(times.real)}\nuser\t${field(times.user)}\nsys\t${field(times.system)}\n`;
}

function posixFormat(times: Times): string {
  return `real ${times.real.toFixed(2)}\nuser ${times.user.toFixed(2)}\nsys ${times.system.toFixed(2)}\n`;
}
