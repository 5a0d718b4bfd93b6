/**
 * The mocha entry VS Code's extension host calls (run()). It runs in up to four hosts, one after
 * the other, handing over through the handoff file:
 * 1. the first host runs every *.itest file but the after-* ones, then has VS Code restart the
 *    extension host, which ends it;
 * 2. the restarted host runs the after-restart* files; then (under the code-server launcher, whose
 *    UI driver can do it) the whole browser is killed (SIGKILL) and, past code-server's
 *    reconnection grace (which ends this host), a new one opens the same workbench: a third host;
 * 3. that host runs the after-crash* files, then reloads the window;
 * 4. the reloaded window's host runs the after-reload* files.
 * The run fails if any part had failures. Files named *.driven.itest need the UI driver
 * (driver.ts) and are left out where there is none (desktop VS Code).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { drive, hasUiDriver } from './driver';
import { readHandoff, writeHandoff } from './handoff';

const AFTER_RESTART = 'after-restart';
const AFTER_CRASH = 'after-crash';
const AFTER_RELOAD = 'after-reload';
const THEN_CRASH = '-then-crash';

export async function run(): Promise<void> {
  const handoff = readHandoff();
  if (handoff?.failuresBefore === undefined) {
    const failures = await runMocha((name) => ![AFTER_RESTART, AFTER_CRASH, AFTER_RELOAD].some((prefix) => name.startsWith(prefix)));
    await terminalsQuiet();
    writeHandoff({ ...readHandoff(), failuresBefore: failures, restartRequestedAt: Date.now() });
    await vscode.commands.executeCommand(await restartCommand());
    // The restart ends this host; the next one calls run() again.
    return endedElsewhere('the extension host was not restarted');
  }
  if (handoff.failuresAfterRestart === undefined) {
    const failures = await runMocha((name) => name.startsWith(AFTER_RESTART));
    if (!hasUiDriver()) return reportTotal(handoff.failuresBefore, failures);
    await terminalsQuiet();
    writeHandoff({ ...readHandoff(), failuresAfterRestart: failures, crashRequestedAt: Date.now() });
    // code-server ends this host once the grace is over; the new page's host calls run() again.
    await drive({ action: 'crashBrowser' });
    return endedElsewhere('the new page\'s extension host did not report');
  }
  if (handoff.failuresAfterCrash === undefined) {
    const failures = await runMocha((name) => name.startsWith(AFTER_CRASH));
    await terminalsQuiet();
    writeHandoff({ ...readHandoff(), failuresAfterCrash: failures, reloadRequestedAt: Date.now() });
    await vscode.commands.executeCommand('workbench.action.reloadWindow');
    return endedElsewhere('the reloaded window\'s extension host did not report');
  }
  const failures = await runMocha((name) => name.startsWith(AFTER_RELOAD));
  return reportTotal(handoff.failuresBefore, handoff.failuresAfterRestart, handoff.failuresAfterCrash, failures);
}

function reportTotal(...failures: number[]): void {
  const total = failures.reduce((sum, count) => sum + count, 0);
  const parts = ['before the extension-host restart', 'after it', 'after the browser crash', 'after the reload that followed'].slice(0, failures.length);
  if (total > 0) throw new Error(`${total} integration test(s) failed: ${failures.join(' + ')} (${parts.join(', ')})`);
}

/** Another host reports the run's end; this one only fails if that never happens. */
function endedElsewhere(what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} within 2 minutes`)), 120_000));
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

/** A host's files in name order, but a `-then-crash` file last: it leaves the shell the crash must find. */
function byRunOrder(a: string, b: string): number {
  const last = (name: string): number => (name.includes(THEN_CRASH) ? 1 : 0);
  return last(a) - last(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function runMocha(select: (name: string) => boolean): Promise<number> {
  const driven = hasUiDriver();
  if (!driven) console.log('      no UI driver (desktop VS Code): the *.driven.itest files are left out');
  // Deadlines are per wait inside the tests; mocha's own timeout only catches a forgotten one.
  // QUIRL_IT_GREP runs only the tests whose titles match (while working on one).
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 240_000, reporter: 'spec', grep: process.env.QUIRL_IT_GREP });
  for (const name of readdirSync(__dirname).sort(byRunOrder)) {
    if (name.endsWith('.itest.js') && select(name) && (driven || !name.endsWith('.driven.itest.js'))) mocha.addFile(join(__dirname, name));
  }
  return new Promise((resolve) => mocha.run(resolve));
}
