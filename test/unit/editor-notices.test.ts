// Notices above the prompt and the extension's `fg` stand-in, on a real terminal emulator
// (@xterm/headless, the emulator VS Code's terminal is built on). VS Code's shell integration
// marks the prompt's row with an xterm marker and reads the command line from that row onwards,
// so the prompt must keep its row's identity when a notice is written above it, and the line
// that runs must be on the screen when the command starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Terminal, type IMarker } from '@xterm/headless';
import { History, LineEditor, type EditorTerminal, type ReadResult } from '../../shell/interactive/editor';

class XtermScreen implements EditorTerminal {
  readonly input = new PassThrough();
  readonly xterm: Terminal;

  constructor(columns: number, rows: number) {
    this.xterm = new Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 100 });
  }

  write(text: string): void {
    this.xterm.write(text);
  }

  columns(): number {
    return this.xterm.cols;
  }

  rows(): number {
    return this.xterm.rows;
  }

  onResize(): () => void {
    return () => undefined;
  }

  setRawMode(): void {}

  /** Resolves once everything written so far is on the screen. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.xterm.write('', resolve));
  }

  /** The buffer's lines (scrollback included), trailing blanks dropped. */
  lines(): string[] {
    const buffer = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let index = 0; index < buffer.length; index += 1) lines.push(buffer.getLine(index)?.translateToString(true) ?? '');
    while (lines.length > 0 && lines.at(-1) === '') lines.pop();
    return lines;
  }

  /** A marker `offset` rows from the cursor's row, as VS Code puts on a prompt. */
  mark(offset: number): IMarker {
    const marker = this.xterm.registerMarker(offset);
    assert.ok(marker !== undefined, 'xterm made no marker');
    return marker;
  }

  line(index: number): string {
    return this.xterm.buffer.active.getLine(index)?.translateToString(true) ?? '';
  }

  /** The cursor's line in the buffer and its column. */
  cursor(): { line: number; col: number } {
    const buffer = this.xterm.buffer.active;
    return { line: buffer.baseY + buffer.cursorY, col: buffer.cursorX };
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 5000; !(await condition()); ) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function setup(columns: number, rows: number) {
  const screen = new XtermScreen(columns, rows);
  const editor = new LineEditor(screen, { history: new History(), escapeTimeout: 5 });
  const read = (initial?: { text: string; cursor?: number }): Promise<ReadResult> => editor.read('$ ', initial);
  /** Resolves once the cursor's line reads `text`. */
  const shows = (text: string): Promise<void> =>
    until(async () => {
      await screen.settled();
      return screen.line(screen.cursor().line) === text;
    }, `the cursor's line to read ${JSON.stringify(text)}; the buffer reads ${JSON.stringify(screen.lines())}`);
  return { screen, editor, read, shows };
}

/**
 * A read in progress, after `earlier` output, with `typed` typed at its prompt, once the cursor's
 * line shows `shown`.
 */
async function typing(columns: number, rows: number, typed: string, { shown = `$ ${typed}`, earlier = '' } = {}) {
  const context = setup(columns, rows);
  context.screen.write(earlier);
  const result = context.read();
  context.screen.input.write(typed);
  await context.shows(shown);
  return { ...context, result };
}

test('editor notices: a notice goes on rows inserted above the prompt, and a marker on the prompt row follows it down', async () => {
  const { screen, editor, result } = await typing(40, 10, 'sleep 1', { earlier: 'earlier output\r\n' });
  const promptRow = screen.mark(0);
  editor.printAbove('[1]+ Done sleep 5\n[2]- Done sleep 6\n');
  await screen.settled();
  assert.deepEqual(screen.lines(), ['earlier output', '[1]+ Done sleep 5', '[2]- Done sleep 6', '$ sleep 1']);
  assert.equal(promptRow.isDisposed, false);
  assert.equal(promptRow.line, 3, 'the marker moved down with the prompt');
  assert.deepEqual(screen.cursor(), { line: 3, col: 9 });
  screen.input.write('0\r');
  assert.deepEqual(await result, { kind: 'line', text: 'sleep 10' });
});

