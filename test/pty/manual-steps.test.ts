// The contract's manual PTY check, its five steps as written, at a real prompt: launched directly by
// the PTY and from an interactive bash.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { assertShellOwnsTerminal, jobLine, endJob, waitForForeground, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

/** Step 1: `sleep 30`, Ctrl-Z, `jobs`: the job is stopped and the prompt accepts input. Returns the sleep's pid. */
async function stepOne(sh: PtyShell): Promise<number> {
  sh.type('sleep 30\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  assert.ok(sleep);
  await waitForForeground(sh, sleep.pgid, 'sleep 30 in the foreground');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  assert.equal(sh.row(sh.cursor.row - 1), jobLine(1, '+', 'Stopped', 'sleep 30'), 'the stop is reported before the prompt');
  await waitForStates(sh, [sleep.pid], (state) => state === 'T', 'sleep 30 stopped');
  assert.deepEqual(await sh.run('jobs'), [jobLine(1, '+', 'Stopped', 'sleep 30')]);
  assert.deepEqual(await sh.run('echo the prompt takes input'), ['the prompt takes input']);
  assertShellOwnsTerminal(sh, 'after step 1');
  return sleep.pid;
}

/** Step 2: `bg %1`, `jobs`: the same job id, running. */
async function stepTwo(sh: PtyShell, pid: number): Promise<void> {
  const said = await sh.run('bg %1');
  assert.deepEqual(said, ['[1]+ sleep 30 &']);
  await waitForStates(sh, [pid], (state) => state === 'S' || state === 'R', 'sleep 30 running again');
  assert.deepEqual(await sh.run('jobs'), [jobLine(1, '+', 'Running', 'sleep 30 &')]);
  assertShellOwnsTerminal(sh, 'after bg');
}

ptyTest('manual step 1: sleep 30, Ctrl-Z, jobs: the job is stopped and the prompt accepts input', async (sh) => {
  const pid = await stepOne(sh);
  await endJob(sh, '%1', [pid]);
});

ptyTest('manual step 2: bg %1, then jobs: the same job id is running', async (sh) => {
  const pid = await stepOne(sh);
  await stepTwo(sh, pid);
  await endJob(sh, '%1', [pid]);
});

ptyTest('manual step 3: fg %1, then Ctrl-C: the shell has the terminal and the next prompt is usable without an extra keypress', async (sh) => {
  const pid = await stepOne(sh);
  await stepTwo(sh, pid);
  const start = sh.markRow();
  sh.type('fg %1\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  assert.equal(sleep?.pid, pid, 'fg continues the same process');
  await waitForForeground(sh, sleep.pgid, 'fg %1');
  sh.press('Ctrl-C');
  // No key is pressed between Ctrl-C and these checks: the prompt must come by itself.
  await sh.nextPrompt();
  assert.deepEqual(sh.outputBetween(start), ['sleep 30', '^C']);
  assertShellOwnsTerminal(sh, 'after Ctrl-C');
  assert.equal(procStatGone(pid), true, 'the interrupted sleep is reaped by the time the prompt is drawn');
  assert.deepEqual(await sh.run('echo usable'), ['usable']);
  assert.deepEqual(await sh.run('jobs'), []);
});

ptyTest("manual step 4: sh -c 'printf out; printf err >&2' | cat: both streams complete and the shell does not hang", async (sh) => {
  const out = await sh.run(`sh -c 'printf out; printf err >&2' | cat`);
  assert.equal(out.length, 1, `one row of output: ${JSON.stringify(out)}`);
  assert.ok(out[0] === 'outerr' || out[0] === 'errout', `both streams, whole: ${JSON.stringify(out)}`);
  assertShellOwnsTerminal(sh, 'after the pipeline');
  assert.deepEqual(await sh.run('echo next'), ['next']);
});

ptyTest('manual step 5, verbatim: printf hidden > /tmp/quirl-process-manual | cat prints nothing, and the file contains hidden', async (sh) => {
  const path = '/tmp/quirl-process-manual';
  rmSync(path, { force: true });
  try {
    assert.deepEqual(await sh.run('printf hidden > /tmp/quirl-process-manual | cat'), []);
    assert.deepEqual(await sh.run('cat /tmp/quirl-process-manual'), ['hidden']);
    assert.equal(readFileSync(path, 'utf8'), 'hidden');
  } finally {
    rmSync(path, { force: true });
  }
});

ptyTest('manual step 5 with a path of the test: the redirected pipeline prints nothing and the file holds its output', async (sh) => {
  const path = join(sh.work, 'manual');
  assert.equal(existsSync(path), false);
  assert.deepEqual(await sh.run(`printf hidden > ${path} | cat`), []);
  assert.deepEqual(await sh.run(`cat ${path}`), ['hidden']);
  assert.equal(readFileSync(path, 'utf8'), 'hidden');
});

function procStatGone(pid: number): boolean {
  return !existsSync(`/proc/${pid}`);
}
