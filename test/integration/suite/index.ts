/**
 * The mocha entry VS Code's extension host calls (run()). It runs twice, in two hosts: the first
 * host runs every *.itest file except after-restart*, then has VS Code restart the extension host,
 * which ends it; VS Code runs the tests again in the new host, which finds the handoff file and
 * runs the after-restart* files. The run fails if either half had failures.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { readHandoff, writeHandoff } from './handoff';

const AFTER_RESTART = 'after-restart';

export async function run(): Promise<void> {
  const handoff = readHandoff();
  if (handoff?.failuresBefore === undefined) {
    const failures = await runMocha((name) => !name.startsWith(AFTER_RESTART));
    await terminalsQuiet();
    writeHandoff({ ...readHandoff(), failuresBefore: failures, restartRequestedAt: Date.now() });
    await vscode.commands.executeCommand(await restartCommand());
    // The restart ends this host; the next one calls run() again.
    await new Promise((_, reject) => setTimeout(() => reject(new Error('the extension host was not restarted within 2 minutes')), 120_000));
    return;
  }
  const failures = await runMocha((name) => name.startsWith(AFTER_RESTART));
  const total = handoff.failuresBefore + failures;
  if (total > 0) throw new Error(`${total} integration test(s) failed: ${handoff.failuresBefore} before the extension-host restart, ${failures} after`);
}

/**
 * The workbench saves its terminals' layout (what a reload brings back) a moment after the last
 * change to them, and each change puts the save off again; a reload before it happens brings back
 * no terminal at all. The tests just opened and closed terminals, so the restart waits until no
 * terminal has changed for well over that moment (VS Code's own wait is 500 ms), at most 30 s.
 */
async function terminalsQuiet(quietMs = 2000, limitMs = 30_000): Promise<void> {
  let lastChange = Date.now();
  const changed = (): void => {
    lastChange = Date.now();
  };
  const subscriptions = [
    vscode.window.onDidOpenTerminal(changed),
    vscode.window.onDidCloseTerminal(changed),
    vscode.window.onDidChangeActiveTerminal(changed),
    vscode.window.onDidChangeTerminalState(changed),
  ];
  const started = Date.now();
  try {
    while (Date.now() - lastChange < quietMs && Date.now() - started < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, quietMs - (Date.now() - lastChange)));
    }
  } finally {
    for (const subscription of subscriptions) subscription.dispose();
  }
}

/**
 * Desktop VS Code restarts the extension host alone. The web workbench (code-server) has no such
 * command: for a remote extension host it reloads the window instead (as VS Code itself does when
 * it must restart one), which ends this host and starts a new one while terminals live on.
 */
async function restartCommand(): Promise<string> {
  const commands = await vscode.commands.getCommands(true);
  return commands.includes('workbench.action.restartExtensionHost') ? 'workbench.action.restartExtensionHost' : 'workbench.action.reloadWindow';
}

function runMocha(select: (name: string) => boolean): Promise<number> {
  // Deadlines are per wait inside the tests; mocha's own timeout only catches a forgotten one.
  // QUIRL_IT_GREP runs only the tests whose titles match (while working on one).
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 240_000, reporter: 'spec', grep: process.env.QUIRL_IT_GREP });
  for (const name of readdirSync(__dirname).sort()) {
    if (name.endsWith('.itest.js') && select(name)) mocha.addFile(join(__dirname, name));
  }
  return new Promise((resolve) => mocha.run(resolve));
}
