/**
 * How `${...}` operators see a value's characters. In a UTF-8 locale a character is a code
 * point; in any other (C, POSIX, unset) bash works on bytes, so there a value is handled as a
 * string of one character per byte (latin1) and turned back into text after. In a UTF-8
 * locale a byte that is not part of valid UTF-8 is one character, as in bash: its escape.
 */
import { fromByteString, toByteString } from '../bytes';
import type { ExpansionEnvironment } from './types';

const SURROGATE = /[\ud800-\udfff]/;

export interface Characters {
  /** bash works on bytes: the locale is not UTF-8. */
  readonly bytes: boolean;
}

/** The two ways there are: made once, since a `${x%%p}` asks on every expansion. */
const BY_BYTES: Characters = { bytes: true };
const BY_CODE_POINTS: Characters = { bytes: false };

export function charactersOf(env: Pick<ExpansionEnvironment, 'lookup'>): Characters {
  return isUtf8(env.lookup('LC_ALL') || env.lookup('LC_CTYPE') || env.lookup('LANG')) ? BY_CODE_POINTS : BY_BYTES;
}

/** Whether the locale is UTF-8: LC_ALL, then LC_CTYPE, then LANG decide; unset is the C locale. */
export function isUtf8Locale(lookup: (name: string) => string | undefined): boolean {
  return isUtf8(lookup('LC_ALL') || lookup('LC_CTYPE') || lookup('LANG'));
}

/** The last locale asked about and the answer: a script's locale seldom changes. */
let lastLocale: { readonly name: string; readonly utf8: boolean } | undefined;

/** Whether locale `name` (the first of the variables set and not empty) is a UTF-8 one. */
function isUtf8(name: string | undefined): boolean {
  if (name === undefined || name === '') return false;
  if (lastLocale?.name !== name) lastLocale = { name, utf8: /utf-?8/i.test(name) };
  return lastLocale.utf8;
}

/** `text` with one JavaScript character per character of the locale (bytes: one per byte). */
export function toUnits(text: string, characters: Characters): string {
  return characters.bytes ? toByteString(text) : text;
}

/** The inverse of toUnits. */
export function fromUnits(units: string, characters: Characters): string {
  return characters.bytes ? fromByteString(units) : units;
}

/** How many characters `units` has (a surrogate pair is one, and so is an escaped byte). */
export function characterCount(units: string): number {
  return SURROGATE.test(units) ? Array.from(units).length : units.length;
}

/** Characters `start` to `end` (exclusive) of `units`. */
export function sliceCharacters(units: string, start: number, end: number): string {
  return SURROGATE.test(units) ? Array.from(units).slice(start, end).join('') : units.slice(start, end);
}
