// The shell's own resources across many jobs: its descriptors do not grow, and it leaves no child
// unreaped, whatever kind of job ran (pipelines, redirects, stopped and continued jobs, background
// jobs, failures).
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { describeProc } from './proc';
import { endJob, waitForForeground, waitForProcs } from './scenario';

checkFileLeavesNothing();

const ROUNDS = 25;

/** One round of every kind of job; ends at a prompt with no job left. */
async function round(sh: PtyShell): Promise<void> {
  assert.deepEqual(await sh.run('true | cat'), []);
  assert.deepEqual(await sh.run('echo x > f; cat < f'), ['x']);
  assert.deepEqual(await sh.run('no-such-cmd-xyz'), [`${sh.shell}: no-such-cmd-xyz: command not found`]);
  sh.type('sleep 30 | cat\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  assert.ok(sleep);
  await waitForForeground(sh, sleep.pgid, 'sleep 30 | cat');
  const members = sh.jobProcesses().filter((p) => p.pgid === sleep.pgid);
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await endJob(
    sh,
    '%1',
    members.map((p) => p.pid),
  );
  const started = await sh.run('sleep 0 &');
  // It may be done before the prompt is drawn, and be reported there.
  assert.match(started.join('\n'), /^\[1\] \d+(\n\[1\]\+  Done {20}sleep 0)?$/);
  await sh.run('wait');
  await sh.run('jobs'); // reports the finished background job, once
  assert.deepEqual(await sh.run('jobs'), []);
  if (sh.shell === 'quirl') assert.deepEqual(await sh.run(`dialect bash -c 'echo d'`), ['d']);
}

function fdList(sh: PtyShell): string {
  return sh
    .fds()
    .map((f) => `${f.fd}->${f.target}`)
    .join(' ');
}

ptyTest(`the shell's descriptors do not grow across ${ROUNDS} rounds of every kind of job, and no child is left unreaped`, async (sh) => {
  const first = sh.firstPromptFds.length;
  await round(sh);
  const warm = sh.fds().length;
  for (let i = 1; i <= ROUNDS; i++) {
    await round(sh);
    const now = sh.fds().length;
    assert.ok(now <= warm, `round ${i}: ${now} descriptors, ${warm} after the first round, ${first} at the first prompt: ${fdList(sh)}`);
    assert.deepEqual(sh.unreapedChildren().map(describeProc), [], `round ${i}: unreaped children`);
    assert.deepEqual(sh.jobProcesses().map(describeProc), [], `round ${i}: processes left`);
  }
  assert.ok(sh.fds().length <= first, `${sh.fds().length} descriptors at the end, ${first} at the first prompt: ${fdList(sh)}`);
});
