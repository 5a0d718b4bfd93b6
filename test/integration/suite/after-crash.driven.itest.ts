/// <reference types="mocha" />
// After the whole browser was killed and, past code-server's reconnection grace, came back with
// none of its storage (see index.ts): this page's host shows the revived terminal's shell with both
// its jobs, the status bar counts them, a new terminal adds to them, and the jobs obey this host's
// tree. The shell and its running job are left for after-reload-after-crash.driven.itest.ts.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { quirlApi } from './api';
import { readHandoff, writeHandoff } from './handoff';
import { jobIn, publishedJob } from './jobs';
import { isDead } from './proc';
import { closeQuirlTerminal, missingShellText, openQuirlTerminal, runCommand } from './terminals';
import { eventually } from './wait';
import { TreeWatch } from './watch';

describe('browser crash, after', function () {
  this.timeout(240_000);

  it('the revived terminal\'s shell is in this host\'s tree with its jobs, and the status bar counts them', async () => {
    const survivor = readHandoff()?.crashSurvivor ?? assert.fail('the host before the crash left no shell behind (see its failures)');
    const requestedAt = readHandoff()?.crashRequestedAt ?? Date.now();
    const api = await quirlApi();
    const watch = new TreeWatch(api, survivor.shellPid);
    try {
      const shell = await eventually(
        `shell ${survivor.shellPid} linked to this host with its terminal and both jobs`,
        () => api.shells().find((candidate) => candidate.pid === survivor.shellPid && candidate.terminal !== undefined && candidate.jobs.length === 2),
        { events: [api.onDidChangeJobs], describe: () => missingShellText(api, survivor.shellPid) },
      );
      console.log(`      the tree was whole ${((Date.now() - requestedAt) / 1000).toFixed(1)} s after the browser was killed`);
      await watch.expect('the running job in the tree', jobIn(survivor.running, 'running'));
      const stopped = (await watch.expect('the stopped job in the tree', jobIn(survivor.stopped, 'stopped'))).node;
      assert.deepEqual(api.statusBar(), { visible: true, running: 1, stopped: 1 });
      assert.equal(await (shell.terminal ?? assert.fail('no terminal')).processId, survivor.shellPid);

      // A terminal opened in this window now counts along with the revived one.
      const fresh = await openQuirlTerminal(api, 'profile');
      try {
        assert.equal((await runCommand(fresh, 'sleep 304 &')).exitCode, 0);
        await publishedJob(api, fresh.pid, 'sleep 304');
        await eventually('the status bar to count both shells\' jobs', () => (api.statusBar().running === 2 ? true : undefined), {
          events: [api.onDidChangeJobs],
          describe: () => JSON.stringify(api.statusBar()),
        });
        assert.deepEqual(api.statusBar(), { visible: true, running: 2, stopped: 1 });
      } finally {
        await closeQuirlTerminal(api, fresh);
      }

      // The revived shell's jobs obey this host: the request goes through its link.
      const pgid = shell.jobs.find((job) => job.id === survivor.stopped)?.pgid ?? assert.fail('no process group');
      await vscode.commands.executeCommand('quirl.job.terminate', stopped.element);
      await watch.expect(`[${survivor.stopped}] done`, jobIn(survivor.stopped, 'done'));
      await eventually(`process group ${pgid} to be gone`, () => (isDead(pgid) ? true : undefined));
      writeHandoff({ ...readHandoff(), reloadSurvivor: { shellPid: survivor.shellPid, running: survivor.running } });
    } finally {
      watch.dispose();
    }
  });
});
