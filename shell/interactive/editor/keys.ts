/**
 * Terminal input to key events. Bytes are decoded as UTF-8 across chunk boundaries; a run of
 * printable characters becomes one text event (fast typing, or a paste without brackets); control
 * bytes and escape sequences (CSI and SS3 forms, ESC x for Alt-x, bracketed paste) become named
 * keys. A sequence split across chunks is held until the rest arrives. A lone ESC can only be told
 * from the start of a sequence by the input going quiet, so the caller decides when to flush().
 */

export type NamedKey =
  | 'Up' | 'Down' | 'Left' | 'Right' | 'Home' | 'End' | 'Insert' | 'Delete' | 'PageUp' | 'PageDown'
  | 'Enter' | 'Tab' | 'Backspace' | 'Escape' | `F${number}`;

type Modifiers = '' | 'C-' | 'M-' | 'S-' | 'C-M-' | 'C-S-' | 'M-S-' | 'C-M-S-';

/**
 * A key in Emacs notation, modifiers in the order C- M- S-: 'Up', 'C-Left', 'M-S-Tab', 'C-a',
 * 'C-M-h' (ESC C-h), 'M-b', 'M-Backspace'. Control characters are C- plus the lower-case letter
 * (or @ \ ] ^ _), except Tab (C-i), Enter (C-m), Escape (C-[) and Backspace (DEL).
 */
export type Chord = `${Modifiers}${NamedKey}` | `C-${string}` | `M-${string}`;

export type Key =
  /** Printable characters, one or more: what to insert. Never contains a control character. */
  | { readonly kind: 'text'; readonly text: string }
  /** The contents of a bracketed paste, verbatim: inserted, never interpreted as keys. */
  | { readonly kind: 'paste'; readonly text: string }
  | { readonly kind: 'key'; readonly chord: Chord };

const ESC = '\x1b';
const PASTE_END = '\x1b[201~';

type Parsed =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'key'; readonly chord: Chord; readonly length: number }
  | { readonly kind: 'paste-start'; readonly length: number }
  /** A well-formed sequence no key is bound to (F13, a focus report, a stray paste end): dropped whole. */
  | { readonly kind: 'ignored'; readonly length: number };

const INCOMPLETE: Parsed = { kind: 'incomplete' };

/** CSI n ~ */
const TILDE_KEYS: Readonly<Record<number, NamedKey>> = {
  1: 'Home', 2: 'Insert', 3: 'Delete', 4: 'End', 5: 'PageUp', 6: 'PageDown', 7: 'Home', 8: 'End',
  11: 'F1', 12: 'F2', 13: 'F3', 14: 'F4', 15: 'F5', 17: 'F6', 18: 'F7', 19: 'F8', 20: 'F9', 21: 'F10', 23: 'F11', 24: 'F12',
};
/** CSI [1;m] X and SS3 X */
const LETTER_KEYS: Readonly<Record<string, NamedKey>> = {
  A: 'Up', B: 'Down', C: 'Right', D: 'Left', H: 'Home', F: 'End', P: 'F1', Q: 'F2', R: 'F3', S: 'F4',
};
/** The Linux console's ESC [ [ A … E */
const CONSOLE_FUNCTION_KEYS: Readonly<Record<string, NamedKey>> = { A: 'F1', B: 'F2', C: 'F3', D: 'F4', E: 'F5' };

export class KeyDecoder {
  private readonly utf8 = new TextDecoder();
  /** Input not decoded yet: the start of an escape sequence, or what may be the start of a paste's end. */
  private held = '';
  /** The text of a bracketed paste whose end has not arrived. */
  private paste: string | undefined;

  feed(chunk: Uint8Array | string): Key[] {
    const text = typeof chunk === 'string' ? chunk : this.utf8.decode(chunk, { stream: true });
    return this.decode(this.held + text, false);
  }

  /** An escape sequence is incomplete: flush() unless more input follows soon. */
  get waiting(): boolean {
    return this.paste === undefined && this.held !== '';
  }

  /** The input went quiet: an incomplete sequence was an Escape key and what followed it. */
  flush(): Key[] {
    return this.waiting ? this.decode(this.held, true) : [];
  }

  private decode(input: string, quiet: boolean): Key[] {
    const keys: Key[] = [];
    let text = '';
    const endText = (): void => {
      if (text !== '') keys.push({ kind: 'text', text });
      text = '';
    };
    this.held = '';
    let index = 0;
    while (index < input.length) {
      if (this.paste !== undefined) {
        const end = input.indexOf(PASTE_END, index);
        if (end < 0) {
          const keep = partialSuffix(input, index, PASTE_END);
          this.paste += input.slice(index, input.length - keep);
          this.held = input.slice(input.length - keep);
          break;
        }
        keys.push({ kind: 'paste', text: this.paste + input.slice(index, end) });
        this.paste = undefined;
        index = end + PASTE_END.length;
        continue;
      }
      const code = input.charCodeAt(index);
      if (code === 0x1b) {
        endText();
        const parsed = parseEscape(input, index);
        if (parsed.kind === 'incomplete') {
          if (!quiet) {
            this.held = input.slice(index);
            break;
          }
          keys.push({ kind: 'key', chord: 'Escape' });
          index += 1;
          continue;
        }
        if (parsed.kind === 'key') keys.push({ kind: 'key', chord: parsed.chord });
        else if (parsed.kind === 'paste-start') this.paste = '';
        index += parsed.length;
      } else if (code < 0x20 || code === 0x7f) {
        endText();
        keys.push({ kind: 'key', chord: controlChord(code) });
        index += 1;
      } else {
        // C1 controls are dropped: no key sends them once input is UTF-8.
        if (code < 0x80 || code > 0x9f) text += input[index];
        index += 1;
      }
    }
    endText();
    return keys;
  }
}

