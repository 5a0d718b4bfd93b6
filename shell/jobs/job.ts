/**
 * The job model: a job is one pipeline's processes and their states. This module is pure state:
 * it folds wait statuses into process and job states; the executor owns every side effect.
 */
import type { WaitStatus } from '../../native/native';

/** A job number as users type it (%N): never 0. */
export type JobId = number & { readonly __brand: 'JobId' };

/**
 * `$!` of a background job run wholly inside the shell, which has no process of its own: a number
 * above every PID a kernel hands out (Linux's PID_MAX_LIMIT is 2^22, macOS's 99998), so it never
 * names another process; `wait` and `kill` know it as the job's.
 */
const STAND_IN_PID_BASE = 2 ** 22;

export function standInPid(id: JobId): number {
  return STAND_IN_PID_BASE + id;
}

export type ProcessState =
  | { readonly kind: 'running' }
  | { readonly kind: 'stopped'; readonly signal: number }
  | { readonly kind: 'exited'; readonly code: number }
  | { readonly kind: 'signaled'; readonly signal: number; readonly coreDumped: boolean };

export type FinishedState = Extract<ProcessState, { kind: 'exited' | 'signaled' }>;

export type JobState =
  | { readonly kind: 'running' }
  | { readonly kind: 'stopped'; readonly signal: number }
  /** `status` is the shell's $? for the job: the last stage's, 128+N for a signal. */
  | { readonly kind: 'done'; readonly status: number; readonly last: FinishedState };

export interface JobProcess {
  /** null for a stage that runs inside the shell (a builtin in a pipeline). */
  readonly pid: number | null;
  readonly command: string;
  state: ProcessState;
}

export function isFinished(state: ProcessState): state is FinishedState {
  return state.kind === 'exited' || state.kind === 'signaled';
}

/** The exit status sh reports for a finished process. */
export function statusOf(state: FinishedState): number {
  return state.kind === 'exited' ? state.code : 128 + state.signal;
}

/** A process state after a wait status (a 'continued' report means running again). */
export function processStateAfter(status: WaitStatus): ProcessState {
  switch (status.kind) {
    case 'exited':
      return { kind: 'exited', code: status.code };
    case 'signaled':
      return { kind: 'signaled', signal: status.signal, coreDumped: status.coreDumped };
    case 'stopped':
      return { kind: 'stopped', signal: status.signal };
    case 'continued':
      return { kind: 'running' };
  }
}

/**
 * The job's state from its processes: done once every process finished (status from the last
 * stage), stopped once none runs and one is stopped, running otherwise.
 */
export function jobStateOf(processes: readonly JobProcess[]): JobState {
  let stoppedBy: number | undefined;
  for (const process of processes) {
    if (process.state.kind === 'running') return { kind: 'running' };
    if (process.state.kind === 'stopped') stoppedBy ??= process.state.signal;
  }
  if (stoppedBy !== undefined) return { kind: 'stopped', signal: stoppedBy };
  const last = processes[processes.length - 1]?.state;
  if (last === undefined || !isFinished(last)) return { kind: 'done', status: 0, last: { kind: 'exited', code: 0 } };
  return { kind: 'done', status: statusOf(last), last };
}
