// Compound commands at a real prompt, against bash: PS2 for every incomplete construct, a
// here-document typed line by line, Ctrl-C during a foreground loop, Ctrl-Z / fg / bg of a loop
// and a function (where Quirl holds the line and bash does not), and a multi-line command
// recalled from history as one entry.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { procStat } from './proc';
import { assertShellOwnsTerminal, endJob, expectPerShell, jobLine, waitForForeground, waitForProcs } from './scenario';

checkFileLeavesNothing();

/** Each construct as the lines a person types, and the line it prints once complete. */
const INCOMPLETE: readonly { readonly what: string; readonly lines: readonly string[]; readonly prints: string }[] = [
  { what: 'if', lines: ['if true', 'then echo ok-if', 'fi'], prints: 'ok-if' },
  { what: 'while', lines: ['while false', 'do :', 'done; echo ok-while'], prints: 'ok-while' },
  { what: 'until', lines: ['until true', 'do :; done; echo ok-until'], prints: 'ok-until' },
  { what: 'for', lines: ['for i in a', 'do echo ok-for-$i', 'done'], prints: 'ok-for-a' },
  { what: 'case', lines: ['case x in', 'x) echo ok-case;;', 'esac'], prints: 'ok-case' },
  { what: 'brace group', lines: ['{ echo ok-brace', '}'], prints: 'ok-brace' },
  { what: 'subshell', lines: ['( echo ok-subshell', ')'], prints: 'ok-subshell' },
  { what: 'function', lines: ['f() {', 'echo ok-function', '}; f'], prints: 'ok-function' },
  { what: 'quote', lines: ["echo 'ok-", "quote'"], prints: 'quote' },
  { what: 'trailing pipe', lines: ['echo ok-pipe |', 'cat'], prints: 'ok-pipe' },
  { what: 'trailing &&', lines: ['true &&', 'echo ok-and'], prints: 'ok-and' },
  { what: 'here-document', lines: ['cat <<EOF', 'ok-heredoc $((1+1))', 'EOF'], prints: 'ok-heredoc 2' },
  { what: '[[', lines: ['[[ -n x &&', '-n y ]] && echo ok-cond'], prints: 'ok-cond' },
];

for (const { what, lines, prints } of INCOMPLETE) {
  ptyTest(`PS2 continues an unfinished ${what} until it is complete, then it runs`, async (sh) => {
    const continuations = sh.countOnScreen('> ');
    const start = sh.markRow();
    for (const line of lines.slice(0, -1)) sh.type(`${line}\r`);
    await sh.until(() => sh.countOnScreen('> ') === continuations + lines.length - 1, `${lines.length - 1} PS2 prompts`);
    sh.type(`${lines.at(-1)}\r`);
    await sh.nextPrompt();
    assert.ok(sh.outputBetween(start).includes(prints), `${JSON.stringify(prints)} printed:\n${sh.describeScreen()}`);
  });
}

ptyTest('shopt -s extglob typed at the prompt lets the next lines read groups, and an open group continues with PS2', async (sh) => {
  assert.deepEqual(await sh.run('shopt -s extglob; echo typed'), ['typed']);
  assert.deepEqual(await sh.run('case ab in @(a|ab)) echo ok-group;; esac'), ['ok-group']);
  const continuations = sh.countOnScreen('> ');
  const start = sh.markRow();
  // The newline typed inside the group is part of its pattern.
  sh.type("case $'\\n' in @(\r");
  await sh.until(() => sh.countOnScreen('> ') === continuations + 1, 'a PS2 prompt inside the group');
  sh.type(')) echo ok-open-$((1+1));; esac\r');
  await sh.nextPrompt();
  assert.ok(sh.outputBetween(start).includes('ok-open-2'), `the group ran:\n${sh.describeScreen()}`);
});

/** Runs `command`, which starts `comm` in the foreground, and waits until `comm` has the terminal. */
async function startForeground(sh: PtyShell, command: string, comm: string): Promise<number> {
  sh.type(`${command}\r`);
  const [proc] = await waitForProcs(sh, comm, 1);
  await waitForForeground(sh, (proc as { pgid: number }).pgid, command);
  return (proc as { pid: number }).pid;
}

