/// <reference types="mocha" />
// After the extension-host restart (see index.ts): the shell left running reconnects to the new
// host, the tree is whole again (its terminal, its job), and the job answers a command from it.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { quirlApi } from './api';
import { readHandoff } from './handoff';
import { jobIn } from './jobs';
import { isDead, processState } from './proc';
import type { QuirlApi } from '../../../extension/api';
import { closeQuirlTerminal, shellsText } from './terminals';
import { eventually } from './wait';
import { TreeWatch } from './watch';

describe('extension-host restart, after', function () {
  this.timeout(240_000);

  it('the running shell reconnects and the tree is whole again; its job still obeys the tree', async () => {
    const survivor = readHandoff()?.survivor ?? assert.fail('the first host left no shell behind (see its failures)');
    const requestedAt = readHandoff()?.restartRequestedAt ?? Date.now();
    const api = await quirlApi();
    const watch = new TreeWatch(api, survivor.shellPid);
    try {
      const shell = await eventually(
        `shell ${survivor.shellPid} back with its terminal and job`,
        () => api.shells().find((candidate) => candidate.pid === survivor.shellPid && candidate.terminal !== undefined && candidate.jobs.some((job) => job.id === survivor.jobId)),
        { events: [api.onDidChangeJobs], describe: () => restartState(api, survivor.shellPid) },
      );
      const { node } = await watch.expect(`[${survivor.jobId}] ${survivor.command} running in the tree`, jobIn(survivor.jobId, 'running'));
      // Reported, not asserted: the reload of the web workbench is most of the first figure.
      console.log(`      the tree was whole ${((Date.now() - requestedAt) / 1000).toFixed(1)} s after the restart was requested, ${process.uptime().toFixed(1)} s after the new extension host started`);
      assert.equal(node.label, `[${survivor.jobId}] ${survivor.command}`);
      const terminal = shell.terminal ?? assert.fail('no terminal');
      // Shown only once its terminal is known, so always under the terminal's name.
      assert.deepEqual([...new Set(watch.shellLabels())], [terminal.name], 'the shell\'s labels in the tree since this host started');
      assert.equal(await terminal.processId, survivor.shellPid);

      await vscode.commands.executeCommand('quirl.job.terminate', node.element);
      await watch.expect(`[${survivor.jobId}] done`, jobIn(survivor.jobId, 'done'));
      await eventually(`process group ${survivor.pgid} to be gone`, () => (isDead(survivor.pgid) ? true : undefined));
      await closeQuirlTerminal(api, { terminal, pid: survivor.shellPid });
    } finally {
      watch.dispose();
    }
  });
});

/** What a failed reconnection looks like from here: the shell's process, the terminals, the tables. */
async function restartState(api: QuirlApi, shellPid: number): Promise<string> {
  const terminals = await Promise.all(vscode.window.terminals.map(async (terminal) => `${terminal.name} (pid ${await terminal.processId})`));
  return `shell ${shellPid} state ${processState(shellPid) ?? 'gone'}; terminals: ${terminals.join(', ') || 'none'}; shells: ${shellsText(api)}`;
}
