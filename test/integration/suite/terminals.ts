/**
 * Quirl terminals in the real workbench: opening one (from the contributed profile or the
 * `Quirl: New Terminal` command) until its shell is linked to the extension and shell integration
 * is on; running command lines through `shellIntegration.executeCommand`; closing it cleanly.
 */
import * as vscode from 'vscode';
import type { QuirlApi } from '../../../extension/api';
import { EXTENSION_ID } from './api';
import { drive } from './driver';
import { allPids, killGroup, processState } from './proc';
import { DEADLINE_MS, eventually } from './wait';

export const PROFILE = { extensionIdentifier: EXTENSION_ID, id: 'quirl.terminal', title: 'Quirl' };

export interface QuirlTerminal {
  readonly terminal: vscode.Terminal;
  /** The shell's pid, as VS Code and the extension both know it. */
  readonly pid: number;
  readonly shellIntegration: vscode.TerminalShellIntegration;
}

/**
 * How a terminal is opened: the profile through VS Code's command, the profile picked from the
 * panel's dropdown by the UI driver (as a person does), or the extension's command.
 */
export type OpenBy = 'profile' | 'dropdown' | 'command';

export async function openQuirlTerminal(api: QuirlApi, by: OpenBy): Promise<QuirlTerminal> {
  const before = new Set(vscode.window.terminals);
  // A terminal revived late (after a restart) is new to this host too, and its shell may not be
  // linked yet; but its process is older than this request, while the new terminal's is not.
  const processesBefore = allPids();
  if (by === 'profile') await vscode.commands.executeCommand('workbench.action.terminal.newWithProfile', { config: PROFILE });
  else if (by === 'dropdown') await drive({ action: 'pickProfile', title: PROFILE.title });
  else await vscode.commands.executeCommand('quirl.newTerminal');
  const { terminal, pid } = await eventually(
    'the new terminal to open with a process',
    async () => {
      for (const candidate of vscode.window.terminals.filter((t) => !before.has(t))) {
        const processId = await candidate.processId;
        if (processId !== undefined && !processesBefore.has(processId)) return { terminal: candidate, pid: processId };
      }
      return undefined;
    },
    { events: [vscode.window.onDidOpenTerminal] },
  );
  const shellIntegration = await eventually('shell integration in the Quirl terminal (OSC 633)', () => terminal.shellIntegration, {
    events: [vscode.window.onDidChangeTerminalShellIntegration],
  });
  await eventually(
    `shell ${pid} to link to the extension with its terminal`,
    () => (api.shells().some((shell) => shell.pid === pid && shell.terminal === terminal) ? true : undefined),
    { events: [api.onDidChangeJobs], describe: () => shellsText(api) },
  );
  return { terminal, pid, shellIntegration };
}

/** Ends a terminal and anything its jobs left, then waits until the extension forgets the shell. */
export async function closeQuirlTerminal(api: QuirlApi, quirl: Pick<QuirlTerminal, 'terminal' | 'pid'>): Promise<void> {
  for (const job of api.shells().find((shell) => shell.pid === quirl.pid)?.jobs ?? []) {
    if (job.pgid !== null && job.state.kind !== 'done') killGroup(job.pgid);
  }
  quirl.terminal.dispose();
  await eventually(`shell ${quirl.pid} to leave the jobs view`, () => (api.shells().some((shell) => shell.pid === quirl.pid) ? undefined : true), {
    events: [api.onDidChangeJobs],
    describe: () => shellsText(api),
  });
}

export interface Running {
  readonly execution: vscode.TerminalShellExecution;
  /** Everything the command wrote, escape sequences removed; settles when it ends. */
  readonly output: Promise<string>;
  /** The exit code VS Code read from the shell's D mark. */
  readonly exitCode: Promise<number | undefined>;
  /** What has arrived so far, for a failure message. */
  progress(): string;
}

/** Starts a command line as if typed at the prompt; VS Code reports its end and status. */
export function startCommand(quirl: QuirlTerminal, commandLine: string): Running {
  let ended: (code: number | undefined) => void = () => undefined;
  let endSeen = false;
  let received = '';
  const exitCode = new Promise<number | undefined>((resolve) => (ended = resolve)).finally(() => (endSeen = true));
  const execution = quirl.shellIntegration.executeCommand(commandLine);
  const subscription = vscode.window.onDidEndTerminalShellExecution((event) => {
    if (event.execution !== execution) return;
    subscription.dispose();
    ended(event.exitCode);
  });
  // read() yields only what is written after its first call: call it at once.
  const stream = execution.read();
  const output = (async () => {
    for await (const data of stream) received += data;
    return plainText(received);
  })();
  const progress = (): string => `end event ${endSeen ? 'seen' : 'not seen'}; output so far: ${JSON.stringify(received)}`;
  return { execution, output, exitCode, progress };
}

/** Runs a command line to its end. */
export async function runCommand(quirl: QuirlTerminal, commandLine: string): Promise<{ output: string; exitCode: number | undefined }> {
  const running = startCommand(quirl, commandLine);
  const [output, exitCode] = await within(`\`${commandLine}\` to finish`, Promise.all([running.output, running.exitCode]), DEADLINE_MS, running.progress);
  return { output, exitCode };
}

/** A promise, or a clear failure after the deadline. */
export async function within<T>(what: string, promise: Promise<T>, ms = DEADLINE_MS, seen?: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`waited ${ms / 1000} s for ${what}${seen === undefined ? '' : `; ${seen()}`}`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Output without CSI/OSC sequences and carriage returns, for comparing text. */
export function plainText(data: string): string {
  return data.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\r/g, '');
}

export function shellsText(api: QuirlApi): string {
  return JSON.stringify(api.shells().map((shell) => ({ pid: shell.pid, terminal: shell.terminal?.name, jobs: shell.jobs })));
}

/** What a shell missing from a new host's view looks like from here: its process, the terminals, the tables, the status bar. */
export async function missingShellText(api: QuirlApi, shellPid: number): Promise<string> {
  const terminals = await Promise.all(vscode.window.terminals.map(async (terminal) => `${terminal.name} (pid ${await terminal.processId})`));
  return `shell ${shellPid} state ${processState(shellPid) ?? 'gone'}; terminals: ${terminals.join(', ') || 'none'}; shells: ${shellsText(api)}; status bar ${JSON.stringify(api.statusBar())}`;
}

/** The next shell execution VS Code sees start in this terminal (typed, or begun by the shell). */
export function nextExecution(terminal: vscode.Terminal): Promise<vscode.TerminalShellExecution> {
  return new Promise((resolve) => {
    const subscription = vscode.window.onDidStartTerminalShellExecution((event) => {
      if (event.terminal !== terminal) return;
      subscription.dispose();
      resolve(event.execution);
    });
  });
}
