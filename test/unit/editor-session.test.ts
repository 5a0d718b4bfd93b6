import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyBindings } from '../../shell/interactive/editor/bindings';
import { editBuffer } from '../../shell/interactive/editor/buffer';
import { completionOutcome, listing, type Completer } from '../../shell/interactive/editor/completion';
import { KeyDecoder } from '../../shell/interactive/editor/keys';
import { KillBuffer } from '../../shell/interactive/editor/kill';
import { EditSession, type EditorMemory, type Step } from '../../shell/interactive/editor/session';

const UP = '\x1b[A';
const DOWN = '\x1b[B';
const LEFT = '\x1b[D';
const RIGHT = '\x1b[C';
const ENTER = '\r';
const BACKSPACE = '\x7f';
const TAB = '\t';
const C = (letter: string): string => String.fromCharCode(letter.charCodeAt(0) & 0x1f);
const M = (letter: string): string => `\x1b${letter}`;

interface DriverOptions {
  /** The line to start with, the cursor marked by |; empty by default. */
  readonly line?: string;
  readonly history?: readonly string[];
  readonly complete?: Completer;
  readonly memory?: EditorMemory;
  readonly prompt?: string;
  readonly columns?: number;
  readonly rows?: number;
  readonly vi?: boolean;
  readonly bindings?: KeyBindings;
}

/** A session fed terminal input; lines are shown with | at the cursor. */
class Driver {
  readonly session: EditSession;
  private readonly decoder = new KeyDecoder();

  constructor(options: DriverOptions = {}) {
    const marked = options.line ?? '|';
    const initial = editBuffer(marked.replace('|', ''), marked.indexOf('|'));
    this.session = new EditSession(options.prompt ?? '$ ', initial, {
      history: options.history ?? [],
      memory: options.memory ?? { kills: new KillBuffer(), lastSearch: '' },
      complete: options.complete,
      bindings: options.bindings ?? new KeyBindings(),
      screen: () => ({ columns: options.columns ?? 80, rows: options.rows ?? 24 }),
      vi: options.vi,
    });
  }

  /** Feeds each string as one chunk of input, as if the input then went quiet; returns the steps. */
  async press(...chunks: string[]): Promise<Step[]> {
    const steps: Step[] = [];
    for (const chunk of chunks) {
      for (const key of [...this.decoder.feed(chunk), ...this.decoder.flush()]) steps.push(await this.session.handle(key));
    }
    return steps;
  }

  get line(): string {
    const { text, cursor } = this.session.view;
    return `${text.slice(0, cursor)}|${text.slice(cursor)}`;
  }

  get prompt(): string {
    return this.session.view.prompt;
  }
}

