/**
 * The Quirl Jobs view: shells (those whose terminals this window shows) → jobs → member processes. Elements are plain keys (pids, job ids,
 * indexes) looked up in the model on every read, so a refresh is one event and nothing stale
 * lives in a TreeItem. A job element is a JobRef, the argument the job commands take.
 */
import * as vscode from 'vscode';
import type { JobsModel } from './jobs-model';
import type { JobRef } from './job-ref';
import { jobContextValue, jobIcon, jobLabel, jobStateText, processLabel, processStateText, shellDescription } from './presentation';

export type JobsTreeElement =
  | { readonly kind: 'shell'; readonly shellPid: number }
  | ({ readonly kind: 'job' } & JobRef)
  | { readonly kind: 'process'; readonly shellPid: number; readonly jobId: number; readonly index: number };

export class JobsTree implements vscode.TreeDataProvider<JobsTreeElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly model: JobsModel,
    private readonly terminalOf: (shellPid: number) => vscode.Terminal | undefined,
  ) {}

  refresh(): void {
    this.changed.fire();
  }

  getChildren(element?: JobsTreeElement): JobsTreeElement[] {
    // A shell shows once its terminal is in this window (after a reload the link comes first).
    if (element === undefined) return this.model.list().flatMap((shell) => (this.terminalOf(shell.pid) === undefined ? [] : [{ kind: 'shell', shellPid: shell.pid }]));
    const { shellPid } = element;
    switch (element.kind) {
      case 'shell':
        return (this.model.get(shellPid)?.jobs ?? []).map((job) => ({ kind: 'job', shellPid, jobId: job.id }));
      case 'job':
        return (this.model.job(shellPid, element.jobId)?.processes ?? []).map((_, index) => ({ kind: 'process', shellPid, jobId: element.jobId, index }));
      case 'process':
        return [];
    }
  }

  getParent(element: JobsTreeElement): JobsTreeElement | undefined {
    switch (element.kind) {
      case 'shell':
        return undefined;
      case 'job':
        return { kind: 'shell', shellPid: element.shellPid };
      case 'process':
        return { kind: 'job', shellPid: element.shellPid, jobId: element.jobId };
    }
  }

  getTreeItem(element: JobsTreeElement): vscode.TreeItem {
    switch (element.kind) {
      case 'shell':
        return this.shellItem(element.shellPid);
      case 'job':
        return this.jobItem(element);
      case 'process':
        return this.processItem(element);
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  private shellItem(shellPid: number): vscode.TreeItem {
    const item = new vscode.TreeItem(this.terminalOf(shellPid)?.name ?? `Quirl shell ${shellPid}`, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `shell:${shellPid}`;
    item.description = shellDescription(shellPid, this.model.get(shellPid)?.jobs ?? []);
    item.iconPath = new vscode.ThemeIcon('terminal');
    item.contextValue = 'quirlShell';
    return item;
  }

  private jobItem(ref: JobRef): vscode.TreeItem {
    const job = this.model.job(ref.shellPid, ref.jobId);
    if (job === undefined) return new vscode.TreeItem(`[${ref.jobId}] (gone)`);
    const collapsible = job.processes.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(jobLabel(job), collapsible);
    item.id = `job:${ref.shellPid}:${ref.jobId}`;
    item.description = jobStateText(job.state);
    item.tooltip = `${job.command}${job.pgid === null ? '' : `\nprocess group ${job.pgid}`}`;
    item.iconPath = new vscode.ThemeIcon(jobIcon(job.state));
    item.contextValue = jobContextValue(job);
    return item;
  }

  private processItem(element: { readonly shellPid: number; readonly jobId: number; readonly index: number }): vscode.TreeItem {
    const process = this.model.job(element.shellPid, element.jobId)?.processes[element.index];
    const item = new vscode.TreeItem(process === undefined ? '(gone)' : processLabel(process));
    item.id = `process:${element.shellPid}:${element.jobId}:${element.index}`;
    if (process !== undefined) item.description = processStateText(process.state);
    item.contextValue = 'quirlProcess';
    return item;
  }
}
