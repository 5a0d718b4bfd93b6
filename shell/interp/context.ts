/**
 * Where a command runs: its state, its descriptors, the request that bounds it, and what it runs
 * inside of (a job's stage, an interactive line). The tree walk passes one to every step; helper
 * modules take it with an Evaluator (evaluator.ts), never the interpreter class.
 */
import type { ExecutionRequest } from '../exec/executor';
import type { FdTable } from '../exec/fds';
import type { StageControl } from '../exec/job';
import type { JobId } from '../jobs/job';
import type { SimpleCommand } from '../syntax/ast';
import type { LineRun } from './line';
import type { ShellState } from './state';

export interface Context {
  readonly state: ShellState;
  readonly fds: FdTable;
  readonly request: ExecutionRequest;
  /**
   * The job whose in-shell stage runs this context (a loop in a pipeline, a background list):
   * the commands it runs are members of that job, never jobs of their own. Absent at the top.
   */
  readonly owner?: JobId;
  /** Aborted by Ctrl-C while an interactive shell runs the line itself: what a builtin that waits (`read`) gives up on. */
  readonly interrupt?: AbortSignal;
  /** The interactive command line this runs in, which a stop inside a loop or function can hold. */
  readonly line?: LineRun;
  /** For an in-shell stage: its job's gate (held while the job is stopped) and abort (the job killed). */
  readonly stage?: Pick<StageControl, 'whileRunning' | 'signal'>;
  /** The process substitutions of the command running here, if it has any. */
  readonly processSubstitutions?: CommandSubstitutions;
  /**
   * Where `set -e` and the ERR trap are ignored: an `if`/`while` condition, a pipeline before
   * `&&` or `||`, after `!`, and everything run from there (functions, subshells), as in bash.
   */
  readonly conditional?: boolean;
  /**
   * A background job's simple commands whose DEBUG trap the shell ran before starting the job,
   * as bash runs it before it forks: the job does not run it again for them (with `set -T`).
   */
  readonly tracedInShell?: ReadonlySet<SimpleCommand>;
}

/** The process substitutions of one command, as the walk uses them (process-substitution.ts). */
export interface CommandSubstitutions {
  /** The command's descriptors: the context's, and each substitution's end as itself. */
  readonly fds: FdTable;
  /** `exec` made the command's redirects (`derived`) the context's own: the ends close, the lists run on. */
  keep(derived: FdTable): void;
  /** Starts a list beside the command; returns the word that names its end (`/dev/fd/N`). */
  start(direction: '<' | '>', run: (context: Context) => Promise<number>): string;
}
