// A script ended by a signal from outside (`timeout`, `kill`) takes its jobs with it, as bash's
// does: bash's children share its process group, Quirl's jobs have groups of their own, so the
// shell ends them before it dies of the signal. Counted from /proc by a marker argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProcesses, cmdline, waitFor } from '../support/proc';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const ENV = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'quirl-signals-cache-')) };

/** The live processes (not zombies) whose command line holds `marker`. */
function marked(marker: string): number[] {
  return allProcesses()
    .filter((proc) => proc.state !== 'Z' && cmdline(proc.pid).includes(marker))
    .map((proc) => proc.pid);
}

const CASES: readonly { readonly signal: NodeJS.Signals; readonly script: (marker: string) => string }[] = [
  { signal: 'SIGINT', script: (marker) => `f() { sleep ${marker}; }; f | cat` },
  { signal: 'SIGTERM', script: (marker) => `sleep ${marker} & wait` },
  { signal: 'SIGHUP', script: (marker) => `sleep ${marker}` },
];

for (const [index, { signal, script }] of CASES.entries()) {
  test(`a script ended by ${signal} ends its jobs and dies of ${signal}`, async () => {
    const marker = `3${index}.${process.pid}`;
    const shell = spawn(process.execPath, [QUIRL, '-c', script(marker)], { env: ENV, stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => shell.on('exit', (_code, received) => resolve(received)));
    await waitFor(`the script's sleep ${marker} to start`, () => marked(marker).length > 0);
    shell.kill(signal);
    assert.equal(await ended, signal);
    await waitFor(`no sleep ${marker} left`, () => marked(marker).length === 0);
  });
}

/** The signals in a SigIgn line of /proc/PID/status. */
function ignoredIn(line: string): number[] {
  const bits = BigInt(`0x${/SigIgn:\s*([0-9a-f]+)/.exec(line)?.[1] ?? 'x'}`);
  return Array.from({ length: 64 }, (_, at) => at + 1).filter((signal) => (bits >> BigInt(signal - 1)) & 1n);
}

/** Each way the shell starts a program, the program printing its own SigIgn line. */
const SPAWN_PATHS = [
  'grep SigIgn /proc/self/status',
  'grep SigIgn /proc/self/status | cat',
  'grep SigIgn /proc/self/status & wait $!',
  'echo "$(grep SigIgn /proc/self/status)"',
  'cat <(grep SigIgn /proc/self/status)',
  "(trap - TERM; grep SigIgn /proc/self/status)",
].join('\n');

test("signals ignored with trap '' stay ignored in every child of a script, and no others", () => {
  const result = spawnSync(process.execPath, [QUIRL, '-c', `trap '' INT TERM\n${SPAWN_PATHS}\n`], { env: ENV, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trim().split('\n').map(ignoredIn);
  // A background job of a shell without job control also ignores SIGINT and SIGQUIT (POSIX), as in bash.
  assert.deepEqual(lines, [[2, 15], [2, 15], [2, 3, 15], [2, 15], [2, 15], [2]]);
});

test("a script's sleep after trap '' INT survives SIGINT", async () => {
  const marker = `40.${process.pid}`;
  const shell = spawn(process.execPath, [QUIRL, '-c', `trap '' INT; sleep ${marker}`], { env: ENV, stdio: 'ignore' });
  const ended = new Promise<number | null>((resolve) => shell.on('exit', (code) => resolve(code)));
  const [sleep] = await waitFor(`the script's sleep ${marker} to start`, () => (marked(marker).length > 0 ? marked(marker) : undefined));
  process.kill(sleep as number, 'SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(marked(marker), [sleep], 'the sleep ignored SIGINT');
  process.kill(sleep as number, 'SIGTERM');
  assert.equal(await ended, 143);
});
