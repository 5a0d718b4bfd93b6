/**
 * A job as the extension sees it: plain JSON, signals by name, command text bounded. Pure, so
 * the interactive loop can build the table from its jobs and tests from plain objects.
 */
import { signalName } from '../exec/signals';
import type { JobProcess, JobState, ProcessState } from '../jobs/job';
import { MAX_COMMAND_LENGTH, type JobSnapshot, type JobStateSnapshot, type ProcessSnapshot, type ProcessStateSnapshot } from './protocol';

/** What a snapshot reads from a job (the exec Job satisfies it). */
export interface SnapshotSource {
  readonly id: number;
  readonly command: string;
  readonly pgid: number | undefined;
  readonly state: JobState;
  readonly processes: readonly JobProcess[];
}

export function snapshotJob(job: SnapshotSource): JobSnapshot {
  const command = bounded(job.command);
  return {
    id: job.id,
    command: command.text,
    commandTruncated: command.truncated,
    pgid: job.pgid ?? null,
    state: jobStateSnapshot(job.state),
    processes: job.processes.map(processSnapshot),
  };
}

/** The table in id order, as JobsChanged carries it. */
export function snapshotJobs(jobs: Iterable<SnapshotSource>): JobSnapshot[] {
  return [...jobs].map(snapshotJob).sort((a, b) => a.id - b.id);
}

function jobStateSnapshot(state: JobState): JobStateSnapshot {
  switch (state.kind) {
    case 'running':
      return { kind: 'running' };
    case 'stopped':
      return { kind: 'stopped', signal: signalName(state.signal) };
    case 'done':
      return state.last.kind === 'signaled'
        ? { kind: 'done', status: state.status, signal: signalName(state.last.signal) }
        : { kind: 'done', status: state.status };
  }
}

function processSnapshot(process: JobProcess): ProcessSnapshot {
  return { pid: process.pid, command: bounded(process.command).text, state: processStateSnapshot(process.state) };
}

function processStateSnapshot(state: ProcessState): ProcessStateSnapshot {
  switch (state.kind) {
    case 'running':
      return { kind: 'running' };
    case 'stopped':
      return { kind: 'stopped', signal: signalName(state.signal) };
    case 'exited':
      return { kind: 'exited', code: state.code };
    case 'signaled':
      return { kind: 'signaled', signal: signalName(state.signal), coreDumped: state.coreDumped };
  }
}

/** Cuts at MAX_COMMAND_LENGTH code units, never inside a surrogate pair. */
function bounded(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_COMMAND_LENGTH) return { text, truncated: false };
  let end = MAX_COMMAND_LENGTH;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}
