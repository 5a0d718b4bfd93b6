// The shell never dies or hangs, round 3 (issue 23, items 1, 2, 3, 6 and 7): signals while the
// shell starts, a trap in place as soon as its line has run, waits that a trapped signal or a
// stopped job must end, a pipeline's processes in `jobs -l`, and background jobs left running
// by `exit`. bash is the reference and runs every scenario.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, COLS, ROWS, ptyTest } from './harness';
import { endJob, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

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
