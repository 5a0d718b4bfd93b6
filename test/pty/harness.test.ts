// The harness's own checks must be able to fail: each is shown catching what it exists to catch,
// against bash (the reference shell), in both launch modes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MODES, PtyShell, checkFileLeavesNothing } from './harness';
import { procStat } from './proc';

checkFileLeavesNothing();

for (const mode of MODES) {
  test(`harness: a process that escaped the session (setsid) is found by its marker, reported and killed [${mode}]`, async () => {
    const sh = await PtyShell.start('bash', mode);
    await sh.run('setsid sleep 300 < /dev/null > /dev/null 2>&1 &');
    let escaped: number | undefined;
    await sh.until(() => (escaped = sh.processes().find((p) => p.comm === 'sleep' && p.sid !== sh.sessionId)?.pid) !== undefined, 'the escaped sleep');
    // setsid(1), leading its job's group, forked the escapee and exited; bash reaps it in its own time.
    await sh.until(() => sh.unreapedChildren().length === 0, "bash to reap setsid's exited parent");
    const problems = await sh.close();
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0] as string, /processes left after the shell ended:\n.*sleep 300/);
    const state = procStat(escaped as number)?.state;
    assert.ok(state === undefined || state === 'Z', `the escaped sleep was killed (state ${state})`);
  });

  test(`harness: a descriptor the shell keeps open beyond its first prompt is reported [${mode}]`, async () => {
    const sh = await PtyShell.start('bash', mode);
    await sh.run('exec 7</dev/null');
    const problems = await sh.close();
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0] as string, /descriptors at the end, \d+ at its first prompt; new: 7 -> \/dev\/null/);
  });

  test(`harness: a prompt more than expected fails the wait for a prompt [${mode}]`, async () => {
    const sh = await PtyShell.start('bash', mode);
    sh.type('\r\r');
    await sh.until(() => sh.promptCount() === 3, 'two more prompts');
    await assert.rejects(sh.waitForPrompt(2), /expected prompt 2, but 3 prompts are on the screen/);
    await sh.waitForPrompt(3);
    assert.deepEqual(await sh.close(), []);
  });

  test(`harness: a job left running at the end is reported [${mode}]`, async () => {
    const sh = await PtyShell.start('bash', mode);
    sh.type('sleep 300\r');
    await sh.until(() => sh.byComm('sleep').length === 1, 'sleep');
    const problems = await sh.close();
    assert.match(problems.join('\n'), /the test did not end at a prompt/);
    assert.deepEqual(sh.byComm('sleep'), [], 'the job was killed');
  });

  test(`harness: a wait times out with the screen in its message [${mode}]`, async () => {
    const sh = await PtyShell.start('bash', mode);
    await assert.rejects(sh.waitForScreen(/never shown/, 'text that never comes', 300), /timed out after 300 ms waiting for text that never comes\n--- screen/);
    assert.deepEqual(await sh.close(), []);
  });
}
