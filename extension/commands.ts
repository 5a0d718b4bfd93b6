/**
 * The commands: `Quirl: New Terminal`, and the five job actions. A job action takes a JobRef
 * (a jobs-tree job element is one) or, from the palette, asks with a quick pick; it sends the
 * request to the job's shell, reveals the terminal when a job comes to the foreground, and shows
 * a shell's refusal (or a lost link) to the user.
 */
import * as vscode from 'vscode';
import type { ControlResult, JobSignal, JobSnapshot } from '../shell/ipc/protocol';
import type { Endpoint } from './endpoint';
import { isJobRef, type JobRef } from './job-ref';
import type { JobsModel } from './jobs-model';
import { jobLabel, jobStateText } from './presentation';
import type { QuirlProfile } from './profile';

interface JobAction {
  readonly command: string;
  /** What the quick pick asks, e.g. "Bring which job to the foreground?" */
  readonly question: string;
  /** The jobs the action makes sense for. */
  readonly applies: (job: JobSnapshot) => boolean;
  readonly send: (endpoint: Endpoint, ref: JobRef) => Promise<ControlResult>;
}

const notDone = (job: JobSnapshot): boolean => job.state.kind !== 'done';

function signalAction(command: string, signal: JobSignal, question: string): JobAction {
  return { command, question, applies: notDone, send: (endpoint, ref) => endpoint.signal(ref.shellPid, ref.jobId, signal) };
}

const FOREGROUND = 'quirl.job.foreground';

export const JOB_ACTIONS: readonly JobAction[] = [
  { command: FOREGROUND, question: 'Bring which job to the foreground?', applies: notDone, send: (endpoint, ref) => endpoint.foreground(ref.shellPid, ref.jobId) },
  {
    command: 'quirl.job.background',
    question: 'Continue which stopped job in the background?',
    applies: (job) => job.state.kind === 'stopped',
    send: (endpoint, ref) => endpoint.background(ref.shellPid, ref.jobId),
  },
  signalAction('quirl.job.interrupt', 'interrupt', 'Interrupt which job (SIGINT)?'),
  signalAction('quirl.job.terminate', 'terminate', 'Terminate which job (SIGTERM)?'),
  signalAction('quirl.job.kill', 'kill', 'Kill which job (SIGKILL)?'),
];

export interface CommandDeps {
  readonly model: JobsModel;
  readonly endpoint: Endpoint;
  readonly profile: QuirlProfile;
  readonly terminalOf: (shellPid: number) => vscode.Terminal | undefined;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('quirl.newTerminal', () => {
      const terminal = vscode.window.createTerminal(deps.profile.options());
      terminal.show();
      return terminal;
    }),
    ...JOB_ACTIONS.map((action) => vscode.commands.registerCommand(action.command, (argument: unknown) => runJobAction(deps, action, argument))),
  ];
}

async function runJobAction(deps: CommandDeps, action: JobAction, argument: unknown): Promise<ControlResult | undefined> {
  const ref = isJobRef(argument) ? argument : await pickJob(deps, action);
  if (ref === undefined) return undefined;
  let result: ControlResult;
  try {
    result = await action.send(deps.endpoint, ref);
  } catch (error) {
    void vscode.window.showErrorMessage(`Quirl: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  if (!result.ok) void vscode.window.showWarningMessage(`Quirl: ${result.reason}`);
  else if (action.command === FOREGROUND) deps.terminalOf(ref.shellPid)?.show();
  return result;
}

async function pickJob(deps: CommandDeps, action: JobAction): Promise<JobRef | undefined> {
  const items = deps.model.list().flatMap((shell) =>
    shell.jobs.filter(action.applies).map((job) => ({
      label: jobLabel(job),
      description: jobStateText(job.state),
      detail: `${deps.terminalOf(shell.pid)?.name ?? 'Quirl'} · pid ${shell.pid}`,
      ref: { shellPid: shell.pid, jobId: job.id },
    })),
  );
  if (items.length === 0) {
    void vscode.window.showInformationMessage('Quirl: no job to act on.');
    return undefined;
  }
  return (await vscode.window.showQuickPick(items, { placeHolder: action.question, matchOnDetail: true }))?.ref;
}
