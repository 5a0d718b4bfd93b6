import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { History, LineEditor, type Completer, type EditorTerminal, type ReadResult } from '../../shell/interactive/editor';
import { KeyBindings } from '../../shell/interactive/editor/bindings';
import { Renderer } from '../../shell/interactive/editor/render';
import { layout, type View } from '../../shell/interactive/editor/layout';

// A minimal terminal screen: autowrap with the cursor held on the edge, wide characters, CR,
// LF, cursor moves, erases, and xterm.js-style reflow of wrapped rows on resize. It knows
// nothing of the editor's code, so it checks what the escapes really do.

type Cell = { readonly text: string; readonly width: 1 | 2 } | 'right-half' | 'skipped';
type Written = Exclude<Cell, 'skipped'>;
const written = (cell: Cell): cell is Written => cell !== 'skipped';
const BLANK: Cell = { text: ' ', width: 1 };

function cellWidth(character: string): 0 | 1 | 2 {
  if (/^[\p{M}\u200d\ufe0f]$/u.test(character)) return 0;
  return /^[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]$|^\p{Extended_Pictographic}$/u.test(character) ? 2 : 1;
}

class Screen {
  private rows: Cell[][] = [[]];
  /** wrapped[i]: row i continues row i - 1 (autowrap, not a newline). */
  private wrapped: boolean[] = [false];
  row = 0;
  col = 0;
  /** The last column was written: the next character wraps. */
  private onEdge = false;
  bracketedPaste = false;
  bells = 0;

  constructor(public columns: number) {}

  write(data: string): void {
    let index = 0;
    while (index < data.length) {
      const character = String.fromCodePoint(data.codePointAt(index)!);
      index += character.length;
      if (character === '\x1b') index = this.escape(data, index);
      else if (character === '\r') [this.col, this.onEdge] = [0, false];
      else if (character === '\n') this.down(false);
      else if (character === '\x07') this.bells += 1;
      else if (character === '\b') [this.col, this.onEdge] = [Math.max(0, this.col - 1), false];
      else this.print(character);
    }
  }

  /** The rows as text, trailing blanks and trailing empty rows dropped. */
  get lines(): string[] {
    const lines = this.rows.map((cells) => cells.map((cell) => (cell === 'right-half' ? '' : cell === 'skipped' ? ' ' : cell.text)).join('').trimEnd());
    while (lines.length > 1 && lines.at(-1) === '') lines.pop();
    return lines;
  }

  get cursor(): { row: number; col: number } {
    return { row: this.row, col: this.col };
  }

  /** The terminal is now `columns` wide: rows that wrapped are joined and wrapped again, the cursor with them. */
  reflow(columns: number): void {
    const rows: Cell[][] = [];
    const wrapped: boolean[] = [];
    let cursor = { row: 0, col: 0 };
    for (let start = 0; start < this.rows.length; ) {
      let end = start + 1;
      while (end < this.rows.length && this.wrapped[end]) end += 1;
      // The logical line's cells, and the cursor's place among them.
      const cells: Written[] = [];
      let cursorAt: number | undefined;
      for (let row = start; row < end; row += 1) {
        const own = this.rows[row]!.filter(written);
        if (row === this.row) cursorAt = cells.length + this.rows[row]!.slice(0, this.col).filter(written).length;
        cells.push(...(row < end - 1 ? own : trimBlanks(own)));
      }
      let line: Cell[] = [];
      rows.push(line);
      wrapped.push(false);
      cells.forEach((cell, index) => {
        if (cell !== 'right-half' && line.length + cell.width > columns) {
          while (line.length < columns) line.push('skipped');
          line = [];
          rows.push(line);
          wrapped.push(true);
        }
        if (index === cursorAt) cursor = { row: rows.length - 1, col: line.length };
        line.push(cell);
      });
      if (cursorAt !== undefined && cursorAt >= cells.length) {
        const offset = line.length + cursorAt - cells.length;
        cursor = { row: rows.length - 1 + Math.floor(offset / columns), col: offset % columns };
        while (rows.length - 1 < cursor.row) {
          rows.push([]);
          wrapped.push(true);
        }
      }
      start = end;
    }
    [this.rows, this.wrapped, this.columns] = [rows, wrapped, columns];
    [this.row, this.col, this.onEdge] = [cursor.row, cursor.col, false];
  }

