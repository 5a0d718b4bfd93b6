/**
 * The edit buffer: text and a cursor, as an immutable value, and the positions commands move to.
 * The cursor is a UTF-16 offset that always sits on a grapheme boundary, so no command splits a
 * character the user sees as one. The text may hold newlines (a pasted or recalled multi-line
 * command); "line" below means one of its newline-separated lines.
 */
import { boundaryAtOrBefore, graphemes, nextBoundary, previousBoundary, textWidth } from './graphemes';

export interface EditBuffer {
  readonly text: string;
  readonly cursor: number;
}

/** A buffer holding `text`, the cursor at `cursor` (the end by default) moved back onto a boundary. */
export function editBuffer(text: string, cursor = text.length): EditBuffer {
  return { text, cursor: boundaryAtOrBefore(text, cursor) };
}

export function insert(buffer: EditBuffer, text: string): EditBuffer {
  const { text: old, cursor } = buffer;
  // Inserted text can merge with its neighbours into one cluster (a combining mark after a letter).
  return editBuffer(old.slice(0, cursor) + text + old.slice(cursor), cursor + text.length);
}

/** The buffer without the text between two boundaries, the cursor where the text was. */
export function remove(buffer: EditBuffer, from: number, to: number): { buffer: EditBuffer; removed: string } {
  const [start, end] = from <= to ? [from, to] : [to, from];
  const { text, cursor } = buffer;
  const moved = cursor <= start ? cursor : cursor >= end ? cursor - (end - start) : start;
  return { buffer: editBuffer(text.slice(0, start) + text.slice(end), moved), removed: text.slice(start, end) };
}

export function moveTo(buffer: EditBuffer, cursor: number): EditBuffer {
  return editBuffer(buffer.text, cursor);
}

export function lineStart(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

export function lineEnd(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  return end < 0 ? text.length : end;
}

/** Readline's words: runs of letters, marks and digits. */
export const isWordCharacter = (cluster: string): boolean => /^[\p{L}\p{M}\p{N}]/u.test(cluster);
/** The words C-w deletes: runs of anything but white space. */
export const isNonBlank = (cluster: string): boolean => !/^\s/u.test(cluster);

/** The end of the word at or after `index`: past any separators, then past the word. */
export function wordEnd(text: string, index: number, inWord: (cluster: string) => boolean): number {
  let position = index;
  const clusterAt = (at: number): string => text.slice(at, nextBoundary(text, at));
  while (position < text.length && !inWord(clusterAt(position))) position = nextBoundary(text, position);
  while (position < text.length && inWord(clusterAt(position))) position = nextBoundary(text, position);
  return position;
}

/** The start of the word before `index`: back over any separators, then over the word. */
export function wordStart(text: string, index: number, inWord: (cluster: string) => boolean): number {
  let position = index;
  const clusterBefore = (at: number): string => text.slice(previousBoundary(text, at), at);
  while (position > 0 && !inWord(clusterBefore(position))) position = previousBoundary(text, position);
  while (position > 0 && inWord(clusterBefore(position))) position = previousBoundary(text, position);
  return position;
}

/** C-t: swaps the characters around the cursor (the two before it at the end) and steps forward. */
export function transpose(buffer: EditBuffer): EditBuffer {
  const { text, cursor } = buffer;
  const middle = cursor === text.length ? previousBoundary(text, cursor) : cursor;
  const start = previousBoundary(text, middle);
  if (start === middle) return buffer;
  const end = nextBoundary(text, middle);
  const swapped = text.slice(0, start) + text.slice(middle, end) + text.slice(start, middle) + text.slice(end);
  return editBuffer(swapped, end);
}

/** The cursor on the line above, at the same column or the nearest before it; undefined on the first line. */
export function lineAbove(buffer: EditBuffer): EditBuffer | undefined {
  const start = lineStart(buffer.text, buffer.cursor);
  if (start === 0) return undefined;
  return moveTo(buffer, atColumn(buffer.text, lineStart(buffer.text, start - 1), column(buffer)));
}

/** The cursor on the line below, at the same column or the nearest before it; undefined on the last line. */
export function lineBelow(buffer: EditBuffer): EditBuffer | undefined {
  const end = lineEnd(buffer.text, buffer.cursor);
  if (end === buffer.text.length) return undefined;
  return moveTo(buffer, atColumn(buffer.text, end + 1, column(buffer)));
}

function column(buffer: EditBuffer): number {
  return textWidth(buffer.text.slice(lineStart(buffer.text, buffer.cursor), buffer.cursor));
}

/** The last boundary on the line starting at `start` whose column is at most `target`. */
function atColumn(text: string, start: number, target: number): number {
  const line = text.slice(start, lineEnd(text, start));
  let width = 0;
  for (const cluster of graphemes(line)) {
    width += textWidth(cluster.text);
    if (width > target) return start + cluster.index;
  }
  return start + line.length;
}
