/**
 * vi editing (`set -o vi`), as readline does it: insert mode is the usual editing until Escape;
 * command mode takes vi's commands, with counts: motions (h l w b e W B E 0 ^ $ Space, f F t T
 * ; ,), operators over them (d c y, dd cc yy), x X D C s S p P r ~ u ., i a A I, history with j k
 * and searches with / ? n N. Keys it does not take (Enter, Ctrl keys, arrows) go to the emacs table.
 */
import { editBuffer, insert, remove, type EditBuffer } from './buffer';
import type { Chord, Key } from './keys';
import type { KillBuffer } from './kill';
import type { View } from './layout';

/** What vi commands act on: the session's line, kill buffer and history. */
export interface ViHost {
  buffer: EditBuffer;
  readonly kills: KillBuffer;
  readonly history: readonly string[];
  /** The history entry shown; history.length for the line being written. */
  readonly position: number;
  /** Shows history entry `index` (one of history's, or history.length for the line being written). */
  recall(index: number): void;
}

/** What a key came to: handled here (and whether the bell rings), or a key left to the emacs table. */
export type ViOutcome = 'done' | 'bell' | { readonly emacs: Key };

type Operator = 'd' | 'c' | 'y';
type Mode = 'insert' | 'command' | 'search';
/** f F t T: to a character forward or back, onto it or next to it. */
type FindKind = 'f' | 'F' | 't' | 'T';
const FINDS = new Set<string>(['f', 'F', 't', 'T']);
const REVERSED: Readonly<Record<FindKind, FindKind>> = { f: 'F', F: 'f', t: 'T', T: 't' };
/** The commands that change the line, which `.` repeats. */
const CHANGES = new Set<string>([...'xXDCsSpPr~dcaAiI']);

const OPERATORS = new Set<string>(['d', 'c', 'y']);
/** Counts stop growing here, as readline's numeric arguments do: a typed count never makes a key take long. */
const MAX_COUNT = 1_000_000;

export class ViEditing {
  private mode: Mode = 'insert';
  private count = '';
  private operator: { readonly name: Operator; readonly count: number } | undefined;
  /** `r` waits for the character to put in. */
  private replacing = false;
  /** f F t T wait for the character to find (for an operator when one was typed first). */
  private finding: { readonly kind: FindKind; readonly count: number; readonly operator: Operator | undefined } | undefined;
  /** The last f F t T, for ; and , to repeat. */
  private lastFind: { readonly kind: FindKind; readonly target: string } | undefined;
  private query = '';
  private searchDirection: 'older' | 'newer' = 'older';
  private lastSearch: { readonly query: string; readonly direction: 'older' | 'newer' } | undefined;
  /** The command keys typed since the command being typed began. */
  private keys = '';
  /** The last change, for `.`: its keys and what was typed in the insert mode it ended in. */
  private lastChange: { readonly keys: string; readonly inserted: string } | undefined;
  /** A change that went on in insert mode: its keys and the line where typing began. */
  private insertion: { readonly keys: string; readonly line: EditBuffer } | undefined;
  /** Lines before each change, for u. */
  private readonly undo: EditBuffer[] = [];

  constructor(private readonly host: ViHost) {}

  /** The search being typed after / or ?, shown in place of the prompt and line. */
  get searchView(): View | undefined {
    if (this.mode !== 'search') return undefined;
    const prompt = this.searchDirection === 'older' ? '/' : '?';
    return { prompt, text: this.query, cursor: this.query.length };
  }

  handle(key: Key): ViOutcome {
    if (this.mode === 'insert') return this.insertKey(key);
    if (this.mode === 'search') return this.searchKey(key);
    if (key.kind === 'paste') return 'bell';
    if (key.kind === 'text') {
      let outcome: ViOutcome = 'done';
      const characters = [...key.text];
      for (let index = 0; index < characters.length; index++) {
        // A command may have changed the mode: what follows it is typed into that mode.
        if (this.inMode('insert')) {
          this.host.buffer = insert(this.host.buffer, characters.slice(index).join(''));
          break;
        }
        if (this.inMode('search')) {
          this.query += characters.slice(index).join('');
          break;
        }
        if (this.commandKey(characters[index]!) === 'bell') outcome = 'bell';
      }
      return outcome;
    }
    switch (key.chord) {
      case 'Escape':
        this.reset();
        return 'done';
      case 'Left':
        return this.command('h');
      case 'Right':
        return this.command('l');
      case 'Backspace':
      case 'C-h':
        return this.command('h');
      default:
        this.reset();
        return { emacs: key };
    }
  }

