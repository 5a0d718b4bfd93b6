/// <reference types="mocha" />
// After the window that came back from the browser crash was reloaded (see index.ts): the reloaded
// window's host still finds the revived terminal's shell, wherever the previous host listened, with
// its running job in the tree and the status bar; the job obeys this host's tree.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { quirlApi } from './api';
import { readHandoff } from './handoff';
import { jobIn } from './jobs';
import { isDead } from './proc';
import { closeQuirlTerminal, missingShellText } from './terminals';
import { eventually } from './wait';
import { TreeWatch } from './watch';

describe('browser crash, then reload', function () {
  this.timeout(240_000);

  it('the reloaded window\'s host shows the revived shell with its running job, and the status bar counts it', async () => {
    const survivor = readHandoff()?.reloadSurvivor ?? assert.fail('the host after the crash left no shell behind (see its failures)');
    const requestedAt = readHandoff()?.reloadRequestedAt ?? Date.now();
    const api = await quirlApi();
    const watch = new TreeWatch(api, survivor.shellPid);
    try {
      const shell = await eventually(
        `shell ${survivor.shellPid} linked to this host with its terminal and its running job`,
        () => api.shells().find((candidate) => candidate.pid === survivor.shellPid && candidate.terminal !== undefined && candidate.jobs.some((job) => job.id === survivor.running)),
        { events: [api.onDidChangeJobs], describe: () => missingShellText(api, survivor.shellPid) },
      );
      console.log(`      the tree was whole ${((Date.now() - requestedAt) / 1000).toFixed(1)} s after the reload was asked for`);
      const running = (await watch.expect('the running job in the tree', jobIn(survivor.running, 'running'))).node;
      assert.deepEqual(api.statusBar(), { visible: true, running: 1, stopped: 0 });
      const terminal = shell.terminal ?? assert.fail('no terminal');
      assert.equal(await terminal.processId, survivor.shellPid);

      const pgid = shell.jobs.find((job) => job.id === survivor.running)?.pgid ?? assert.fail('no process group');
      await vscode.commands.executeCommand('quirl.job.terminate', running.element);
      await watch.expect(`[${survivor.running}] done`, jobIn(survivor.running, 'done'));
      await eventually(`process group ${pgid} to be gone`, () => (isDead(pgid) ? true : undefined));
      await closeQuirlTerminal(api, { terminal, pid: survivor.shellPid });
    } finally {
      watch.dispose();
    }
  });
});