ptyTest('Ctrl-C ends a foreground loop that runs only builtins, and the prompt comes back with status 130', async (sh) => {
  sh.type('echo loop-started; while :; do :; done\r');
  await sh.waitForScreen(/^loop-started$/m, 'the loop started');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assertShellOwnsTerminal(sh, 'after Ctrl-C in the loop');
  assert.deepEqual(await sh.run('echo $?'), ['130']);
});

ptyTest('Ctrl-C ends a loop of function calls, arithmetic and case, which waits for nothing, and the prompt comes back with 130', async (sh) => {
  // The first call says so: a Ctrl-C before the loop began could meet bash between commands.
  await sh.run('f() { (( n++ )); case $n in 1) echo looping ;; *0) : ;; esac; local x=${n%%0}; }');
  sh.type('until [ -n "$stop" ]; do f; done; echo after\r');
  await sh.waitForScreen(/^looping$/m, 'the loop started');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assertShellOwnsTerminal(sh, 'after Ctrl-C in the loop');
  assert.deepEqual(await sh.run('echo $?'), ['130']);
  assert.deepEqual(await sh.run('[ "$n" -gt 0 ] && echo ran'), ['ran']);
});

ptyTest('Ctrl-C ends a foreground loop around a program: the program dies and no later iteration runs', async (sh) => {
  const start = sh.markRow();
  const pid = await startForeground(sh, 'for i in 1 2 3; do sleep 30; echo after-$i; done', 'sleep');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(procStat(pid), undefined, 'sleep is gone');
  assert.deepEqual(sh.byComm('sleep'), [], 'no later iteration started');
  assert.ok(!sh.outputBetween(start).some((row) => row.startsWith('after-')), `the loop ended:\n${sh.describeScreen()}`);
  assert.deepEqual(await sh.run('echo $?'), ['130']);
});

/** The line Quirl lists for a loop held by Ctrl-Z, and bash for the program it stopped. */
const HELD_LOOP = 'for i in 1 2; do sleep 30; echo after-$i; done; echo line-goes-on';

/**
 * A deliberate difference from bash: Quirl holds a line stopped inside a loop or a function (the
 * job stands for the whole line, and fg or bg goes on with it), where bash ends the loop and goes
 * on with the rest of the line at once.
 */
