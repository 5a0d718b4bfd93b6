/// <reference types="mocha" />
// "Quirl" picked from the terminal panel's profile dropdown, with another terminal active: the new
// terminal becomes the active one, and the keys typed next reach its shell (issue 15, item 1).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { quirlApi } from './api';
import { drive } from './driver';
import { closeQuirlTerminal, nextExecution, openQuirlTerminal, within } from './terminals';
import { eventually } from './wait';

describe('the Quirl profile picked from the terminal panel\'s dropdown', function () {
  this.timeout(240_000);

  it('is the active terminal and gets the keys typed next, not the terminal that was active', async () => {
    const api = await quirlApi();
    const other = vscode.window.createTerminal({ name: 'other shell', shellPath: '/bin/sh' });
    try {
      other.show(false);
      await eventually('the other terminal to be active', () => (vscode.window.activeTerminal === other ? true : undefined), {
        events: [vscode.window.onDidChangeActiveTerminal],
      });
      const quirl = await openQuirlTerminal(api, 'dropdown');
      try {
        await eventually('the picked Quirl terminal to be the active one', () => (vscode.window.activeTerminal === quirl.terminal ? true : undefined), {
          events: [vscode.window.onDidChangeActiveTerminal],
          describe: () => `active: ${vscode.window.activeTerminal?.name ?? 'none'}`,
        });
        const started = nextExecution(quirl.terminal);
        await drive({ action: 'type', text: 'echo typed-after-the-pick\n' });
        const execution = await within('the typed line to run in the Quirl terminal', started);
        assert.equal(execution.commandLine.value, 'echo typed-after-the-pick');
        assert.equal(vscode.window.activeTerminal, quirl.terminal);
      } finally {
        await closeQuirlTerminal(api, quirl);
      }
    } finally {
      other.dispose();
    }
  });
});
