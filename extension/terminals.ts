/**
 * Which VS Code terminal runs which shell. A Quirl terminal's secret is in its creation options'
 * environment (readable again by a restarted extension host), so a shell that proved a secret
 * belongs to the terminal holding it; a terminal started otherwise is matched by process id.
 */
import * as vscode from 'vscode';
import { IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE } from '../shell/ipc/protocol';
import type { LinkAddress } from '../shell/ipc/address';
import type { ShellPeer } from './endpoint';

/** The link a terminal's shell was given (socket path and secret), whoever gave it. */
export function linkOf(terminal: vscode.Terminal): LinkAddress | undefined {
  const options = terminal.creationOptions;
  if (!('env' in options) || options.env === undefined) return undefined;
  const socketPath = options.env[IPC_SOCKET_VARIABLE];
  const secret = options.env[IPC_SECRET_VARIABLE];
  if (typeof socketPath !== 'string' || socketPath === '' || typeof secret !== 'string' || secret === '') return undefined;
  return { socketPath, secret };
}

export class QuirlTerminals {
  /** Terminal process ids, learnt as terminals open (processId is only known asynchronously). */
  private readonly pids = new Map<vscode.Terminal, number>();
  /** Links read from the shells' own environments, for terminals whose options do not show them. */
  private readonly links = new Map<vscode.Terminal, LinkAddress>();

  /** `listenedOn`: the socket paths the endpoint listens on now. */
  constructor(private readonly listenedOn: () => readonly string[]) {}

  /** The secret a terminal of ours was given, or undefined for any other terminal. */
  secretOf(terminal: vscode.Terminal): string | undefined {
    const link = this.linkOf(terminal);
    return link !== undefined && this.listenedOn().includes(link.socketPath) ? link.secret : undefined;
  }

  /** The link a terminal's shell was given, as its options show or as learnt from the shell. */
  linkOf(terminal: vscode.Terminal): LinkAddress | undefined {
    return linkOf(terminal) ?? this.links.get(terminal);
  }

  /** Notes a terminal's process id once VS Code knows it. */
  async learn(terminal: vscode.Terminal): Promise<void> {
    const pid = await terminal.processId;
    if (pid !== undefined && vscode.window.terminals.includes(terminal)) this.pids.set(terminal, pid);
  }

  /** Notes the link a terminal's shell was started with, read from the shell itself. */
  learnLink(terminal: vscode.Terminal, link: LinkAddress): void {
    if (vscode.window.terminals.includes(terminal)) this.links.set(terminal, link);
  }

  forget(terminal: vscode.Terminal): void {
    this.pids.delete(terminal);
    this.links.delete(terminal);
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
