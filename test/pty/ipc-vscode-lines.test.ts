// VS Code records each command's line from the screen (see vscode-reading.ts): after notices
// written above the prompt while a line is edited, and for a Foreground from the jobs tree, what
// it reads at C must be the line the shell announced in E, or its `executeCommand` never matches.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing } from './harness';
import { backgroundSleep, linkTest, waitForConnection, waitForEditedLine, waitForPromptsDrawn } from './ipc-link';
import { procStat } from './proc';
import { isGoneOrZombie, jobLine, waitForForeground, waitForProcs, waitForStates } from './scenario';
import { readCommandLinesAsVsCode } from './vscode-reading';

checkFileLeavesNothing();

linkTest('ipc: VS Code reads from the screen the line each command announced, after notices above the prompt and a Foreground from the tree', async (sh, link) => {
  const readings = readCommandLinesAsVsCode(sh);
  await waitForConnection(sh, link);
  // The first prompt was drawn before the reading started; its B comes again as the accepted
  // line is drawn whole, as VS Code would see it.
  await sh.run('true');
  const first = await backgroundSleep(sh, link, 30);
  sh.type('sleep 31\r');
  const [second] = (await waitForProcs(sh, 'sleep', 2)).filter((p) => p.pid !== first.pid);
  const secondPid = second!.pid;
  await waitForForeground(sh, procStat(secondPid)!.pgid, 'sleep 31 in the foreground');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await link.waitForTable(sh, 'job 2 stopped', (jobs) => jobs[1]?.state.kind === 'stopped');

  // A notice above a half-typed line (Background from the tree), then Foreground from the tree.
  sh.type('echo hal');
  await waitForEditedLine(sh, 'echo hal', 8, 'typed');
  assert.deepEqual(await link.background(2), { ok: true });
  await sh.until(() => sh.row(sh.cursor.row - 1) === '[2]+ sleep 31 &', 'bg’s line above the line being edited');
  const promptsBefore = sh.promptCount();
  assert.deepEqual(await link.foreground(2), { ok: true });
  await waitForStates(sh, [secondPid], (state) => state !== 'T', 'job 2 in the foreground');
  sh.press('Ctrl-Z');
  await waitForStates(sh, [secondPid], (state) => state === 'T', 'job 2 stopped again');
  await waitForPromptsDrawn(sh, promptsBefore + 1, 'the prompt below `fg %2`');
  await waitForEditedLine(sh, 'echo hal', 8, 'after job 2 stopped');

  // A job ended from the tree: its notice above the line, which then runs.
  assert.deepEqual(await link.signal(first.id, 'terminate'), { ok: true });
  await sh.until(() => isGoneOrZombie(first.pid) && sh.row(sh.cursor.row - 1) === jobLine(first.id, '-', 'Terminated', 'sleep 30'), 'the Terminated notice above the line');
  const start = sh.cursor.row;
  sh.type('X\r');
  await sh.waitForPrompt(6);
  assert.deepEqual(sh.outputBetween(start), ['halX'], 'the kept line ran');

  assert.deepEqual(await link.signal(2, 'kill'), { ok: true });
  await sh.until(() => isGoneOrZombie(secondPid) && sh.screenText().includes(jobLine(2, '+', 'Killed', 'sleep 31')) && sh.atPrompt(), 'job 2 killed, its notice above the prompt');
  assert.deepEqual(
    readings.map(({ announced }) => announced),
    ['true', 'sleep 30 &', 'sleep 31', 'fg %2', 'echo halX'],
    'every command announced once',
  );
  for (const { announced, onScreen } of readings) assert.equal(onScreen, announced, `VS Code's reading of ${JSON.stringify(announced)}\n${sh.describeScreen()}`);
}, { env: { TERM_PROGRAM: 'vscode' } });
