// bind at a real prompt, against bash: a key bound with `bind -x` runs a shell command that reads
// and rewrites the line through READLINE_LINE and READLINE_POINT, its output where the prompt was
// and the prompt drawn again under it; a key bound to one of the editor's functions runs it.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';

checkFileLeavesNothing();

/** The row the cursor is on, up to the cursor. */
function lineAtCursor(sh: PtyShell): string {
  const { rows, cursorRow, cursorCol } = sh.view();
  return (rows[cursorRow] ?? '').slice(0, cursorCol);
}

ptyTest('bind -x: the command reads READLINE_LINE and READLINE_POINT, and what it sets there is the line and cursor edited next', async (sh) => {
  assert.deepEqual(await sh.run(`bind -x '"\\C-y": READLINE_LINE="echo [$READLINE_POINT:$READLINE_LINE]"; READLINE_POINT=5'`), []);
  sh.type('hello');
  // Two characters back: READLINE_POINT is 3.
  sh.type('\x1b[D\x1b[D');
  await sh.waitForScreen(() => lineAtCursor(sh).endsWith('hel'), 'the cursor two back from the end');
  sh.type('\x19');
  await sh.waitForScreen(() => sh.screenText().includes('echo [3:hello]') && lineAtCursor(sh).endsWith('echo '), 'the line rewritten, the cursor at 5');
  sh.type('X');
  await sh.waitForScreen(() => sh.screenText().includes('echo X[3:hello]'), 'X typed at the new cursor');
  sh.type('\r');
  await sh.nextPrompt();
  assert.match(sh.screenText(), /^X\[3:hello\]$/m, sh.describeScreen());
  // The variables are the binding's: unset once it ends.
  assert.deepEqual(await sh.run('echo "${READLINE_LINE-unset}"'), ['unset']);
});

ptyTest('bind -x: the output goes where the prompt was, and the prompt and line are drawn again under it', async (sh) => {
  assert.deepEqual(await sh.run(`bind -x '"\\C-y": echo "out:$READLINE_LINE"'`), []);
  sh.type('echo typed');
  await sh.waitForScreen(() => lineAtCursor(sh).endsWith('echo typed'), 'the line typed');
  sh.type('\x19');
  await sh.waitForScreen((view) => {
    const at = view.rows.findIndex((row) => row === 'out:echo typed');
    return at >= 0 && view.cursorRow === at + 1 && lineAtCursor(sh).endsWith('echo typed');
  }, 'the output on its own row, the prompt and line under it');
  sh.type('\r');
  await sh.nextPrompt();
  assert.match(sh.screenText(), /^typed$/m, sh.describeScreen());
});

ptyTest('bind KEYSEQ:FUNCTION: a key runs the editor function it is bound to, and bind -r takes it away', async (sh) => {
  assert.deepEqual(await sh.run(`bind '"\\C-o": beginning-of-line'`), []);
  sh.type('cho first\x0fe\r');
  await sh.nextPrompt();
  assert.match(sh.screenText(), /^first$/m, sh.describeScreen());
  assert.deepEqual(await sh.run(`bind '"\\C-o": kill-line'`), []);
  sh.type('echo second junk\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x0f\r');
  await sh.nextPrompt();
  assert.match(sh.screenText(), /^second$/m, sh.describeScreen());
  assert.deepEqual(await sh.run(`bind -r '\\C-o'; bind -q kill-line | grep -c 'C-o'`), ['0']);
});

ptyTest("bind 'set completion-ignore-case on': Tab completes a file name typed in the other case", async (sh) => {
  assert.deepEqual(await sh.run(`touch README.mixed && bind 'set completion-ignore-case on'`), []);
  sh.type('echo rea\t');
  await sh.waitForScreen(() => lineAtCursor(sh).endsWith('echo README.mixed '), 'rea completed to README.mixed');
  sh.type('\r');
  await sh.nextPrompt();
  assert.match(sh.screenText(), /^README\.mixed$/m, sh.describeScreen());
});