const editing: [name: string, line: string, input: string[], expected: string][] = [
  ['typing inserts at the cursor', 'ec|o', ['h'], 'ech|o'],
  ['C-a and Home go to the start', 'echo hi|', [C('a')], '|echo hi'],
  ['Home', 'echo hi|', ['\x1b[H'], '|echo hi'],
  ['C-e and End go to the end', '|echo hi', [C('e')], 'echo hi|'],
  ['End (SS3)', '|echo hi', ['\x1bOF'], 'echo hi|'],
  ['C-b and C-f move a character', 'ab|c', [C('b'), C('b'), C('f')], 'a|bc'],
  ['Left and Right move a character', 'ab|c', [LEFT, LEFT, RIGHT], 'a|bc'],
  ['moves stop at the ends', 'a|', [RIGHT, C('f'), LEFT, LEFT, LEFT], '|a'],
  ['a cluster moves and deletes as one', `a👨‍👩‍👧|`, [LEFT, RIGHT, BACKSPACE], 'a|'],
  ['C-d deletes the character under the cursor', 'a|bc', [C('d')], 'a|c'],
  ['C-d at the end of a line does nothing', 'abc|', [C('d')], 'abc|'],
  ['Delete deletes under the cursor', '|abc', ['\x1b[3~'], '|bc'],
  ['Backspace and C-h delete before the cursor', 'abc|', [BACKSPACE, C('h')], 'a|'],
  ['Backspace at the start does nothing', '|abc', [BACKSPACE], '|abc'],
  ['C-k kills to the end', 'echo |hello world', [C('k')], 'echo |'],
  ['C-u kills to the start', 'echo hel|lo', [C('u')], '|lo'],
  ['C-w kills a blank-delimited word', 'cd ../foo-bar|', [C('w')], 'cd |'],
  ['M-Backspace kills a letters-and-digits word', 'cd ../foo-bar|', ['\x1b\x7f'], 'cd ../foo-|'],
  ['M-b and M-f move by words', 'echo hello world|', [M('b'), M('b'), M('f')], 'echo hello| world'],
  ['C-Left and C-Right move by words', 'echo hello world|', ['\x1b[1;5D', '\x1b[1;5D', '\x1b[1;5C'], 'echo hello| world'],
  ['M-d kills the next word', 'echo |hello world', [M('d')], 'echo | world'],
  ['ESC then a key is Meta with that key', 'echo hello world|', ['\x1b', 'b'], 'echo hello |world'],
  ['ESC then text runs Meta with the first character and inserts the rest', 'one two|', ['\x1b', 'bX'], 'one X|two'],
  ['C-t swaps the characters around the cursor', 'ab|cd', [C('t')], 'acb|d'],
  ['C-t at the end swaps the last two', 'abcd|', [C('t')], 'abdc|'],
  ['a paste is inserted as it is, CR LF as LF', 'x|', ['\x1b[200~a\r\nb\tc\x1b[201~'], 'xa\nb\tc|'],
  ['C-a and C-e stay on the line of a multi-line buffer', 'if x\nth|en', [C('a'), 'X', C('e')], 'if x\nXthen|'],
  ['C-k at the end of a line of a multi-line buffer kills the newline', 'if x|\nthen', [C('k')], 'if x|then'],
  ['unbound keys do nothing', 'a|', ['\x1b[15~', C('o'), '\x1b[6~'], 'a|'],
];

for (const [name, line, input, expected] of editing) {
  test(`keymap: ${name}`, async () => {
    const driver = new Driver({ line });
    await driver.press(...input);
    assert.equal(driver.line, expected);
  });
}

test('keymap: Enter accepts the line, wherever the cursor is', async () => {
  const steps = await new Driver({ line: 'echo| hi' }).press(ENTER);
  assert.deepEqual(steps, [{ kind: 'done', result: { kind: 'line', text: 'echo hi' } }]);
  assert.deepEqual(await new Driver({ line: 'ls|' }).press('\n'), [{ kind: 'done', result: { kind: 'line', text: 'ls' } }]);
});

test('keymap: ESC then a key with no Alt binding is the key alone', async () => {
  const driver = new Driver({ line: 'ls|' });
  assert.deepEqual(await driver.press('\x1b', 'x'), [{ kind: 'update' }, { kind: 'update' }]);
  assert.equal(driver.line, 'lsx|');
  assert.deepEqual(await driver.press('\x1b', ENTER), [{ kind: 'update' }, { kind: 'done', result: { kind: 'line', text: 'lsx' } }]);
});

test('keymap: C-c discards the line', async () => {
  assert.deepEqual(await new Driver({ line: 'rm -rf |' }).press(C('c')), [{ kind: 'done', result: { kind: 'interrupted' } }]);
});

test('keymap: C-d on an empty line is end of input', async () => {
  assert.deepEqual(await new Driver().press(C('d')), [{ kind: 'done', result: { kind: 'eof' } }]);
});

test('keymap: C-l clears the screen', async () => {
  assert.deepEqual(await new Driver({ line: 'ls|' }).press(C('l')), [{ kind: 'clear-screen' }]);
});

test('kills: kills in a row make one entry, in the order of the text', async () => {
  const driver = new Driver({ line: 'git commit -m msg|' });
  await driver.press(C('w'), C('w'), C('e'), C('y'));
  assert.equal(driver.line, 'git commit -m msg|');
  const forward = new Driver({ line: '|one two three' });
  await forward.press(M('d'), M('d'), C('y'));
  assert.equal(forward.line, 'one two| three');
});

test('kills: a kill after another command starts a new entry', async () => {
  const driver = new Driver({ line: 'aaa bbb|' });
  await driver.press(C('w'), C('b'), C('w'), C('e'), C('y'));
  assert.equal(driver.line, ' aaa|');
});

