/**
 * What the tree walk offers the modules it calls back (compound commands, `(( ))`, `[[ ]]`,
 * expansion, prompts): they take an Evaluator rather than the interpreter class, so that none of
 * them imports the module that imports them.
 */
import type { Eventually } from '../eventually';
import type { PlannedRedirect } from '../exec/fds';
import type { StageControl } from '../exec/job';
import type { ExpansionEnvironment } from '../expand/types';
import type { List, Program } from '../syntax/ast';
import type { AnnouncedCommand } from './command-text';
import type { Context } from './context';

/** What expansion needs of the interpreter: whether it is interactive (`$-`), its jobs (`\j`), `$(...)`, `<(...)` and `>(...)`. */
export interface Expanding {
  readonly interactive: boolean;
  jobCount(): number;
  capture(program: Program, context: Context, maxBytes: number): Promise<{ status: number; output: string }>;
  substituteProcess(program: Program, direction: '<' | '>', context: Context): string;
}

export interface Evaluator extends Expanding {
  runList(list: List, context: Context): Eventually<number>;
  /** Runs `run` as a subshell's body: `exit`, `return` and `break` end it, as a subshell process would end. */
  asSubshell(context: Context, run: () => Eventually<number>, control?: StageControl): Promise<number>;
  /** Before a command: BASH_COMMAND names it; true when the DEBUG trap is to run now. */
  announce(command: AnnouncedCommand, context: Context): boolean;
  /** The DEBUG trap, before the command just announced. */
  runDebugTrap(context: Context): Promise<void>;
  /** Between commands: lets the event loop run now and then, and acts on a pending Ctrl-C or a stopped job. */
  checkpoint(context: Context): Eventually<void>;
  /** How words expand in `context`. */
  expansionEnvironment(context: Context, assigned?: ReadonlyMap<string, string>, onSubstitution?: (status: number) => void): ExpansionEnvironment;
  /** A diagnostic on the context's stderr. */
  say(context: Context, message: string): Promise<void>;
  /** Runs `run` with `redirects` applied to a derived descriptor table, closed after. */
  withRedirects(redirects: readonly PlannedRedirect[], context: Context, run: (context: Context) => Eventually<number>): Eventually<number>;
  /** Runs `run` one level deeper for `set -x`'s PS4 (`$(...)` and `eval`). */
  traceNested<T>(run: () => Promise<T>): Promise<T>;
  /** A builtin the shell runs for a command of its own (`select` reads its answer with `read`). */
  runBuiltinWith(argv: string[], context: Context): Eventually<number>;
}
