// Runs a program to its end outside any terminal and times it from spawn to exit; a non-zero
// status is a failed measurement, with the program's stderr in the message.
import { spawn } from 'node:child_process';
import { nowMs, BenchError } from './pty-session';

export interface TimedRun {
  readonly ms: number;
  readonly stdout: string;
}

export interface FinishedRun extends TimedRun {
  /** The exit status, or the signal that ended it. */
  readonly status: number | NodeJS.Signals;
  readonly stderr: string;
}

/**
 * The environment scripts run in: this one without node's start-up settings, which the PTY figures'
 * clean environment lacks too and a user's rarely has. NODE_EXTRA_CA_CERTS alone makes every node
 * start read a CA bundle (~40 ms of CPU here) that bash never pays.
 */
function scriptEnvironment(): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _caCertificates, NODE_OPTIONS: _nodeOptions, ...env } = process.env;
  return env;
}

/** Runs `argv` to its end whatever its status (for a check that a program refuses something). */
export function runToEnd(argv: readonly string[], cwd: string): Promise<FinishedRun> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    const startedAt = nowMs();
    const child = spawn(file as string, args, { cwd, env: scriptEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    // Timed to the exit; but the output is all read only once the pipes are closed.
    let ms = 0;
    child.on('exit', () => (ms = nowMs() - startedAt));
    child.on('close', (code, signal) => resolve({ ms, stdout, stderr, status: code ?? (signal as NodeJS.Signals) }));
  });
}

export async function runTimed(argv: readonly string[], cwd: string): Promise<TimedRun> {
  const run = await runToEnd(argv, cwd);
  if (run.status !== 0) throw new BenchError('Unexpected', `${argv.join(' ')}: exit ${run.status}: ${run.stderr.trim().slice(0, 500)}`);
  return { ms: run.ms, stdout: run.stdout };
}
