/**
 * Runs one builtin with a fake context (its own state, output captured) and the same argv
 * through bash, so that a table of expectations is checked against both and cannot drift from
 * bash. bash runs the words exactly as given, with no positional parameters; its message prefix
 * (`bash: ` or `bash: line 1: `) is rewritten to Quirl's `quirl: `.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Builtin, BuiltinContext, ShellServices } from '../../shell/interp/builtin-api';
import { FdTable } from '../../shell/exec/fds';
import { CommandOutput } from '../../shell/interp/output';
import { ShellState } from '../../shell/interp/state';

export interface BuiltinRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Descriptors beyond 0–2 that the command sees, by number (the same OS descriptor for both). */
  readonly extraFds?: ReadonlyMap<number, number>;
}

class CapturedOutput extends CommandOutput {
  readonly text: [string, string] = ['', ''];

  override async write(fd: number, text: string): Promise<void> {
    if (fd !== 1 && fd !== 2) throw new Error(`unexpected write to fd ${fd}`);
    this.text[fd - 1] += text;
  }
}

/** Services no test or printf call reaches: any use is a test failure. */
const NO_SERVICES = new Proxy({} as ShellServices, {
  get(_target, property) {
    throw new Error(`builtin used shell service ${String(property)}`);
  },
});

/** 0–2 are /dev/null (as bash's are pipes: none is a terminal); writes are captured. */
export async function runBuiltin(builtin: Builtin, argv: readonly string[], options: RunOptions): Promise<BuiltinRun & { state: ShellState }> {
  const devNull = openSync('/dev/null', 'r+');
  try {
    const fds = FdTable.standard().derive();
    for (const fd of [0, 1, 2]) fds.set(fd, devNull, false);
    for (const [fd, osFd] of options.extraFds ?? []) fds.set(fd, osFd, false);
    const output = new CapturedOutput(fds, undefined);
    const state = ShellState.fromEnvironment(options.env, options.cwd, 'quirl', []);
    const context: BuiltinContext = {
      argv,
      state,
      output,
      shell: NO_SERVICES,
      declarations: new Map(),
      jobs: () => [],
      run: () => Promise.reject(new Error('builtin unit tests have no interpreter to run source with')),
      runFile: () => Promise.reject(new Error('builtin unit tests have no interpreter to run source with')),
      assignments: [],
      runCommand: () => Promise.reject(new Error('builtin unit tests have no interpreter to run commands with')),
      keepRedirects: () => fds.adopt(fds),
      trappedSignal: () => undefined,
      expandWords: () => Promise.reject(new Error('builtin unit tests have no interpreter to expand words with')),
    };
    const status = await builtin(context);
    return { stdout: output.text[0], stderr: output.text[1], status, state };
  } finally {
    closeSync(devNull);
  }
}

/**
 * The same words as a bash command; `epilogue` runs after them in the same shell (to show a
 * variable they set), and the status is the words'.
 */
export function runBash(argv: readonly string[], options: RunOptions, epilogue = ''): BuiltinRun {
  const extra = [...(options.extraFds ?? [])];
  const highest = Math.max(2, ...extra.map(([fd]) => fd));
  const stdio: ('pipe' | 'ignore' | number)[] = ['pipe', 'pipe', 'pipe'];
  for (let fd = 3; fd <= highest; fd += 1) stdio.push(options.extraFds?.get(fd) ?? 'ignore');
  // The words leave the positional parameters, which the builtin's own context does not have.
  const script = `quirl_argv=("$@"); set --; "\${quirl_argv[@]}"; quirl_status=$?; ${epilogue}exit $quirl_status`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script, 'bash', ...argv], {
    cwd: options.cwd,
    env: options.env,
    stdio,
    input: '',
  });
  return {
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8').replace(/^bash: (?:line \d+: )?/gm, 'quirl: '),
    status: result.status ?? -1,
  };
}
