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

export function charactersOf(env: Pick<ExpansionEnvironment, 'lookup'>): Characters {
  return { bytes: !isUtf8Locale((name) => env.lookup(name)) };
}

/** Whether the locale is UTF-8: LC_ALL, then LC_CTYPE, then LANG decide; unset is the C locale. */
export function isUtf8Locale(lookup: (name: string) => string | undefined): boolean {
  const locale = [lookup('LC_ALL'), lookup('LC_CTYPE'), lookup('LANG')].find((value) => value !== undefined && value !== '');
  return locale !== undefined && /utf-?8/i.test(locale);
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
