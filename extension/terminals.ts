/**
 * Which VS Code terminal runs which shell. A Quirl terminal's secret is in its creation options'
 * environment (readable again by a restarted extension host), so a shell that proved a secret
 * belongs to the terminal holding it; a terminal started otherwise is matched by process id.
 */
import * as vscode from 'vscode';
import { IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE } from '../shell/ipc/protocol';
import type { ShellPeer } from './endpoint';

export class QuirlTerminals {
  /** Terminal process ids, learnt as terminals open (processId is only known asynchronously). */
  private readonly pids = new Map<vscode.Terminal, number>();

  constructor(private readonly socketPath: string) {}

  /** The secret a terminal of ours was given, or undefined for any other terminal. */
  secretOf(terminal: vscode.Terminal): string | undefined {
    const options = terminal.creationOptions;
    if (!('env' in options) || options.env === undefined) return undefined;
    const secret = options.env[IPC_SECRET_VARIABLE];
    if (options.env[IPC_SOCKET_VARIABLE] !== this.socketPath || typeof secret !== 'string' || secret === '') return undefined;
    return secret;
  }

  /** Notes a terminal's process id once VS Code knows it. */
  async learn(terminal: vscode.Terminal): Promise<void> {
    const pid = await terminal.processId;
    if (pid !== undefined && vscode.window.terminals.includes(terminal)) this.pids.set(terminal, pid);
  }

  forget(terminal: vscode.Terminal): void {
    this.pids.delete(terminal);
  }

  /** Whether `peer` is the shell `terminal` runs (also asked of a terminal that just closed). */
  runs(terminal: vscode.Terminal, peer: ShellPeer): boolean {
    return this.secretOf(terminal) === peer.secret || this.pids.get(terminal) === peer.pid;
  }

  /** The terminal a shell runs in, if this window has it. */
  terminalOf(peer: ShellPeer): vscode.Terminal | undefined {
    return vscode.window.terminals.find((terminal) => this.runs(terminal, peer));
  }
}
