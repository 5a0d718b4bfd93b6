/// <reference types="mocha" />
// Before the extension-host restart (see index.ts): leaves a Quirl terminal with a running
// background job, and hands its shell and job to after-restart.itest.ts.
import assert from 'node:assert/strict';
import { quirlApi } from './api';
import { readHandoff, writeHandoff } from './handoff';
import { jobIn, publishedJob } from './jobs';
import { openQuirlTerminal, runCommand } from './terminals';
import { TreeWatch } from './watch';

const SURVIVOR_COMMAND = 'sleep 301';

describe('extension-host restart, before', function () {
  this.timeout(240_000);

  it('leaves a shell with a running background job for the restarted host', async () => {
    const api = await quirlApi();
    const quirl = await openQuirlTerminal(api, 'profile');
    const watch = new TreeWatch(api, quirl.pid);
    try {
      assert.equal((await runCommand(quirl, `${SURVIVOR_COMMAND} &`)).exitCode, 0);
      const job = await publishedJob(api, quirl.pid, SURVIVOR_COMMAND);
      await watch.expect('the job running in the tree', jobIn(job.id, 'running'));
      assert.ok(job.pgid !== null);
      writeHandoff({ ...readHandoff(), survivor: { shellPid: quirl.pid, jobId: job.id, command: SURVIVOR_COMMAND, pgid: job.pgid } });
    } finally {
      watch.dispose();
    }
  });
});
