/**
 * What a builtin is given: its arguments, the context's state and output, and the shell's
 * services (command resolver, job control, the few acts on its processes a builtin needs), never
 * the executor itself. Builtins return their exit status. The interpreter defines it and is given
 * the table (builtins/index.ts) when it is made, so interp/ imports no builtin.
 */
import type { Eventually } from '../eventually';
import type { Job } from '../exec/job';
import type { CommandResolver } from '../exec/resolve';
import type { PlannedAssignment } from './assignment';
import type { ShellState } from './state';
import type { CommandOutput } from './output';
import type { TrapArrival } from './signal-traps';
import type { JobControl } from './job-control';
import type { KeyBindings } from '../interactive/editor/bindings';
import type { Word } from '../syntax/ast';
import type { CommandHistory } from './command-history';

export interface ShellServices {
  readonly resolver: CommandResolver;
  /** The job table, the current/previous order, and what the user was told of. */
  readonly jobControl: JobControl;
  /** Whether `name` is a builtin enabled in `state`. */
  isBuiltin(name: string, state: ShellState): boolean;
  /** Brings a job to the foreground and reports how it ended (`fg`); resolves to its status. */
  foreground(job: Job, output: CommandOutput): Promise<number>;
  /** Whether the shell has a terminal to lend its jobs (`suspend` needs one). */
  hasTerminal(): boolean;
  /** `exec` is about to replace the shell: the terminal is the shell's again, and nothing it prepared outlives it. */
  beforeExec(): void;
  /** The shell's umask changed: process groups prepared ahead of need are made again with it. */
  umaskChanged(): void;
  /** Whether job control is on (an interactive shell): affects messages, not semantics. */
  readonly interactive: boolean;
  /** The command history an interactive shell keeps; undefined in a shell with none. */
  history(): CommandHistory | undefined;
  /** The line editor's key bindings and variables (`bind`). */
  keyBindings(): KeyBindings;
  /** The function named `name`, if one is defined in `state`. */
  functionText(state: ShellState, name: string): string | undefined;
}

/** Its functions are methods of one object per run (builtin-call.ts): call them on the context, never detached. */
export interface BuiltinContext {
  /** argv[0] is the builtin's name. */
  readonly argv: readonly string[];
  readonly state: ShellState;
  readonly output: CommandOutput;
  readonly shell: ShellServices;
  /**
   * The jobs this context sees: all retained jobs, or, in a pipeline stage, those that existed
   * when the pipeline started (a subshell's copy of the table never holds its own pipeline).
   */
  jobs(): Job[];
  /**
   * Parses and runs `source` in the builtin's own context (`eval`, `.`): same state, same
   * descriptors. `name` is what a syntax error names (a file), absent for `eval`.
   */
  run(source: string, name?: string): Promise<number>;
  /**
   * Runs a sourced file's text (`.`): as `run`, but `return` ends it, and the DEBUG and RETURN
   * traps apply as bash applies them to a sourced file.
   */
  runFile(source: string, name: string): Promise<number>;
  /** The command's prefix assignments (`FOO=1 command env`): a program it runs gets them in its environment. */
  readonly assignments: readonly (readonly [string, string])[];
  /** Operands written as assignments to a declaration builtin (`local a=(1 2)`), by their index in argv. */
  readonly declarations: ReadonlyMap<number, PlannedAssignment>;
  /**
   * Runs `argv` as a builtin or a program, never a function (`command`), in this context; with
   * `searchPath`, PATH search uses it instead of $PATH (`command -p`).
   */
  runCommand(argv: readonly string[], searchPath?: string): Promise<number>;
  /**
   * A wait for the next signal with a trap to run in this context (the shell's own, not a
   * subshell's), or undefined where none can come: what ends a `wait`.
   */
  trappedSignal(): TrapArrival | undefined;
  /** `words` expanded in this context as a command's words are; pathname expansion only with `glob` (compgen's -W and -G). */
  expandWords(words: readonly Word[], glob: boolean): Promise<string[]>;
  /** Keeps this command's redirects as its context's own descriptors once it ends (`exec` with no command). */
  keepRedirects(): void;
}

/** A builtin's status: at once for one that waits for nothing (`[`, `:`), so that a loop of them allocates no promise. */
export type Builtin = (context: BuiltinContext) => Eventually<number>;

/** The builtin table as the interpreter looks a name up in it. */
export interface BuiltinLookup {
  /** The builtin `name` runs where the names in `disabled` are switched off (`enable -n`). */
  find(name: string, disabled: ReadonlySet<string>): Builtin | undefined;
}

/** `exit` in the shell's own context: unwinds to the top level, which ends the shell. */
export class ExitRequest extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}