test('kills: ESC between two kills still counts as in a row', async () => {
  const driver = new Driver({ line: '|one two three' });
  await driver.press(M('d'), '\x1b', 'd', C('e'), C('y'));
  assert.equal(driver.line, ' threeone two|');
});

test('kills: the kill buffer outlives the read', async () => {
  const memory: EditorMemory = { kills: new KillBuffer(), lastSearch: '' };
  await new Driver({ line: 'echo |secret', memory }).press(C('k'), ENTER);
  const next = new Driver({ memory });
  await next.press(C('y'));
  assert.equal(next.line, 'secret|');
});

test('history: Up and Down browse, keeping the line being written', async () => {
  const driver = new Driver({ history: ['one', 'two', 'three'], line: 'dra|ft' });
  await driver.press(UP);
  assert.equal(driver.line, 'three|');
  await driver.press(C('p'), UP, UP);
  assert.equal(driver.line, 'one|');
  await driver.press(DOWN, C('n'));
  assert.equal(driver.line, 'three|');
  await driver.press(DOWN);
  assert.equal(driver.line, 'draft|');
  await driver.press(DOWN);
  assert.equal(driver.line, 'draft|');
});

test('history: edits to a recalled line are kept while the read lasts', async () => {
  const driver = new Driver({ history: ['one', 'two'] });
  await driver.press(UP, '!', UP, DOWN);
  assert.equal(driver.line, 'two!|');
  assert.deepEqual(await driver.press(ENTER), [{ kind: 'done', result: { kind: 'line', text: 'two!' } }]);
});

test('history: M-. inserts the last word of the line before; again, of the lines before that', async () => {
  const driver = new Driver({ history: ['cp a.txt "b c"', 'ls', 'cat x > out'], line: 'vi |' });
  await driver.press(M('.'));
  assert.equal(driver.line, 'vi out|');
  await driver.press(M('.'));
  assert.equal(driver.line, 'vi ls|');
  // ESC then . is the same key, and M-_ the same command.
  await driver.press('\x1b', '.');
  assert.equal(driver.line, 'vi "b c"|');
  // Past the oldest line the word goes and nothing comes in its place, as in readline.
  assert.deepEqual(await driver.press(M('_')), [{ kind: 'update' }]);
  assert.equal(driver.line, 'vi |');
  assert.deepEqual(await driver.press(M('_')), [{ kind: 'bell' }]);
});

test('history: M-. after another key starts again from the newest line, and counts from a recalled one', async () => {
  const driver = new Driver({ history: ['echo one', 'echo two', 'echo three'] });
  await driver.press(M('.'), M('.'), ' ', M('.'));
  assert.equal(driver.line, 'two three|');
  const browsing = new Driver({ history: ['echo one', 'echo two', 'echo three'] });
  await browsing.press(UP, ' ', M('.'));
  assert.equal(browsing.line, 'echo three two|');
  assert.deepEqual(await new Driver().press(M('.')), [{ kind: 'bell' }]);
});

const vi: [name: string, line: string, input: string[], expected: string][] = [
  ['Escape steps back onto the last character', 'echo ab|', ['\x1b'], 'echo a|b'],
  ['Escape at the start stays there', '|ab', ['\x1b'], '|ab'],
  ['x at the end leaves the cursor on the new last character', 'echo abcd|', ['\x1b', 'x'], 'echo ab|c'],
  ['a count repeats a motion and x', 'echo abcdef|', ['\x1b', '3h2x'], 'echo ab|ef'],
  ['d with a count times a motion', 'echo a b c d|', ['\x1b', '0w2d2w'], 'echo| '],
  ['cw changes to the end of the word, then inserts', 'echo old word|', ['\x1b', 'bcwnew'], 'echo old new|'],
  ['u takes back the last change, then the one before', 'echo abc|', ['\x1b', 'xxuu'], 'echo ab|c'],
  ['u takes back a whole insertion', 'echo |', ['\x1b', 'aone two', '\x1b', 'u'], 'echo| '],
  ['p puts what x took after the cursor, P before it', 'echo ab|', ['\x1b', 'hxpP'], 'echo b|aa'],
  ['F past the start finds nothing and stays', 'echo ab|', ['\x1b', '0Fe'], '|echo ab'],
  ['t then ; stays before the same character, as in readline', 'echo a-b-c|', ['\x1b', '0t-;'], 'echo |a-b-c'],
  ['. repeats the last change, an insertion with its text', 'echo |', ['\x1b', 'ahi', '\x1b', '.'], 'echo hih|i'],
  ['. after u repeats the change undone', 'echo abc|', ['\x1b', '0xu.'], '|cho abc'],
  ['an unknown command key rings and changes nothing', 'echo ab|', ['\x1b', 'Q'], 'echo a|b'],
  ['Escape and a key typed at once are Escape then the key', 'echo abc|', ['\x1bbx'], 'echo |bc'],
];