ptyTest('Ctrl-Z on a foreground loop: Quirl holds the whole line as one job and fg goes on with it; bash ends the loop', async (sh) => {
  const start = sh.markRow();
  const pid = await startForeground(sh, HELD_LOOP, 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  const output = sh.outputBetween(start);
  assert.equal(procStat(pid)?.state, 'T', 'sleep is stopped');
  assert.ok(!output.some((row) => row.startsWith('after-')), 'no later command of the loop ran');
  assertShellOwnsTerminal(sh, 'after Ctrl-Z in the loop');
  if (sh.shell === 'bash') {
    assert.ok(output.includes(jobLine(1, '+', 'Stopped', 'sleep 30')), sh.describeScreen());
    assert.ok(output.includes('line-goes-on'), 'bash ends the loop and goes on with the line');
    await endJob(sh, '%1', [pid]);
    return;
  }
  assert.ok(output.includes(jobLine(1, '+', 'Stopped', HELD_LOOP)), `the whole line is the job:\n${sh.describeScreen()}`);
  assert.ok(!output.includes('line-goes-on'), 'the line is held where it stopped');
  assert.deepEqual(await sh.run('jobs'), [jobLine(1, '+', 'Stopped', HELD_LOOP)]);
  const resumed = sh.markRow();
  sh.type('fg\r');
  await sh.until(() => procStat(pid)?.state !== 'T', 'sleep continued');
  // The first sleep ends: the loop goes on from there, in the foreground.
  process.kill(pid, 'SIGTERM');
  await sh.waitForScreen(/^after-1$/m, 'the loop went on after the program it was held on');
  const [next] = await waitForProcs(sh, 'sleep', 1);
  await waitForForeground(sh, (next as { pgid: number }).pgid, 'the next iteration');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.deepEqual(sh.byComm('sleep'), []);
  assert.ok(!sh.outputBetween(resumed).includes('line-goes-on'), 'Ctrl-C ended the line');
  assert.deepEqual(await sh.run('jobs'), []);
});

// Quirl's own: bash has no held line to go on with.
ptyTest('bg goes on with a held loop in the background: one job until the line ends, its programs never take the terminal', async (sh) => {
  // Silent, so that nothing it prints lands on the prompt the checks below wait for.
  const loop = 'for i in 1 2; do sleep 30; done';
  const pid = await startForeground(sh, loop, 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  assert.deepEqual(await sh.run('bg'), [`[1]+ ${loop} &`]);
  assert.deepEqual(await sh.run('jobs'), [jobLine(1, '+', 'Running', `${loop} &`)]);
  process.kill(pid, 'SIGTERM');
  await sh.until(() => sh.byComm('sleep').some((proc) => proc.pid !== pid), 'the next iteration started');
  const [next] = sh.byComm('sleep');
  assert.notEqual(sh.tpgid(), (next as { pgid: number }).pgid, 'the next program runs in the background');
  assertShellOwnsTerminal(sh, 'while the held line goes on in the background');
  assert.deepEqual(await sh.run('jobs'), [jobLine(1, '+', 'Running', `${loop} &`)], 'still one job');
  await sh.run('kill %1');
  await sh.until(() => procStat((next as { pid: number }).pid) === undefined, 'kill %1 ended the line\'s program, reaped');
  // The job ends as its held line sees the program's end, after the reap: asked too soon, `jobs`
  // may still list it running, as bash's can before its SIGCHLD handler has run.
  const deadline = Date.now() + 60_000;
  for (let rows = await sh.run('jobs'); rows.some((row) => row.includes('Running')); rows = await sh.run('jobs')) {
    assert.ok(Date.now() < deadline, `the killed line is still listed running:\n${rows.join('\n')}`);
  }
  assert.deepEqual(sh.byComm('sleep'), [], 'no iteration started after kill %1');
}, { shells: ['quirl'] });

ptyTest('Ctrl-Z on a function: Quirl holds the rest of the function until fg; bash runs it at once', async (sh) => {
  await sh.run('f() { sleep 30; echo rest-of-f; }');
  const start = sh.markRow();
  const pid = await startForeground(sh, 'f', 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  assert.equal(procStat(pid)?.state, 'T', 'sleep is stopped');
  const ranAtOnce = sh.outputBetween(start).includes('rest-of-f');
  assert.equal(ranAtOnce, sh.shell === 'bash', `rest-of-f ran at Ctrl-Z: ${ranAtOnce}\n${sh.describeScreen()}`);
  const resumed = sh.markRow();
  sh.type('fg\r');
  await sh.until(() => procStat(pid)?.state !== 'T', 'sleep continued');
  process.kill(pid, 'SIGTERM');
  await sh.nextPrompt();
  assert.equal(sh.outputBetween(resumed).includes('rest-of-f'), sh.shell === 'quirl', sh.describeScreen());
});

ptyTest('a multi-line command is one history entry, recalled and run again as one', async (sh) => {
  const start = sh.markRow();
  sh.type('for i in 1 2\r');
  sh.type('do echo again-$i\r');
  sh.type('done\r');
  await sh.nextPrompt();
  sh.type('\x1b[A');
  sh.type('\r');
  await sh.nextPrompt();
  const printed = sh.outputBetween(start).filter((row) => row.startsWith('again-'));
  assert.deepEqual(printed, ['again-1', 'again-2', 'again-1', 'again-2'], sh.describeScreen());
});

ptyTest('an alias is expanded where a command starts, after assignments, and after an alias ending in a blank', async (sh) => {
  await sh.run("alias say='echo said' e='echo ' w=world");
  assert.deepEqual(await sh.run('say a; x=1 say b; echo say; e w'), ['said a', 'said b', 'say', 'world']);
  // The line is parsed before it runs: the alias is still expanded in the line that removes it.
  assert.deepEqual(await sh.run('unalias say; say c'), ['said c']);
  assert.deepEqual(await sh.run('say d 2>/dev/null || echo gone'), ['gone']);
});

/**
 * Types `command`, which loops inside the shell and writes `looping` to the terminal once its loop
 * runs, waits for that, presses Ctrl-C, and expects the prompt and status 130. (A Ctrl-C pressed
 * before the loop began, as an `echo` before the command allowed, can meet bash between commands.)
 */
async function interruptLoop(sh: PtyShell, command: string): Promise<void> {
  const start = sh.markRow();
  sh.type(`${command}\r`);
  await sh.waitForScreen(/^looping$/m, `${command} running`);
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.ok(!sh.outputBetween(start).some((row) => row.startsWith('after')), `the rest of the line was abandoned:\n${sh.describeScreen()}`);
  assertShellOwnsTerminal(sh, `after Ctrl-C on ${command}`);
  assert.deepEqual(await sh.run('echo $?'), ['130']);
}

ptyTest('Ctrl-C ends a pipeline of a loop inside the shell and a program', async (sh) => {
  const start = sh.markRow();
  const pid = await startForeground(sh, 'while :; do :; done | cat; echo after', 'cat');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(procStat(pid), undefined, 'cat is gone');
  assert.ok(!sh.outputBetween(start).some((row) => row.startsWith('after')), `the rest of the line was abandoned:\n${sh.describeScreen()}`);
  assert.deepEqual(await sh.run('echo $?'), ['130']);
});

ptyTest('Ctrl-C on a command reading a process substitution abandons the line; Quirl ends the list too, bash leaves it running', async (sh) => {
  const start = sh.markRow();
  const pid = await startForeground(sh, 'cat <(sleep 313; echo late); echo after', 'cat');
  const [sleep] = await waitForProcs(sh, 'sleep');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(procStat(pid), undefined, 'cat is gone');
  assert.ok(!sh.outputBetween(start).some((row) => row.startsWith('after')), `the rest of the line was abandoned:\n${sh.describeScreen()}`);
  assertShellOwnsTerminal(sh, 'after Ctrl-C on cat <(sleep 313)');
  assert.deepEqual(await sh.run('echo $?'), ['130']);
  // bash forked the list into its own group, which the Ctrl-C missed.
  const listLives = procStat(sleep!.pid) !== undefined;
  expectPerShell(sh.shell, { quirl: false, bash: true }, listLives, 'the list\'s sleep outlives the Ctrl-C', sh.describeProcesses());
  if (listLives) process.kill(sleep!.pid, 'SIGKILL');
  // bash reaps the list's subshell when a later SIGCHLD comes: a program run at the prompt makes one.
  const deadline = Date.now() + 60_000;
  while (sh.byComm('sleep').length > 0 || sh.unreapedChildren().length > 0) {
    assert.ok(Date.now() < deadline, `the list is still there:\n${sh.describeProcesses()}`);
    await sh.run('/bin/true');
  }
});

ptyTest('Ctrl-C ends a pipeline whose stages all run inside the shell (no process group gets the Ctrl-C)', async (sh) => {
  await interruptLoop(sh, 'while :; do echo y; done | { echo looping; while read l; do :; done; }; echo after');
});

ptyTest('Ctrl-C in a command substitution abandons the whole line', async (sh) => {
  await interruptLoop(sh, 'x=$(echo looping >&2; while :; do :; done); echo after $?');
});

ptyTest('break with a bad count at the prompt abandons the line with 128 and the shell lives on', async (sh) => {
  const rows = await sh.run('for i in 1; do break foo; done; echo same-line');
  assert.deepEqual(rows, [`${sh.shell}: break: foo: numeric argument required`]);
  assert.deepEqual(await sh.run('echo alive $?'), ['alive 128']);
});
