/**
 * The Quirl terminal: the profile VS Code's terminal dropdown (or the default profile) asks for,
 * and the options `Quirl: New Terminal` opens with; both give each terminal a fresh secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { LaunchError, shellLaunch } from './launch';
import type { SecretBook } from './secrets';

export const PROFILE_ID = 'quirl.terminal';

export class QuirlProfile implements vscode.TerminalProfileProvider {
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
        { nodePath: settings.get('nodePath'), shellArgs: settings.get('shellArgs'), env: settings.get('env') },
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
    return { name: 'Quirl', iconPath: new vscode.ThemeIcon('terminal'), ...launch };
  }

  provideTerminalProfile(): vscode.TerminalProfile {
    return new vscode.TerminalProfile(this.options());
  }
}
