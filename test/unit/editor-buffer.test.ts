import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  editBuffer,
  insert,
  isNonBlank,
  isWordCharacter,
  lineAbove,
  lineBelow,
  remove,
  transpose,
  wordEnd,
  wordStart,
} from '../../shell/interactive/editor/buffer';
import { boundaryAtOrBefore, graphemeWidth, graphemes, nextBoundary, previousBoundary, printable, textWidth } from '../../shell/interactive/editor/graphemes';

const FAMILY = '👨‍👩‍👧'; // three emoji joined by ZWJ: one grapheme cluster, 8 UTF-16 units
const E_ACUTE = 'e\u0301'; // e and a combining acute accent

test('graphemes: boundaries step over whole clusters', () => {
  const text = `a${FAMILY}${E_ACUTE}b`;
  assert.equal(nextBoundary(text, 0), 1);
  assert.equal(nextBoundary(text, 1), 1 + FAMILY.length);
  assert.equal(nextBoundary(text, 1 + FAMILY.length), 3 + FAMILY.length);
  assert.equal(previousBoundary(text, text.length - 1), 1 + FAMILY.length);
  assert.equal(previousBoundary(text, 1 + FAMILY.length), 1);
  assert.equal(previousBoundary(text, 0), 0);
  assert.equal(nextBoundary(text, text.length), text.length);
});

test('graphemes: ASCII (its shortcut past ICU) splits exactly as Intl.Segmenter does, CR LF included', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const alphabet = ['a', ' ', '\r', '\n', '\t', '\x1b', '~', '\x7f'];
  let seed = 7;
  for (let round = 0; round < 300; round += 1) {
    let text = '';
    for (let length = round % 12; length > 0; length -= 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      text += alphabet[seed % alphabet.length];
    }
    const expected = [...segmenter.segment(text)].map(({ segment, index }) => ({ text: segment, index }));
    assert.deepEqual([...graphemes(text)], expected, JSON.stringify(text));
    const starts = new Set([...expected.map(({ index }) => index), text.length]);
    for (let index = 0; index <= text.length; index += 1) {
      const atOrBefore = Math.max(...[...starts].filter((start) => start <= index));
      assert.equal(boundaryAtOrBefore(text, index), atOrBefore, `${JSON.stringify(text)} at ${index}`);
      if (index > 0) assert.equal(previousBoundary(text, index), Math.max(...[...starts].filter((start) => start < index)), `${JSON.stringify(text)} before ${index}`);
      if (index < text.length) assert.equal(nextBoundary(text, index), Math.min(...[...starts].filter((start) => start > index)), `${JSON.stringify(text)} after ${index}`);
    }
  }
});

const widths: [string, number][] = [
  ['a', 1],
  ['日', 2],
  ['한', 2],
  ['Ａ', 2], // fullwidth A
  ['ｱ', 1], // halfwidth katakana
  ['🎉', 2],
  ['🫨', 2], // an emoji newer than the range table, caught by Emoji_Presentation
  [E_ACUTE, 1],
  ['\u200b', 0], // zero-width space
  ['\u0301', 0], // a combining mark on its own
  ['\u00ad', 1], // soft hyphen: terminals draw it
  ['🇫🇷', 2], // two regional indicators
  [FAMILY, 6], // wcwidth per code point, as xterm.js and VTE draw it
];
for (const [cluster, width] of widths) {
  test(`graphemes: ${JSON.stringify(cluster)} takes ${width} cells`, () => assert.equal(graphemeWidth(cluster), width));
}

test('graphemes: controls print in caret notation', () => {
  assert.equal(printable('a\x01b\x7f\x1b\u0085'), 'a^Ab^?^[M-^E');
  assert.equal(textWidth('日本\x01'), 6);
});

test('buffer: the cursor is kept on a grapheme boundary and in range', () => {
  assert.deepEqual(editBuffer('abc'), { text: 'abc', cursor: 3 });
  assert.deepEqual(editBuffer('abc', 99), { text: 'abc', cursor: 3 });
  assert.deepEqual(editBuffer('abc', -1), { text: 'abc', cursor: 0 });
  assert.deepEqual(editBuffer(`x${FAMILY}`, 3), { text: `x${FAMILY}`, cursor: 1 });
});

