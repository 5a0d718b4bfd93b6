// Runs a program to its end outside any terminal and times it from spawn to exit; a non-zero
// status is a failed measurement, with the program's stderr in the message.
import { spawn } from 'node:child_process';
import { nowMs, BenchError } from './pty-session';

export interface TimedRun {
  readonly ms: number;
  readonly stdout: string;
}

export function runTimed(argv: readonly string[], cwd: string): Promise<TimedRun> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    const startedAt = nowMs();
    const child = spawn(file as string, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const ms = nowMs() - startedAt;
      if (code === 0) resolve({ ms, stdout });
      else reject(new BenchError('Unexpected', `${argv.join(' ')}: exit ${code ?? signal}: ${stderr.trim().slice(0, 500)}`));
    });
  });
}