  private inMode(mode: Mode): boolean {
    return this.mode === mode;
  }

  /** Insert mode: Escape (or Alt with a key, which a quick Escape and key arrive as) goes to command mode. */
  private insertKey(key: Key): ViOutcome {
    if (key.kind !== 'key') return { emacs: key };
    if (key.chord === 'Escape') {
      this.enterCommandMode();
      return 'done';
    }
    const alt = /^(C-)?M-(.+)$/u.exec(key.chord);
    if (alt === null) return { emacs: key };
    this.enterCommandMode();
    const [, control = '', rest = ''] = alt;
    const single = control === '' && [...rest].length === 1;
    return this.handle(single ? { kind: 'text', text: rest } : { kind: 'key', chord: `${control}${rest}` as Chord });
  }

  /** A command key, and when it ends a command that changed the line, that command kept for `.`. */
  private commandKey(character: string): ViOutcome {
    if (this.idle()) this.keys = '';
    this.keys += character;
    const outcome = this.command(character);
    const name = this.keys.replace(/^\d+/, '')[0] ?? '';
    if (CHANGES.has(name) && this.inMode('insert')) this.insertion = { keys: this.keys, line: this.host.buffer };
    else if (CHANGES.has(name) && this.idle() && outcome === 'done') this.lastChange = { keys: this.keys, inserted: '' };
    return outcome;
  }

  /** No command is half typed. */
  private idle(): boolean {
    return this.mode === 'command' && this.count === '' && this.operator === undefined && this.finding === undefined && !this.replacing;
  }

  /** `.`: the last change again, with what it inserted. */
  private repeatChange(): ViOutcome {
    const change = this.lastChange;
    if (change === undefined) return 'bell';
    for (const character of change.keys) this.command(character);
    if (this.inMode('insert')) {
      this.host.buffer = insert(this.host.buffer, change.inserted);
      this.enterCommandMode();
    }
    return 'done';
  }

  private enterCommandMode(): void {
    if (this.insertion !== undefined) {
      // What was typed: assumed typed forward from where insert mode began, as nearly always.
      const { keys, line } = this.insertion;
      const grown = this.host.buffer.text.length - line.text.length;
      this.lastChange = { keys, inserted: grown > 0 ? this.host.buffer.text.slice(line.cursor, line.cursor + grown) : '' };
      this.insertion = undefined;
    }
    this.mode = 'command';
    this.reset();
    // As in vi, the cursor steps back onto the last character typed.
    const { text, cursor } = this.host.buffer;
    if (cursor > 0) this.host.buffer = editBuffer(text, cursor - 1);
  }

  private enterInsertMode(cursor: number): void {
    this.saveForUndo();
    this.host.buffer = editBuffer(this.host.buffer.text, cursor);
    this.mode = 'insert';
  }

  private reset(): void {
    this.count = '';
    this.operator = undefined;
    this.replacing = false;
    this.finding = undefined;
  }

  private saveForUndo(): void {
    this.undo.push(this.host.buffer);
  }

  /** The count typed before a command (1 when none), consumed. */
  private takeCount(): number {
    const count = this.count === '' ? 1 : Number(this.count);
    this.count = '';
    return count;
  }

