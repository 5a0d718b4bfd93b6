// Compound commands at a real prompt, against bash: PS2 for every incomplete construct, a
// here-document typed line by line, Ctrl-C and Ctrl-Z during a foreground loop and a function,
// and a multi-line command recalled from history as one entry.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { procStat } from './proc';
import { assertShellOwnsTerminal, endJob, waitForForeground, waitForProcs } from './scenario';

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

ptyTest('Ctrl-Z on a foreground loop stops its program, ends the loop and goes on with the line, as bash', async (sh) => {
  const start = sh.markRow();
  const pid = await startForeground(sh, 'for i in 1 2; do sleep 30; echo after-$i; done; echo line-goes-on', 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  const output = sh.outputBetween(start);
  assert.equal(procStat(pid)?.state, 'T', 'sleep is stopped');
  assert.ok(output.some((row) => /^\[1\]\+ +Stopped +sleep 30$/.test(row)), `the stopped job is reported:\n${sh.describeScreen()}`);
  assert.ok(!output.some((row) => row.startsWith('after-')), 'the loop ended');
  assert.ok(output.includes('line-goes-on'), 'the rest of the line ran');
  assertShellOwnsTerminal(sh, 'after Ctrl-Z in the loop');
  await endJob(sh, '%1', [pid]);
});

ptyTest('Ctrl-Z on a function stops its program; the rest of the function runs, and fg resumes the program', async (sh) => {
  await sh.run('f() { sleep 30; echo rest-of-f; }');
  const start = sh.markRow();
  const pid = await startForeground(sh, 'f', 'sleep');
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  assert.ok(sh.outputBetween(start).includes('rest-of-f'), `the function went on:\n${sh.describeScreen()}`);
  assert.equal(procStat(pid)?.state, 'T', 'sleep is stopped');
  sh.type('fg\r');
  await sh.until(() => procStat(pid)?.state !== 'T', 'sleep continued');
  await waitForForeground(sh, procStat(pid)?.pgid ?? -1, 'fg');
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.equal(procStat(pid), undefined, 'sleep ended');
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
