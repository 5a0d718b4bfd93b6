/**
 * The shell's operations on text that carries bytes (the "surrogateescape" convention of
 * native/text.ts, whose codec this module passes on): lengths in bytes, byte strings, joining
 * escaped bytes, and paths for node:fs.
 */
import { decodeBytes, encodeText, ESCAPE_BASE, SURROGATE } from '../native/text';

export { decodeBytes, encodeText };

const ESCAPED = /[\udc80-\udcff]/;

/** Text this short is checked for ASCII in JavaScript: cheaper than a call into Buffer (the budget charges every word). */
const SHORT_TEXT = 64;

/** Whether every unit of `text` is ASCII (the same in every locale and encoding). */
export function isAscii(text: string): boolean {
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