  private command(character: string): ViOutcome {
    const { text, cursor } = this.host.buffer;
    if (this.replacing) {
      this.replacing = false;
      return this.replace(character, this.takeCount());
    }
    if (this.finding !== undefined) {
      const { kind, count, operator } = this.finding;
      this.finding = undefined;
      this.lastFind = { kind, target: character };
      return this.find(kind, character, count, operator);
    }
    if (/[1-9]/.test(character) || (character === '0' && this.count !== '')) {
      if (Number(this.count + character) > MAX_COUNT) return 'bell';
      this.count += character;
      return 'done';
    }
    if (this.operator !== undefined) return this.operate(this.operator, character);
    if (OPERATORS.has(character)) {
      this.operator = { name: character as Operator, count: this.takeCount() };
      return 'done';
    }
    if (FINDS.has(character)) {
      this.finding = { kind: character as FindKind, count: this.takeCount(), operator: undefined };
      return 'done';
    }
    if ((character === ';' || character === ',') && this.lastFind !== undefined) {
      const { kind, target } = this.lastFind;
      return this.find(character === ';' ? kind : REVERSED[kind], target, this.takeCount(), undefined);
    }
    const count = this.takeCount();
    const motion = this.motion(character, count, false);
    if (motion !== undefined) {
      this.host.buffer = editBuffer(text, clampCommand(text, motion));
      return 'done';
    }
    switch (character) {
      case 'i':
        this.enterInsertMode(cursor);
        return 'done';
      case 'a':
        this.enterInsertMode(Math.min(cursor + 1, text.length));
        return 'done';
      case 'A':
        this.enterInsertMode(text.length);
        return 'done';
      case 'I':
        this.enterInsertMode(0);
        return 'done';
      case 'x':
        return this.deleteRange(cursor, Math.min(cursor + count, text.length), false);
      case 'X':
        return this.deleteRange(Math.max(cursor - count, 0), cursor, false);
      case 'D':
        return this.deleteRange(cursor, text.length, false);
      case 'C':
        return this.deleteRange(cursor, text.length, true);
      case 's':
        return this.deleteRange(cursor, Math.min(cursor + count, text.length), true);
      case 'S':
        return this.deleteRange(0, text.length, true);
      case 'p':
        return this.put(text === '' ? 0 : cursor + 1, count);
      case 'P':
        return this.put(cursor, count);
      case 'r':
        this.count = String(count);
        this.replacing = true;
        return 'done';
      case '~':
        return this.toggleCase(count);
      case 'u':
        return this.undoChange();
      case '.':
        return this.repeatChange();
      case 'k':
      case '-':
        return this.browse(this.host.position - count);
      case 'j':
      case '+':
        return this.browse(this.host.position + count);
      case '/':
      case '?':
        this.mode = 'search';
        this.searchDirection = character === '/' ? 'older' : 'newer';
        this.query = '';
        return 'done';
      case 'n':
        return this.searchAgain(false);
      case 'N':
        return this.searchAgain(true);
      default:
        return 'bell';
    }
  }

  /**
   * Where a motion goes from the cursor, `count` times; undefined for a key that is no motion.
   * `operand`: for an operator, where the motion may end past the last character.
   */
  private motion(character: string, count: number, operand: boolean): number | undefined {
    const { text, cursor } = this.host.buffer;
    const repeat = (step: (at: number) => number): number => {
      let at = cursor;
      for (let index = 0; index < count; index++) at = step(at);
      return at;
    };
    switch (character) {
      case 'h':
        return repeat((at) => Math.max(at - 1, 0));
      case 'l':
      case ' ':
        return repeat((at) => Math.min(at + 1, operand ? text.length : Math.max(text.length - 1, 0)));
      case '0':
        return 0;
      case '^':
        return text.search(/[^ \t]|$/);
      case '$':
        return operand ? text.length : Math.max(text.length - 1, 0);
      case 'w':
      case 'W':
        return repeat((at) => wordForward(text, at, character === 'W'));
      case 'b':
      case 'B':
        return repeat((at) => wordBackward(text, at, character === 'B'));
      case 'e':
      case 'E':
        return repeat((at) => wordEndForward(text, at, character === 'E'));
      default:
        return undefined;
    }
  }

