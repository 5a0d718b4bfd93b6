import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyDecoder, withMeta, type Key } from '../../shell/interactive/editor/keys';

const key = (chord: string): Key => ({ kind: 'key', chord } as Key);
const text = (value: string): Key => ({ kind: 'text', text: value });
const paste = (value: string): Key => ({ kind: 'paste', text: value });

/** Feeds the chunks (strings, or byte arrays) one by one and collects every key. */
function decode(chunks: readonly (string | number[])[], quiet = false): Key[] {
  const decoder = new KeyDecoder();
  const keys = chunks.flatMap((chunk) => decoder.feed(typeof chunk === 'string' ? Buffer.from(chunk) : Uint8Array.from(chunk)));
  return quiet ? [...keys, ...decoder.flush()] : keys;
}

const table: [name: string, chunks: (string | number[])[], expected: Key[]][] = [
  ['printable run is one text key', ['ls -la'], [text('ls -la')]],
  ['UTF-8 text', ['héllo wörld 日本 🎉'], [text('héllo wörld 日本 🎉')]],
  ['UTF-8 character split across chunks', [[0xe6, 0x97], [0xa5, 0x41]], [text('日A')]],
  ['4-byte UTF-8 split three ways', [[0xf0], [0x9f, 0x8e], [0x89]], [text('🎉')]],
  ['text, Enter, more text', ['ls\rpwd\r'], [text('ls'), key('Enter'), text('pwd'), key('Enter')]],
  ['control letters', ['\x01\x05\x0b\x15\x17'], [key('C-a'), key('C-e'), key('C-k'), key('C-u'), key('C-w')]],
  ['Tab, LF, BS, DEL, NUL', ['\t\n\x08\x7f\x00'], [key('Tab'), key('C-j'), key('C-h'), key('Backspace'), key('C-@')]],
  ['C-\\ C-] C-^ C-_', ['\x1c\x1d\x1e\x1f'], [key('C-\\'), key('C-]'), key('C-^'), key('C-_')]],
  ['CSI arrows', ['\x1b[A\x1b[B\x1b[C\x1b[D'], [key('Up'), key('Down'), key('Right'), key('Left')]],
  ['SS3 arrows, Home, End', ['\x1bOA\x1bOD\x1bOH\x1bOF'], [key('Up'), key('Left'), key('Home'), key('End')]],
  ['CSI Home/End letters', ['\x1b[H\x1b[F'], [key('Home'), key('End')]],
  ['CSI tilde keys', ['\x1b[1~\x1b[2~\x1b[3~\x1b[4~\x1b[5~\x1b[6~\x1b[7~\x1b[8~'], [
    key('Home'), key('Insert'), key('Delete'), key('End'), key('PageUp'), key('PageDown'), key('Home'), key('End'),
  ]],
  ['modifiers: Ctrl, Alt, Shift, Ctrl-Alt', ['\x1b[1;5D\x1b[1;3C\x1b[1;2A\x1b[3;5~\x1b[1;7B'], [
    key('C-Left'), key('M-Right'), key('S-Up'), key('C-Delete'), key('C-M-Down'),
  ]],
  ['function keys', ['\x1bOP\x1b[15~\x1b[24~\x1b[[A'], [key('F1'), key('F5'), key('F12'), key('F1')]],
  ['Shift-Tab', ['\x1b[Z'], [key('S-Tab')]],
  ['Alt-letter as ESC letter', ['\x1bb\x1bf\x1bB'], [key('M-b'), key('M-f'), key('M-B')]],
  ['Alt-Backspace and Alt-C-h', ['\x1b\x7f\x1b\x08'], [key('M-Backspace'), key('C-M-h')]],
  ['Alt with a non-ASCII character', ['\x1bé'], [key('M-é')]],
  ['ESC before a sequence is Alt with that key', ['\x1b\x1b[A'], [key('M-Up')]],
  ['unknown sequences are dropped whole', ['a\x1b[99~b\x1b[Ic\x1b[?1;2cd'], [text('a'), text('b'), text('c'), text('d')]],
  ['malformed CSI drops only its start', ['\x1b[\x03'], [key('C-c')]],
  ['CSI split across chunks', ['\x1b', '[', '1;5', 'D'], [key('C-Left')]],
  ['SS3 split across chunks', ['x\x1bO', 'Bz'], [text('x'), key('Down'), text('z')]],
  ['C1 control characters are dropped', ['a\u0085b'], [text('ab')]],
  ['bracketed paste is verbatim', ['\x1b[200~ls\r\x1b[Aecho\t\x1b[201~'], [paste('ls\r\x1b[Aecho\t')]],
  ['bracketed paste split everywhere, end marker too', ['x\x1b[20', '0~line 1\n', 'line 2\x1b[2', '01~y'], [
    text('x'), paste('line 1\nline 2'), text('y'),
  ]],
  ['empty paste', ['\x1b[200~\x1b[201~'], [paste('')]],
  ['a stray paste end is dropped', ['\x1b[201~a'], [text('a')]],
];

for (const [name, chunks, expected] of table) {
  test(`decoder: ${name}`, () => assert.deepEqual(decode(chunks), expected));
}

test('decoder: a lone ESC waits for more input, and is Escape once the input goes quiet', () => {
  const decoder = new KeyDecoder();
  assert.deepEqual(decoder.feed('a\x1b'), [text('a')]);
  assert.equal(decoder.waiting, true);
  assert.deepEqual(decoder.flush(), [key('Escape')]);
  assert.equal(decoder.waiting, false);
  assert.deepEqual(decoder.flush(), []);
});

test('decoder: an incomplete sequence that times out is Escape and then the characters typed', () => {
  assert.deepEqual(decode(['\x1b['], true), [key('Escape'), text('[')]);
  assert.deepEqual(decode(['\x1bO'], true), [key('Escape'), text('O')]);
  assert.deepEqual(decode(['\x1b\x1b'], true), [key('Escape'), key('Escape')]);
});

test('decoder: ESC then the rest of a sequence in the next chunk is still the sequence', () => {
  const decoder = new KeyDecoder();
  assert.deepEqual(decoder.feed('\x1b'), []);
  assert.deepEqual(decoder.feed('[3~'), [key('Delete')]);
});

test('decoder: a paste in progress does not wait for an Escape timeout', () => {
  const decoder = new KeyDecoder();
  assert.deepEqual(decoder.feed('\x1b[200~abc\x1b'), []);
  assert.equal(decoder.waiting, false);
  assert.deepEqual(decoder.flush(), []);
  assert.deepEqual(decoder.feed('[201~'), [paste('abc')]);
});

test('decoder: strings are accepted as well as bytes', () => {
  assert.deepEqual(new KeyDecoder().feed('\x1bOA日'), [key('Up'), text('日')]);
});

test('withMeta: ESC then a key is that key with Meta', () => {
  assert.deepEqual(withMeta(text('b')), [key('M-b')]);
  assert.deepEqual(withMeta(text('bcd')), [key('M-b'), text('cd')]);
  assert.deepEqual(withMeta(key('C-h')), [key('C-M-h')]);
  assert.deepEqual(withMeta(key('Backspace')), [key('M-Backspace')]);
  assert.deepEqual(withMeta(key('M-x')), [key('M-x')]);
  assert.deepEqual(withMeta(paste('p')), [paste('p')]);
});
