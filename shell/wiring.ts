/**
 * The one place the shell is put together: its executor (with the terminal it lends jobs), the
 * command resolver and the interpreter with the builtin table, for a script (main.ts), the interactive shell
 * (interactive/loop.ts) and the in-process backend (backend.ts) alike.
 */
import { BUILTINS } from './builtins';
import { Executor } from './exec/executor';
import { CommandResolver } from './exec/resolve';
import type { Terminal } from './exec/terminal';
import type { CommandHistory } from './interp/command-history';
import { Interpreter } from './interp/interpreter';

export interface ShellOptions {
  /** The terminal foreground jobs borrow; undefined without one. */
  readonly terminal: Terminal | undefined;
  /** An interactive shell: job control at the prompt, notices, diagnostics that name no line. */
  readonly interactive: boolean;
  /** Whether jobs get process groups of their own (see Executor.jobControl); the executor's default when absent. */
  readonly jobControl?: boolean;
  /** The command history, where there is one (an interactive shell's line editor keeps it). */
  readonly history?: () => CommandHistory | undefined;
}

export interface Shell {
  readonly executor: Executor;
  readonly interpreter: Interpreter;
}

export function wireShell(options: ShellOptions): Shell {
  const executor = new Executor(options.terminal);
  if (options.jobControl !== undefined) executor.jobControl = options.jobControl;
  const interpreter = new Interpreter({ builtins: BUILTINS, executor, resolver: new CommandResolver(), interactive: options.interactive, history: options.history });
  return { executor, interpreter };
}
