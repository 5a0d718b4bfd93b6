/**
 * Where a prompt and a line land on a terminal `columns` wide: each glyph's row and column,
 * counted from the prompt's first cell, and where the cursor rests.
 *
 * Escape sequences in the prompt take no cells (CSI, OSC and two-byte ones are recognised, and
 * anything between bash's \x01 and \x02 markers); newlines break rows; tabs are spaces to the
 * next multiple of 8; controls show in caret notation. A glyph too wide for what is left of a
 * row goes to the next one, as the terminal wraps it. A full row wraps at once: the position
 * after a row's last cell is the next row's first, since a terminal cursor cannot rest past the
 * edge.
 */
import { caretNotation, graphemes, graphemeWidth, isControl } from './graphemes';

/** A prompt and a line to draw, the cursor as an offset into the line. */
export interface View {
  readonly prompt: string;
  readonly text: string;
  readonly cursor: number;
}

export interface Position {
  readonly row: number;
  readonly col: number;
}

export type Glyph =
  /** Part of the prompt written as it is, taking no cells: an escape sequence. */
  | { readonly kind: 'raw'; readonly output: string; readonly at: Position; readonly end: Position }
  | { readonly kind: 'newline'; readonly at: Position; readonly end: Position }
  | {
      readonly kind: 'text';
      readonly output: string;
      readonly width: number;
      readonly at: Position;
      readonly end: Position;
      /** It did not fit on the row it was reached on, and starts the next one. */
      readonly wrapped: boolean;
    };

export interface Layout {
  readonly view: View;
  readonly columns: number;
  /** The prompt's glyphs, then the line's. */
  readonly glyphs: readonly Glyph[];
  /** Where the next glyph would go. */
  readonly end: Position;
  readonly cursor: Position;
}

export function layout(view: View, columns: number): Layout {
  const width = Math.max(1, columns);
  const glyphs: Glyph[] = [];
  let row = 0;
  let col = 0;

  const text = (output: string, cells: number): Position => {
    const wrapped = col > 0 && col + cells > width;
    if (wrapped) [row, col] = [row + 1, 0];
    const at = { row, col };
    col += cells;
    if (col >= width) [row, col] = [row + 1, 0];
    glyphs.push({ kind: 'text', output, width: cells, at, end: { row, col }, wrapped });
    return at;
  };
  const cluster = (grapheme: string): Position => {
    if (grapheme === '\n') {
      const at = { row, col };
      [row, col] = [row + 1, 0];
      glyphs.push({ kind: 'newline', at, end: { row, col } });
      return at;
    }
    if (grapheme === '\t') {
      const cells = Math.min(8 - (col % 8), width - col);
      return text(' '.repeat(cells), cells);
    }
    if (isControl(grapheme)) {
      const caret = caretNotation(grapheme);
      return text(caret, caret.length);
    }
    return text(grapheme, graphemeWidth(grapheme));
  };

  for (const piece of promptPieces(view.prompt)) {
    if (piece.raw) glyphs.push({ kind: 'raw', output: piece.text, at: { row, col }, end: { row, col } });
    else for (const { text: grapheme } of graphemes(piece.text)) cluster(grapheme);
  }
  let cursor: Position | undefined;
  for (const { text: grapheme, index } of graphemes(view.text)) {
    const at = cluster(grapheme);
    if (cursor === undefined && index >= view.cursor) cursor = at;
  }
  const end = { row, col };
  return { view, columns: width, glyphs, end, cursor: cursor ?? end };
}

interface PromptPiece {
  readonly raw: boolean;
  readonly text: string;
}

/** The prompt split into text to measure and escape sequences to pass through. */
function* promptPieces(prompt: string): Generator<PromptPiece> {
  let index = 0;
  let text = '';
  while (index < prompt.length) {
    const character = prompt[index]!;
    const length = character === '\x01' ? markedLength(prompt, index) : character === '\x1b' ? escapeLength(prompt, index) : 0;
    if (length === 0) {
      text += character;
      index += 1;
      continue;
    }
    if (text !== '') yield { raw: false, text };
    text = '';
    const raw = prompt.slice(index, index + length);
    yield { raw: true, text: character === '\x01' ? raw.slice(1).replace(/\x02$/, '') : raw };
    index += length;
  }
  if (text !== '') yield { raw: false, text };
}

/** \x01 … \x02, or to the end when unterminated. */
function markedLength(prompt: string, start: number): number {
  const end = prompt.indexOf('\x02', start + 1);
  return (end < 0 ? prompt.length : end + 1) - start;
}

/** The length of the escape sequence at `start`: CSI, OSC/DCS/APC/PM/SOS strings, or ESC with intermediates and a final byte. */
function escapeLength(prompt: string, start: number): number {
  const introducer = prompt[start + 1];
  if (introducer === undefined) return 1;
  let index = start + 2;
  if (introducer === '[') {
    while (index < prompt.length && !/[\x40-\x7e]/.test(prompt[index]!)) index += 1;
    return Math.min(index + 1, prompt.length) - start;
  }
  if (']P_^X'.includes(introducer)) {
    // Ends at BEL or ST (ESC \); unterminated, it runs to the end.
    while (index < prompt.length && prompt[index] !== '\x07' && !prompt.startsWith('\x1b\\', index)) index += 1;
    return Math.min(index + (prompt[index] === '\x07' ? 1 : 2), prompt.length) - start;
  }
  index = start + 1;
  while (index < prompt.length && /[\x20-\x2f]/.test(prompt[index]!)) index += 1;
  return Math.min(index + 1, prompt.length) - start;
}
