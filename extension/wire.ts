/**
 * Checks a shell's JobsChanged against the protocol's types. A shell is authenticated but still
 * another process: a table that does not have the protocol's shape drops that shell, so the tree
 * never renders something the types promise cannot exist.
 */
import type { JobSnapshot, JobStateSnapshot, JobsParams, ProcessSnapshot, ProcessStateSnapshot } from '../shell/ipc/protocol';

type Fields = Record<string, unknown>;

/** The params as the protocol's type, or undefined when they do not fit it. */
export function parseJobsParams(value: unknown): JobsParams | undefined {
  if (!isObject(value) || !isCount(value.revision) || !Array.isArray(value.jobs)) return undefined;
  return value.jobs.every(isJob) ? (value as unknown as JobsParams) : undefined;
}

function isJob(value: unknown): value is JobSnapshot {
  return (
    isObject(value) &&
    isCount(value.id) &&
    value.id > 0 &&
    typeof value.command === 'string' &&
    typeof value.commandTruncated === 'boolean' &&
    (value.pgid === null || isCount(value.pgid)) &&
    isJobState(value.state) &&
    Array.isArray(value.processes) &&
    value.processes.every(isProcess)
  );
}

function isProcess(value: unknown): value is ProcessSnapshot {
  return isObject(value) && (value.pid === null || isCount(value.pid)) && typeof value.command === 'string' && isProcessState(value.state);
}

/** Per state kind, what else the state must carry. */
type StateChecks = Readonly<Record<string, (state: Fields) => boolean>>;

const always = (): boolean => true;
const hasSignal = (state: Fields): boolean => typeof state.signal === 'string';

const JOB_STATES: StateChecks = {
  running: always,
  stopped: hasSignal,
  done: (state) => isCount(state.status) && (state.signal === undefined || hasSignal(state)),
};

const PROCESS_STATES: StateChecks = {
  running: always,
  stopped: hasSignal,
  exited: (state) => isCount(state.code),
  signaled: (state) => hasSignal(state) && typeof state.coreDumped === 'boolean',
};

function isJobState(value: unknown): value is JobStateSnapshot {
  return isState(value, JOB_STATES);
}

function isProcessState(value: unknown): value is ProcessStateSnapshot {
  return isState(value, PROCESS_STATES);
}

function isState(value: unknown, checks: StateChecks): boolean {
  if (!isObject(value) || typeof value.kind !== 'string' || !Object.hasOwn(checks, value.kind)) return false;
  return checks[value.kind]?.(value) ?? false;
}

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