for (const [name, line, input, expected] of vi) {
  test(`vi: ${name}`, async () => {
    const driver = new Driver({ line, vi: true });
    await driver.press(...input);
    assert.equal(driver.line, expected);
  });
}

test('vi: a count stops growing at a million, so a huge one is quick and does no harm', async () => {
  const driver = new Driver({ line: 'echo ab|', vi: true });
  await driver.press('\x1b', 'yl0', '99999999999999p');
  assert.equal(driver.session.view.text.length, 'echo ab'.length + 999_999);
  await driver.press('u', '99999999999999d99999999999999l');
  assert.equal(driver.line, '|');
});

test('vi: Escape and Enter typed at once accept the line', async () => {
  const driver = new Driver({ line: 'echo hi|', vi: true });
  assert.deepEqual(await driver.press('\x1b\r'), [{ kind: 'done', result: { kind: 'line', text: 'echo hi' } }]);
});

test('vi: k and j browse, / searches older lines with the prompt /, n again, ? newer', async () => {
  const driver = new Driver({ history: ['echo one', 'ls two', 'echo three'], vi: true });
  await driver.press('\x1b', 'k');
  assert.equal(driver.line, '|echo three');
  await driver.press('kj');
  assert.equal(driver.line, '|echo three');
  await driver.press('/');
  assert.equal(driver.prompt, '/');
  await driver.press('echo');
  assert.equal(driver.line, 'echo|');
  await driver.press('\r');
  assert.equal(driver.prompt, '$ ');
  assert.equal(driver.line, '|echo one');
  await driver.press('?two\r');
  assert.equal(driver.line, '|ls two');
  assert.deepEqual(await driver.press('N'), [{ kind: 'bell' }]);
});

test('history: Up and Down go through the lines of a multi-line entry first', async () => {
  const driver = new Driver({ history: ['older', 'for x in 1\ndo\n  echo $x\ndone'] });
  await driver.press(UP);
  assert.equal(driver.line, 'for x in 1\ndo\n  echo $x\ndone|');
  await driver.press(UP, UP);
  assert.equal(driver.line, 'for x in 1\ndo|\n  echo $x\ndone');
  await driver.press(UP, UP);
  assert.equal(driver.line, 'older|');
  await driver.press(DOWN);
  assert.equal(driver.line, 'for x in 1|\ndo\n  echo $x\ndone');
});

const HISTORY = ['echo one', 'ls -l', 'echo two', 'make test', 'echo two'];

test('search: C-r shows the newest match, the cursor on it', async () => {
  const driver = new Driver({ history: HISTORY, line: 'draft|' });
  await driver.press(C('r'));
  assert.equal(driver.prompt, "(reverse-i-search)`': ");
  assert.equal(driver.line, 'draft|');
  await driver.press('ec');
  assert.equal(driver.prompt, "(reverse-i-search)`ec': ");
  assert.equal(driver.line, '|echo two');
});

test('search: typing keeps the match while it matches; C-r goes to an older line, skipping repeats', async () => {
  const driver = new Driver({ history: HISTORY });
  await driver.press(C('r'), 'e', 'ch');
  assert.equal(driver.line, '|echo two');
  await driver.press(C('r'));
  assert.equal(driver.line, '|echo one');
  await driver.press(C('r'));
  assert.equal(driver.prompt, "(failed reverse-i-search)`ech': ");
  assert.equal(driver.line, '|echo one');
});

