/**
 * Quirl's command line: `quirl -c CMD [NAME ARGS...]`, `quirl FILE [ARGS...]`, `quirl` with a
 * script on stdin, and the interactive shell, with bash's options and start-up files (invocation.ts). Exit statuses are POSIX sh's: 127 not found, 126 not executable, 128+N for a
 * signal, 2 for a syntax error.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { ExitRequest } from './interp/builtin-api';
import { fsPath } from './bytes';
import { errorMessage, isShellError, isSystemError, describeErrno, stackExhausted } from './errors';
import { ParseError } from './syntax/source';
import { FdTable } from './exec/fds';
import { Terminal } from './exec/terminal';
import type { Executor } from './exec/executor';
import { wireShell } from './wiring';
import { shellContext } from './interp/scope';
import { runInteractive } from './interactive/loop';
import { parseArguments, USAGE, type Invocation } from './invocation';
import { applyStartupOptions, sourceCommand, startupFiles } from './interactive/startup-files';
import { version } from '../package.json';
import { takeLinkAddress } from './ipc/address';
import { argumentsWithBytes, directoryWithBytes, environmentWithBytes } from './process-bytes';
import { dropRuntimeVariables } from './ipc/runtime';
import { restoreExportedFunctions } from './launch-environment';
import { restoreSignalKeys } from './signal-keys';
import { completeCommands, readingFor, type ReaderSettings } from './interp/script';
import { readScriptFile } from './script-file';
import { streamCommands } from './interp/stream';
import type { Program } from './syntax';
import { ShellState } from './interp/state';
import { parseErrorReport } from './interp/parse-report';
import { handledByTrap } from './interp/signal-traps';

/** The starting directory as the user sees it: $PWD when it names the same directory. */
function startingDirectory(env: NodeJS.ProcessEnv): string {
  const cwd = directoryWithBytes();
  const pwd = env.PWD;
  // realpath(3) in one call, where node's JavaScript realpathSync asks lstat of each component in turn.
  const physical = (path: string): Buffer => realpathSync.native(fsPath(path), { encoding: 'buffer' });
  try {
    if (pwd !== undefined && pwd.startsWith('/') && physical(pwd).equals(physical(cwd))) return pwd;
  } catch {
    // $PWD is stale: the real directory is the truth.
  }
  return cwd;
}

/** The complete commands of a `-c` string or a script file (read whole), or of stdin (read as it comes). */
function commandsOf(
  invocation: Extract<Invocation, { kind: 'command' | 'file' | 'stdin' }>,
  settings: ReaderSettings,
): { commands: Iterable<Program> | AsyncIterable<Program>; name: string; text: string | undefined } {
  const warn = (message: string): void => void process.stderr.write(`quirl: ${message}\n`);
  switch (invocation.kind) {
    case 'command':
      return { commands: completeCommands(invocation.source, warn, settings), name: invocation.name, text: invocation.source };
    case 'file': {
      const text = readScriptFile(invocation.path);
      return { commands: completeCommands(text, warn, settings), name: invocation.path, text };
    }
    case 'stdin':
      return { commands: streamCommands(0, warn, settings), name: 'quirl', text: undefined };
  }
}

/** A syntax error in the script, said as bash says it: `s.sh: line 2: `, `quirl: -c: line 1: `, `quirl: ` for stdin. */
function scriptParseError(error: ParseError, kind: 'command' | 'file' | 'stdin', name: string, text: string | undefined): string {
  const where = kind === 'file' ? `${name}: ` : kind === 'command' ? `${name}: -c: ` : 'quirl: ';
  return parseErrorReport(error, text, 1, where, kind !== 'stdin');
}

