/**
 * exec [-cl] [-a NAME] [COMMAND [ARG...]]: with no command, its redirects become the shell's own
 * descriptors for good. With one, the shell becomes it: same PID, through execve in the addon,
 * with the terminal given back in the shell's modes, the descriptors of the command's table,
 * the limits recorded for children, and the signals the shell ignored for its own sake back at
 * their default (caught ones go back by execve itself; ignored ones stay ignored, as POSIX says).
 * -c empties the environment, -l puts `-` before argv[0], -a NAME makes NAME argv[0]. A command
 * that cannot run ends a script (127 or 126), and an interactive shell reports it and goes on.
 *
 * A subshell run inside the shell is not a process of its own: there `exec COMMAND` runs the
 * command and then ends the subshell with its status, which is what the exec'd subshell would do.
 */
import { native } from '../../native';
import { describeErrno, isShellError } from '../errors';
import { childSettings } from '../exec/child-settings';
import type { ExecTarget } from '../exec/construct';
import { parseSignal, SIGNALS } from '../exec/signals';
import { has, parseOrReport, valueOf } from './options';
import { type Builtin, type BuiltinContext, ExitRequest } from '../interp/builtin-api';

/** Signals Node ignores for itself (SIGPIPE, SIGXFSZ) and those job control ignores in the shell. */
function shellIgnoredSignals(interactive: boolean): number[] {
  const own = [SIGNALS.SIGPIPE, parseSignal('XFSZ') as number];
  return interactive ? [...own, SIGNALS.SIGTSTP, SIGNALS.SIGTTIN, SIGNALS.SIGTTOU] : own;
}

export const exec: Builtin = async (context) => {
  const { argv, state, output, shell } = context;
  const parsed = await parseOrReport(output, argv, 'cla:');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  if (operands.length === 0) {
    context.keepRedirects();
    return 0;
  }
  if (state.isSubshell) throw new ExitRequest(await context.runCommand(operands));
  const name = operands[0] as string;
  let target: ExecTarget;
  try {
    target = shell.resolver.resolve(operands, state.get('PATH') ?? '', state.cwd, state.commands);
  } catch (error) {
    if (!isShellError(error)) throw error;
    if (error.code === 'CommandNotFound') await output.err(`quirl: exec: ${name}: not found\n`);
    else await output.err(`quirl: ${error.message}\nquirl: exec: ${name}: cannot execute: ${error.message.replace(/^.*: /, '')}\n`);
    return failed(context, error.status);
  }
  const argv0 = valueOf(options, 'a') ?? (target.argv[0] as string);
  const programArgv = [has(options, 'l') ? `-${argv0}` : argv0, ...target.argv.slice(1)];
  shell.beforeExec();
  try {
    native.execve({
      file: target.file,
      argv: programArgv,
      env: has(options, 'c') ? [] : state.environment(context.assignments),
      fds: output.fds.childFds(),
      defaultSignals: shellIgnoredSignals(shell.interactive),
      ...childSettings(state),
      ignoredSignals: state.traps.signals('ignore'),
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    await output.err(`quirl: exec: ${name}: cannot execute: ${describeCode(code)}\n`);
    return failed(context, code === 'ENOENT' ? 127 : 126);
  }
  return 0;
};

function describeCode(code: unknown): string {
  return typeof code === 'string' ? describeErrno(code) : 'unknown error';
}

/** A failed exec ends a script (and a subshell), as in bash; an interactive shell goes on. */
function failed({ shell }: BuiltinContext, status: number): number {
  if (shell.interactive) return status;
  throw new ExitRequest(status);
}