test('search: typing past any match fails and keeps the last match', async () => {
  const driver = new Driver({ history: HISTORY });
  await driver.press(C('r'), 'test', 'x');
  assert.equal(driver.prompt, "(failed reverse-i-search)`testx': ");
  assert.equal(driver.line, 'make |test');
});

test('search: Backspace undoes the last step, C-r steps too', async () => {
  const driver = new Driver({ history: HISTORY });
  await driver.press(C('r'), 'o');
  assert.equal(driver.line, 'echo tw|o');
  await driver.press(C('r')); // not the older "echo two" again: a line not shown yet
  assert.equal(driver.line, 'echo |one');
  await driver.press(BACKSPACE);
  assert.equal(driver.line, 'echo tw|o');
  await driver.press(BACKSPACE, BACKSPACE, BACKSPACE);
  assert.equal(driver.prompt, "(reverse-i-search)`': ");
  assert.equal(driver.line, '|');
});

test('search: Enter runs the match', async () => {
  const driver = new Driver({ history: HISTORY, line: 'draft|' });
  const steps = await driver.press(C('r'), 'ls', ENTER);
  assert.deepEqual(steps.at(-1), { kind: 'done', result: { kind: 'line', text: 'ls -l' } });
  assert.equal(driver.prompt, '$ ');
});

test('search: C-g and Escape cancel and restore the line and cursor', async () => {
  for (const cancel of [C('g'), '\x1b']) {
    const driver = new Driver({ history: HISTORY, line: 'dr|aft' });
    await driver.press(C('r'), 'make', cancel);
    assert.equal(driver.prompt, '$ ');
    assert.equal(driver.line, 'dr|aft');
  }
});

test('search: a motion key takes the match and moves', async () => {
  const cases: [string, string][] = [
    [C('e'), 'ls -l|'],
    [C('a'), '|ls -l'],
    [RIGHT, 'l|s -l'],
    [M('f'), 'ls| -l'],
    [C('k'), '|'],
  ];
  for (const [key, expected] of cases) {
    const driver = new Driver({ history: HISTORY });
    await driver.press(C('r'), 'ls', key);
    assert.equal(driver.prompt, '$ ');
    assert.equal(driver.line, expected, JSON.stringify(key));
  }
});

test('search: history browsing goes on from the match', async () => {
  const driver = new Driver({ history: HISTORY, line: 'draft|' });
  await driver.press(C('r'), 'ls', C('e'), DOWN);
  assert.equal(driver.line, 'echo two|');
  await driver.press(UP, UP);
  assert.equal(driver.line, 'echo one|');
  await driver.press(DOWN, DOWN, DOWN, DOWN, DOWN);
  assert.equal(driver.line, 'draft|');
});

test('search: C-r C-r searches again for the last query, in a later read too', async () => {
  const memory: EditorMemory = { kills: new KillBuffer(), lastSearch: '' };
  await new Driver({ history: HISTORY, memory }).press(C('r'), 'make', C('g'));
  const driver = new Driver({ history: HISTORY, memory });
  await driver.press(C('r'), C('r'));
  assert.equal(driver.prompt, "(reverse-i-search)`make': ");
  assert.equal(driver.line, '|make test');
});

test('search: the label replaces only the last line of a multi-line prompt', async () => {
  const driver = new Driver({ history: HISTORY, prompt: '\x1b[1m~/src\x1b[0m\n$ ' });
  await driver.press(C('r'));
  assert.equal(driver.prompt, "\x1b[1m~/src\x1b[0m\n(reverse-i-search)`': ");
});

/** A completer over fixed words: candidates for the word before the cursor. */
function words(...candidates: string[]): Completer {
  return async (line, cursor) => {
    const start = line.lastIndexOf(' ', cursor - 1) + 1;
    const word = line.slice(start, cursor);
    return { start, end: cursor, candidates: candidates.filter((candidate) => candidate.startsWith(word)) };
  };
}

test('completion: one candidate replaces the word, exactly as given', async () => {
  const driver = new Driver({ line: 'cd sr|', complete: words('src/', 'bin/') });
  assert.deepEqual(await driver.press(TAB), [{ kind: 'update' }]);
  assert.equal(driver.line, 'cd src/|');
  const command = new Driver({ line: 'ec| hi', complete: words('echo ') });
  await command.press(TAB);
  assert.equal(command.line, 'echo | hi');
});