async function main(): Promise<number> {
  // Taken out of the environment first, whatever the invocation: no job may inherit the secret.
  const link = takeLinkAddress(process.env);
  dropRuntimeVariables(process.env);
  // Before the terminal's modes are recorded as the shell's (and libuv's raw mode saves its own).
  restoreSignalKeys(process.env);
  restoreExportedFunctions(process.env);
  const env = environmentWithBytes(process.env);
  const invocation = parseArguments(argumentsWithBytes(process.argv.slice(2)));
  switch (invocation.kind) {
    case 'usage':
      process.stderr.write(`${invocation.message}\n`);
      return 2;
    case 'version':
      process.stdout.write(`Quirl, version ${version} (${process.arch}-${process.platform}, Node ${process.version})\n`);
      return 0;
    case 'help':
      process.stdout.write(`Quirl, version ${version}\n${USAGE}\n\nStart-up files: ~/.quirl_profile (login shells), then ~/.quirlrc (interactive shells).\n`);
      return 0;
    case 'interactive':
      return runInteractive({ cwd: startingDirectory(env), scriptName: invocation.name, args: invocation.args, startup: invocation.startup, link });
    case 'command':
      if (invocation.interactive) {
        const { name: scriptName, args, startup, source } = invocation;
        return runInteractive({ cwd: startingDirectory(env), scriptName, args, startup, link, command: source });
      }
  }
  let commands: Iterable<Program> | AsyncIterable<Program>;
  let name: string;
  let text: string | undefined;
  try {
    // Commands are parsed one at a time as they run, so the state exists by the time this is asked.
    ({ commands, name, text } = commandsOf(invocation, readingFor(() => state)));
  } catch (error) {
    if (isShellError(error)) {
      process.stderr.write(`quirl: ${error.message}\n`);
      return error.status;
    }
    const reason = isSystemError(error) ? describeErrno(error.code) : errorMessage(error);
    process.stderr.write(`quirl: ${invocation.kind === 'file' ? invocation.path : 'stdin'}: ${reason}\n`);
    if (invocation.kind !== 'file') return 1;
    // As bash: a file that is not there is 127; one that is there but cannot be read (a directory) 126.
    return isSystemError(error) && error.code === 'ENOENT' ? 127 : 126;
  }
  const state = ShellState.fromEnvironment(env, startingDirectory(env), name, invocation.args);
  // bash's FUNCNAME ends in `main` in a script file (not in `-c` or stdin).
  state.runsScriptFile = invocation.kind === 'file';
  // Where BASH_SOURCE says its functions were defined (bash's names for a `-c` string and stdin).
  state.topLevelFile = invocation.kind === 'file' ? name : invocation.kind === 'command' ? 'environment' : 'main';
  const options = applyStartupOptions(state.options, invocation.startup, invocation.kind === 'command' ? 'c' : invocation.kind === 'stdin' ? 's' : '');
  if ('error' in options) {
    process.stderr.write(`quirl: ${options.error}\n`);
    return 2;
  }
  process.stdout.write(options.listing);
  // No job control: each command runs in the shell's own group, one spawn each (`set -m` turns it on).
  const { executor, interpreter } = wireShell({ terminal: Terminal.openControlling(), interactive: false, jobControl: false });
  takeJobsAlongOnSignals(executor);
  const context = shellContext(state, FdTable.standard());
  try {
    // A login shell's profile first (`quirl -l -c CMD`), as bash reads its own.
    const home = state.get('HOME') ?? homedir();
    for (const file of await startupFiles(invocation.startup, { interactive: false, home, env: async () => undefined })) {
      const program = sourceCommand(file);
      if (program !== undefined) await interpreter.runProgram(program, context, true);
    }
    for await (const program of commands) {
      if (invocation.kind !== 'command') state.commandNumber += 1;
      await interpreter.runProgram(program, context);
    }
    // The EXIT trap runs last, at the end and at `exit` (and may change the status with `exit N`).
    return await interpreter.finish(context, state.lastStatus);
  } catch (thrown) {
    if (thrown instanceof ExitRequest) return await interpreter.finish(context, thrown.status);
    const error = stackExhausted(thrown) ?? thrown;
    if (!isShellError(error)) throw error;
    process.stderr.write(error instanceof ParseError ? scriptParseError(error, invocation.kind, name, text) : `quirl: ${error.message}\n`);
    return error.status;
  } finally {
    executor.dispose();
  }
}

/**
 * A script ended by SIGINT, SIGTERM or SIGHUP takes its jobs with it, as bash's do by sharing its
 * process group (Quirl's jobs have groups of their own), then dies of the same signal at once.
 */
function takeJobsAlongOnSignals(executor: Executor): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const die = (): void => {
      // A trap of the script's own handles it (or an EXIT trap runs first, then the death comes back here).
      if (handledByTrap(signal)) return;
      executor.terminateAll();
      executor.dispose();
      // With no listener left, Node puts the default disposition back: the signal then ends the process.
      process.removeListener(signal, die);
      process.kill(process.pid, signal);
    };
    process.on(signal, die);
  }
}

/** Runs the shell and exits with its status; called once the launcher (or the start-up snapshot) has set up the process. */
export function startShell(): void {
  main().then(
    (status) => process.exit(status),
    (error: unknown) => {
      if ((error as { code?: unknown }).code === 'NativeAddonMissing') {
        // Not a bug in the shell but an unbuilt checkout: the message says how to fix it.
        process.stderr.write(`quirl: ${errorMessage(error)}\n`);
        process.exit(126);
      }
      process.stderr.write(`quirl: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(70);
    },
  );
}
