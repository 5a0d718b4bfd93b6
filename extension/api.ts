/**
 * What activate() returns: a read-only view for tests (and other extensions) of the shells the
 * extension is linked to, their job tables, and the jobs tree exactly as the view shows it.
 */
import type * as vscode from 'vscode';
import type { JobSnapshot } from '../shell/ipc/protocol';

export interface QuirlShell {
  readonly pid: number;
  readonly terminal: vscode.Terminal | undefined;
  readonly jobs: readonly JobSnapshot[];
}

export interface QuirlApi {
  /** Every connected shell and its latest job table. */
  shells(): readonly QuirlShell[];
  /** Fires after any shell's table changed and the tree was told to refresh. */
  readonly onDidChangeJobs: vscode.Event<void>;
  /** The jobs tree's data provider, so tests read exactly what the view shows. */
  readonly jobsTree: vscode.TreeDataProvider<unknown>;
  /** What the status-bar item shows now: whether it is shown, and its counts. */
  statusBar(): StatusBarState;
}

export interface StatusBarState {
  readonly visible: boolean;
  readonly running: number;
  readonly stopped: number;
}