  private print(character: string): void {
    const width = cellWidth(character);
    const cells = this.rows[this.row]!;
    if (width === 0) {
      const before = this.col > 0 ? cells[this.col - 1] : undefined;
      if (before !== undefined && typeof before === 'object') cells[this.col - 1] = { ...before, text: before.text + character };
      return;
    }
    if (this.onEdge || this.col + width > this.columns) {
      if (!this.onEdge) for (let col = this.col; col < this.columns; col += 1) cells[col] = 'skipped';
      this.down(true);
      this.col = 0;
    }
    const row = this.rows[this.row]!;
    while (row.length < this.col) row.push(BLANK);
    row[this.col] = { text: character, width };
    if (width === 2) row[this.col + 1] = 'right-half';
    this.col += width;
    this.onEdge = this.col >= this.columns;
    if (this.onEdge) this.col = this.columns - 1;
  }

  private down(wrap: boolean): void {
    this.row += 1;
    this.onEdge = false;
    if (this.row === this.rows.length) {
      this.rows.push([]);
      this.wrapped.push(wrap);
    } else if (wrap) this.wrapped[this.row] = true;
  }

  private escape(data: string, index: number): number {
    const introducer = data[index];
    if (introducer === ']') {
      const end = data.indexOf('\x07', index);
      return end < 0 ? data.length : end + 1;
    }
    if (introducer !== '[') return index + 1;
    const match = /^\[([?\d;]*)([@-~])/.exec(data.slice(index))!;
    const [sequence, parameters, final] = match as unknown as [string, string, string];
    const count = Math.max(1, Number(parameters.split(';')[0] || 1));
    this.onEdge = this.onEdge && final === 'm';
    switch (final) {
      case 'A':
        this.row = Math.max(0, this.row - count);
        break;
      case 'B':
        this.row = Math.min(this.rows.length - 1, this.row + count);
        break;
      case 'C':
        this.col = Math.min(this.columns - 1, this.col + count);
        break;
      case 'D':
        this.col = Math.max(0, this.col - count);
        break;
      case 'H':
        [this.row, this.col] = [0, 0];
        break;
      case 'J':
        if (parameters === '2') {
          this.rows = [[]];
          this.wrapped = [false];
        } else {
          this.rows[this.row]!.length = Math.min(this.rows[this.row]!.length, this.col);
          this.rows.length = this.row + 1;
          this.wrapped.length = this.row + 1;
        }
        break;
      case 'K':
        this.rows[this.row]!.length = Math.min(this.rows[this.row]!.length, this.col);
        break;
      case 'L':
        // Insert lines; this screen has no bottom to push rows off.
        this.rows.splice(this.row, 0, ...Array.from({ length: count }, (): Cell[] => []));
        this.wrapped.splice(this.row, 0, ...Array.from({ length: count }, () => false));
        this.col = 0;
        break;
      case 'h':
      case 'l':
        if (parameters === '?2004') this.bracketedPaste = final === 'h';
        break;
    }
    return index + sequence.length;
  }
}

function trimBlanks(cells: Written[]): Written[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === BLANK) end -= 1;
  return cells.slice(0, end);
}

class Input extends PassThrough {
  constructor(private readonly events: string[]) {
    super();
  }

  override pause(): this {
    this.events.push('pause');
    return super.pause();
  }
}

class FakeTerminal implements EditorTerminal {
  readonly events: string[] = [];
  readonly input = new Input(this.events);
  readonly screen: Screen;
  private readonly resizeListeners = new Set<() => void>();

  constructor(
    private width = 80,
    private height = 24,
  ) {
    this.screen = new Screen(width);
  }

  write(text: string): void {
    this.screen.write(text);
  }

