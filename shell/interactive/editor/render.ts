/**
 * Drawing views on the terminal. The renderer remembers the layout on screen and, for each new
 * view, writes from the first glyph that differs, clears what the old view left beyond the new
 * end, and moves the cursor: typing at the end of the line writes just the character.
 *
 * Long rows wrap by the terminal's autowrap, never by a written newline (only the line's own
 * newlines are written), so a terminal that reflows wrapped rows on resize (xterm.js, VTE,
 * iTerm2) keeps them one logical line and the renderer can tell where the cursor went. Terminals
 * that do not reflow leave stale rows after a resize. After a row's last cell the terminal holds
 * its cursor on the edge until the next character; where nothing follows, a space and a carriage
 * return move it to the next row's start, which is where the layout puts it. A view taller than
 * the screen cannot be redrawn in place: the cursor cannot go up past the top.
 */
import { layout, type Glyph, type Layout, type Position, type View } from './layout';

const ORIGIN: Position = { row: 0, col: 0 };
const ERASE_TO_END_OF_LINE = '\x1b[K';
const ERASE_TO_END_OF_SCREEN = '\x1b[J';

export class Renderer {
  /** The layout on screen, the terminal's cursor at its cursor; undefined when nothing is (the cursor is where drawing starts). */
  private drawn: Layout | undefined;

  constructor(private readonly write: (text: string) => void) {}

  /**
   * Makes sure drawing starts at the beginning of a line, as zsh and fish do: when the last output
   * did not end with a newline, a reverse-video % marks where it ended and the prompt goes below.
   * The spaces after the mark fill exactly the rest of a row started at its first column.
   */
  startOnFreshLine(columns: number): void {
    this.write(`\x1b[7m%\x1b[27m${' '.repeat(Math.max(0, columns - 1))}\r${ERASE_TO_END_OF_LINE}`);
  }

  render(view: View, columns: number): void {
    if (this.drawn !== undefined && this.drawn.columns !== columns) this.resize(columns);
    const next = layout(view, columns);
    const drawn = this.drawn;
    const out = new Output(drawn?.cursor ?? ORIGIN);
    const from = drawn === undefined ? 0 : firstDifference(drawn, next);
    if (drawn === undefined || from < Math.max(drawn.glyphs.length, next.glyphs.length)) {
      out.moveTo(from === 0 ? ORIGIN : next.glyphs[from - 1]!.end);
      for (const glyph of next.glyphs.slice(from)) out.glyph(glyph);
      if (drawn !== undefined && after(drawn.end, next.end)) out.erase(drawn.end.row === next.end.row ? ERASE_TO_END_OF_LINE : ERASE_TO_END_OF_SCREEN);
    }
    out.moveTo(next.cursor);
    this.drawn = next;
    this.write(out.text);
  }

  /**
   * Leaves the view on screen and moves below it, after writing `mark` at its end (^C for an
   * interrupted line). The next render starts afresh on the new line.
   */
  commit(mark = ''): void {
    const drawn = this.drawn;
    const out = this.leave();
    if (drawn === undefined || out === undefined) return;
    // Ending on a row of its own (after a full row or a newline), the view needs no newline:
    // one would leave a blank row. The erase removes the space that moved the cursor there.
    if (mark === '' && drawn.end.row > 0 && drawn.end.col === 0) out.erase(ERASE_TO_END_OF_LINE);
    else out.raw(`${mark}\r\n`);
    this.write(out.text);
  }

  /** Leaves the view on screen and the cursor at its end, for the caller to write there (as bash writes "exit"). */
  release(): void {
    const out = this.leave();
    if (out !== undefined) this.write(out.text);
  }

  /** Output that moves the cursor to the end of what is drawn, which is from then on left alone. */
  private leave(): Output | undefined {
    const drawn = this.drawn;
    if (drawn === undefined) return undefined;
    this.drawn = undefined;
    const out = new Output(drawn.cursor);
    out.moveTo(drawn.end);
    return out;
  }

  /**
   * Writes `text` on rows inserted above the view, which stays drawn and moves down with its rows
   * rather than being drawn again: a terminal that tracks where the prompt starts (VS Code's
   * shell integration marks that row) keeps tracking it. Room is made first by moving below the
   * view, scrolling at the bottom of the screen, so that the rows the insertion pushes off are
   * blank. False, with nothing written, when there is no view or it and the text do not fit on a
   * screen `screenRows` high; the caller then erases and draws again instead.
   */
  insertAbove(text: string, columns: number, screenRows: number): boolean {
    const drawn = this.drawn;
    if (drawn === undefined || drawn.columns !== columns) return false;
    const lines = text.replace(/\r?\n$/, '').split(/\r?\n/).map((line) => layout({ prompt: '', text: line, cursor: line.length }, columns));
    const inserted = lines.reduce((rows, line) => rows + rowsTaken(line), 0);
    const height = Math.max(drawn.end.row, drawn.cursor.row) + 1;
    if (height + inserted > screenRows) return false;
    const out = new Output(drawn.cursor);
    out.moveTo({ row: height - 1, col: 0 });
    out.raw(`${'\n'.repeat(inserted)}${csi(inserted + height - 1, 'A')}${csi(inserted, 'L')}\r`);
    for (const line of lines) out.raw(`${line.glyphs.map((glyph) => (glyph.kind === 'newline' ? '' : glyph.output)).join('')}\r\n`);
    const back = new Output(ORIGIN);
    back.moveTo(drawn.cursor);
    this.write(out.text + back.text);
    return true;
  }

