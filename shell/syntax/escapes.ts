/**
 * The backslash escapes of `$'...'`, `${x@E}`, `printf` and `echo -e`: bash's ansicstr and
 * tescape. They work on byte strings (one character per byte), as bash does: `\xHH` makes one byte.
 */
import { fromByteString, toByteString } from '../bytes';

/** The single-letter escapes they share. */
export const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

// ---------------------------------------------------------------------------------------------
// Backslash escapes: bash's tescape (the format, %b) and ansicstr (echo -e, `$'...'`) differ only
// in the octal forms, \c, \' \" \? and whether a missing digit is reported.

/** `format`: printf's own format; `argument`: %b; `echo`: echo -e; `ansiC`: `$'...'` and `${x@E}`. */
export type EscapeMode = 'format' | 'argument' | 'echo' | 'ansiC';

interface Escape {
  /** The bytes the escape stands for. */
  readonly bytes: string;
  /** How many bytes after the backslash it used (0: the backslash stands for itself). */
  readonly length: number;
  readonly stop?: boolean;
  readonly message?: string;
}

const OCTAL = /^[0-7]/;
const HEX_DIGIT = /^[0-9a-fA-F]/;

/** The escape whose backslash is just before `start` in `bytes`. */
export function escapeAt(bytes: string, start: number, mode: EscapeMode, utf8: boolean): Escape {
  const letter = bytes[start] ?? '';
  const named = NAMED_ESCAPES[letter];
  if (named !== undefined) return { bytes: named, length: 1 };
  if (OCTAL.test(letter)) return octalEscape(bytes, start, mode);
  if (letter === 'x') return numericEscape(bytes, start + 1, 2, mode, () => '\\x');
  if (letter === 'u' || letter === 'U') {
    return numericEscape(bytes, start + 1, letter === 'u' ? 4 : 8, mode, (value) => encodeCodePoint(value, letter, utf8));
  }
  if (letter === 'c' && mode === 'ansiC') return controlEscape(bytes, start + 1);
  if (letter === 'c' && mode !== 'format') return { bytes: '', length: 1, stop: true };
  if ((letter === "'" || letter === '"' || letter === '?') && (mode === 'format' || mode === 'ansiC')) return { bytes: letter, length: 1 };
  return { bytes: '\\', length: 0 };
}

/** `$'\cX'`: the control character of X (`\c?` is DEL); `\c\\` takes both backslashes; a `\c` at the end stays. */
function controlEscape(bytes: string, start: number): Escape {
  const next = bytes[start];
  if (next === undefined) return { bytes: '\\', length: 0 };
  const control = next === '?' ? 0x7f : next.charCodeAt(0) & 0x1f;
  return { bytes: String.fromCharCode(control), length: next === '\\' && bytes[start + 1] === '\\' ? 3 : 2 };
}

/** `\0` takes three more digits in %b and echo, two in a format and `$'...'`; echo has no `\1`–`\7`. */
function octalEscape(bytes: string, start: number, mode: EscapeMode): Escape {
  const leadingZero = bytes[start] === '0';
  if (mode === 'echo' && !leadingZero) return { bytes: '\\', length: 0 };
  const most = 1 + (leadingZero && (mode === 'argument' || mode === 'echo') ? 3 : 2);
  let length = 0;
  let value = 0;
  while (length < most && OCTAL.test(bytes[start + length] ?? '')) {
    value = value * 8 + Number(bytes[start + length]);
    length += 1;
  }
  return { bytes: String.fromCharCode(value & 0xff), length };
}

/** `\xHH`, `\uHHHH`, `\UHHHHHHHH`: up to `most` hex digits, at least one. */
function numericEscape(bytes: string, start: number, most: number, mode: EscapeMode, encode: (value: number) => string): Escape {
  let digits = '';
  while (digits.length < most && HEX_DIGIT.test(bytes[start + digits.length] ?? '')) digits += bytes[start + digits.length];
  if (digits === '') {
    const letter = bytes[start - 1] as string;
    if (mode === 'echo') return { bytes: '\\', length: 0 };
    return { bytes: '\\', length: 0, message: letter === 'x' ? 'missing hex digit for \\x' : `missing unicode digit for \\${letter}` };
  }
  const value = parseInt(digits, 16);
  return { bytes: most === 2 ? String.fromCharCode(value) : encode(value), length: digits.length + 1 };
}

/**
 * A code point in the locale's encoding: UTF-8 the way bash's u32toutf8 writes it (up to six
 * bytes, surrogates too), or outside a UTF-8 locale ASCII as is and the rest as the escape text.
 */
function encodeCodePoint(value: number, letter: string, utf8: boolean): string {
  if (value <= 0x7f) return String.fromCharCode(value);
  if (!utf8) return letter === 'u' && value <= 0xffff ? `\\u${hex(value, 4)}` : `\\U${hex(value, 8)}`;
  if (value >= 0x80000000) return '';
  let continuation = 0;
  while (value >= [0x80, 0x800, 0x10000, 0x200000, 0x4000000][continuation]!) continuation += 1;
  let bytes = '';
  let rest = value;
  for (let index = 0; index < continuation; index += 1) {
    bytes = String.fromCharCode(0x80 | (rest & 0x3f)) + bytes;
    rest = Math.floor(rest / 64);
  }
  const lead = [0, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc][continuation] as number;
  return String.fromCharCode(lead | rest) + bytes;
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

/** Every escape of `bytes` (%b, echo -e); `stop` when `\c` ended it. */
export function expandEscapes(bytes: string, mode: EscapeMode, utf8: boolean): { bytes: string; stop: boolean; messages: string[] } {
  let out = '';
  const messages: string[] = [];
  for (let index = 0; index < bytes.length; index += 1) {
    const char = bytes[index] as string;
    if (char !== '\\' || index + 1 >= bytes.length) {
      out += char;
      continue;
    }
    const escape = escapeAt(bytes, index + 1, mode, utf8);
    if (escape.message !== undefined) messages.push(escape.message);
    if (escape.stop === true) return { bytes: out, stop: true, messages };
    out += escape.bytes;
    index += escape.length;
  }
  return { bytes: out, stop: false, messages };
}

/**
 * The value of `$'...'` (and of `${x@E}`) with `text` inside the quotes: its escapes decoded to
 * bytes, read back as UTF-8. `utf8`: the locale's, which `\u` and `\U` encode to (elsewhere they
 * stay as written).
 */
export function ansiCString(text: string, utf8: boolean): string {
  return fromByteString(ansiCBytes(toByteString(text), utf8));
}

/** ansiCString on a byte string. As bash's result is a C string, it ends at the first NUL (`$'a\0b'` is a). */
export function ansiCBytes(bytes: string, utf8: boolean): string {
  const decoded = expandEscapes(bytes, 'ansiC', utf8).bytes;
  const nul = decoded.indexOf('\0');
  return nul === -1 ? decoded : decoded.slice(0, nul);
}
