// An interactive shell that neither dies nor hangs where bash does not: an error inside a
// command, exit with a stopped job, wait with a stopped job, Ctrl-C during wait (issue 10, items
// 5 to 8; items 1, 3 and 4 are in faults.test.ts). bash is the reference and runs every scenario.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { endJob, isGoneOrZombie, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

const NODE_NOISE = /Assertion|node::|\bat \S+ \(.*:\d+:\d+\)|internal error/;

/** Runs `sleep SECONDS` in the foreground and stops it with Ctrl-Z; returns its pid. */
async function stoppedSleep(sh: PtyShell, seconds: number): Promise<number> {
  sh.type(`sleep ${seconds}\r`);
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = (sleep as { pid: number }).pid;
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, [pid], (state) => state === 'T', 'the job stopped');
  return pid;
}

ptyTest('issue 10 item 5: an error inside a command is reported and the prompt comes back', async (sh) => {
  // The write fails with ENOSPC: it reached the top level of Quirl and ended the shell with 70.
  const said = await sh.run('echo hi > /dev/full');
  assert.equal(said.length, 1, JSON.stringify(said));
  assert.match(said[0] as string, /No space left on device/);
  assert.deepEqual(await sh.run('echo status $?'), ['status 1']);
  assert.doesNotMatch(sh.screenText(), NODE_NOISE, 'no stack trace without a debug variable');
});

ptyTest('issue 10 item 6: a second exit with a stopped job ends the shell and the stopped job with it', async (sh) => {
  const pid = await stoppedSleep(sh, 100);
  const warned = await sh.run('exit');
  assert.equal(warned.at(-1), 'There are stopped jobs.', JSON.stringify(warned));
  await sh.exitShell('exit\r');
  await sh.until(() => isGoneOrZombie(pid), `the stopped sleep ${pid} to end with the shell`, undefined, true);
  // The second bare exit takes $? from the first, which failed.
  if (sh.mode === 'direct') assert.equal((await sh.waitForExit('the shell to end')).exitCode, 1);
});

ptyTest('issue 10 item 7: wait with only a stopped job returns at once; wait %1 reports it stopped (148)', async (sh) => {
  const pid = await stoppedSleep(sh, 100);
  const all = await sh.run('wait; echo status $?');
  assert.equal(all.at(-1), 'status 0', JSON.stringify(all));
  assert.match(all[0] as string, /wait: warning: job 1\[\d+\] stopped$/, JSON.stringify(all));
  const one = await sh.run('wait %1; echo status $?');
  assert.equal(one.at(-1), 'status 148', JSON.stringify(one));
  assert.match(one[0] as string, /warning: .*job 1 is stopped$/, JSON.stringify(one));
  await endJob(sh, '%1', [pid]);
});

ptyTest('issue 10 item 8: Ctrl-C ends wait with 130 and leaves the job running', async (sh) => {
  await sh.run('sleep 100 &');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = (sleep as { pid: number }).pid;
  const prompts = sh.promptCount();
  sh.type('wait\r');
  // The line runs once the editor has let go of the terminal (its signal keys are on again); a
  // Ctrl-C from then on belongs to the line, even before wait itself has begun to wait.
  await sh.until(() => sh.ttyModes().has('isig') && sh.ttyModes().has('icanon'), 'the line to start');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(sh.promptCount(), prompts + 1, 'one Ctrl-C, one prompt');
  assert.deepEqual(await sh.run('echo status $?'), ['status 130']);
  await waitForStates(sh, [pid], (state) => state === 'S' || state === 'R', 'the job to run on');
  await endJob(sh, '%1', [pid]);
});
