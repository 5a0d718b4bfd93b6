/**
 * The optional notice (setting quirl.notifyOnJobChange) when a background job stops or finishes
 * (see worthNotifying), with a button that shows its terminal.
 */
import * as vscode from 'vscode';
import { worthNotifying, type JobTransition } from './jobs-model';
import { jobNoticeText } from './presentation';

export async function notifyTransitions(transitions: readonly JobTransition[], terminalOf: (shellPid: number) => vscode.Terminal | undefined): Promise<void> {
  if (transitions.length === 0 || !vscode.workspace.getConfiguration('quirl').get<boolean>('notifyOnJobChange', false)) return;
  const watched = (terminal: vscode.Terminal | undefined): boolean => terminal !== undefined && terminal === vscode.window.activeTerminal && vscode.window.state.focused;
  await Promise.all(
    transitions.map(async (transition) => {
      const { pid, job } = transition;
      const terminal = terminalOf(pid);
      if (!worthNotifying(transition, watched(terminal))) return;
      const choice = await vscode.window.showInformationMessage(jobNoticeText(terminal?.name, pid, job), 'Show Terminal');
      if (choice !== undefined) terminal?.show();
    }),
  );
}