  columns(): number {
    return this.width;
  }

  rows(): number {
    return this.height;
  }

  onResize(listener: () => void): () => void {
    this.resizeListeners.add(listener);
    return () => this.resizeListeners.delete(listener);
  }

  setRawMode(raw: boolean): void {
    this.events.push(`raw ${raw}`);
  }

  type(data: string): void {
    this.input.write(data);
  }

  resize(columns: number): void {
    this.screen.reflow(columns);
    this.width = columns;
    for (const listener of this.resizeListeners) listener();
  }
}

/** Waits until `condition` holds, turning the event loop meanwhile; fails instead of hanging. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 5000; !condition(); ) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function setup(options: { columns?: number; rows?: number; history?: string[]; complete?: Completer; bindings?: KeyBindings } = {}) {
  const terminal = new FakeTerminal(options.columns, options.rows);
  const history = new History();
  for (const entry of options.history ?? []) history.add(entry);
  const editor = new LineEditor(terminal, { history, complete: options.complete, bindings: options.bindings, escapeTimeout: 5 });
  /** Starts a read whose result is also logged in terminal.events when it settles. */
  const read = (prompt = '$ ', initial?: { text: string; cursor?: number }): Promise<ReadResult> =>
    editor.read(prompt, initial).then((result) => {
      terminal.events.push(`resolved ${result.kind}`);
      return result;
    });
  /** Resolves once the screen's last line reads `line`. */
  const shows = (line: string): Promise<void> => until(() => terminal.screen.lines.at(-1) === line, `the last line to read ${JSON.stringify(line)}; it reads ${JSON.stringify(terminal.screen.lines)}`);
  return { terminal, editor, history, read, shows, screen: terminal.screen };
}

test('editor: reads a line; what is typed shows after the prompt', async () => {
  const { terminal, read, shows, screen } = setup();
  const result = read();
  await shows('$');
  assert.deepEqual(screen.cursor, { row: 0, col: 2 });
  terminal.type('echo hi');
  await shows('$ echo hi');
  terminal.type('\r');
  assert.deepEqual(await result, { kind: 'line', text: 'echo hi' });
  assert.deepEqual(screen.lines, ['$ echo hi']);
  assert.deepEqual(screen.cursor, { row: 1, col: 0 });
});

test('editor: raw mode is left and input paused before the read resolves', async () => {
  const { terminal, read, shows } = setup();
  const result = read();
  await shows('$');
  assert.deepEqual(terminal.events, ['raw true']);
  assert.equal(terminal.input.isPaused(), false);
  terminal.type('ls\r');
  await result;
  assert.deepEqual(terminal.events, ['raw true', 'pause', 'raw false', 'resolved line']);
  assert.equal(terminal.input.isPaused(), true);
  assert.equal(terminal.input.listenerCount('data'), 0);
  assert.equal(terminal.screen.bracketedPaste, false);
});

test('editor: bracketed paste is on while reading, and a multi-line paste is one line to edit', async () => {
  const { terminal, read, shows, screen } = setup();
  const result = read();
  await shows('$');
  assert.equal(screen.bracketedPaste, true);
  terminal.type('\x1b[200~echo a\r\necho b\x1b[201~');
  await shows('echo b');
  assert.deepEqual(screen.lines, ['$ echo a', 'echo b']);
  terminal.type('\r');
  assert.deepEqual(await result, { kind: 'line', text: 'echo a\necho b' });
});

test('editor: C-c discards the line, shows ^C, and returns interrupted', async () => {
  const { terminal, read, shows, screen } = setup();
  const first = read();
  terminal.type('sleep 10\x02\x02');
  await until(() => screen.cursor.col === 8, 'the cursor to move back');
  terminal.type('\x03');
  assert.deepEqual(await first, { kind: 'interrupted' });
  const second = read();
  await shows('$');
  assert.deepEqual(screen.lines, ['$ sleep 10^C', '$']);
  terminal.type('\r');
  assert.deepEqual(await second, { kind: 'line', text: '' });
});

