/**
 * How shells, jobs and processes read in the jobs view, the quick pick and notifications: labels,
 * descriptions, icons and context values. Pure text (no vscode), so it is tested as a table.
 */
import type { JobSnapshot, JobStateSnapshot, ProcessSnapshot, ProcessStateSnapshot } from '../shell/ipc/protocol';

/** The tree's job item contextValue, which the package.json menus match on. */
export function jobContextValue(job: JobSnapshot): string {
  return `quirlJob.${job.state.kind}`;
}

/** `[N] command`, marked when the shell cut the command short. */
export function jobLabel(job: JobSnapshot): string {
  return `[${job.id}] ${job.command}${job.commandTruncated ? '…' : ''}`;
}

/** The job's state with its exit status: `running`, `stopped (TSTP)`, `exit 0`, `killed by TERM (143)`. */
export function jobStateText(state: JobStateSnapshot): string {
  switch (state.kind) {
    case 'running':
      return 'running';
    case 'stopped':
      return `stopped (${state.signal})`;
    case 'done':
      return state.signal === undefined ? `exit ${state.status}` : `killed by ${state.signal} (${state.status})`;
  }
}

/** A codicon per state; a failed job reads differently from a successful one. */
export function jobIcon(state: JobStateSnapshot): string {
  switch (state.kind) {
    case 'running':
      return 'play-circle';
    case 'stopped':
      return 'debug-pause';
    case 'done':
      return state.status === 0 ? 'pass' : 'error';
  }
}

/** `pid command`; a stage run inside the shell has no pid of its own. */
export function processLabel(process: ProcessSnapshot): string {
  return `${process.pid ?? 'shell'} ${process.command}`;
}

export function processStateText(state: ProcessStateSnapshot): string {
  switch (state.kind) {
    case 'running':
      return 'running';
    case 'stopped':
      return `stopped (${state.signal})`;
    case 'exited':
      return `exit ${state.code}`;
    case 'signaled':
      return `killed by ${state.signal}${state.coreDumped ? ' (core dumped)' : ''}`;
  }
}

/** The name for a new Quirl terminal: `Quirl`, or with the lowest number no open terminal has (`Quirl 2`). */
export function newTerminalName(openNames: readonly string[]): string {
  const taken = new Set(openNames);
  let number = 1;
  while (taken.has(number === 1 ? 'Quirl' : `Quirl ${number}`)) number += 1;
  return number === 1 ? 'Quirl' : `Quirl ${number}`;
}

/** A notification about a job: where (its terminal, else the shell's pid), which job, and what became of it. */
export function jobNoticeText(terminalName: string | undefined, shellPid: number, job: JobSnapshot): string {
  return `${terminalName ?? `Quirl shell ${shellPid}`}: ${jobLabel(job)} — ${jobStateText(job.state)}`;
}

export function shellDescription(pid: number, jobs: readonly JobSnapshot[]): string {
  return jobs.length === 0 ? `pid ${pid} · no jobs` : `pid ${pid}`;
}

/** The status bar's text: counts with codicons, e.g. `$(play-circle) 2 $(debug-pause) 1`. */
export function countsText(counts: { readonly running: number; readonly stopped: number }): string {
  return `$(play-circle) ${counts.running} $(debug-pause) ${counts.stopped}`;
}