test('editor notices: at the bottom of the screen the screen scrolls first, and a prompt that wraps keeps its rows', async () => {
  // Four rows of output: the prompt starts on the screen's last row.
  const { screen, editor, result } = await typing(20, 5, 'echo 0123456789abcdefghij\x1b[D', { shown: 'defghij', earlier: '1\r\n2\r\n3\r\n4\r\n' });
  const promptRow = screen.mark(-1);
  const before = promptRow.line;
  assert.equal(screen.line(before), '$ echo 0123456789abc');
  editor.printAbove('a notice longer than one row\n');
  await screen.settled();
  assert.equal(promptRow.line, before + 2, 'the marker moved down with its row, under the two rows of the notice');
  assert.deepEqual(screen.lines().slice(-4), ['a notice longer than', ' one row', '$ echo 0123456789abc', 'defghij']);
  assert.equal(screen.line(promptRow.line), '$ echo 0123456789abc');
  assert.deepEqual(screen.cursor(), { line: promptRow.line + 1, col: 6 });
  screen.input.write('!\r');
  assert.deepEqual(await result, { kind: 'line', text: 'echo 0123456789abcdefghi!j' });
});

test('editor notices: a notice with the prompt taller than the screen erases and draws the line again below it', async () => {
  const { screen, editor, shows, result } = await typing(20, 4, 'ls');
  editor.printAbove('one\ntwo\nthree\nfour\n');
  await shows('$ ls');
  assert.deepEqual(screen.lines().slice(-5), ['one', 'two', 'three', 'four', '$ ls']);
  screen.input.write('\r');
  assert.deepEqual(await result, { kind: 'line', text: 'ls' });
});

test('editor notices: the fg stand-in is on the prompt row, read from the marked column as VS Code reads a command line', async () => {
  const { screen, editor, result } = await typing(40, 10, 'half typed');
  const promptRow = screen.mark(0);
  assert.equal(editor.interrupt('fg %1'), true);
  assert.deepEqual(await result, { kind: 'suspended', text: 'half typed', cursor: 10 });
  await screen.settled();
  assert.equal(screen.line(promptRow.line).slice(2), 'fg %1');
  assert.deepEqual(screen.cursor(), { line: promptRow.line + 1, col: 0 });
});

test('editor notices: the fg stand-in is drawn whole, prompt included, after the terminal cut the cursor row short in a resize the shell never heard of', async () => {
  const { screen, editor, result } = await typing(40, 10, 'half');
  const promptRow = screen.mark(0);
  // xterm.js keeps the cursor's row as it is when narrowed (the shell is to redraw it), so the
  // row loses what did not fit and the cursor is held at the narrow edge.
  screen.xterm.resize(4, 10);
  screen.xterm.resize(40, 10);
  await screen.settled();
  assert.equal(screen.line(promptRow.line), '$ ha');
  assert.equal(editor.interrupt('fg %1'), true);
  await result;
  await screen.settled();
  assert.equal(screen.line(promptRow.line), '$ fg %1');
});

test('editor notices: an accepted line is drawn whole before it runs, so the row shows it after a resize the shell never heard of', async () => {
  const { screen, shows, result } = await typing(40, 10, 'no-such');
  const promptRow = screen.mark(0);
  screen.xterm.resize(4, 10);
  screen.xterm.resize(40, 10);
  // Typed while the terminal holds its cursor at the narrow edge: the echo lands there.
  screen.input.write('-command');
  await until(async () => {
    await screen.settled();
    return screen.line(promptRow.line) === '$ n-command';
  }, `the echo at the narrow edge; the row reads ${JSON.stringify(screen.line(promptRow.line))}`);
  screen.input.write('\r');
  assert.deepEqual(await result, { kind: 'line', text: 'no-such-command' });
  await shows('');
  assert.equal(screen.line(promptRow.line), '$ no-such-command');
});
