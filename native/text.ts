/**
 * How the shell's text meets bytes: "surrogateescape", as Python has it. Shell data is bytes
 * (bash never decodes), but the shell works on JavaScript strings; a byte that is not part of a
 * valid UTF-8 sequence decodes to the lone surrogate U+DC80 + (byte - 0x80) (0x80–0xFF become
 * U+DC80–U+DCFF), and encoding maps those surrogates back to the byte, so every byte sequence
 * round-trips exactly. Valid UTF-8 decodes as usual. A lone surrogate outside U+DC80–U+DCFF
 * never comes from bytes; encoding writes it as Node does (EF BF BD).
 *
 * This is how the addon's API carries bytes in strings (paths, arguments, environments), so the
 * codec is here, under the shell; the shell's operations on such text are shell/bytes.ts.
 */
import { isUtf8 } from 'node:buffer';

/** The first escaped byte: U+DC80 stands for 0x80. */
export const ESCAPE_BASE = 0xdc00;
/** Any surrogate: where encoding needs the slow path (a pair, or an escaped byte). */
export const SURROGATE = /[\ud800-\udfff]/;

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