test('buffer: insert puts text at the cursor and moves past it', () => {
  assert.deepEqual(insert(editBuffer('ac', 1), 'b'), { text: 'abc', cursor: 2 });
  assert.deepEqual(insert(editBuffer('', 0), '日本'), { text: '日本', cursor: 2 });
});

test('buffer: a combining mark typed after a letter joins its cluster', () => {
  const joined = insert(editBuffer('e'), '\u0301');
  assert.deepEqual(joined, { text: E_ACUTE, cursor: 2 });
  assert.equal(previousBoundary(joined.text, joined.cursor), 0);
});

test('buffer: remove returns the text and moves the cursor with it', () => {
  assert.deepEqual(remove(editBuffer('abcdef', 6), 1, 3), { buffer: { text: 'adef', cursor: 4 }, removed: 'bc' });
  assert.deepEqual(remove(editBuffer('abcdef', 2), 1, 4), { buffer: { text: 'aef', cursor: 1 }, removed: 'bcd' });
  assert.deepEqual(remove(editBuffer('abcdef', 0), 4, 2), { buffer: { text: 'abef', cursor: 0 }, removed: 'cd' });
});

const words: [name: string, text: string, from: number, forward: number, backward: number][] = [
  ['inside a word', 'echo hello world', 7, 10, 5],
  ['from separators', 'echo   hello', 5, 12, 0],
  ['punctuation separates', 'cd ../foo-bar', 13, 13, 10],
  ['digits and accents are word characters', 'x=café2 y', 2, 7, 0],
  ['at the ends', 'word', 0, 4, 0],
];
for (const [name, text, from, forward, backward] of words) {
  test(`buffer: words (letters and digits), ${name}`, () => {
    assert.equal(wordEnd(text, from, isWordCharacter), forward);
    assert.equal(wordStart(text, from, isWordCharacter), backward);
  });
}

test('buffer: C-w words are runs of non-blanks', () => {
  assert.equal(wordStart('cd ../foo-bar', 13, isNonBlank), 3);
  assert.equal(wordStart('ls -l   ', 8, isNonBlank), 3);
  assert.equal(wordEnd('a  b-c d', 1, isNonBlank), 6);
});

const transposes: [before: [string, number], after: [string, number]][] = [
  [['abc', 1], ['bac', 2]],
  [['abc', 3], ['acb', 3]],
  [['abc', 0], ['abc', 0]],
  [['a', 1], ['a', 1]],
  [[`x${FAMILY}`, 1 + FAMILY.length], [`${FAMILY}x`, 1 + FAMILY.length]],
];
for (const [[text, cursor], [swapped, moved]] of transposes) {
  test(`buffer: transpose ${JSON.stringify(text)} at ${cursor}`, () => {
    assert.deepEqual(transpose(editBuffer(text, cursor)), { text: swapped, cursor: moved });
  });
}

test('buffer: up and down move between the lines of a multi-line buffer, keeping the column', () => {
  const text = 'for x in 1 2\ndo\n  echo $x\ndone';
  const onEcho = editBuffer(text, text.indexOf('echo') + 3); // column 5
  assert.deepEqual(lineAbove(onEcho), { text, cursor: text.indexOf('do') + 2 }); // "do" is shorter: its end
  assert.deepEqual(lineBelow(onEcho), { text, cursor: text.length }); // "done" is 4 long
  assert.equal(lineAbove(editBuffer(text, 3)), undefined);
  assert.equal(lineBelow(editBuffer(text)), undefined);
});

test('buffer: columns are cells, so wide characters line up', () => {
  const text = '日本語\nabcdef';
  const below = lineBelow(editBuffer(text, 2)); // after 日本: column 4
  assert.deepEqual(below, { text, cursor: text.indexOf('a') + 4 });
  assert.deepEqual(lineAbove(editBuffer(text, text.indexOf('a') + 3)), { text, cursor: 1 }); // column 3 is within 本: before it
});
