// The extension's Foreground on a real PTY: at the prompt it hands the job the terminal as a typed
// `fg %N` would (shown on the prompt as typed; the line being edited is kept and drawn again after),
// and anywhere else it is refused.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing } from './harness';
import { backgroundSleep, linkTest, waitForConnection, waitForEditedLine, waitForPromptsDrawn } from './ipc-link';
import { procStat } from './proc';
import { assertShellOwnsTerminal, isGoneOrZombie, jobLine, waitForForeground, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

const LEFT = '\x1b[D';

/** The first command's marks: E, C and D. The prompt drawn again around them repeats A and B, as bash's redraws do. */
function commandMarks(marks: readonly string[]): string[] {
  return marks.filter((mark) => !/^[AB]$/.test(mark)).slice(0, 3);
}

linkTest('ipc: Foreground at the prompt gives the job the terminal in cooked mode, and after Ctrl-C the half-typed line is back with its cursor', async (sh, link) => {
  await waitForConnection(sh, link);
  const { id, pid } = await backgroundSleep(sh, link, 30);
  sh.type(`echo abcd${LEFT}${LEFT}`);
  await waitForEditedLine(sh, 'echo abcd', 7, 'typed');
  const commandRow = sh.cursor.row;

  assert.deepEqual(await link.foreground(id), { ok: true });
  // The answer comes once the job holds the terminal: no waiting here.
  assert.equal(sh.tpgid(), procStat(pid)?.pgid, 'the job’s group owns the terminal when the extension is answered');
  const modes = sh.ttyModes();
  assert.ok(modes.has('icanon') && modes.has('echo') && modes.has('isig'), `the editor let go of raw mode: ${[...modes].join(' ')}`);
  await sh.until(
    () => sh.row(commandRow) === `${sh.prompt}fg %${id}` && sh.row(commandRow + 1) === 'sleep 30',
    '`fg %N` on the prompt as if typed, and fg’s echo of the command line below it',
  );

  sh.press('Ctrl-C');
  await sh.until(() => isGoneOrZombie(pid), 'the job to end on Ctrl-C');
  await waitForEditedLine(sh, 'echo abcd', 7, 'after the job ended');
  assert.equal(sh.promptCount(), 3, 'one prompt more: the one that shows `fg %N`');
  assertShellOwnsTerminal(sh, 'at the prompt again');
  await link.waitForTable(sh, 'the job gone from the table', (jobs) => jobs.length === 0);

  const start = sh.cursor.row;
  sh.type('Z\r');
  await sh.waitForPrompt(4);
  assert.deepEqual(sh.outputBetween(start), ['abZcd'], 'the kept line is edited and run as usual');
  assert.deepEqual(await sh.run('echo $?'), ['0']);
});

linkTest('ipc: Foreground of a stopped job gives back its own terminal modes; Ctrl-Z reports it stopped and VS Code sees an fg command with status 148', async (sh, link) => {
  const marks: string[] = [];
  sh.onOsc(633, (data) => marks.push(data));
  await waitForConnection(sh, link);
  // The job turns echo off for itself, then is stopped: those are the modes fg must give back.
  sh.type("sh -c 'stty -echo; exec sleep 30'\r");
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = sleep!.pid;
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await link.waitForTable(sh, 'job 1 stopped', (jobs) => jobs[0]?.state.kind === 'stopped');
  assert.ok(sh.ttyModes().has('-icanon'), 'the editor reads in raw mode at the prompt');

  sh.type('ls half');
  await waitForEditedLine(sh, 'ls half', 7, 'typed');
  marks.length = 0;
  // The screen before Foreground already shows the edited line and a Stopped notice: only a prompt
  // drawn after fg's own says the shell has taken the terminal back.
  const promptsBefore = sh.promptCount();
  assert.deepEqual(await link.foreground(1), { ok: true });
  await waitForForeground(sh, procStat(pid)!.pgid, 'Foreground');
  const modes = sh.ttyModes();
  assert.ok(modes.has('-echo') && modes.has('icanon'), `the job's own modes are back: ${[...modes].join(' ')}`);
  await waitForStates(sh, [pid], (state) => state !== 'T', 'the job continued');

  sh.press('Ctrl-Z');
  await waitForStates(sh, [pid], (state) => state === 'T', 'the job stopped again');
  await waitForPromptsDrawn(sh, promptsBefore + 1, 'the prompt below `fg %1`');
  await waitForEditedLine(sh, 'ls half', 7, 'after the job stopped');
  assert.ok(sh.screenText().includes(jobLine(1, '+', 'Stopped', "sh -c 'stty -echo; exec sleep 30'")), `fg's stop notice\n${sh.describeScreen()}`);
  assert.deepEqual(commandMarks(marks), ['E;fg\\x20%1', 'C', 'D;148'], 'a command of its own for VS Code');
  await link.waitForTable(sh, 'job 1 stopped again', (jobs) => jobs[0]?.state.kind === 'stopped');

  // Brought back once more and ended: the D carries the job's status.
  marks.length = 0;
  const promptsBeforeEnd = sh.promptCount();
  assert.deepEqual(await link.foreground(1), { ok: true });
  await waitForStates(sh, [pid], (state) => state !== 'T', 'the job continued');
  sh.press('Ctrl-C');
  await sh.until(() => isGoneOrZombie(pid), 'the job to end on Ctrl-C');
  await waitForPromptsDrawn(sh, promptsBeforeEnd + 1, 'the prompt below the second `fg %1`');
  await waitForEditedLine(sh, 'ls half', 7, 'after the job ended');
  assert.deepEqual(commandMarks(marks), ['E;fg\\x20%1', 'C', 'D;130']);
  assert.ok(sh.ttyModes().has('-icanon'), 'the editor reads in raw mode again');
  sh.type('\x15'); // C-u: the line is dropped, nothing runs
  await sh.waitForPrompt(4);
}, { env: { TERM_PROGRAM: 'vscode' } });

linkTest('ipc: Foreground is refused while a job holds the terminal, on a continuation line, and for unknown or finished jobs', async (sh, link) => {
  await waitForConnection(sh, link);
  const first = await backgroundSleep(sh, link, 31);
  sh.type('sleep 30\r');
  await waitForProcs(sh, 'sleep', 2);
  const foregroundJob = (await link.waitForTable(sh, 'two jobs', (jobs) => jobs.length === 2))[1]!;
  await waitForForeground(sh, foregroundJob.pgid!, 'sleep 30 in the foreground');

  const refused = await link.foreground(first.id);
  assert.equal(refused.ok, false);
  assert.match((refused as { reason: string }).reason, new RegExp(`job ${foregroundJob.id} \\(sleep 30\\) is in the foreground`));
  assert.deepEqual(await link.foreground(foregroundJob.id), { ok: true }, 'the job in the foreground already holds the terminal');
  assert.equal(sh.tpgid(), foregroundJob.pgid, 'the refusal changed nothing');
  sh.press('Ctrl-C');
  await sh.nextPrompt();

  sh.type("echo 'open\r");
  await sh.until(() => sh.cursorAfter('> '), 'the continuation prompt');
  const onContinuation = await link.foreground(first.id);
  assert.match((onContinuation as { reason?: string }).reason ?? '', /rest of a command/);
  sh.press('Ctrl-C');
  await sh.nextPrompt();

  assert.match((await link.foreground(9) as { reason?: string }).reason ?? '', /there is no job 9/);
  // Ended from outside while the shell sits at its prompt: done, and listed until its notice.
  const ended = await backgroundSleep(sh, link, 32);
  process.kill(ended.pid, 'SIGTERM');
  await link.waitForTable(sh, 'the killed job done', (jobs) => jobs.some((job) => job.id === ended.id && job.state.kind === 'done'));
  assert.match((await link.foreground(ended.id) as { reason?: string }).reason ?? '', new RegExp(`job ${ended.id} has finished`));
  await sh.run('');
  assertShellOwnsTerminal(sh, 'after the refusals');

  assert.deepEqual(await link.signal(first.id, 'kill'), { ok: true });
  await sh.until(() => isGoneOrZombie(first.pid), 'the first job to die');
  await sh.until(() => sh.screenText().includes(jobLine(first.id, '+', 'Killed', 'sleep 31')) && sh.atPrompt(), 'its notice above the prompt');
});
