/**
 * The one place contexts are made: the shell's top level, an interactive line, and every copy of
 * the shell (`( )`, `$(...)`, a pipeline's in-shell stage, a process substitution's list), so
 * that what a copy inherits (its scope, its line, `set -e`'s exemption) is decided here alone.
 */
import type { ExecutionRequest } from '../exec/executor';
import type { FdTable } from '../exec/fds';
import type { StageControl } from '../exec/job';
import type { JobId } from '../jobs/job';
import type { Context, Scope, StageScope } from './context';
import type { LineRun } from './line';
import type { ShellState } from './state';

/**
 * What the programs of a top-level process substitution's list are members of. Members are never
 * retained, so it names nothing `jobs` lists; the table would issue it only after 2^31 jobs.
 */
const NO_JOB = 0x7fffffff as JobId;

/** The shell's own context at its top level. */
export function shellContext(state: ShellState, fds: FdTable, request: ExecutionRequest = {}): Context {
  return { state, fds, scope: { kind: 'shell', request } };
}

/** `context` as an interactive command line runs it: Ctrl-C aborts `line`, a stop can hold it. */
export function lineContext(context: Context, line: LineRun): Context {
  return { ...context, scope: { kind: 'line', request: context.scope.request, line } };
}

/** `( )` and `$(...)`: a copy of the state with descriptors `fds`, in the same job and line. */
export function subshell(parent: Context, fds: FdTable): Context {
  return { ...parent, state: parent.state.clone(), fds };
}

/** An in-shell stage of a job: a copy of the state, the stage's descriptors, the job's gate and abort. */
export function stageSubshell(parent: Context, fds: FdTable, control: StageControl): Context {
  return { state: parent.state.clone(), fds, scope: stageScope(control), conditional: parent.conditional };
}

/** lastpipe's last stage: the shell's own state (not a copy), in the job, still in its line. */
export function lastpipeStage(parent: Context, fds: FdTable, control: StageControl): Context {
  return { ...parent, fds, scope: stageScope(control, lineOf(parent.scope)) };
}

/**
 * A process substitution's list: a copy of the state, ended by `signal`; its programs are members
 * of the command's job (none at the top level), and wait while that job is stopped.
 */
export function substitutionSubshell(parent: Context, fds: FdTable, signal: AbortSignal): Context {
  const { scope } = parent;
  const outer = scope.kind === 'stage' ? scope.gate : undefined;
  return {
    state: parent.state.clone(),
    fds,
    scope: {
      kind: 'stage',
      request: { signal },
      owner: scope.kind === 'stage' ? scope.owner : NO_JOB,
      gate: { whileRunning: () => outer?.whileRunning() ?? Promise.resolve(), signal },
    },
  };
}

function stageScope(control: StageControl, line?: LineRun): StageScope {
  return { kind: 'stage', request: { signal: control.signal }, owner: control.jobId, gate: control, line };
}

/** The interactive line a scope runs in, if any. */
export function lineOf(scope: Scope): LineRun | undefined {
  return scope.kind === 'shell' ? undefined : scope.line;
}

/** The Ctrl-C of the interactive line a scope runs in, if any: what a builtin that waits (`read`) gives up on. */
export function interruptOf(scope: Scope): AbortSignal | undefined {
  return lineOf(scope)?.interrupt.signal;
}

/** Whether Ctrl-C on the line has aborted what runs in `scope` itself (a stage's job has its own abort). */
export function lineInterrupted(scope: Scope): boolean {
  return scope.kind === 'line' && scope.line.interrupt.signal.aborted;
}
