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
  /** What it runs inside of: the shell's top level, an interactive line, or a job's in-shell stage (scope.ts makes them). */
  readonly scope: Scope;
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

/** What a context runs inside of: how its programs are launched, and what stops or ends it. */
export type Scope = ShellScope | LineScope | StageScope;

/** The shell's own top level outside an interactive command line: a script, a `-c` string, the prompt's own work. */
export interface ShellScope {
  readonly kind: 'shell';
  readonly request: ExecutionRequest;
}

/** An interactive command line the shell runs: its Ctrl-C (`line.interrupt`) and the stop that can hold it. */
export interface LineScope {
  readonly kind: 'line';
  readonly request: ExecutionRequest;
  readonly line: LineRun;
}

/**
 * An in-shell stage of a job (a loop in a pipeline, a background list, a process substitution's
 * list): the commands it runs are members of `owner`, never jobs of their own.
 */
export interface StageScope {
  readonly kind: 'stage';
  /** Bounded by the job's abort (`gate.signal`). */
  readonly request: ExecutionRequest;
  readonly owner: JobId;
  /** The job's gate (held while the job is stopped) and abort (the job killed). */
  readonly gate: StageGate;
  /** The line a lastpipe stage runs in, which runs in the shell's own state (scope.ts). */
  readonly line?: LineRun;
}

export type StageGate = Pick<StageControl, 'whileRunning' | 'signal'>;

/** The process substitutions of one command, as the walk uses them (process-substitution.ts). */
export interface CommandSubstitutions {
  /** The command's descriptors: the context's, and each substitution's end as itself. */
  readonly fds: FdTable;
  /** `exec` made the command's redirects (`derived`) the context's own: the ends close, the lists run on. */
  keep(derived: FdTable): void;
  /** Starts a list beside the command; returns the word that names its end (`/dev/fd/N`). */
  start(direction: '<' | '>', run: (context: Context) => Promise<number>): string;
}