  /** Removes the view from the screen; the next render starts where it was. */
  erase(): void {
    const drawn = this.drawn;
    if (drawn === undefined) return;
    const out = new Output(drawn.cursor);
    out.moveTo(ORIGIN);
    out.erase(ERASE_TO_END_OF_SCREEN);
    this.drawn = undefined;
    this.write(out.text);
  }

  /**
   * The terminal is `columns` wide now and has reflowed what was drawn, the cursor with it: goes
   * back to where the view starts and erases it, for the next render to draw it anew.
   */
  resize(columns: number): void {
    const drawn = this.drawn;
    if (drawn === undefined) return;
    const reflowed = layout(drawn.view, columns);
    const out = new Output(reflowed.cursor);
    out.moveTo(ORIGIN);
    out.erase(ERASE_TO_END_OF_SCREEN);
    this.drawn = undefined;
    this.write(out.text);
  }

  /** Clears the screen; the next render draws at the top. */
  clearScreen(): void {
    this.drawn = undefined;
    this.write('\x1b[H\x1b[2J');
  }
}

/** The index of the first glyph that differs; any change to the prompt redraws it whole, for its escapes to apply. */
function firstDifference(drawn: Layout, next: Layout): number {
  if (drawn.view.prompt !== next.view.prompt) return 0;
  const length = Math.min(drawn.glyphs.length, next.glyphs.length);
  let index = 0;
  while (index < length && sameGlyph(drawn.glyphs[index]!, next.glyphs[index]!)) index += 1;
  return index;
}

function sameGlyph(a: Glyph, b: Glyph): boolean {
  if (a.kind !== b.kind || !samePosition(a.at, b.at) || !samePosition(a.end, b.end)) return false;
  return a.kind === 'newline' || (b.kind !== 'newline' && a.output === b.output);
}

function samePosition(a: Position, b: Position): boolean {
  return a.row === b.row && a.col === b.col;
}

function after(a: Position, b: Position): boolean {
  return a.row > b.row || (a.row === b.row && a.col > b.col);
}

/** Output being composed, tracking where the terminal's cursor goes. */
class Output {
  text = '';
  /** The last glyph filled its row: the terminal holds the cursor on the edge, and the layout has it on the next row. */
  private onEdge = false;

  constructor(private cursor: Position) {}

  glyph(glyph: Glyph): void {
    switch (glyph.kind) {
      case 'raw':
        // Escape sequences leave a cursor on the edge where it is.
        this.text += glyph.output;
        return;
      case 'newline':
        this.erase(ERASE_TO_END_OF_LINE);
        this.text += '\r\n';
        break;
      case 'text':
        // The terminal wraps a wide character that does not fit; the cell it skips may hold old text.
        if (glyph.wrapped) this.erase(ERASE_TO_END_OF_LINE);
        this.text += glyph.output;
        if (glyph.width > 0) this.onEdge = glyph.end.col === 0;
        break;
    }
    this.cursor = glyph.end;
  }

  raw(text: string): void {
    this.settle();
    this.text += text;
  }

  erase(sequence: string): void {
    this.settle();
    this.text += sequence;
  }

  moveTo(target: Position): void {
    this.settle();
    const { row, col } = this.cursor;
    if (target.row < row) this.text += csi(row - target.row, 'A');
    else if (target.row > row) this.text += csi(target.row - row, 'B');
    if (target.col === 0 && col !== 0) this.text += '\r';
    else if (target.col > col) this.text += csi(target.col - col, 'C');
    else if (target.col < col) this.text += csi(col - target.col, 'D');
    this.cursor = target;
  }

  /** Moves a cursor held on the edge to the next row's start, where the layout has it. */
  private settle(): void {
    if (!this.onEdge) return;
    this.text += ' \r';
    this.onEdge = false;
  }
}

/** The rows a laid-out line fills: one at least, and none for the cursor's place after a row filled exactly. */
function rowsTaken(line: Layout): number {
  return line.end.col === 0 && line.end.row > 0 ? line.end.row : line.end.row + 1;
}

function csi(count: number, final: string): string {
  return count === 1 ? `\x1b[${final}` : `\x1b[${count}${final}`;
}
