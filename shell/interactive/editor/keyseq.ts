/**
 * Readline's key sequences as `bind` reads and prints them (`"\C-x"`, `"\eb"`, `"\e[A"`,
 * `Control-u`, `Meta-Rubout`), and the editor's chords they stand for: a sequence is decoded as
 * the terminal's bytes would be, so `"\e[A"` is Up and `"\ex"` is M-x.
 */
import { KeyDecoder, type Chord, type NamedKey } from './keys';

/** A sequence that is not one key the editor tells apart: why, for bind's message. */
export type KeyOf = { readonly kind: 'key'; readonly chord: Chord } | { readonly kind: 'unsupported'; readonly reason: string };

/** The chord `bytes` (a key sequence's characters) is, as the editor decodes them. */
export function chordOf(bytes: string): KeyOf {
  if (bytes === '') return { kind: 'unsupported', reason: 'an empty key sequence' };
  const decoder = new KeyDecoder();
  const keys = [...decoder.feed(bytes), ...decoder.flush()];
  const [only] = keys;
  if (keys.length !== 1 || only === undefined) return { kind: 'unsupported', reason: 'a sequence of more than one key (Quirl binds single keys)' };
  if (only.kind !== 'key') return { kind: 'unsupported', reason: 'a printable key (Quirl binds control, Meta and function keys)' };
  return { kind: 'key', chord: only.chord };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', d: '\x7f', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'" };

/** The characters of a quoted key sequence's body, its escapes decoded as readline decodes them. */
export function decodeKeyseq(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char !== '\\' || index + 1 >= text.length) {
      out += char;
      continue;
    }
    const rest = text.slice(index + 1);
    const prefix = /^([CM])-/.exec(rest);
    if (prefix !== null) {
      // \C-x and \M-x apply to the next character, itself maybe an escape (\C-\M-x, \M-\C-x).
      const inner = decodeKeyseq(rest.slice(2));
      const target = inner[0] ?? '';
      const after = inner.slice(1);
      out += prefix[1] === 'C' ? control(target) + after : `\x1b${target}${after}`;
      return out;
    }
    const octal = /^[0-7]{1,3}/.exec(rest);
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(rest);
    if (octal !== null) {
      out += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
      index += octal[0].length;
    } else if (hex !== null) {
      out += String.fromCharCode(parseInt(hex[1] as string, 16));
      index += hex[0].length;
    } else {
      const next = rest[0] as string;
      out += SIMPLE_ESCAPES[next] ?? next;
      index += 1;
    }
  }
  return out;
}

/** readline's CTRL(): `?` is DEL, anything else its low five bits. */
function control(char: string): string {
  if (char === '?') return '\x7f';
  return String.fromCharCode(char.toUpperCase().charCodeAt(0) & 0x1f);
}

/** Readline's key names (`Control-u: ...`, `Meta-Rubout: ...` in an inputrc). */
const KEY_NAMES: Readonly<Record<string, string>> = {
  rubout: '\x7f', del: '\x7f', esc: '\x1b', escape: '\x1b', lfd: '\n', newline: '\n', ret: '\r', return: '\r', space: ' ', spc: ' ', tab: '\t',
};

/** `Control-x`, `C-x`, `Meta-Rubout`, `M-b`, `TAB`: the characters of a key named unquoted. */
export function decodeKeyName(name: string): string {
  const modifier = /^(control|ctrl|c|meta|m)-(.+)$/i.exec(name);
  if (modifier !== null) {
    const inner = decodeKeyName(modifier[2] as string);
    return /^m/i.test(modifier[1] as string) ? `\x1b${inner}` : control(inner[0] ?? '') + inner.slice(1);
  }
  return KEY_NAMES[name.toLowerCase()] ?? name;
}

/** CSI n ~ and CSI X forms of the named keys, as xterm sends them. */
const TILDE_NUMBERS: Partial<Record<NamedKey, number>> = { Insert: 2, Delete: 3, PageUp: 5, PageDown: 6, F5: 15, F6: 17, F7: 18, F8: 19, F9: 20, F10: 21, F11: 23, F12: 24 };
const CSI_LETTERS: Partial<Record<NamedKey, string>> = { Up: 'A', Down: 'B', Right: 'C', Left: 'D', Home: 'H', End: 'F' };
const SS3_LETTERS: Partial<Record<NamedKey, string>> = { F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };
const CONTROL_KEYS: Partial<Record<NamedKey, string>> = { Enter: '\r', Tab: '\t', Backspace: '\x7f', Escape: '\x1b' };

/** The bytes a terminal (xterm) sends for `chord`. */
export function chordBytes(chord: Chord): string {
  const match = /^((?:C-|M-|S-)*)(.+)$/.exec(chord) as RegExpExecArray;
  const modifiers = match[1] ?? '';
  const key = match[2] as string;
  const ctrl = modifiers.includes('C-');
  const meta = modifiers.includes('M-');
  const shift = modifiers.includes('S-');
  if (key === 'Tab' && shift && !ctrl) return `${meta ? '\x1b' : ''}\x1b[Z`;
  const plain = CONTROL_KEYS[key as NamedKey];
  if (plain !== undefined || key.length === 1) {
    const char = plain ?? (ctrl ? control(key) : key);
    return meta ? `\x1b${char}` : char;
  }
  const parameter = 1 + (shift ? 1 : 0) + (meta ? 2 : 0) + (ctrl ? 4 : 0);
  const tilde = TILDE_NUMBERS[key as NamedKey];
  if (tilde !== undefined) return parameter === 1 ? `\x1b[${tilde}~` : `\x1b[${tilde};${parameter}~`;
  const letter = CSI_LETTERS[key as NamedKey];
  if (letter !== undefined) return parameter === 1 ? `\x1b[${letter}` : `\x1b[1;${parameter}${letter}`;
  const ss3 = SS3_LETTERS[key as NamedKey] ?? 'P';
  return parameter === 1 ? `\x1bO${ss3}` : `\x1b[1;${parameter}${ss3}`;
}

/** Bytes as readline prints a key sequence (`\C-a`, `\e`, `\C-?`, `\\`, `\"`): its _rl_untranslate_keyseq. */
export function printableKeyseq(bytes: string): string {
  let out = '';
  for (const char of bytes) {
    const code = char.charCodeAt(0);
    if (code === 0x1b) out += '\\e';
    else if (code === 0x7f) out += '\\C-?';
    else if (code < 0x20) {
      const letter = String.fromCharCode(code | 0x40).toLowerCase();
      out += `\\C-${letter === '\\' ? '\\\\' : letter}`;
    } else if (char === '\\' || char === '"') out += `\\${char}`;
    else out += char;
  }
  return out;
}