test('editor: C-d on an empty line is eof, the cursor left after the prompt; on text it deletes', async () => {
  const { terminal, read, shows, screen } = setup();
  const first = read();
  terminal.type('ab\x01\x04');
  await shows('$ b');
  terminal.type('\x0b\x04');
  assert.deepEqual(await first, { kind: 'eof' });
  assert.deepEqual(screen.lines, ['$']);
  assert.deepEqual(screen.cursor, { row: 0, col: 2 });
});

test('editor: interrupt() with a stand-in shows it accepted in place of the line, which the next read restores', async () => {
  const { terminal, editor, read, shows, screen } = setup();
  const first = read();
  terminal.type('echo hel\x1b[D');
  await until(() => screen.cursor.col === 9, 'the cursor to move back');
  assert.equal(editor.interrupt('fg %1'), true);
  assert.deepEqual(await first, { kind: 'suspended', text: 'echo hel', cursor: 7 });
  assert.deepEqual(screen.lines, ['$ fg %1']);
  assert.deepEqual(screen.cursor, { row: 1, col: 0 });
  const second = read('$ ', { text: 'echo hel', cursor: 7 });
  await shows('$ echo hel');
  assert.deepEqual(screen.lines, ['$ fg %1', '$ echo hel']);
  terminal.type('\r');
  assert.deepEqual(await second, { kind: 'line', text: 'echo hel' });
});

test('editor: interrupt() ends the read with the line, and the next read restores it', async () => {
  const { terminal, editor, read, shows, screen } = setup();
  const first = read();
  terminal.type('echo hel\x1b[D\x1b[D');
  await until(() => screen.cursor.col === 8, 'the cursor to move back');
  assert.equal(editor.interrupt(), true);
  assert.deepEqual(await first, { kind: 'suspended', text: 'echo hel', cursor: 6 });
  assert.deepEqual(terminal.events, ['raw true', 'pause', 'raw false', 'resolved suspended']);
  assert.deepEqual(screen.lines, ['']);
  assert.equal(editor.interrupt(), false);
  const second = read('$ ', { text: 'echo hel', cursor: 6 });
  await shows('$ echo hel');
  assert.deepEqual(screen.cursor, { row: 0, col: 8 });
  terminal.type('X\r');
  assert.deepEqual(await second, { kind: 'line', text: 'echo hXel' });
});

test('editor: input typed between reads is left unread until the next read', async () => {
  const { terminal, read } = setup();
  const first = read();
  terminal.type('one\r');
  await first;
  terminal.type('two\r');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(terminal.input.readableLength, 4); // still in the stream: nobody read it
  assert.deepEqual(await read(), { kind: 'line', text: 'two' });
});

test('editor: lines typed ahead in one chunk are read one per read', async () => {
  const { terminal, read, screen } = setup();
  const first = read();
  terminal.type('one\rtwo\rthr');
  assert.deepEqual(await first, { kind: 'line', text: 'one' });
  assert.deepEqual(await read(), { kind: 'line', text: 'two' });
  const third = read();
  await until(() => screen.lines.at(-1) === '$ thr', 'the rest typed ahead');
  terminal.type('ee\r');
  assert.deepEqual(await third, { kind: 'line', text: 'three' });
});

test('editor: a resize while reading redraws the wrapped line for the new width', async () => {
  const { terminal, read, shows, screen } = setup({ columns: 20 });
  const result = read();
  terminal.type('0123456789abcdefghijklmnopqrstuvwxyz\x1b[D\x1b[D');
  await until(() => screen.lines.length === 2 && screen.cursor.col === 16, 'the wrapped line');
  assert.deepEqual(screen.lines, ['$ 0123456789abcdefgh', 'ijklmnopqrstuvwxyz']);
  terminal.resize(12);
  await shows('yz');
  assert.deepEqual(screen.lines, ['$ 0123456789', 'abcdefghijkl', 'mnopqrstuvwx', 'yz']);
  assert.deepEqual(screen.cursor, { row: 3, col: 0 });
  terminal.resize(50);
  await shows('$ 0123456789abcdefghijklmnopqrstuvwxyz');
  assert.deepEqual(screen.lines, ['$ 0123456789abcdefghijklmnopqrstuvwxyz']);
  assert.deepEqual(screen.cursor, { row: 0, col: 36 });
  terminal.type('!\r');
  assert.deepEqual(await result, { kind: 'line', text: '0123456789abcdefghijklmnopqrstuvwx!yz' });
});

