/**
 * The pattern operators of `${...}` on one value (in locale units, see text.ts): `#` `##` `%`
 * `%%` trimming, `/` replacement and `^` `,` case changes. Patterns are shell patterns with
 * quoted characters escaped (glob.ts patternOf).
 */
import type { ExpansionBudget } from './budget';
import { compilePattern, hasWildcards, patternSource, unescapePattern } from './pattern';

/** `${x#p}` (longest: `##`) from the start, `${x%p}` (`%%`) from the end. */
export function trim(value: string, pattern: string, side: '#' | '%', longest: boolean): string {
  if (!hasWildcards(pattern)) {
    const literal = unescapePattern(pattern);
    if (side === '#') return value.startsWith(literal) ? value.slice(literal.length) : value;
    return value.endsWith(literal) ? value.slice(0, value.length - literal.length) : value;
  }
  const matcher = compilePattern(pattern);
  const n = value.length;
  // The prefix (or suffix) lengths to try, shortest or longest first.
  for (let step = 0; step <= n; step++) {
    const length = longest ? n - step : step;
    if (side === '#' ? matcher.test(value.slice(0, length)) : matcher.test(value.slice(n - length))) {
      return side === '#' ? value.slice(length) : value.slice(0, n - length);
    }
  }
  return value;
}

export type ReplaceMode = 'first' | 'all' | 'prefix' | 'suffix';

/**
 * `${x/p/r}` and its `//`, `/#`, `/%` forms: each match is the longest at its position, and
 * `replacement` makes its text from it (bash's `&`). The result is checked against `budget`
 * as it grows, so a replacement that multiplies the value fails before it is built.
 */
export function replace(value: string, pattern: string, mode: ReplaceMode, replacement: (match: string) => string, budget: ExpansionBudget): string {
  if (pattern === '') {
    if (mode === 'prefix') return replacement('') + value;
    if (mode === 'suffix') return value + replacement('');
    return value;
  }
  // An empty value is replaced when the pattern matches the empty string (`${e//*/x}`).
  if (value === '') return compilePattern(pattern).test('') ? replacement('') : value;
  const sticky = new RegExp(patternSource(pattern), 'ysu');
  const matchAt = (index: number): string | undefined => {
    sticky.lastIndex = index;
    return sticky.exec(value)?.[0];
  };
  if (mode === 'prefix') {
    const match = matchAt(0);
    return match === undefined ? value : replacement(match) + value.slice(match.length);
  }
  if (mode === 'suffix') {
    const whole = compilePattern(pattern);
    for (let index = 0; index <= value.length; index++) {
      const rest = value.slice(index);
      if (whole.test(rest)) return value.slice(0, index) + replacement(rest);
    }
    return value;
  }
  let result = '';
  let index = 0;
  while (index < value.length) {
    const match = matchAt(index);
    // An empty match replaces nothing: bash moves on a character.
    if (match === undefined || match === '') {
      const c = String.fromCodePoint(value.codePointAt(index)!);
      result += c;
      index += c.length;
      continue;
    }
    result += replacement(match);
    index += match.length;
    // A JavaScript character is at least a byte: past the budget in characters is past it in bytes.
    if (result.length > budget.remaining) budget.charge(result);
    if (mode === 'first') return result + value.slice(index);
  }
  return result;
}

/** `${x^p}` (`all`: `^^`) and `${x,p}` (`,,`): the characters `pattern` matches (all when empty) change case. */
export function changeCase(value: string, pattern: string, upper: boolean, all: boolean, asciiOnly: boolean): string {
  const matcher = pattern === '' ? null : compilePattern(pattern);
  let result = '';
  let first = true;
  for (const c of value) {
    const changes = (all || first) && (matcher === null || matcher.test(c));
    result += changes ? caseOf(c, upper, asciiOnly) : c;
    first = false;
  }
  return result;
}

/** `c` in upper or lower case; outside a UTF-8 locale only ASCII letters change (bash's C locale). */
export function caseOf(text: string, upper: boolean, asciiOnly: boolean): string {
  if (asciiOnly) return text.replace(upper ? /[a-z]+/g : /[A-Z]+/g, (letters) => (upper ? letters.toUpperCase() : letters.toLowerCase()));
  return upper ? text.toUpperCase() : text.toLowerCase();
}