/** The chord with Meta added: 'b' → 'M-b', 'C-h' → 'C-M-h', 'Up' → 'M-Up'. */
function metaChord(chord: string): Chord {
  if (chord.startsWith('M-') || chord.startsWith('C-M-')) return chord as Chord;
  if (chord.startsWith('C-')) return `C-M-${chord.slice(2)}`;
  return `M-${chord}`;
}

/** The key as if typed with Meta held: the first character of text becomes M-x, the rest stays text. */
export function withMeta(key: Key): Key[] {
  switch (key.kind) {
    case 'key':
      return [{ kind: 'key', chord: metaChord(key.chord) }];
    case 'paste':
      return [key];
    case 'text': {
      const first = String.fromCodePoint(key.text.codePointAt(0)!);
      const rest = key.text.slice(first.length);
      return rest === '' ? [{ kind: 'key', chord: `M-${first}` }] : [{ kind: 'key', chord: `M-${first}` }, { kind: 'text', text: rest }];
    }
  }
}

function controlChord(code: number): Chord {
  switch (code) {
    case 0x00:
      return 'C-@';
    case 0x09:
      return 'Tab';
    case 0x0d:
      return 'Enter';
    case 0x1b:
      return 'Escape';
    case 0x7f:
      return 'Backspace';
  }
  // 0x01–0x1a are C-a … C-z; 0x1c–0x1f are C-\ C-] C-^ C-_.
  return `C-${String.fromCharCode(code <= 0x1a ? code + 0x60 : code + 0x40)}`;
}

/** The prefix xterm's modifier parameter stands for: 1 + (Shift 1 | Alt 2 | Ctrl 4 | Meta 8). */
function modified(name: NamedKey, parameter: string | undefined): Chord {
  const bits = parameter === undefined || parameter === '' ? 0 : Number(parameter) - 1;
  if (!Number.isInteger(bits) || bits <= 0) return name;
  const prefix = `${bits & 4 ? 'C-' : ''}${bits & 10 ? 'M-' : ''}${bits & 1 ? 'S-' : ''}`;
  return `${prefix}${name}` as Chord;
}

function parseEscape(input: string, start: number): Parsed {
  const next = input[start + 1];
  if (next === undefined) return INCOMPLETE;
  if (next === '[') return parseCsi(input, start);
  if (next === 'O') return parseSs3(input, start);
  if (next === ESC) {
    // ESC before a sequence is Alt with that key (M-Up), before a lone ESC M-Escape.
    const inner = parseEscape(input, start + 1);
    if (inner.kind === 'incomplete') return inner;
    if (inner.kind === 'key') return { kind: 'key', chord: metaChord(inner.chord), length: inner.length + 1 };
    return { ...inner, length: inner.length + 1 };
  }
  const code = next.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return { kind: 'key', chord: metaChord(controlChord(code)), length: 2 };
  const character = String.fromCodePoint(input.codePointAt(start + 1)!);
  return { kind: 'key', chord: `M-${character}`, length: 1 + character.length };
}

function parseCsi(input: string, start: number): Parsed {
  let index = start + 2;
  if (input[index] === '[') {
    const letter = input[index + 1];
    if (letter === undefined) return INCOMPLETE;
    const name = CONSOLE_FUNCTION_KEYS[letter];
    return name === undefined ? { kind: 'ignored', length: 4 } : { kind: 'key', chord: name, length: 4 };
  }
  while (index < input.length && inRange(input, index, 0x30, 0x3f)) index += 1;
  const fields = input.slice(start + 2, index).split(';');
  while (index < input.length && inRange(input, index, 0x20, 0x2f)) index += 1;
  if (index >= input.length) return INCOMPLETE;
  // Not a final byte: the sequence is malformed; drop what came so far and read on from here.
  if (!inRange(input, index, 0x40, 0x7e)) return { kind: 'ignored', length: index - start };
  const final = input[index]!;
  const length = index + 1 - start;
  if (final === '~') {
    const number = Number(fields[0]);
    if (number === 200) return { kind: 'paste-start', length };
    const name = TILDE_KEYS[number];
    return name === undefined ? { kind: 'ignored', length } : { kind: 'key', chord: modified(name, fields[1]), length };
  }
  if (final === 'Z') return { kind: 'key', chord: 'S-Tab', length };
  const name = LETTER_KEYS[final];
  return name === undefined ? { kind: 'ignored', length } : { kind: 'key', chord: modified(name, fields[1]), length };
}

function parseSs3(input: string, start: number): Parsed {
  let index = start + 2;
  while (index < input.length && inRange(input, index, 0x30, 0x39)) index += 1;
  if (index >= input.length) return INCOMPLETE;
  // ESC O and then no final byte: that was Alt-O, and the rest is read on its own.
  if (!inRange(input, index, 0x40, 0x7e)) return { kind: 'key', chord: 'M-O', length: 2 };
  const final = input[index]!;
  const length = index + 1 - start;
  const name = final === 'M' ? 'Enter' : LETTER_KEYS[final];
  return name === undefined ? { kind: 'ignored', length } : { kind: 'key', chord: modified(name, input.slice(start + 2, index)), length };
}

function inRange(input: string, index: number, low: number, high: number): boolean {
  const code = input.charCodeAt(index);
  return code >= low && code <= high;
}

/** The length of the longest tail of input[from..] that `marker` starts with (but not all of marker). */
function partialSuffix(input: string, from: number, marker: string): number {
  for (let length = Math.min(marker.length - 1, input.length - from); length > 0; length -= 1) {
    if (input.endsWith(marker.slice(0, length))) return length;
  }
  return 0;
}
