// History expansion and the keys that recall words, at a real prompt, against bash: `!!`, `!$`,
// `!-2`, `!string`, `^old^new`, `:p`, an event that is not found, and Alt-. / Esc-. walking
// back through the history's last words.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, shellName, type PtyShell } from './harness';

checkFileLeavesNothing();

/** The row the cursor is on, from the prompt's end: what is being edited. */
function editedLine(sh: PtyShell): string {
  return sh.row(sh.cursor.row).slice(sh.prompt.length).trimEnd();
}

async function waitForEdited(sh: PtyShell, expected: string): Promise<void> {
  await sh.until(() => editedLine(sh) === expected, `the line being edited to be ${JSON.stringify(expected)}`);
}

ptyTest('!!, !$, !-2 and !string expand; the expanded line is shown, run, and kept in history as run', async (sh) => {
  // Repeats kept, as bash keeps them by default (Quirl leaves them out while HISTCONTROL is unset).
  assert.deepEqual(await sh.run('HISTCONTROL='), []);
  assert.deepEqual(await sh.run('echo one two'), ['one two']);
  assert.deepEqual(await sh.run('echo three'), ['three']);
  assert.deepEqual(await sh.run('!!'), ['echo three', 'three']);
  assert.deepEqual(await sh.run('echo !$ !-3:2'), ['echo three two', 'three two']);
  assert.deepEqual(await sh.run('!echo:s/three/four/'), ['echo four two', 'four two']);
  assert.deepEqual(await sh.run('echo "quoted !-2:0" \'!!\' \\!! !'), ['echo "quoted echo" \'!!\' \\!! !', 'quoted echo !! !! !']);
  const kept = (await sh.run('history 3')).map((row) => row.replace(/^ *\d+ +/, ''));
  assert.deepEqual(kept, ['echo four two', 'echo "quoted echo" \'!!\' \\!! !', 'history 3']);
});

ptyTest('a line that goes on inside a single-quoted string is not expanded there', async (sh) => {
  assert.deepEqual(await sh.run('echo before'), ['before']);
  const start = sh.markRow();
  sh.type("echo 'one\r");
  await sh.until(() => sh.countOnScreen('> ') === 1, 'a PS2 prompt');
  sh.type("two!! done!' !!\r");
  await sh.nextPrompt();
  // The continuation line alone is shown as expanded; `!!` there is still the command before.
  assert.deepEqual(sh.outputBetween(start).slice(-3), ["two!! done!' echo before", 'one', 'two!! done! echo before']);
});

ptyTest('^old^new runs the previous line with the change', async (sh) => {
  assert.deepEqual(await sh.run('echo alpha beta'), ['alpha beta']);
  assert.deepEqual(await sh.run('^beta^gamma'), ['echo alpha gamma', 'alpha gamma']);
  assert.deepEqual(await sh.run('^alpha^delta^ extra'), ['echo delta gamma extra', 'delta gamma extra']);
});

ptyTest(':p shows the expansion without running it, and keeps it in history', async (sh) => {
  assert.deepEqual(await sh.run('echo hello'), ['hello']);
  assert.deepEqual(await sh.run('!!:s/hello/bye/:p'), ['echo bye']);
  assert.deepEqual(await sh.run('!!'), ['echo bye', 'bye']);
});

ptyTest('an event that is not found is reported and the line is neither run nor kept', async (sh) => {
  assert.deepEqual(await sh.run('echo kept; false'), ['kept']);
  assert.deepEqual(await sh.run('echo !nosuchevent; echo ran'), [`${shellName(sh.shell)}: !nosuchevent: event not found`]);
  assert.deepEqual(await sh.run('!!:z'), [`${shellName(sh.shell)}: z: unrecognized history modifier`]);
  assert.deepEqual(await sh.run('echo $?'), ['1']);
  assert.deepEqual(await sh.run('!-2:s/; false//'), ['echo kept', 'kept']);
  // The whole line is expanded before any of it runs: `set +H` counts from the next line.
  assert.deepEqual(await sh.run('set +H; echo !!'), ['set +H; echo echo kept', 'echo kept']);
  assert.deepEqual(await sh.run('echo !!'), ['!!']);
  assert.deepEqual(await sh.run('set -o histexpand'), []);
  assert.deepEqual(await sh.run('echo !?+H?:1'), ['echo +H', '+H']);
});

ptyTest('Alt-. and Esc-. insert the last word of the line before, and again of the lines before that', async (sh) => {
  assert.deepEqual(await sh.run('echo first-word "a b"'), ['first-word a b']);
  assert.deepEqual(await sh.run('echo second > /dev/null'), []);
  sh.type('echo ');
  sh.type('\x1b.');
  await waitForEdited(sh, 'echo /dev/null');
  sh.type('\x1b.');
  await waitForEdited(sh, 'echo "a b"');
  sh.type(' x');
  // After another key it starts again from the newest line; Alt-_ is the same command.
  sh.type('\x1b_');
  await waitForEdited(sh, 'echo "a b" x/dev/null');
  sh.type('\r');
  await sh.nextPrompt();
  assert.deepEqual(await sh.run('echo $?'), ['0']);
});

ptyTest('shopt -s histverify puts the expanded line back to edit; histreedit puts back a line that failed', async (sh) => {
  assert.deepEqual(await sh.run('shopt -s histverify histreedit'), []);
  assert.deepEqual(await sh.run('echo verify-me'), ['verify-me']);
  // The line comes back at a new prompt, not run: that prompt has text after it, so the next empty one is the one after.
  sh.type('!!:s/me/you/\r');
  await waitForEdited(sh, 'echo verify-you');
  const start = sh.markRow();
  const verified = sh.promptCount();
  sh.type(' again\r');
  await sh.waitForPrompt(verified + 1);
  assert.deepEqual(sh.outputBetween(start), ['verify-you again']);
  sh.type('echo !nosuchevent\r');
  await waitForEdited(sh, 'echo !nosuchevent');
  assert.ok(sh.screenText().includes(`${shellName(sh.shell)}: !nosuchevent: event not found`), sh.describeScreen());
  const reEdited = sh.promptCount();
  sh.press('Ctrl-C');
  await sh.waitForPrompt(reEdited + 1);
  assert.deepEqual((await sh.run('history 2')).map((row) => row.replace(/^ *\d+ +/, '')), ['echo verify-you again', 'history 2']);
});

ptyTest('history -p prints the expansion of each argument and runs nothing; the history -p line leaves the history', async (sh) => {
  assert.deepEqual(await sh.run('echo a b c'), ['a b c']);
  assert.deepEqual(await sh.run("history -p '!!' '!$' x; echo status $?"), ['echo a b c', 'c', 'x', 'status 0']);
  assert.deepEqual(await sh.run("history -p '!nosuchevent' y; echo status $?"), [`${shellName(sh.shell)}: history: !nosuchevent: history expansion failed`, 'y', 'status 1']);
  const kept = (await sh.run('history 2')).map((row) => row.replace(/^ *\d+ +/, ''));
  assert.deepEqual(kept, ['echo a b c', 'history 2']);
});

ptyTest('the interactive shell starts with history expansion and emacs editing on', async (sh) => {
  const listed = await sh.run("set -o | grep -E '^(emacs|histexpand|vi) '");
  assert.deepEqual(listed.map((row) => row.replace(/\s+/g, ' ')), ['emacs on', 'histexpand on', 'vi off']);
});