  /** d, c or y and then a motion, or the same letter again for the whole line. */
  private operate(operator: { readonly name: Operator; readonly count: number }, character: string): ViOutcome {
    this.operator = undefined;
    const { text, cursor } = this.host.buffer;
    if (character === operator.name) return this.apply(operator.name, 0, text.length);
    const count = Math.min(operator.count * (this.count === '' ? 1 : Number(this.count)), MAX_COUNT);
    this.count = '';
    if (FINDS.has(character)) {
      this.finding = { kind: character as FindKind, count, operator: operator.name };
      return 'done';
    }
    if ((character === ';' || character === ',') && this.lastFind !== undefined) {
      const { kind, target } = this.lastFind;
      return this.find(character === ';' ? kind : REVERSED[kind], target, count, operator.name);
    }
    // cw on a word changes to its end, as ce does (vi).
    const changeWord = operator.name === 'c' && (character === 'w' || character === 'W') && !isBlank(text[cursor]);
    const motion = changeWord ? (character === 'w' ? 'e' : 'E') : character;
    const target = this.motion(motion, count, true);
    if (target === undefined) return 'bell';
    // e, E and $ take the character they end on.
    const inclusive = motion === 'e' || motion === 'E';
    const [from, to] = target < cursor ? [target, cursor] : [cursor, inclusive ? Math.min(target + 1, text.length) : target];
    return this.apply(operator.name, from, to);
  }

  /** f F t T (or ; and , again): the cursor to the character, or an operator over the way there, the character included. */
  private find(kind: FindKind, target: string, count: number, operator: Operator | undefined): ViOutcome {
    const { text, cursor } = this.host.buffer;
    const found = findCharacter(text, cursor, kind, target, count);
    if (found === undefined) return 'bell';
    if (operator === undefined) {
      this.host.buffer = editBuffer(text, found);
      return 'done';
    }
    return found > cursor ? this.apply(operator, cursor, found + 1) : this.apply(operator, found, cursor);
  }

  private apply(operator: Operator, from: number, to: number): ViOutcome {
    if (operator !== 'y') return this.deleteRange(from, to, operator === 'c');
    this.host.kills.kill(this.host.buffer.text.slice(from, to), 'forward', false);
    this.host.buffer = editBuffer(this.host.buffer.text, clampCommand(this.host.buffer.text, from));
    return 'done';
  }

  /** Deletes [from, to) into the kill buffer; `change` goes on in insert mode there. */
  private deleteRange(from: number, to: number, change: boolean): ViOutcome {
    if (from === to && !change) return 'bell';
    this.saveForUndo();
    const { buffer, removed } = remove(editBuffer(this.host.buffer.text, from), from, to);
    if (removed !== '') this.host.kills.kill(removed, 'forward', false);
    if (change) {
      this.host.buffer = buffer;
      this.mode = 'insert';
    } else this.host.buffer = editBuffer(buffer.text, clampCommand(buffer.text, from));
    return 'done';
  }

  /** p and P: the kill buffer put in `count` times at `at`, the cursor on its last character. */
  private put(at: number, count: number): ViOutcome {
    const { yanked } = this.host.kills;
    if (yanked === '' || yanked.length * count > MAX_COUNT) return 'bell';
    const text = yanked.repeat(count);
    this.saveForUndo();
    const put = insert(editBuffer(this.host.buffer.text, at), text);
    this.host.buffer = editBuffer(put.text, put.cursor - 1);
    return 'done';
  }

  private replace(character: string, count: number): ViOutcome {
    const { text, cursor } = this.host.buffer;
    if (cursor + count > text.length) return 'bell';
    this.saveForUndo();
    this.host.buffer = editBuffer(text.slice(0, cursor) + character.repeat(count) + text.slice(cursor + count), cursor + count - 1);
    return 'done';
  }

