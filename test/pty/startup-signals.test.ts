// Ctrl-C while an interactive shell starts (issue 23 item 1): a terminal emulator or an expect
// script starts the shell in a PTY, and Ctrl-C is typed at moments from 0 ms to the first prompt.
// The shell must live, show its prompt, run a command, and Ctrl-C must still end that command's
// program (the signal keys work again). bash runs the same drill, and so does the VS Code profile's
// exact launch (shellPath, shellArgs and env as extension/launch.ts computes them, this node as the
// host's runtime). The delays only place the key within start-up; nothing is asserted about time.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import * as pty from 'node-pty';
import { shellLaunch } from '../../extension/launch';
import { BASH, REPO, SHELLS } from './harness';
import { allProcs, procArgv, procSignalIn } from './proc';

const PROMPT = 'ready> ';
const DEADLINE_MS = 30_000;

const SIGINT = 2;

interface Session {
  readonly pid: number;
  readonly output: () => string;
  readonly type: (text: string) => void;
  readonly until: (condition: () => boolean, what: string) => Promise<void>;
  readonly exit: Promise<{ exitCode: number; signal?: number }>;
  readonly kill: () => void;
}

/** How a shell is started: its command line and environment, and the program that runs its first instruction. */
interface Start {
  readonly name: string;
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly launcher: string;
}

const QUIRL_LAUNCHER = join(REPO, 'bin', 'quirl');

function vscodeProfile(): Start {
  // As the extension host computes it, with this node as Electron would run as Node (ELECTRON_RUN_AS_NODE
  // included). No extension listens on the link: the shell runs without one, as when the host is gone.
  const launch = shellLaunch(
    { nodePath: undefined, shellArgs: undefined, env: undefined, loadRcFile: undefined },
    { extensionRoot: REPO, execPath: process.execPath, isElectron: true, platform: process.platform, exists: existsSync },
    { socketPath: join(tmpdir(), `quirl-no-extension-${process.pid}.sock`), secret: 'unused' },
    'n0nce',
  );
  const env = Object.fromEntries(Object.entries(launch.env).filter((entry): entry is [string, string] => entry[1] !== null));
  return { name: 'VS Code profile', argv: [launch.shellPath, ...launch.shellArgs], env, launcher: QUIRL_LAUNCHER };
}

const STARTS: readonly Start[] = [
  ...SHELLS.map((shell): Start => (shell === 'quirl' ? { name: 'quirl', argv: [QUIRL_LAUNCHER], env: {}, launcher: QUIRL_LAUNCHER } : { name: 'bash', argv: [BASH, '--norc', '--noprofile', '-i'], env: {}, launcher: BASH })),
  ...(SHELLS.includes('quirl') ? [vscodeProfile()] : []),
];

function launch(start: Start, home: string): Session {
  const proc = pty.spawn(start.argv[0] as string, start.argv.slice(1), {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    cwd: home,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, HISTFILE: join(home, 'history'), LC_ALL: 'C.UTF-8', TERM: 'xterm-256color', PS1: PROMPT, ...start.env },
  });
  let output = '';
  let ended: { exitCode: number; signal?: number } | undefined;
  proc.onData((data) => void (output += data));
  const exit = new Promise<{ exitCode: number; signal?: number }>((resolve) => proc.onExit((info) => ((ended = info), resolve(info))));
  return {
    pid: proc.pid,
    output: () => output,
    type: (text) => proc.write(text),
    until: async (condition, what) => {
      const deadline = Date.now() + DEADLINE_MS;
      while (!condition()) {
        if (ended !== undefined) throw new Error(`the ${start.name} shell ended (${JSON.stringify(ended)}) while waiting for ${what}; its output:\n${JSON.stringify(output.slice(-600))}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${start.name}); output:\n${JSON.stringify(output.slice(-600))}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    exit,
    kill: () => {
      if (ended === undefined) proc.kill('SIGKILL');
    },
  };
}

/**
 * Whether the launcher runs (the PTY's child has executed `program`) and has run its first
 * instruction about SIGINT: it ignores or catches it. Before that no program lives through the key
 * (bash dies of it too, measured: in its first milliseconds); the child forked by node-pty catches
 * SIGINT as the test's own node does until it executes the launcher.
 */
function handlesInterrupt(pid: number, program: string): boolean {
  return (procArgv(pid) ?? []).includes(program) && procSignalIn(pid, ['SigIgn', 'SigCgt'], SIGINT);
}

/** Types `line` until its output shows `expected`: a key typed while the shell redraws its prompt after Ctrl-C may be lost (bash's too). */
async function runServing(sh: Session, line: string, expected: string): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const mark = sh.output().length;
    sh.type(`${line}\r`);
    await sh.until(() => sh.output().slice(mark).includes(PROMPT), `the prompt after ${JSON.stringify(line)}`);
    if (sh.output().slice(mark).includes(expected)) return;
  }
  assert.fail(`${JSON.stringify(line)} never printed ${JSON.stringify(expected)}: ${JSON.stringify(sh.output().slice(-600))}`);
}

/** Starts the shell, types Ctrl-C `delayMs` after its first instruction (or never), and checks that it serves; returns ms to its first prompt. */
async function drill(start: Start, delayMs: number | undefined): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), 'quirl-pty-start-'));
  const started = performance.now();
  const sh = launch(start, home);
  try {
    if (delayMs !== undefined) {
      await sh.until(() => handlesInterrupt(sh.pid, start.launcher), 'the launcher\'s first instruction');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      sh.type('\x03');
    }
    await sh.until(() => sh.output().includes(PROMPT), 'a prompt');
    const firstPrompt = performance.now() - started;
    // The typed line echoes `still" "here`; only the command's output reads `still here`.
    await runServing(sh, 'echo still" "here', 'still here');
    // The signal keys work again: Ctrl-C ends the foreground program and the prompt comes back.
    const mark = sh.output().length;
    sh.type('sleep 300\r');
    const sleeping = (): boolean => allProcs().some((p) => p.sid === sh.pid && p.comm === 'sleep' && p.state !== 'Z');
    await sh.until(sleeping, 'sleep to run');
    sh.type('\x03');
    await sh.until(() => !sleeping() && sh.output().slice(mark).includes(PROMPT), 'Ctrl-C to end sleep and the prompt to come back');
    sh.type('exit\r');
    const status = await Promise.race([sh.exit, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('exit did not end the shell')), DEADLINE_MS))]);
    assert.equal(status.signal ?? 0, 0, `the shell died of signal ${status.signal}`);
    return firstPrompt;
  } finally {
    sh.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

for (const start of STARTS) {
  test(`issue 23 item 1: Ctrl-C from the launcher's first instruction to the first prompt never ends the starting shell [${start.name}, in a PTY]`, { timeout: 900_000 }, async () => {
    const firstPrompt = await drill(start, undefined);
    const delays = [0, 1, 2, 5, 10, 20, 40, 80, 160, 320, 640].filter((delay) => delay < firstPrompt * 1.5);
    for (const delay of delays) {
      await drill(start, delay).catch((error: unknown) => {
        throw new Error(`Ctrl-C ${delay} ms after the launcher's first instruction: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      });
    }
  });
}
