/**
 * Source.position: the line and column of an offset, whatever order offsets are asked in (it
 * tries the line it found last, and gives a position made lately again).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Source } from '../../shell/syntax/source';

/** The position of each offset counted from the start, one character at a time. */
function countedPositions(text: string, firstLine: number): { offset: number; line: number; column: number }[] {
  const positions = [];
  let line = firstLine;
  let column = 1;
  for (let offset = 0; offset <= text.length; offset += 1) {
    positions.push({ offset, line, column });
    if (text[offset] === '\n') {
      line += 1;
      column = 1;
    } else column += 1;
  }
  return positions;
}

test('Source.position agrees with counting, for offsets asked forward, backward and in jumps', () => {
  const text = 'echo a\n\nif true; then\n  x=1\nfi\n' + 'y\n'.repeat(100) + 'last';
  const counted = countedPositions(text, 3);
  const forward = counted.map((_, offset) => offset);
  const backward = [...forward].reverse();
  // Each offset next to one far away (two lines apart, lines apart, the slot 64 offsets on).
  const jumps = forward.flatMap((offset) => [offset, (offset * 37) % counted.length, (offset + 64) % counted.length]);
  for (const order of [forward, backward, jumps]) {
    const source = new Source(text, 3);
    for (const offset of order) assert.deepEqual(source.position(offset), counted[offset], `offset ${offset}`);
  }
});

test('Source.position of an empty text and of a text that is one newline', () => {
  assert.deepEqual(new Source('').position(0), { offset: 0, line: 1, column: 1 });
  const newline = new Source('\n');
  assert.deepEqual(newline.position(1), { offset: 1, line: 2, column: 1 });
  assert.deepEqual(newline.position(0), { offset: 0, line: 1, column: 1 });
});
