// The shell never dies or hangs, round 3 (issue 23, items 1, 2, 3, 6 and 7): signals while the
// shell starts, a trap in place as soon as its line has run, waits that a trapped signal or a
// stopped job must end, a pipeline's processes in `jobs -l`, and background jobs left running
// by `exit`. bash is the reference and runs every scenario.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASH, checkFileLeavesNothing, COLS, REPO, ROWS, ptyTest, shq, type PtyShell } from './harness';
import { procSignalIn } from './proc';
import { endJob, isGoneOrZombie, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

const SIGUSR1 = 10;
const SIGWINCH = 28;

ptyTest('issue 23 item 3: a resize (SIGWINCH, trapped) ends wait with 128+28, and its trap runs', async (sh) => {
  await sh.run("trap 'echo got WINCH' WINCH");
  await sh.run('sleep 100 &');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = (sleep as { pid: number }).pid;
  const start = sh.markRow();
  const prompts = sh.promptCount();
  sh.type('wait; s=$?; trap - WINCH; echo status $s\r');
  // A resize that comes before wait has begun runs the trap at once and leaves wait to wait (bash
  // too): the terminal is resized again and again until the prompt is back.
  await sh.until(() => sh.ttyModes().has('icanon'), 'the line to start');
  let narrow = false;
  await sh.until(() => {
    if (sh.promptCount() > prompts && sh.cursorAfter(sh.prompt)) return true;
    narrow = !narrow;
    sh.resize(narrow ? COLS - 10 : COLS, ROWS);
    return false;
  }, 'wait to end on a resize');
  await sh.nextPrompt();
  // A resize between the output and the prompt can leave the prompt's mark of an unended line
  // wrapped onto a row of its own: such rows are not output.
  const output = sh.outputBetween(start).filter((line) => line.trim() !== '' && line.trim() !== '%');
  // The trap ran once wait had returned (and again for a resize that came before `trap -`).
  assert.equal(output.at(-1), `status ${128 + SIGWINCH}`, sh.describeScreen());
  assert.ok(output.slice(0, -1).length > 0 && output.slice(0, -1).every((line) => line === 'got WINCH'), sh.describeScreen());
  await endJob(sh, '%1', [pid]);
});

ptyTest('issue 23 item 3: wait -n with only a stopped job returns 127 at once', async (sh) => {
  sh.type('sleep 100\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = (sleep as { pid: number }).pid;
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, [pid], (state) => state === 'T', 'the job stopped');
  assert.deepEqual(await sh.run('wait -n; echo status $?'), ['status 127']);
  assert.deepEqual(await sh.run('wait -n %1; echo status $?'), ['status 127']);
  await endJob(sh, '%1', [pid]);
});

/**
 * Starts in the background a job that writes the name of every SIGHUP or SIGTERM it gets to a
 * file and ends at SIGTERM; returns its pid and that file's path once its handlers are in place.
 */
async function recordingJob(sh: PtyShell): Promise<{ pid: number; record: string }> {
  const record = join(sh.work, 'signals');
  const ready = join(sh.work, 'ready');
  writeFileSync(
    join(sh.work, 'record.py'),
    [
      'import os, signal, sys',
      'def handler(number, _):',
      `    with open(${JSON.stringify(record)}, "a") as f: f.write(signal.Signals(number).name + "\\n")`,
      '    if number == signal.SIGTERM: os._exit(0)',
      'signal.signal(signal.SIGHUP, handler)',
      'signal.signal(signal.SIGTERM, handler)',
      `open(${JSON.stringify(ready)}, "w").close()`,
      'while True: signal.pause()',
      '',
    ].join('\n'),
  );
  await sh.run('python3 record.py &');
  const [job] = await waitForProcs(sh, 'python3');
  await sh.until(() => existsSync(ready), 'the job to have its signal handlers');
  return { pid: (job as { pid: number }).pid, record };
}

/** The job outlived the shell without a signal: SIGTERM, sent now, is the first it records. */
async function assertLeftRunning(sh: PtyShell, job: { pid: number; record: string }): Promise<void> {
  assert.ok(!isGoneOrZombie(job.pid), `the background job ${job.pid} outlives the shell`);
  process.kill(job.pid, 'SIGTERM');
  await sh.until(() => isGoneOrZombie(job.pid), 'the job to end at SIGTERM', undefined, true);
  assert.deepEqual(readFileSync(job.record, 'utf8').split('\n').filter(Boolean), ['SIGTERM'], 'the shell sent the job no signal');
}

ptyTest('issue 23 item 7: exit leaves a running background job running, unsignaled', async (sh) => {
  const job = await recordingJob(sh);
  await sh.exitShell('exit\r');
  await assertLeftRunning(sh, job);
});

ptyTest('issue 23 item 7: with checkjobs, the first exit lists the running jobs and says so; the second leaves them running', async (sh) => {
  await sh.run('shopt -s checkjobs');
  const job = await recordingJob(sh);
  const warned = (await sh.run('exit')).filter((line) => line !== 'exit');
  assert.deepEqual(warned, ['There are running jobs.', '[1]+  Running                 python3 record.py &']);
  assert.deepEqual(await sh.run('echo status $?'), ['status 1']);
  // A command in between: the next exit warns again (bash).
  assert.deepEqual((await sh.run('exit')).filter((line) => line !== 'exit'), warned);
  await sh.exitShell('exit\r');
  assert.equal(existsSync(job.record), false, 'no signal at the warnings');
  await assertLeftRunning(sh, job);
});

/** Starts a login shell of the kind under test inside it (no profile, no rc file; the prompt is the same) and waits for its prompt. */
async function startLoginShell(sh: PtyShell): Promise<void> {
  const argv = sh.shell === 'quirl' ? [join(REPO, 'bin', 'quirl'), '--login', '--noprofile', '--norc', '-i'] : [BASH, '--login', '--noprofile', '--norc', '-i'];
  await sh.run(argv.map(shq).join(' '));
  assert.deepEqual(await sh.run('shopt -q login_shell && echo login shell'), ['login shell']);
}

ptyTest('issue 23 item 7: with huponexit, exit from a login shell hangs up its running and stopped jobs (SIGHUP, SIGCONT to the stopped)', async (sh) => {
  await startLoginShell(sh);
  await sh.run('shopt -s huponexit');
  const running = await recordingJob(sh);
  await sh.run('sleep 100 &');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const stopped = (sleep as { pid: number }).pid;
  await sh.run('kill -STOP %2');
  await waitForStates(sh, [stopped], (state) => state === 'T', 'sleep stopped');
  // `jobs` right before: the exit is not held by the stopped job (bash's rule).
  await sh.run('jobs');
  // Back at the prompt of the shell under test, which started the login shell.
  await sh.run('exit');
  const recorded = (): string[] => (existsSync(running.record) ? readFileSync(running.record, 'utf8').split('\n').filter(Boolean) : []);
  await sh.until(() => recorded().length > 0, 'the running job to be hung up');
  // The stopped sleep got SIGCONT after its SIGHUP, or it would stay stopped: it ended of SIGHUP.
  await sh.until(() => isGoneOrZombie(stopped), 'the stopped job to end of SIGHUP', undefined, true);
  process.kill(running.pid, 'SIGTERM');
  await sh.until(() => isGoneOrZombie(running.pid), 'the running job to end at SIGTERM', undefined, true);
  assert.deepEqual(recorded(), ['SIGHUP', 'SIGTERM'], 'the shell hung the running job up, once');
});

ptyTest('issue 23 item 7: huponexit in a shell that is not a login shell leaves running jobs running, unsignaled', async (sh) => {
  await sh.run('shopt -s huponexit');
  const job = await recordingJob(sh);
  await sh.exitShell('exit\r');
  await assertLeftRunning(sh, job);
});

/**
 * Types a pipeline whose middle member outlives Ctrl-C by its handler and exits 7, so that the
 * members' statuses differ, and waits until its three processes run, the handler in place.
 */
async function mixedPipeline(sh: PtyShell): Promise<number[]> {
  const ready = join(sh.work, 'ready');
  writeFileSync(
    join(sh.work, 'exit7.py'),
    ['import os, signal', 'signal.signal(signal.SIGINT, lambda *_: os._exit(7))', `open(${JSON.stringify(ready)}, "w").close()`, 'while True: signal.pause()', ''].join('\n'),
  );
  sh.type('sleep 100 | python3 exit7.py | sleep 101\r');
  const sleeps = await waitForProcs(sh, 'sleep', 2);
  const [python] = await waitForProcs(sh, 'python3');
  await sh.until(() => existsSync(ready), 'the middle member to have its SIGINT handler');
  return [...sleeps, python].map((p) => (p as { pid: number }).pid);
}

ptyTest('issue 23 item 6: Ctrl-C on a foreground pipeline leaves every member\'s status in PIPESTATUS', async (sh) => {
  await mixedPipeline(sh);
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.deepEqual(await sh.run('echo ${PIPESTATUS[@]}'), ['130 7 130']);
});

// bash 5.2 (measured): after `fg`, PIPESTATUS is fg's own status, the job's (its last member's),
// not each member's; Quirl does the same.
ptyTest('issue 23 item 6: after fg of a pipeline and Ctrl-C, PIPESTATUS is fg\'s status, as in bash', async (sh) => {
  const pids = await mixedPipeline(sh);
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, pids, (state) => state === 'T', 'the job stopped');
  await sh.run('(exit 3) | (exit 4)');
  sh.type('fg\r');
  await waitForStates(sh, pids, (state) => state !== 'T', 'the job continued');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.deepEqual(await sh.run('echo ${PIPESTATUS[@]} $?'), ['130 130']);
});

