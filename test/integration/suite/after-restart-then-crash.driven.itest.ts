/// <reference types="mocha" />
// Last before the browser is killed (see index.ts): leaves a Quirl terminal with a running and a
// stopped job, and hands its shell and jobs to after-crash.driven.itest.ts.
import assert from 'node:assert/strict';
import { quirlApi } from './api';
import { readHandoff, writeHandoff } from './handoff';
import { jobIn, publishedJob } from './jobs';
import { openQuirlTerminal, runCommand, startCommand, within } from './terminals';
import { TreeWatch } from './watch';

describe('browser crash, before', function () {
  this.timeout(240_000);

  it('leaves a shell with a running and a stopped job for the page that comes back', async () => {
    const api = await quirlApi();
    const quirl = await openQuirlTerminal(api, 'profile');
    const watch = new TreeWatch(api, quirl.pid);
    try {
      assert.equal((await runCommand(quirl, 'sleep 302 &')).exitCode, 0);
      const running = await publishedJob(api, quirl.pid, 'sleep 302');
      const stopping = startCommand(quirl, 'sleep 303');
      const stopped = await publishedJob(api, quirl.pid, 'sleep 303');
      await watch.expect('sleep 303 running in the foreground', jobIn(stopped.id, 'running'));
      quirl.terminal.sendText('\x1a', false);
      await within('sleep 303 to stop', stopping.exitCode);
      await watch.expect('sleep 302 running', jobIn(running.id, 'running'));
      await watch.expect('sleep 303 stopped', jobIn(stopped.id, 'stopped'));
      writeHandoff({ ...readHandoff(), crashSurvivor: { shellPid: quirl.pid, running: running.id, stopped: stopped.id } });
    } finally {
      watch.dispose();
    }
  });
});
