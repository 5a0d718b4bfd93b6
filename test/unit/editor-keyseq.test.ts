import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyBindings } from '../../shell/interactive/editor/bindings';
import { chordBytes, chordOf, decodeKeyName, decodeKeyseq, printableKeyseq } from '../../shell/interactive/editor/keyseq';
import type { Chord } from '../../shell/interactive/editor/keys';

const sequences: [written: string, chord: Chord][] = [
  ['\\C-a', 'C-a'],
  ['\\C-?', 'Backspace'],
  ['\\e', 'Escape'],
  ['\\eb', 'M-b'],
  ['\\M-b', 'M-b'],
  ['\\M-\\C-h', 'C-M-h'],
  ['\\e[A', 'Up'],
  ['\\eOH', 'Home'],
  ['\\e[1;5D', 'C-Left'],
  ['\\e[3~', 'Delete'],
  ['\\t', 'Tab'],
  ['\\C-m', 'Enter'],
  ['\\017', 'C-o'],
  ['\\x0f', 'C-o'],
];

for (const [written, chord] of sequences) {
  test(`keyseq: "${written}" is ${chord}`, () => {
    assert.deepEqual(chordOf(decodeKeyseq(written)), { kind: 'key', chord });
  });
}

test('keyseq: several keys, a printable key and nothing are refused with a reason', () => {
  for (const written of ['\\C-x\\C-e', 'a', '']) assert.equal(chordOf(decodeKeyseq(written)).kind, 'unsupported', written);
});

const keyNames: [name: string, bytes: string][] = [
  ['Control-u', '\x15'],
  ['C-u', '\x15'],
  ['Meta-Rubout', '\x1b\x7f'],
  ['TAB', '\t'],
];

test('keyseq: key names as an inputrc writes them', () => {
  for (const [name, bytes] of keyNames) assert.equal(decodeKeyName(name), bytes, name);
});

test('keyseq: every bound chord prints as readline does and reads back as itself', () => {
  const table = new KeyBindings();
  for (const chord of ['C-a', 'M-b', 'C-M-h', 'Up', 'C-Left', 'M-Right', 'Delete', 'C-Delete', 'Home', 'End', 'Enter', 'Tab', 'Backspace', 'M-Backspace', 'Escape', 'S-Tab', 'F1', 'F5'] as Chord[]) {
    assert.deepEqual(chordOf(decodeKeyseq(printableKeyseq(chordBytes(chord)))), { kind: 'key', chord }, chord);
  }
  assert.deepEqual(table.keysOf('backward-kill-word').map((chord) => printableKeyseq(chordBytes(chord))), ['\\e\\C-h', '\\e\\C-?']);
  assert.equal(printableKeyseq('\x1c"\\'), '\\C-\\\\\\"\\\\');
});
