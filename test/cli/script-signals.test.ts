// A script ended by a signal from outside (`timeout`, `kill`) takes its jobs with it, as bash's
// does: bash's children share its process group, Quirl's jobs have groups of their own, so the
// shell ends them before it dies of the signal. Counted from /proc by a marker argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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