test('completion: several candidates insert what they share; the next Tab lists them', async () => {
  const driver = new Driver({ line: 'make f|', complete: words('foobar ', 'foobaz ', 'fooqux ') });
  assert.deepEqual(await driver.press(TAB), [{ kind: 'update' }]);
  assert.equal(driver.line, 'make foo|');
  assert.deepEqual(await driver.press(TAB), [{ kind: 'list', lines: ['foobar  foobaz  fooqux'] }]);
  assert.equal(driver.line, 'make foo|');
});

test('completion: with nothing to add, the first Tab rings and the second lists', async () => {
  const driver = new Driver({ line: 'git |', complete: words('add ', 'commit ') });
  assert.deepEqual(await driver.press(TAB), [{ kind: 'bell' }]);
  assert.deepEqual(await driver.press(TAB), [{ kind: 'list', lines: ['add     commit'] }]);
  assert.deepEqual(await driver.press('x', BACKSPACE, TAB), [{ kind: 'update' }, { kind: 'update' }, { kind: 'bell' }]);
});

test('completion: no candidates, a failing completer, or a range off the line ring and keep the line', async () => {
  const completers: Completer[] = [
    words('zzz'),
    async () => {
      throw new Error('completer bug');
    },
    async () => ({ start: 2, end: 99, candidates: ['x'] }),
  ];
  for (const complete of completers) {
    const driver = new Driver({ line: 'ab|', complete });
    assert.deepEqual(await driver.press(TAB), [{ kind: 'bell' }]);
    assert.equal(driver.line, 'ab|');
  }
  assert.deepEqual(await new Driver({ line: 'ab|' }).press(TAB), [{ kind: 'bell' }]);
});

test('completion: a long list asks first; y shows it, anything else does not', async () => {
  const many = Array.from({ length: 150 }, (_, index) => `file${String(index).padStart(3, '0')} `);
  for (const [answer, shown] of [['y', true], [' ', true], ['n', false], [C('g'), false]] as const) {
    const driver = new Driver({ line: 'cat |', complete: words(...many), columns: 80 });
    assert.deepEqual(await driver.press(TAB, TAB), [{ kind: 'update' }, { kind: 'list', lines: [] }]);
    assert.equal(driver.prompt, 'Display all 150 possibilities? (y or n)');
    const [step] = await driver.press(answer);
    assert.equal(step?.kind, 'list');
    assert.equal(step?.kind === 'list' && step.lines.length, shown ? 19 : 0); // 8 columns of 9 cells
    assert.equal(driver.prompt, '$ ');
    assert.equal(driver.line, 'cat file|');
  }
});

test('completion: a list taller than the screen asks first', async () => {
  const driver = new Driver({ line: '|', complete: words(...'abcdefghij'.split('').map((letter) => `${letter}${letter.repeat(30)} `)), rows: 5 });
  await driver.press(TAB, TAB);
  assert.equal(driver.prompt, 'Display all 10 possibilities? (y or n)');
});

test('completion: what candidates share is cut at whole characters, and may fix the case', () => {
  const outcome = completionOutcome(editBuffer('x'), { start: 0, end: 1, candidates: ['x👨‍👩‍👧a', 'x👨‍👩‍👦b'] });
  assert.deepEqual(outcome, { kind: 'ambiguous', candidates: ['x👨‍👩‍👧a', 'x👨‍👩‍👦b'] });
  const cased = completionOutcome(editBuffer('cat READ'), { start: 4, end: 8, candidates: ['readme ', 'readline '] });
  assert.deepEqual(cased, { kind: 'insert', buffer: { text: 'cat read', cursor: 8 } });
  const duplicates = completionOutcome(editBuffer('l'), { start: 0, end: 1, candidates: ['ls ', 'ls '] });
  assert.deepEqual(duplicates, { kind: 'insert', buffer: { text: 'ls ', cursor: 3 } });
});

test('completion: listings run down the columns, padded by cells, without the finishing space', () => {
  assert.deepEqual(listing(['a ', 'bb ', 'ccc ', 'dd/', 'e ', 'f '], 12), ['a    dd/', 'bb   e', 'ccc  f']);
  assert.deepEqual(listing(['日本 ', 'x ', 'y\x01 '], 80), ['日本  x     y^A']);
  assert.deepEqual(listing(['a-very-long-name ', 'b '], 10), ['a-very-long-name', 'b']);
});

