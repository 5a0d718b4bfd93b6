/// <reference types="mocha" />
// The host is a real VS Code new enough for the extension, and the extension is in it and active.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, quirlApi } from './api';

describe('smoke: a real VS Code with Quirl in it', () => {
  it('runs a VS Code at least as new as engines.vscode', () => {
    const [major, minor] = vscode.version.split('.').map(Number);
    console.log(`      VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.env.appHost})`);
    assert.ok(major === 1 && minor !== undefined && minor >= 93, `VS Code ${vscode.version} is older than 1.93`);
  });

  it('has the extension quirl.quirl, which activates and returns the QuirlApi', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    assert.equal(extension.packageJSON.publisher, 'quirl');
    const api = await quirlApi();
    assert.ok(extension.isActive);
    assert.equal(typeof api.onDidChangeJobs, 'function');
    assert.equal(typeof api.jobsTree.getChildren, 'function');
    assert.ok(Array.isArray(api.shells()));
  });

  it('contributes the Quirl terminal profile and registers every command', async () => {
    const profiles = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes?.terminal?.profiles as { id: string; title: string }[] | undefined;
    assert.deepEqual(
      profiles?.map(({ id, title }) => ({ id, title })),
      [{ id: 'quirl.terminal', title: 'Quirl' }],
    );
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const command of ['quirl.newTerminal', 'quirl.job.foreground', 'quirl.job.background', 'quirl.job.interrupt', 'quirl.job.terminate', 'quirl.job.kill']) {
      assert.ok(commands.has(command), `command ${command} is not registered`);
    }
  });
});
