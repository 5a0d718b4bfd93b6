// Steps the scenarios share: finding a job's processes, waiting for their states, ending a job,
// and stating per shell what is expected where a shell is known to differ.
import assert from 'node:assert/strict';
import type { PtyShell, ShellKind } from './harness';
import { describeProc, procStat, type ProcInfo } from './proc';

/** Waits until exactly `count` live processes named `comm` (after their exec) belong to the test. */
export async function waitForProcs(sh: PtyShell, comm: string, count = 1): Promise<ProcInfo[]> {
  let found: ProcInfo[] = [];
  await sh.until(
    () => {
      found = sh.byComm(comm);
      return found.length === count;
    },
    `${count} live ${comm} process(es)\n(now: ${found.map(describeProc).join('; ') || 'none'})`,
  );
  return found;
}

/** Waits until every pid is in a state that `accept` takes ('T' for stopped...). */
export async function waitForStates(sh: PtyShell, pids: readonly number[], accept: (state: string) => boolean, what: string): Promise<void> {
  await sh.until(
    () => pids.every((pid) => accept(procStat(pid)?.state ?? 'gone')),
    `${what}: ${pids.map((pid) => `${pid}=${procStat(pid)?.state ?? 'gone'}`).join(' ')}`,
  );
}

export function isGoneOrZombie(pid: number): boolean {
  const state = procStat(pid)?.state;
  return state === undefined || state === 'Z';
}

/** Waits until the terminal's foreground group is `pgid`. */
export async function waitForForeground(sh: PtyShell, pgid: number, what: string): Promise<void> {
  await sh.until(() => sh.tpgid() === pgid, `the terminal's foreground group to be ${pgid} (${what}); it is ${sh.tpgid()}`);
}

/** Asserts the shell's own group has the terminal now. */
export function assertShellOwnsTerminal(sh: PtyShell, when: string): void {
  const tpgid = sh.tpgid();
  const own = sh.shellPgid();
  assert.equal(tpgid, own, `${when}: the terminal's foreground group is ${tpgid}, not the shell's ${own}\n${sh.describeProcesses()}`);
}

/**
 * Ends a job the way a person does: `fg SPEC`, then Ctrl-C once it has the terminal. Every one of
 * its processes must be reaped by the next prompt, and `jobs` must no longer list it. (Killing a
 * stopped job from the prompt is left out on purpose: bash 5.2 sometimes keeps such a job listed
 * as Stopped, its process an unreaped zombie, until a later SIGCHLD.)
 */
export async function endJob(sh: PtyShell, spec: string, pids: readonly number[]): Promise<void> {
  const pgid = procStat(pids[0] as number)?.pgid;
  assert.ok(pgid !== undefined, `job ${spec}: process ${pids[0]} is gone already`);
  sh.type(`fg ${spec}\r`);
  await waitForForeground(sh, pgid, `fg ${spec}`);
  await waitForStates(sh, pids, (state) => state !== 'T', `job ${spec} continued by fg`);
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  const left = pids.filter((pid) => procStat(pid) !== undefined);
  assert.deepEqual(left, [], `processes of job ${spec} not reaped by the prompt after Ctrl-C:\n${left.map((pid) => describeProc(procStat(pid) as ProcInfo)).join('\n')}`);
  assertShellOwnsTerminal(sh, `after fg ${spec} and Ctrl-C`);
  const id = /^%(\d+)$/.exec(spec)?.[1];
  if (id !== undefined) {
    const listed = (await sh.run('jobs')).filter((line) => line.startsWith(`[${id}]`));
    assert.deepEqual(listed, [], `job ${spec} is still listed after it ended`);
  }
}

/** The one line `jobs` prints for a job, as bash formats it: `[1]+  Stopped                 sleep 30`. */
export function jobLine(id: number, mark: '+' | '-' | ' ', state: string, command: string): string {
  return `[${id}]${mark}  ${state.padEnd(24)}${command}`;
}

/**
 * A check whose outcome is known to differ by shell: `expected[shell]` says whether it must hold.
 * A shell known not to pass must still fail it: if it passes, the expectation is out of date.
 */
export function expectPerShell(shell: ShellKind, expected: Readonly<Record<ShellKind, boolean>>, holds: boolean, check: string, detail: string): void {
  if (expected[shell]) {
    assert.ok(holds, `${check}: it does not hold for ${shell}\n${detail}`);
  } else {
    assert.ok(!holds, `${check}: ${shell} is recorded as not doing this, but it did; update the expectation\n${detail}`);
  }
}

/** The rows of `stty -a` output as a set of flags. */
export function flagsOf(rows: readonly string[]): Set<string> {
  const flags = new Set<string>();
  for (const row of rows) for (const word of row.split(/[\s;]+/)) if (/^-?[a-z0-9]+$/.test(word)) flags.add(word);
  return flags;
}