/** Bindings with `setup` applied, as `bind` would change them. */
function bindings(setup: (table: KeyBindings) => void): KeyBindings {
  const table = new KeyBindings();
  setup(table);
  return table;
}

test('bind: a key bound to an editor function runs it; a removed key does nothing', async () => {
  const driver = new Driver({ line: 'echo hi|', bindings: bindings((table) => table.set('C-o', { kind: 'command', command: 'beginning-of-line' })) });
  await driver.press(C('o'));
  assert.equal(driver.line, '|echo hi');
  const removed = new Driver({ line: 'echo hi|', bindings: bindings((table) => table.remove('C-a')) });
  await removed.press(C('a'));
  assert.equal(removed.line, 'echo hi|');
});

test('bind: a key bound to a shell command ends the read with the command and the line', async () => {
  const driver = new Driver({ line: 'ec|ho', bindings: bindings((table) => table.set('C-y', { kind: 'shell', command: 'echo hi' })) });
  assert.deepEqual(await driver.press(C('y')), [{ kind: 'done', result: { kind: 'shell-command', command: 'echo hi', text: 'echo', cursor: 2 } }]);
});

test('bind: an Alt key bound later is found after ESC', async () => {
  const driver = new Driver({ line: 'ab|', bindings: bindings((table) => table.set('M-o', { kind: 'command', command: 'beginning-of-line' })) });
  await driver.press('\x1b', 'o');
  assert.equal(driver.line, '|ab');
});

test('history-search-backward and -forward: entries starting with the text before the cursor, the cursor kept', async () => {
  const table = bindings((t) => {
    t.set('C-o', { kind: 'command', command: 'history-search-backward' });
    t.set('C-v', { kind: 'command', command: 'history-search-forward' });
  });
  const driver = new Driver({ line: 'ec|', history: ['echo one', 'ls', 'echo two', 'cat'], bindings: table });
  await driver.press(C('o'));
  assert.equal(driver.line, 'ec|ho two');
  await driver.press(C('o'));
  assert.equal(driver.line, 'ec|ho one');
  assert.deepEqual(await driver.press(C('o')), [{ kind: 'bell' }]);
  await driver.press(C('v'));
  assert.equal(driver.line, 'ec|ho two');
});

test('show-all-if-ambiguous: the first Tab lists', async () => {
  const complete: Completer = async () => ({ start: 0, end: 2, candidates: ['abc ', 'abd '] });
  const driver = new Driver({ line: 'ab|', complete, bindings: bindings((table) => (table.settings.showAllIfAmbiguous = true)) });
  const [step] = await driver.press(TAB);
  assert.equal(step?.kind, 'list');
});

test('completion: Ctrl-C at "Display all N possibilities?" abandons the line, the question left on screen (bash)', async () => {
  const many = Array.from({ length: 150 }, (_, index) => `file${String(index).padStart(3, '0')} `);
  const driver = new Driver({ line: 'cat |', complete: words(...many), columns: 80 });
  await driver.press(TAB, TAB);
  assert.deepEqual(await driver.press(C('c')), [{ kind: 'done', result: { kind: 'interrupted' } }]);
  assert.equal(driver.prompt, 'Display all 150 possibilities? (y or n)');
});

test('completion: the completer hears which Tab lists, and a listing shows labels it is given', async () => {
  const calls: boolean[] = [];
  const complete: Completer = async (_line, cursor, listing) => {
    calls.push(listing);
    return { start: 3, end: cursor, candidates: ['dir/sub/', 'dir/subtle ', 'dir/x '], listed: { labels: ['sub/', 'subtle', 'x'], marksDirectories: true } };
  };
  const driver = new Driver({ line: 'ls dir/|', complete });
  // A directory's mark is not counted in the column width (readline): 6 + 2 cells.
  assert.deepEqual(await driver.press(TAB, TAB), [{ kind: 'bell' }, { kind: 'list', lines: ['sub/    subtle  x'] }]);
  assert.deepEqual(calls, [false, true]);
});
