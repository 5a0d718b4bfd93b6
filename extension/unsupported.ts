/**
 * Activation where Quirl cannot run (not Linux or macOS, or a package built for another platform,
 * whose addon would not load): the reason is shown at once, no socket is opened, and the profile and
 * every command say why instead of failing silently; the jobs view stays empty.
 */
import * as vscode from 'vscode';
import type { QuirlApi } from './api';
import { JOB_ACTIONS } from './commands';
import { JobsModel } from './jobs-model';
import { JobsTree } from './jobs-tree';
import type { LaunchError } from './launch';
import { PROFILE_ID } from './profile';

export function activateUnsupported(context: vscode.ExtensionContext, reason: LaunchError): QuirlApi {
  const explain = (): never => {
    void vscode.window.showErrorMessage(reason.message);
    throw reason;
  };
  void vscode.window.showErrorMessage(reason.message);
  const tree = new JobsTree(new JobsModel(), () => undefined);
  const changed = new vscode.EventEmitter<void>();
  context.subscriptions.push(
    tree,
    changed,
    vscode.window.createTreeView('quirl.jobs', { treeDataProvider: tree }),
    vscode.window.registerTerminalProfileProvider(PROFILE_ID, { provideTerminalProfile: explain }),
    ...['quirl.newTerminal', ...JOB_ACTIONS.map((action) => action.command)].map((command) => vscode.commands.registerCommand(command, explain)),
  );
  return { shells: () => [], onDidChangeJobs: changed.event, jobsTree: tree, statusBar: () => ({ visible: false, running: 0, stopped: 0 }) };
}
