/**
 * What the extension knows of every connected shell: its latest job table, replaced whole by each
 * JobsChanged, and the transitions (a job stopped, a job finished) between two tables. Pure (no
 * vscode), so the tree, the status bar, the notifications and the tests all read one truth.
 */
import type { JobSnapshot, JobsParams } from '../shell/ipc/protocol';

export interface ShellState {
  readonly pid: number;
  /** The revision of the table held; 0 until the first table arrives. */
  readonly revision: number;
  readonly jobs: readonly JobSnapshot[];
}

/** A job seen running (or stopped) in the previous table that has since stopped or finished. */
export type JobTransition =
  | { readonly kind: 'stopped'; readonly pid: number; readonly job: JobSnapshot }
  | { readonly kind: 'finished'; readonly pid: number; readonly job: JobSnapshot };

export type ModelChange =
  | { readonly kind: 'connected'; readonly pid: number }
  | { readonly kind: 'table'; readonly pid: number; readonly transitions: readonly JobTransition[] }
  | { readonly kind: 'removed'; readonly pid: number };

export interface JobCounts {
  readonly running: number;
  readonly stopped: number;
}

export class JobsModel {
  private readonly shells = new Map<number, ShellState>();
  private readonly listeners = new Set<(change: ModelChange) => void>();

  onDidChange(listener: (change: ModelChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every shell, in the order they connected. */
  list(): readonly ShellState[] {
    return [...this.shells.values()];
  }

  get(pid: number): ShellState | undefined {
    return this.shells.get(pid);
  }

  job(pid: number, jobId: number): JobSnapshot | undefined {
    return this.shells.get(pid)?.jobs.find((job) => job.id === jobId);
  }

  /** A shell passed the handshake; its table follows. A reconnecting shell keeps what it had. */
  connect(pid: number): void {
    if (this.shells.has(pid)) return;
    this.shells.set(pid, { pid, revision: 0, jobs: [] });
    this.emit({ kind: 'connected', pid });
  }

  /** Replaces a shell's table; a table older than the one held is ignored (false). */
  update(pid: number, params: JobsParams): boolean {
    const previous = this.shells.get(pid);
    if (previous !== undefined && params.revision <= previous.revision) return false;
    this.shells.set(pid, { pid, revision: params.revision, jobs: params.jobs });
    this.emit({ kind: 'table', pid, transitions: transitions(pid, previous?.jobs ?? [], params.jobs) });
    return true;
  }

  remove(pid: number): void {
    if (!this.shells.delete(pid)) return;
    this.emit({ kind: 'removed', pid });
  }

  /** Running and stopped jobs of the shells `include` picks (default: all). */
  counts(include: (pid: number) => boolean = () => true): JobCounts {
    let running = 0;
    let stopped = 0;
    for (const shell of this.shells.values()) {
      if (!include(shell.pid)) continue;
      for (const job of shell.jobs) {
        if (job.state.kind === 'running') running += 1;
        else if (job.state.kind === 'stopped') stopped += 1;
      }
    }
    return { running, stopped };
  }

  private emit(change: ModelChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** Jobs that stopped or finished since `before`; a job first seen already stopped or done is not news. */
export function transitions(pid: number, before: readonly JobSnapshot[], after: readonly JobSnapshot[]): JobTransition[] {
  const previous = new Map(before.map((job) => [job.id, job.state.kind]));
  const result: JobTransition[] = [];
  for (const job of after) {
    const was = previous.get(job.id);
    if (was === undefined || was === 'done' || was === job.state.kind) continue;
    if (job.state.kind === 'stopped') result.push({ kind: 'stopped', pid, job });
    else if (job.state.kind === 'done') result.push({ kind: 'finished', pid, job });
  }
  return result;
}

/**
 * Whether a transition deserves a notification. A stop by Ctrl-Z (TSTP) in the terminal the user is
 * looking at is the user's own doing (the foreground job); a background job stopping (TTIN, TTOU,
 * STOP) or finishing, or anything in a terminal out of sight, is news. (A foreground job that ends
 * leaves the table without passing through done, so it never counts as finished.)
 */
export function worthNotifying(transition: JobTransition, userWatchesTerminal: boolean): boolean {
  const { state } = transition.job;
  return !(userWatchesTerminal && state.kind === 'stopped' && state.signal === 'TSTP');
}
