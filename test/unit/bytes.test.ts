// The surrogateescape codec (shell/bytes.ts): valid UTF-8 decodes as usual, each byte of an
// invalid sequence becomes U+DC80–U+DCFF, and encoding gives every byte sequence back exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteLength, canonicalText, decodeBytes, encodeText, escapedByte, fromByteString, fsPath, joinText, toByteString } from '../../shell/bytes';

const hex = (bytes: string): Buffer => Buffer.from(bytes.replace(/ /g, ''), 'hex');
/** The escape of one byte, written out: U+DC00 + byte. */
const escaped = (byte: number): string => String.fromCharCode(0xdc00 + byte);

/** Bytes (hex) and the text they decode to. */
const TABLE: readonly (readonly [string, string, string])[] = [
  ['ASCII', '61 62 0a', 'ab\n'],
  ['empty', '', ''],
  ['2-byte é', 'c3 a9', 'é'],
  ['3-byte €', 'e2 82 ac', '€'],
  ['4-byte 😀 (a surrogate pair in JavaScript)', 'f0 9f 98 80', '\u{1f600}'],
  ['U+10FFFF, the last code point', 'f4 8f bf bf', '\u{10ffff}'],
  ['U+FFFD itself is valid', 'ef bf bd', '\ufffd'],
  ['a lone byte 0xff', 'ff', '\udcff'],
  ['a lone continuation byte', '80', '\udc80'],
  ['truncated 2-byte sequence', 'c3', '\udcc3'],
  ['truncated 3-byte sequence', 'e2 82', '\udce2\udc82'],
  ['truncated 4-byte sequence', 'f0 9f 98', '\udcf0\udc9f\udc98'],
  ['truncated sequence before ASCII', 'e2 82 41', '\udce2\udc82A'],
  ['overlong NUL (c0 80)', 'c0 80', '\udcc0\udc80'],
  ['overlong / (c1 af)', 'c1 af', '\udcc1\udcaf'],
  ['overlong 3-byte (e0 80 af)', 'e0 80 af', '\udce0\udc80\udcaf'],
  ['overlong 4-byte (f0 80 80 af)', 'f0 80 80 af', '\udcf0\udc80\udc80\udcaf'],
  ['surrogate U+D800 in UTF-8 (ed a0 80)', 'ed a0 80', '\udced\udca0\udc80'],
  ['surrogate U+DCFF in UTF-8 (ed b3 bf)', 'ed b3 bf', '\udced\udcb3\udcbf'],
  ['past U+10FFFF (f4 90 80 80)', 'f4 90 80 80', '\udcf4\udc90\udc80\udc80'],
  ['5-byte form (f8 88 80 80 80)', 'f8 88 80 80 80', '\udcf8\udc88\udc80\udc80\udc80'],
  ['mixed text', '61 ff c3 a9 fe 62 e2 82 ac 80', 'a\udcffé\udcfeb€\udc80'],
  ['valid sequence after an invalid lead', 'c3 c3 a9', '\udcc3é'],
];

for (const [name, bytes, text] of TABLE) {
  test(`decode: ${name}`, () => {
    assert.equal(decodeBytes(hex(bytes)), text);
  });
  test(`encode: ${name}`, () => {
    assert.deepEqual(encodeText(text), hex(bytes));
  });
}

test('every byte 0x80–0xFF alone decodes to U+DC80–U+DCFF and encodes back', () => {
  for (let byte = 0x80; byte <= 0xff; byte += 1) {
    const text = decodeBytes(Buffer.of(byte));
    assert.equal(text, escaped(byte), `0x${byte.toString(16)}`);
    assert.deepEqual(encodeText(text), Buffer.of(byte), `0x${byte.toString(16)}`);
    assert.equal(byteLength(text), 1);
  }
});

test('every pair of bytes round-trips', () => {
  for (let first = 0; first <= 0xff; first += 1) {
    for (let second = 0; second <= 0xff; second += 1) {
      const bytes = Buffer.of(first, second);
      assert.deepEqual(encodeText(decodeBytes(bytes)), bytes);
    }
  }
});

test('a Uint8Array that is a view into a larger buffer decodes only its own bytes', () => {
  const whole = hex('41 ff 42 43');
  assert.equal(decodeBytes(new Uint8Array(whole.buffer, whole.byteOffset + 1, 2)), '\udcffB');
});

test('a lone surrogate that no byte decodes to is written as U+FFFD, as Node writes it', () => {
  assert.deepEqual(encodeText('a\ud800b'), hex('61 ef bf bd 62'));
  assert.deepEqual(encodeText('\udc7f'), hex('ef bf bd'));
});

test('a surrogate pair whose low half is in the escape range is a character, not an escaped byte', () => {
  // U+1F480 is D83D DC80 in UTF-16.
  assert.deepEqual(encodeText('\u{1f480}'), hex('f0 9f 92 80'));
});

test('byte strings: one character per byte, and back', () => {
  assert.equal(toByteString('aé\udcff'), 'a\xc3\xa9\xff');
  assert.equal(fromByteString('a\xc3\xa9\xff'), 'aé\udcff');
  assert.equal(fromByteString('\xed\xa0\x80'), '\udced\udca0\udc80');
  assert.equal(toByteString('plain'), 'plain');
});

test('byteLength counts an escaped byte as one byte', () => {
  assert.equal(byteLength('abc'), 3);
  assert.equal(byteLength('é'), 2);
  assert.equal(byteLength('\u{1f600}'), 4);
  assert.equal(byteLength('a\udcffb'), 3);
});

test('joinText: escaped bytes that spell a character side by side become it', () => {
  assert.equal(joinText('\udcc3', '\udca9'), 'é');
  assert.equal(joinText('a\udce2', '\udc82\udcacb'), 'a€b');
  // Not valid together: they stay escaped.
  assert.equal(joinText('\udcff', '\udcfe'), '\udcff\udcfe');
  assert.equal(joinText('a', 'b'), 'ab');
  assert.equal(joinText('', '\udcff'), '\udcff');
});

test('canonicalText: escaped bytes anywhere in the text that spell characters become them', () => {
  assert.equal(canonicalText('\udce9\udcc3\udca9x\udce2\udc82\udcac'), '\udce9éx€');
  assert.equal(canonicalText('plain é'), 'plain é');
});

test('escapedByte: the byte of an escape, nothing for another character', () => {
  assert.equal(escapedByte('\udcff'), 0xff);
  assert.equal(escapedByte('\udc80'), 0x80);
  assert.equal(escapedByte('ÿ'), undefined);
  assert.equal(escapedByte('\udc7f'), undefined);
});

test('fsPath: a plain path stays a string, one with escaped bytes becomes its bytes', () => {
  assert.equal(fsPath('/tmp/é'), '/tmp/é');
  assert.deepEqual(fsPath('/tmp/\udcff'), hex('2f 74 6d 70 2f ff'));
});