ptyTest('issue 23 item 6: jobs -l lists every process of a pipeline, as bash', async (sh) => {
  sh.type('sleep 100 | cat | sort\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const [cat] = await waitForProcs(sh, 'cat');
  const [sort] = await waitForProcs(sh, 'sort');
  const pids = [sleep, cat, sort].map((p) => (p as { pid: number }).pid);
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, pids, (state) => state === 'T', 'the job stopped');
  const pid = (n: number): string => String(pids[n]).padStart(5);
  assert.deepEqual(await sh.run('jobs -l'), [
    `[1]+ ${pid(0)} Stopped                 sleep 100`,
    `     ${pid(1)}                       | cat`,
    `     ${pid(2)}                       | sort`,
  ]);
  sh.type('bg\r');
  await sh.nextPrompt();
  await waitForStates(sh, pids, (state) => state !== 'T', 'the job continued');
  assert.deepEqual(await sh.run('jobs -l'), [
    `[1]+ ${pid(0)} Running                 sleep 100`,
    `     ${pid(1)}                       | cat`,
    `     ${pid(2)}                       | sort &`,
  ]);
  await endJob(sh, '%1', pids);
});

ptyTest('issue 23 item 2: a USR1 sent the moment the prompt is back after `trap` finds the trap in place, every time', async (sh) => {
  for (let round = 1; round <= 10; round += 1) {
    await sh.run(`trap 'echo got USR1 ${round}' USR1`);
    sh.signalShell('SIGUSR1');
    // Delivered at the prompt, before the next line is typed, the signal must find the trap and
    // leave the shell alive; the trap runs before the next command, as bash's does.
    await sh.until(() => !procSignalIn(sh.shellPid, ['SigPnd', 'ShdPnd'], SIGUSR1), 'the shell to take the signal in');
    assert.deepEqual(await sh.run(`echo after ${round}`), [`got USR1 ${round}`, `after ${round}`], sh.describeScreen());
  }
  // Removed the same way: the signal's default then holds at once (USR1 ends the shell, as it ends bash).
  if (sh.mode === 'direct') {
    await sh.run('trap - USR1');
    sh.signalShell('SIGUSR1');
    assert.equal((await sh.waitForExit('the shell to die of USR1')).signal, SIGUSR1);
  }
});
