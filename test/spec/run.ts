/**
 * Runs a shell under test in a sandbox: a fresh temp directory, a fixed environment, stdin from
 * /dev/null, its own process group, a deadline, and a bounded capture. Whatever the run leaves
 * behind (background jobs, stragglers in other groups) is killed before the result is returned.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { decodeBytes } from '../../shell/bytes';

export const REPO = resolve(__dirname, '..', '..');
/** Helper commands the cases may call (`argv`); first on PATH. */
export const SPEC_BIN = join(__dirname, 'bin');
export const QUIRL_BIN = join(REPO, 'bin', 'quirl');

/** One shell a case can be run with. */
export interface Shell {
  readonly name: string;
  /** The executable `$SH` names, for cases that start the shell under test again. */
  readonly path: string;
  /** argv to run the shell with these arguments (a script file, `-c CMD`, or none for stdin). */
  argv(args: readonly string[]): string[];
}

function external(name: string, path: string, flags: readonly string[]): Shell {
  return { name, path, argv: (args) => [path, ...flags, ...args] };
}

export const SHELLS: Readonly<Record<string, Shell>> = {
  // As a user starts it: bin/quirl by its #! line, which starts node from the start-up snapshot.
  quirl: { name: 'quirl', path: QUIRL_BIN, argv: (args) => [QUIRL_BIN, ...args] },
  bash: external('bash', '/usr/bin/bash', ['--norc', '--noprofile']),
  dash: external('dash', '/usr/bin/dash', []),
  zsh: external('zsh', '/usr/bin/zsh', ['-f']),
};

/** A per-run directory: `home/` (HOME), `work/` (the cwd), room for the script beside them. */
export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly work: string;
  remove(): void;
}

export function makeSandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-spec-')));
  const home = join(root, 'home');
  const work = join(root, 'work');
  mkdirSync(home);
  mkdirSync(work);
  return {
    root,
    home,
    work,
    remove() {
      try {
        rmSync(root, { recursive: true, force: true });
      } catch {
        // A case may have left unreadable directories (chmod 000); open them up and retry.
        makeWritable(root);
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function makeWritable(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) makeWritable(join(dir, entry.name));
    }
  } catch {
    // best effort; the retry reports what is left
  }
}

/** The fixed environment every run gets: nothing is inherited from the test process. */
export function sandboxEnv(sandbox: Sandbox, shell: Shell): Record<string, string> {
  const path = [SPEC_BIN, dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'];
  return {
    PATH: [...new Set(path)].join(':'),
    HOME: sandbox.home,
    TMPDIR: sandbox.root,
    LC_ALL: 'C',
    SH: shell.path,
  };
}

export interface RunOptions {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Written to stdin, then closed; without it stdin is /dev/null. */
  readonly input?: string;
  /** Per stream; past it the run is killed and reported as overflowed. */
  readonly maxBytes?: number;
}

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit status, or 128 + N when the process died of signal N. */
  readonly status: number;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly overflowed: boolean;
  /** Processes still alive once the shell had exited, which the sweep killed. */
  readonly stragglers: number;
}

/** Environment variable that marks every process of one run, so that stragglers can be found. */
const MARK = 'QUIRL_SPEC_RUN';
/** How long the output pipes may stay open after the shell exits and leftovers are killed. */
const DRAIN_MS = 5_000;

export function runProcess(options: RunOptions): Promise<RunResult> {
  const token = randomBytes(8).toString('hex');
  const maxBytes = options.maxBytes ?? 1 << 20;
  const [file, ...args] = options.argv;
  if (file === undefined) throw new Error('runProcess: empty argv');

  return new Promise((resolvePromise, rejectPromise) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { ...options.env, [MARK]: token },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true, // its own session and process group, and no controlling terminal
    });
    const pgid = child.pid;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let overflowed = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let stragglers = 0;
    let settled = false;

    const killGroup = () => {
      if (pgid === undefined) return;
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // ESRCH: the group is already gone
      }
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(drain);
      sweep(token);
      killGroup();
      child.stdout?.destroy();
      child.stderr?.destroy();
      const status = exit === undefined ? -1 : (exit.code ?? 128 + (constants.signals[exit.signal as NodeJS.Signals] ?? 0));
      resolvePromise({
        // Decoded without loss, so that a byte that is not UTF-8 and the EF BF BD a shell might
        // write instead do not both come out as U+FFFD and compare equal.
        stdout: decodeBytes(Buffer.concat(out)),
        stderr: decodeBytes(Buffer.concat(err)),
        status,
        signal: exit?.signal ?? null,
        timedOut,
        overflowed,
        stragglers,
      });
    };
    const abort = () => {
      killGroup();
      sweep(token);
      // 'close' follows once the killed processes let go of the pipes; the drain timer backs it up.
      drain ??= setTimeout(finish, DRAIN_MS);
    };

    let drain: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      timedOut = true;
      abort();
    }, options.timeoutMs);

    const collect = (chunks: Buffer[], which: 'out' | 'err') => (chunk: Buffer) => {
      const total = which === 'out' ? (outBytes += chunk.length) : (errBytes += chunk.length);
      if (total > maxBytes) {
        if (!overflowed) {
          overflowed = true;
          abort();
        }
        return;
      }
      chunks.push(chunk);
    };
    child.stdout?.on('data', collect(out, 'out'));
    child.stderr?.on('data', collect(err, 'err'));

    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(drain);
      killGroup();
      sweep(token);
      rejectPromise(error);
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // Whatever the shell left running is not part of the result: count it, kill it, so that the
      // pipes close. The sweep comes first, so that it also counts leftovers in the shell's group.
      stragglers += sweep(token);
      killGroup();
      drain ??= setTimeout(finish, DRAIN_MS);
    });
    child.on('close', finish);

    if (options.input !== undefined && child.stdin !== null) {
      child.stdin.on('error', () => undefined); // the shell may exit without reading it all
      child.stdin.end(options.input);
    }
  });
}

/**
 * Kills every process that carries this run's mark in its environment, whatever its process
 * group (a job-control shell may move jobs into groups of their own). Linux only; elsewhere the
 * process-group kill is all there is. Returns how many it killed that were not already ending.
 */
function sweep(token: string): number {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return 0;
  }
  const needle = Buffer.from(`${MARK}=${token}\0`);
  let killed = 0;
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${name}/environ`);
    } catch {
      continue;
    }
    if (environ.indexOf(needle) === -1) continue;
    const ending = isExiting(name);
    try {
      process.kill(Number(name), 'SIGKILL');
      if (!ending) killed++;
    } catch {
      // it exited meanwhile
    }
  }
  return killed;
}

/** PF_EXITING of the kernel's task flags: set as a process starts to exit, before it lets go of its memory. */
const PF_EXITING = 0x4;

/** Whether the process is already on its way out (its exit begun, not yet reaped): not one left running. */
function isExiting(pid: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The fields after the command name: state, ppid, pgrp, session, tty_nr, tpgid, flags, …
    const flags = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[6]);
    return (flags & PF_EXITING) !== 0;
  } catch {
    return true; // gone already
  }
}
