/**
 * The optional notice (setting quirl.notifyOnJobChange) when a job the shell had running stops or
 * finishes, with a button that shows its terminal.
 */
import * as vscode from 'vscode';
import type { JobTransition } from './jobs-model';
import { jobLabel, jobStateText } from './presentation';

export async function notifyTransitions(transitions: readonly JobTransition[], terminalOf: (shellPid: number) => vscode.Terminal | undefined): Promise<void> {
  if (transitions.length === 0 || !vscode.workspace.getConfiguration('quirl').get<boolean>('notifyOnJobChange', false)) return;
  await Promise.all(
    transitions.map(async ({ pid, job }) => {
      const terminal = terminalOf(pid);
      const where = terminal === undefined ? `pid ${pid}` : terminal.name;
      const choice = await vscode.window.showInformationMessage(`Quirl (${where}): ${jobLabel(job)} — ${jobStateText(job.state)}`, 'Show Terminal');
      if (choice !== undefined) terminal?.show();
    }),
  );
}