test('editor: printAbove writes on rows inserted above the prompt, which stays as drawn', async () => {
  const { terminal, editor, read, shows, screen } = setup();
  const result = read();
  terminal.type('sleep 1');
  await shows('$ sleep 1');
  editor.printAbove('[1]+  Done                    sleep 5\n');
  assert.deepEqual(screen.lines, ['[1]+  Done                    sleep 5', '$ sleep 1']);
  assert.deepEqual(screen.cursor, { row: 1, col: 9 });
  editor.printAbove('two\nlines');
  assert.deepEqual(screen.lines, ['[1]+  Done                    sleep 5', 'two', 'lines', '$ sleep 1']);
  terminal.type('\r');
  await result;
});

test('editor: C-l clears the screen and draws the line at the top', async () => {
  const { terminal, read, shows, screen } = setup();
  screen.write('old output\r\n');
  const result = read();
  terminal.type('ls');
  await shows('$ ls');
  terminal.type('\x0c');
  await until(() => screen.lines.length === 1, 'the screen to clear');
  assert.deepEqual(screen.lines, ['$ ls']);
  terminal.type('\r');
  await result;
});

test('editor: output that did not end a line is marked, and the prompt starts below it', async () => {
  const { terminal, read, shows, screen } = setup({ columns: 20 });
  screen.write('partial');
  const result = read();
  await shows('$');
  assert.deepEqual(screen.lines, ['partial%', '$']);
  terminal.type('\r');
  await result;
});

test('editor: Tab completes; Tab again lists below the line and draws the prompt under the list', async () => {
  const complete: Completer = async (line, cursor) => ({ start: 0, end: cursor, candidates: ['make ', 'man ', 'mkdir '].filter((name) => name.startsWith(line.slice(0, cursor))) });
  const { terminal, read, shows, screen } = setup({ complete });
  const result = read();
  terminal.type('ma\t');
  await until(() => screen.bells === 1, 'the bell');
  terminal.type('\t');
  await until(() => screen.lines.length === 3, 'the list');
  assert.deepEqual(screen.lines, ['$ ma', 'make  man', '$ ma']);
  terminal.type('k\t');
  await shows('$ make');
  terminal.type('\r');
  assert.deepEqual(await result, { kind: 'line', text: 'make ' });
});

test('editor: a completion still running when the read is interrupted is dropped', async () => {
  let finish: ((candidates: string[]) => void) | undefined;
  const complete: Completer = (_line, cursor) => new Promise((resolve) => (finish = (candidates) => resolve({ start: 0, end: cursor, candidates })));
  const { terminal, editor, read, shows } = setup({ complete });
  const first = read();
  terminal.type('ec\t');
  await until(() => finish !== undefined, 'the completer to be called');
  editor.interrupt();
  assert.deepEqual(await first, { kind: 'suspended', text: 'ec', cursor: 2 });
  const second = read('$ ', { text: 'ec' });
  await shows('$ ec');
  finish!(['echo ']);
  terminal.type('x\r');
  assert.deepEqual(await second, { kind: 'line', text: 'ecx' });
});

test('editor: reverse search through the editor; Escape (after the input goes quiet) cancels', async () => {
  const { terminal, read, shows } = setup({ history: ['echo one', 'ls', 'echo two'] });
  const result = read();
  terminal.type('draft\x12ec');
  await shows("(reverse-i-search)`ec': echo two");
  terminal.type('\x12');
  await shows("(reverse-i-search)`ec': echo one");
  terminal.type('\x1b');
  await shows('$ draft');
  terminal.type('\x12\x12\r');
  assert.deepEqual(await result, { kind: 'line', text: 'echo two' });
});

