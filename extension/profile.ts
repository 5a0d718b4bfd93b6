/**
 * The Quirl terminal: the profile VS Code's terminal dropdown (or the default profile) asks for,
 * and the options `Quirl: New Terminal` opens with; both give each terminal a fresh secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { IPC_SECRET_VARIABLE } from '../shell/ipc/protocol';
import { LaunchError, shellLaunch } from './launch';
import { newTerminalName } from './presentation';
import type { SecretBook } from './secrets';

export const PROFILE_ID = 'quirl.terminal';

export class QuirlProfile implements vscode.TerminalProfileProvider {
  /** Secrets of terminals given out through the profile and not seen opening yet. */
  private readonly picked = new Set<string>();

  constructor(
    private readonly extensionRoot: string,
    private readonly socketPath: string,
    private readonly secrets: SecretBook,
  ) {}

  /** A new terminal's options; throws a LaunchError (already shown to the user) when Quirl cannot start. */
  options(): vscode.TerminalOptions & { readonly shellIntegrationNonce: string } {
    const settings = vscode.workspace.getConfiguration('quirl');
    const secret = this.secrets.issue();
    let launch;
    try {
      launch = shellLaunch(
        { nodePath: settings.get('nodePath'), shellArgs: settings.get('shellArgs'), env: settings.get('env'), loadRcFile: settings.get('loadRcFile') },
        { extensionRoot: this.extensionRoot, execPath: process.execPath, isElectron: process.versions.electron !== undefined, platform: process.platform, exists: existsSync },
        { socketPath: this.socketPath, secret },
        randomBytes(16).toString('hex'),
      );
    } catch (error) {
      this.secrets.remove(secret);
      // VS Code reports a failed profile only vaguely; say exactly why here.
      if (error instanceof LaunchError) void vscode.window.showErrorMessage(error.message);
      throw error;
    }
    // Numbered as they open (Quirl, Quirl 2), so the tabs, the jobs view and notices tell them apart.
    return { name: newTerminalName(vscode.window.terminals.map((terminal) => terminal.name)), iconPath: new vscode.ThemeIcon('terminal'), ...launch };
  }

  provideTerminalProfile(): vscode.TerminalProfile {
    const options = this.options();
    const secret = options.env?.[IPC_SECRET_VARIABLE];
    if (typeof secret === 'string') this.picked.add(secret);
    return new vscode.TerminalProfile(options);
  }

  /**
   * Shows and focuses a terminal that opens from the profile (the panel's dropdown, or + with Quirl
   * as the default). VS Code means to, but activates "the newest terminal" as soon as the
   * provider returns, before the terminal it is about to create exists: so the terminal that was
   * active stays active and focused, and the user's next keys go to it.
   */
  revealIfPicked(terminal: vscode.Terminal, secret: string | undefined): void {
    if (secret === undefined || !this.picked.delete(secret)) return;
    terminal.show(false);
  }
}
