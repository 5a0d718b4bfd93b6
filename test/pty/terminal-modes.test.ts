// Terminal modes around stopped jobs, and the prompt after output or an interrupt: the shell's own
// modes at every prompt, a stopped job's own modes back when it is continued with fg, and a
// prompt that is drawn and takes input whatever the job left on the line.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { procStat } from './proc';
import { assertShellOwnsTerminal, expectPerShell, flagsOf, waitForForeground, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

/** Whether fg gives a stopped job back its own modes: fish and Quirl do, bash does not. */
const RESTORES_JOB_MODES = { quirl: true, bash: false } as const;

/** `stty -a` run at the prompt: the modes the shell runs its commands with. */
async function promptModes(sh: PtyShell): Promise<Set<string>> {
  const flags = flagsOf(await sh.run('stty -a'));
  assert.ok(flags.size > 10, `stty -a printed its flags: ${[...flags].join(' ')}`);
  return flags;
}

function assertCooked(flags: Set<string>, when: string): void {
  for (const flag of ['echo', 'icanon', 'isig']) assert.ok(flags.has(flag), `${when}: ${flag} is on (${[...flags].join(' ')})`);
}

ptyTest('a job stopped in -echo mode: the prompt has the shell modes back, and fg gives the job its own modes again (bash is held to not doing so)', async (sh) => {
  assertCooked(await promptModes(sh), 'at the first prompt');
  // One job that changes the modes itself: `stty -echo; sleep 30` typed at the prompt would be two
  // jobs, and bash rightly takes the modes a command leaves on success as its own.
  sh.type("sh -c 'stty -echo; sleep 30'\r");
  const [sleep] = await waitForProcs(sh, 'sleep');
  assert.ok(sleep);
  await waitForForeground(sh, sleep.pgid, 'sleep 30 after stty -echo');
  const members = [...sh.byComm('sh'), sleep].filter((p) => p.pgid === sleep.pgid).map((p) => p.pid);
  await sh.until(() => sh.ttyModes().has('-echo'), 'the job to run with -echo');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  assertCooked(await promptModes(sh), 'at the prompt after the -echo job stopped');
  assert.deepEqual(await sh.run('echo typed'), ['typed'], 'what is typed at the prompt is shown');

  sh.type('fg\r');
  await waitForForeground(sh, sleep.pgid, 'fg');
  await waitForStates(sh, members, (state) => state !== 'T', 'the job continued');
  const modes = sh.ttyModes();
  expectPerShell(sh.shell, RESTORES_JOB_MODES, modes.has('-echo'), 'fg restores the stopped job\'s -echo', [...modes].join(' '));

  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assertShellOwnsTerminal(sh, 'after Ctrl-C');
  assertCooked(await promptModes(sh), 'at the prompt after the job was interrupted');
});

ptyTest('a raw-mode job stopped from outside: the prompt has the shell modes back, and fg gives the job raw mode again (bash is held to not doing so)', async (sh) => {
  // Raw mode turns off the terminal's signal keys: the job is stopped with kill -TSTP from here.
  // It restores the modes it found before it exits, after reading one byte.
  writeFileSync(
    join(sh.work, 'raw.py'),
    [
      'import os, sys, termios, tty',
      'saved = termios.tcgetattr(0)',
      'tty.setraw(0)',
      'os.write(1, b"raw\\r\\n")',
      'os.read(0, 1)',
      'termios.tcsetattr(0, termios.TCSADRAIN, saved)',
      '',
    ].join('\n'),
  );
  sh.type('python3 raw.py\r');
  const [python] = await waitForProcs(sh, 'python3');
  assert.ok(python);
  await sh.waitForScreen((view) => view.rows[view.cursorRow - 1] === 'raw' && view.cursorCol === 0, 'the job to be in raw mode');
  const raw = sh.ttyModes();
  assert.ok(raw.has('-icanon') && raw.has('-echo') && raw.has('-isig'), `the job set raw mode: ${[...raw].join(' ')}`);
  process.kill(python.pid, 'SIGTSTP');
  await sh.nextPrompt();
  await waitForStates(sh, [python.pid], (state) => state === 'T', 'the raw job stopped');
  assertShellOwnsTerminal(sh, 'after the raw job stopped');
  assertCooked(await promptModes(sh), 'at the prompt after the raw job stopped');

  sh.type('fg\r');
  await waitForForeground(sh, python.pgid, 'fg');
  await waitForStates(sh, [python.pid], (state) => state !== 'T', 'the raw job continued');
  const modes = sh.ttyModes();
  expectPerShell(sh.shell, RESTORES_JOB_MODES, modes.has('-icanon') && modes.has('-echo'), "fg restores the stopped job's raw mode", [...modes].join(' '));

  // In raw mode the job reads this byte and exits; in the shell's modes (bash) it is SIGINT.
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(procStat(python.pid), undefined, 'the job ended and was reaped');
  assertShellOwnsTerminal(sh, 'after the raw job ended');
  assertCooked(await promptModes(sh), 'at the prompt after the raw job ended');
});

ptyTest('after output that leaves the cursor mid-line (printf abc) the prompt is drawn and typing works', async (sh) => {
  assert.deepEqual(await sh.run('printf abc'), ['abc']);
  assert.ok(sh.cursorAfter(sh.prompt), 'the cursor sits after a whole prompt');
  assert.deepEqual(await sh.run('echo typed'), ['typed']);
  assert.deepEqual(await sh.run('printf abc; printf def'), ['abcdef']);
  assert.deepEqual(await sh.run('echo again'), ['again']);
});

ptyTest('Ctrl-C at the prompt discards the line and draws a fresh prompt', async (sh) => {
  sh.type('echo discarded');
  await sh.waitForScreen((view) => (view.rows[view.cursorRow] ?? '').endsWith(`${sh.prompt}echo discarded`), 'the typed line');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assertShellOwnsTerminal(sh, 'after Ctrl-C at the prompt');
  assert.deepEqual(await sh.run('echo fresh'), ['fresh'], 'the discarded text is not part of the next line');
  assert.equal(sh.countOnScreen('discarded'), 1, 'the discarded line never ran');
});

ptyTest('Ctrl-D on an empty line ends the shell like exit', async (sh) => {
  assert.deepEqual(await sh.run('true'), []);
  await sh.exitShell('\x04');
});