  private toggleCase(count: number): ViOutcome {
    const { text, cursor } = this.host.buffer;
    if (text === '') return 'bell';
    this.saveForUndo();
    const end = Math.min(cursor + count, text.length);
    const toggled = [...text.slice(cursor, end)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    const changed = text.slice(0, cursor) + toggled + text.slice(end);
    this.host.buffer = editBuffer(changed, clampCommand(changed, end));
    return 'done';
  }

  private undoChange(): ViOutcome {
    const before = this.undo.pop();
    if (before === undefined) return 'bell';
    this.host.buffer = editBuffer(before.text, clampCommand(before.text, before.cursor));
    return 'done';
  }

  /** j and k: another history line, the cursor at its start. */
  private browse(index: number): ViOutcome {
    if (index < 0 || index > this.host.history.length || index === this.host.position) return 'bell';
    this.host.recall(index);
    this.undo.length = 0;
    this.host.buffer = editBuffer(this.host.buffer.text, 0);
    return 'done';
  }

  private searchKey(key: Key): ViOutcome {
    if (key.kind !== 'key') {
      this.query += key.text;
      return 'done';
    }
    switch (key.chord) {
      case 'Enter':
      case 'C-j': {
        this.mode = 'command';
        // An empty search repeats the last one.
        const query = this.query === '' ? this.lastSearch?.query : this.query;
        if (query === undefined) return 'bell';
        this.lastSearch = { query, direction: this.searchDirection };
        return this.search(query, this.searchDirection);
      }
      case 'Backspace':
      case 'C-h':
        if (this.query === '') this.mode = 'command';
        else this.query = this.query.slice(0, -1);
        return 'done';
      case 'Escape':
      case 'C-c':
      case 'C-g':
        this.mode = 'command';
        return 'done';
      default:
        return 'bell';
    }
  }

  private searchAgain(reverse: boolean): ViOutcome {
    if (this.lastSearch === undefined) return 'bell';
    const { query, direction } = this.lastSearch;
    return this.search(query, reverse ? (direction === 'older' ? 'newer' : 'older') : direction);
  }

  /** The nearest history line in `direction` from the one shown that holds `query`. */
  private search(query: string, direction: 'older' | 'newer'): ViOutcome {
    const { history, position } = this.host;
    const step = direction === 'older' ? -1 : 1;
    for (let index = position + step; index >= 0 && index < history.length; index += step) {
      if (history[index]!.includes(query)) return this.browse(index);
    }
    return 'bell';
  }
}

/** Where f F t T go from `cursor`, `count` times; undefined when the character is not there so often. */
function findCharacter(text: string, cursor: number, kind: FindKind, target: string, count: number): number | undefined {
  const forward = kind === 'f' || kind === 't';
  let at = cursor;
  for (let index = 0; index < count; index++) {
    // t and T stop next to the character: looking again starts past it.
    const from = index === 0 ? (forward ? cursor + 1 : cursor - 1) : kind === 't' ? at + 2 : kind === 'T' ? at - 2 : forward ? at + 1 : at - 1;
    if (from < 0) return undefined;
    const found = forward ? text.indexOf(target, from) : text.lastIndexOf(target, from);
    if (found < 0) return undefined;
    at = kind === 't' ? found - 1 : kind === 'T' ? found + 1 : found;
  }
  return at;
}

/** In command mode the cursor sits on a character: never past the last one. */
function clampCommand(text: string, cursor: number): number {
  return Math.max(0, Math.min(cursor, text.length - 1));
}

function isBlank(character: string | undefined): boolean {
  return character === ' ' || character === '\t';
}

/** vi's classes: blanks, word characters (letters, digits, _), and the rest; for W B E only blank or not. */
function classOf(character: string | undefined, big: boolean): number {
  if (character === undefined || isBlank(character)) return 0;
  if (big) return 1;
  return /[\p{L}\p{N}_]/u.test(character) ? 1 : 2;
}

function wordForward(text: string, at: number, big: boolean): number {
  let position = at;
  const start = classOf(text[position], big);
  if (start !== 0) while (position < text.length && classOf(text[position], big) === start) position++;
  while (position < text.length && isBlank(text[position])) position++;
  return position;
}

function wordBackward(text: string, at: number, big: boolean): number {
  let position = at;
  if (position > 0) position--;
  while (position > 0 && isBlank(text[position])) position--;
  const kind = classOf(text[position], big);
  while (position > 0 && classOf(text[position - 1], big) === kind && kind !== 0) position--;
  return position;
}

function wordEndForward(text: string, at: number, big: boolean): number {
  let position = at;
  if (position < text.length - 1) position++;
  while (position < text.length - 1 && isBlank(text[position])) position++;
  const kind = classOf(text[position], big);
  while (position < text.length - 1 && classOf(text[position + 1], big) === kind) position++;
  return position;
}
