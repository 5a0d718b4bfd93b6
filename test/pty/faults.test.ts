// The fault drill: what ends an interactive shell, and what must not. Each fault hits a shell
// started directly in a PTY (so the PTY's process is the shell and its end is observable): the
// terminal closed at the prompt, during a foreground job, with a stopped and a background job;
// SIGHUP; SIGTERM and SIGQUIT (ignored); SIGINT while it starts; SIGUSR1 and SIGUSR2. Each
// checks the status bash ends with (measured on this machine, bash 5.2), that no process of the
// session is left alive, and that no Node assertion, stack trace or debugger notice reached the
// terminal (the shell's only stream here). bash is the reference: it runs the same drill.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkFileLeavesNothing, SHELLS, withShell, type PtyShell, type ShellKind } from './harness';
import { waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

const SIGHUP = 1;
const SIGUSR1 = 10;
const SIGUSR2 = 12;
/** What a shell must never show: Node's assertions and aborts, a stack frame, its inspector. */
const NODE_NOISE = /Assertion|node::|\bat \S+ \(.*:\d+:\d+\)|internal error|Debugger listening|Segmentation|Aborted/;

/** Registers `name` once per shell, started directly in the PTY. */
function drill(name: string, body: (sh: PtyShell) => Promise<void>, shells: readonly ShellKind[] = SHELLS, env: Record<string, string> = {}): void {
  for (const shell of SHELLS) {
    if (shells.includes(shell)) test(`${name} [${shell}]`, { timeout: 120_000 }, () => withShell(shell, 'direct', body, env));
  }
}

/** The shell ended by `signal`, every process of its session is gone, and the screen shows nothing of Node. */
async function assertDiedOf(sh: PtyShell, signal: number, what: string): Promise<void> {
  const status = await sh.waitForExit(`the shell to end after ${what}`);
  assert.deepEqual({ exitCode: status.exitCode, signal: status.signal }, { exitCode: 0, signal }, `how the shell ended after ${what}\n${sh.describeScreen()}`);
  await assertNothingLeft(sh, what);
  assert.doesNotMatch(sh.screenText(), NODE_NOISE, `after ${what}`);
}

async function assertNothingLeft(sh: PtyShell, what: string): Promise<void> {
  const live = () => sh.processes().filter((p) => !(p.state === 'Z' && p.ppid === 1));
  await sh.until(() => live().length === 0, `every process of the session to end after ${what}:\n${sh.describeProcesses()}`, undefined, true);
}

/** The shell is still at a prompt that works. */
async function assertStillServes(sh: PtyShell, what: string): Promise<void> {
  const rows = await sh.run('echo still here');
  assert.deepEqual(rows, ['still here'], `the shell serves after ${what}\n${sh.describeScreen()}`);
  assert.doesNotMatch(sh.screenText(), NODE_NOISE, `after ${what}`);
}

drill('issue 10 item 1: the terminal closed at the prompt hangs up a background job and ends the shell by SIGHUP', async (sh) => {
  await sh.run('sleep 307 &');
  await waitForProcs(sh, 'sleep');
  sh.closeTerminal();
  await assertDiedOf(sh, SIGHUP, 'the terminal closed at the prompt');
});

drill('the terminal closed during a foreground job ends the job and the shell by SIGHUP', async (sh) => {
  sh.type('sleep 308\r');
  await waitForProcs(sh, 'sleep');
  sh.closeTerminal();
  await assertDiedOf(sh, SIGHUP, 'the terminal closed during a foreground job');
});

drill('the terminal closed with a stopped and a background job ends both and the shell by SIGHUP', async (sh) => {
  sh.type('sleep 309\r');
  const [stopped] = await waitForProcs(sh, 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, [(stopped as { pid: number }).pid], (state) => state === 'T', 'the job stopped');
  await sh.run('sleep 310 &');
  await waitForProcs(sh, 'sleep', 2);
  sh.closeTerminal();
  await assertDiedOf(sh, SIGHUP, 'the terminal closed with a stopped and a background job');
});

// Quirl's own: bash forks the list into its own group, which the hang-up misses, and leaves it
// running (measured: the sleep outlives the terminal). Quirl hangs up the list's programs too.
drill(
  'the terminal closed while a command reads a process substitution ends the list\'s program too',
  async (sh) => {
    sh.type('cat <(sleep 312)\r');
    await waitForProcs(sh, 'sleep');
    await waitForProcs(sh, 'cat');
    sh.closeTerminal();
    await assertDiedOf(sh, SIGHUP, 'the terminal closed during cat <(sleep 312)');
  },
  ['quirl'],
);

drill('SIGHUP hangs up the jobs and ends the shell by SIGHUP', async (sh) => {
  await sh.run('sleep 311 &');
  await waitForProcs(sh, 'sleep');
  sh.signalShell('SIGHUP');
  await assertDiedOf(sh, SIGHUP, 'SIGHUP');
});

drill('SIGTERM is ignored at the prompt', async (sh) => {
  sh.signalShell('SIGTERM');
  await assertStillServes(sh, 'SIGTERM');
});

drill('SIGQUIT is ignored at the prompt', async (sh) => {
  sh.signalShell('SIGQUIT');
  await assertStillServes(sh, 'SIGQUIT');
});

drill('issue 10 item 4: SIGUSR1 ends the shell as it ends bash, and never starts a debugger', async (sh) => {
  sh.signalShell('SIGUSR1');
  await assertDiedOf(sh, SIGUSR1, 'SIGUSR1');
});

drill('SIGUSR2 ends the shell as it ends bash', async (sh) => {
  sh.signalShell('SIGUSR2');
  await assertDiedOf(sh, SIGUSR2, 'SIGUSR2');
});

// A signal is sent at the moment the launcher reads the shell's bundle (a preloaded module does
// it: no timing involved). Quirl only: bash has no such moment to hit.
drill(
  'issue 10 item 3: SIGINT while the interactive shell starts does not end it',
  async (sh) => {
    await assertStillServes(sh, 'SIGINT at start-up');
  },
  ['quirl'],
  { NODE_OPTIONS: `--require ${join(__dirname, 'fixtures', 'signal-at-load.cjs')}`, QUIRL_TEST_LOAD_SIGNAL: 'SIGINT' },
);
