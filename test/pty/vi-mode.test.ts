// `set -o vi` at a real prompt, against bash: each case types a line in insert mode, Escape (the
// test waits for the cursor to step back, as a person's pause would let it be taken alone), vi
// commands, and Enter (which accepts in either mode); what the line ran shows what they made of it.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';

checkFileLeavesNothing();

interface ViCase {
  readonly what: string;
  /** Typed in insert mode before the first Escape. */
  readonly line: string;
  /** Command-mode keys (insert mode again after i, a, c...). */
  readonly keys: string;
  readonly prints: string;
}

const CASES: readonly ViCase[] = [
  { what: 'Escape steps back onto the last character; x deletes it', line: 'echo abcd', keys: 'x', prints: 'abc' },
  { what: 'h and a count', line: 'echo abcdef', keys: '3h2x', prints: 'abef' },
  { what: 'b and x', line: 'echo abc def', keys: 'bx', prints: 'abc ef' },
  { what: '0, w and i', line: 'echo abc def', keys: '0wiX', prints: 'Xabc def' },
  { what: 'a appends after the cursor', line: 'echo ac', keys: 'hab', prints: 'abc' },
  { what: 'A appends at the end', line: 'echo mid', keys: '0Ax', prints: 'midx' },
  { what: 'I inserts at the start', line: 'cho hi', keys: 'Ie', prints: 'hi' },
  { what: '$ and x', line: 'echo abc', keys: '0$x', prints: 'ab' },
  { what: 'dw and a count', line: 'echo a b c d', keys: '0wd2w', prints: 'c d' },
  { what: 'D deletes to the end', line: 'echo one two three', keys: '2bD', prints: 'one' },
  { what: 'cw changes a word', line: 'echo old word', keys: 'bcwnew', prints: 'old new' },
  { what: 'cc and S change the line', line: 'echo x y', keys: 'ccecho new', prints: 'new' },
  { what: 'e and a', line: 'echo abc def', keys: '0weaX', prints: 'abcX def' },
  { what: 'x then p puts it back after the cursor', line: 'echo ab', keys: 'hxp', prints: 'ba' },
  { what: 'dd then u undoes it', line: 'echo keep', keys: 'ddu', prints: 'keep' },
  { what: 'yw then P', line: 'echo ab cd', keys: '0wywP', prints: 'ab ab cd' },
  { what: 'r replaces and ~ toggles case', line: 'echo abc', keys: '0wrX~', prints: 'xbc' },
  { what: 'W and B over punctuation', line: 'echo a.b c.d', keys: '0WWBx', prints: '.b c.d' },
  { what: 'w stops at punctuation', line: 'echo a.b c.d', keys: '0wwx', prints: 'ab c.d' },
  { what: 'S changes the whole line', line: 'echo gone', keys: 'Secho S', prints: 'S' },
  { what: 's substitutes characters', line: 'echo abcd', keys: '0w2sXY', prints: 'XYcd' },
  { what: 'C changes to the end', line: 'echo keep drop', keys: 'bCnew', prints: 'keep new' },
  { what: 'X deletes before the cursor', line: 'echo abc', keys: 'X', prints: 'ac' },
  { what: 'de deletes to the end of the word', line: 'echo one two three', keys: '0wde', prints: 'two three' },
  { what: 'd$ deletes to the end', line: 'echo one two', keys: '0wwd$', prints: 'one' },
  { what: 'db deletes back to the word start', line: 'echo one two', keys: 'db', prints: 'one o' },
  { what: 'f and x', line: 'echo abcabc', keys: '0fbx', prints: 'acabc' },
  { what: 'a count with f, then ; and ,', line: 'echo a-b-c-d', keys: '0f-;;,x', prints: 'a-bc-d' },
  { what: 'F and t', line: 'echo one=two', keys: 'F=x0tnx', prints: 'netwo' },
  { what: 't then ; stays before the same character', line: 'echo a-b-c', keys: '0t-;x', prints: '-b-c' },
  { what: 'dt deletes up to the character', line: 'echo remove=keep', keys: '0wdt=', prints: '=keep' },
  { what: 'cf changes through the character', line: 'echo old.txt', keys: '0wcf.new.', prints: 'new.txt' },
  { what: 'dT and dF delete back', line: 'echo a/b/c', keys: 'dT/', prints: 'a/b/c' },
  { what: '. repeats x', line: 'echo abcdef', keys: '0wx..', prints: 'def' },
  { what: '. repeats dw', line: 'echo a b c d', keys: '0wdw.', prints: 'c d' },
  { what: '. repeats a change with what it inserted', line: 'echo one one', keys: '0wcwtwo\x1bw.', prints: 'two two' },
  { what: 'yy then p puts the line after the cursor', line: 'echo ab', keys: 'yy$p', prints: 'abecho ab' },
];

function editedLine(sh: PtyShell): string {
  return sh.row(sh.cursor.row).slice(sh.prompt.length).trimEnd();
}

/** Escape alone: the cursor steps back a column when insert mode ends, which shows it was taken alone. */
async function escape(sh: PtyShell, what = ''): Promise<void> {
  const column = sh.cursor.col;
  sh.type('\x1b');
  await sh.until(() => sh.cursor.col === column - 1, `${what}: the cursor to step back after Escape\n${sh.describeScreen()}`);
}

ptyTest('vi command mode edits the line as bash does', async (sh) => {
  assert.deepEqual(await sh.run('set -o vi'), []);
  for (const { what, line, keys, prints } of CASES) {
    await typeUntil(sh, line, line);
    await escape(sh, what);
    sh.type(keys);
    assert.deepEqual(await accept(sh), [prints], `${what}:\n${sh.describeScreen()}`);
  }
});

ptyTest('vi command mode: k and j browse history, / searches it, n searches again', async (sh) => {
  assert.deepEqual(await sh.run('echo first'), ['first']);
  assert.deepEqual(await sh.run('echo second'), ['second']);
  assert.deepEqual(await sh.run('set -o vi'), []);
  await typeUntil(sh, 'x', 'x');
  await escape(sh);
  await typeUntil(sh, 'kk', 'echo second');
  await typeUntil(sh, 'j', 'set -o vi');
  await typeUntil(sh, '/first\r', 'echo first');
  // The cursor is at the line's start: i inserts there.
  await typeUntil(sh, 'iX=1 \x1b', 'X=1 echo first');
  assert.deepEqual(await accept(sh), ['first']);
  await typeUntil(sh, 'y', 'y');
  await escape(sh);
  await typeUntil(sh, '/echo\r', 'X=1 echo first');
  await typeUntil(sh, 'n', 'echo second');
  assert.deepEqual(await accept(sh), ['second']);
  assert.deepEqual(await sh.run("set -o | grep -E '^(emacs|vi) ' | tr -s ' \\t' ' '"), ['emacs off', 'vi on']);
});

/** Types `keys` and waits until the line being edited is `expected`. */
async function typeUntil(sh: PtyShell, keys: string, expected: string): Promise<void> {
  sh.type(keys);
  await sh.until(() => editedLine(sh) === expected, `${JSON.stringify(keys)} to leave ${JSON.stringify(expected)} to edit`);
}

/** Enter: the rows the line printed. */
async function accept(sh: PtyShell): Promise<string[]> {
  const start = sh.markRow();
  sh.type('\r');
  await sh.nextPrompt();
  return sh.outputBetween(start);
}
