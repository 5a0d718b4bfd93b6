/**
 * How the shell's text meets bytes: "surrogateescape", as Python has it. Shell data is bytes
 * (bash never decodes), but the shell works on JavaScript strings; a byte that is not part of a
 * valid UTF-8 sequence decodes to the lone surrogate U+DC80 + (byte - 0x80) (0x80–0xFF become
 * U+DC80–U+DCFF), and encoding maps those surrogates back to the byte, so every byte sequence
 * round-trips exactly. Valid UTF-8 decodes as usual. A lone surrogate outside U+DC80–U+DCFF
 * never comes from bytes; encoding writes it as Node does (EF BF BD).
 */
import { isUtf8 } from 'node:buffer';

/** The first escaped byte: U+DC80 stands for 0x80. */
const ESCAPE_BASE = 0xdc00;
const ESCAPED = /[\udc80-\udcff]/;
/** Any surrogate: where encoding needs the slow path (a pair, or an escaped byte). */
const SURROGATE = /[\ud800-\udfff]/;

/** The text `data` stands for, each byte of an invalid UTF-8 sequence as its escape. */
export function decodeBytes(data: Uint8Array): string {
  const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const utf8 = buffer.toString('utf8');
  // Node decodes each invalid sequence to U+FFFD: without one, or when it was really there, it is all valid.
  if (!utf8.includes('\ufffd') || isUtf8(buffer)) return utf8;
  let text = '';
  let run = 0;
  let at = 0;
  while (at < buffer.length) {
    const length = sequenceLength(buffer, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += buffer.toString('utf8', run, at) + String.fromCharCode(ESCAPE_BASE + (buffer[at] as number));
    at += 1;
    run = at;
  }
  return text + buffer.toString('utf8', run, at);
}

/**
 * How many bytes the valid UTF-8 sequence at `at` has (Unicode's table 3-7: no overlong form,
 * no surrogate, nothing past U+10FFFF), or 0 when none starts there.
 */
function sequenceLength(buffer: Buffer, at: number): number {
  const lead = buffer[at] as number;
  if (lead < 0x80) return 1;
  const [low, high, length] = secondByteRange(lead);
  const second = buffer[at + 1] ?? 0;
  if (length === 0 || second < low || second > high) return 0;
  for (let index = 2; index < length; index += 1) {
    const next = buffer[at + index] ?? 0;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}

/** The range the second byte of a sequence led by `lead` must be in, and the sequence's length (0: no such lead). */
function secondByteRange(lead: number): readonly [number, number, number] {
  if (lead >= 0xc2 && lead <= 0xdf) return [0x80, 0xbf, 2];
  if (lead === 0xe0) return [0xa0, 0xbf, 3];
  if (lead === 0xed) return [0x80, 0x9f, 3];
  if (lead >= 0xe1 && lead <= 0xef) return [0x80, 0xbf, 3];
  if (lead === 0xf0) return [0x90, 0xbf, 4];
  if (lead >= 0xf1 && lead <= 0xf3) return [0x80, 0xbf, 4];
  if (lead === 0xf4) return [0x80, 0x8f, 4];
  return [0, 0, 0];
}

/** The bytes `text` stands for: UTF-8, each escaped byte as itself. */
export function encodeText(text: string): Buffer {
  const utf8 = Buffer.from(text, 'utf8');
  // ASCII (one byte per character) has no surrogate to look for.
  if (utf8.length === text.length || !SURROGATE.test(text)) return utf8;
  const parts: Buffer[] = [];
  let run = 0;
  for (let at = 0; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1))) {
      at += 1;
      continue;
    }
    if (unit < 0xdc80 || unit > 0xdcff) continue;
    parts.push(Buffer.from(text.slice(run, at), 'utf8'), Buffer.of(unit - ESCAPE_BASE));
    run = at + 1;
  }
  parts.push(Buffer.from(text.slice(run), 'utf8'));
  return Buffer.concat(parts);
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Text this short is checked for ASCII in JavaScript: cheaper than a call into Buffer (the budget charges every word). */
const SHORT_TEXT = 64;

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** How many bytes encodeText(text) has. */
export function byteLength(text: string): number {
  if (text.length <= SHORT_TEXT && isAscii(text)) return text.length;
  const utf8 = Buffer.byteLength(text, 'utf8');
  return utf8 === text.length || !SURROGATE.test(text) ? utf8 : encodeText(text).length;
}

/** The bytes of `text` as a byte string: one character (0–255) per byte. */
export function toByteString(text: string): string {
  // ASCII is its own byte string.
  return Buffer.byteLength(text, 'utf8') === text.length ? text : encodeText(text).toString('latin1');
}

/** The inverse of toByteString. */
export function fromByteString(bytes: string): string {
  return /[\x80-\xff]/.test(bytes) ? decodeBytes(Buffer.from(bytes, 'latin1')) : bytes;
}

/**
 * `left` then `right`, in the one representation of their bytes: escaped bytes that spell valid
 * UTF-8 once side by side (`$'\xc3'$'\xa9'`) become the character they spell (é), as bash holds
 * the same bytes either way. Only an escaped byte on each side of the seam can combine.
 */
export function joinText(left: string, right: string): string {
  const joined = left + right;
  // `right` is looked at first: `left` is often the rope of every join before, and reading a
  // character of a rope flattens it, which made a word of n fragments cost n² (a 1 MiB word of
  // 100,000 fragments took minutes).
  return isEscapedByte(right.charCodeAt(0)) && isEscapedByte(left.charCodeAt(left.length - 1)) ? canonicalText(joined) : joined;
}

/** `text` in the one representation of its bytes (see joinText), however its escaped bytes came together. */
export function canonicalText(text: string): string {
  return ESCAPED.test(text) ? decodeBytes(encodeText(text)) : text;
}

/** The byte that `char` is the escape of, or undefined for any other character. */
export function escapedByte(char: string): number | undefined {
  const unit = char.charCodeAt(0);
  return char.length === 1 && isEscapedByte(unit) ? unit - ESCAPE_BASE : undefined;
}

function isEscapedByte(unit: number): boolean {
  return unit >= 0xdc80 && unit <= 0xdcff;
}

/** A path for node:fs: the string itself, or its bytes when it holds escaped bytes. */
export function fsPath(path: string): string | Buffer {
  return ESCAPED.test(path) ? encodeText(path) : path;
}