test('editor: the end of input ends the read', async () => {
  const { terminal, read } = setup();
  const first = read();
  terminal.type('abc');
  terminal.input.end();
  assert.deepEqual(await first, { kind: 'eof' });
  assert.deepEqual(await read(), { kind: 'eof' });
});

test('editor: a second read while one is in progress is refused', async () => {
  const { terminal, editor, read } = setup();
  const first = read();
  await assert.rejects(editor.read('> '), /already in progress/);
  terminal.type('\r');
  await first;
});

test('editor: a terminal that fails to write rejects the read, raw mode left; the next read starts afresh', async () => {
  const { terminal, read, shows, screen } = setup();
  const result = read();
  await shows('$');
  const write = terminal.write;
  terminal.write = () => {
    throw new Error('EIO');
  };
  terminal.type('x');
  await assert.rejects(result, /EIO/);
  assert.deepEqual(terminal.events, ['raw true', 'pause', 'raw false']);
  terminal.write = write;
  const next = read('> ');
  await shows('>');
  assert.deepEqual(screen.cursor, { row: 1, col: 2 });
  terminal.type('\r');
  await next;
});

// The renderer, driven through many random edits at a narrow width with wide characters, must
// leave the screen showing exactly the prompt and line, and the cursor where the layout says.
test('render: random edits keep the screen and the cursor right', () => {
  let seed = 7;
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const alphabet = ['a', 'b', 'c', ' ', '日', '本', '🎉', 'é'];
  const screen = new Screen(7);
  const renderer = new Renderer((text) => screen.write(text));
  let text = '';
  let cursor = 0;
  const characters = (): string[] => [...text];
  for (let step = 0; step < 400; step += 1) {
    const chars = characters();
    const at = [...text.slice(0, cursor)].length;
    const action = random(6);
    if (action <= 2) {
      chars.splice(at, 0, alphabet[random(alphabet.length)]!);
      text = chars.join('');
      cursor = chars.slice(0, at + 1).join('').length;
    } else if (action === 3 && at > 0) {
      chars.splice(at - 1, 1);
      text = chars.join('');
      cursor = chars.slice(0, at - 1).join('').length;
    } else if (action === 4) cursor = chars.slice(0, random(chars.length + 1)).join('').length;
    else if (chars.length > 12) {
      chars.splice(random(chars.length), 6);
      text = chars.join('');
      cursor = Math.min(cursor, text.length);
      cursor = chars.slice(0, [...text.slice(0, cursor)].length).join('').length;
    }
    const view: View = { prompt: '> ', text, cursor };
    renderer.render(view, 7);
    const expected = layout(view, 7);
    assert.equal(screen.lines.join('').replaceAll(' ', ''), `>${text}`.replaceAll(' ', ''), `step ${step}: ${JSON.stringify(screen.lines)}`);
    assert.ok(screen.lines.length <= expected.end.row + 1, `step ${step}: rows left over: ${JSON.stringify(screen.lines)}`);
    assert.deepEqual(screen.cursor, expected.cursor, `step ${step}`);
  }
});

test('editor: with bell-style none nothing rings; a bind -x key ends the read with its command, the prompt and line erased', async () => {
  const bindings = new KeyBindings();
  bindings.settings.bellStyle = 'none';
  bindings.set('C-y', { kind: 'shell', command: 'echo hi' });
  const complete: Completer = async (_line, cursor) => ({ start: 0, end: cursor, candidates: ['make ', 'man '] });
  const { terminal, read, shows, screen } = setup({ complete, bindings });
  const result = read();
  terminal.type('ma\t');
  await shows('$ ma');
  terminal.type('\x19');
  assert.deepEqual(await result, { kind: 'shell-command', command: 'echo hi', text: 'ma', cursor: 2 });
  assert.equal(screen.bells, 0);
  assert.deepEqual(screen.lines, ['']);
});
