/**
 * The pattern operators of `${...}` on one value (in locale units, see text.ts): `#` `##` `%`
 * `%%` trimming, `/` replacement and `^` `,` case changes. Patterns are shell patterns with
 * quoted characters escaped (glob.ts patternOf).
 */
import { BoundedCache } from './bounded-cache';
import type { ExpansionBudget } from './budget';
import { compilePattern, hasWildcards, leadingGroup, unescapePattern, type PatternOptions } from './pattern';

/** `${x#p}` (longest: `##`) from the start, `${x%p}` (`%%`) from the end, with extglob on or off. */
export function trim(value: string, pattern: string, side: '#' | '%', longest: boolean, extglob = false): string {
  const trimmer = trimmerOf(pattern, extglob);
  if (trimmer.kind === 'literal') return trimText(value, trimmer.text, side);
  if (trimmer.kind === 'starred') return trimStarred(value, trimmer, side, longest);
  const { matcher } = trimmer;
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

/** trim for a pattern that matches only `text` (`${x#"$base"}`): shortest and longest are the same. */
export function trimText(value: string, text: string, side: '#' | '%'): string {
  if (side === '#') return value.startsWith(text) ? value.slice(text.length) : value;
  return value.endsWith(text) ? value.slice(0, value.length - text.length) : value;
}

/** How trim matches a pattern: text compared, a StarredLiteral searched for, or a matcher tried at each length. */
type Trimmer = { readonly kind: 'literal'; readonly text: string } | ({ readonly kind: 'starred' } & StarredLiteral) | { readonly kind: 'matched'; readonly matcher: RegExp };

/** Trimmers by pattern text, with extglob off and on: a `${x%%.*}` in a loop or a function is analysed once, and looked up with no key or closure made. */
const trimmers = new BoundedCache<string, Trimmer>(512);
const extglobTrimmers = new BoundedCache<string, Trimmer>(512);

function trimmerOf(pattern: string, extglob: boolean): Trimmer {
  return extglob ? extglobTrimmers.get(pattern, extglobTrimmer) : trimmers.get(pattern, plainTrimmer);
}

const plainTrimmer = (pattern: string): Trimmer => makeTrimmer(pattern, false);
const extglobTrimmer = (pattern: string): Trimmer => makeTrimmer(pattern, true);

function makeTrimmer(pattern: string, extglob: boolean): Trimmer {
  if (!hasWildcards(pattern, extglob)) return { kind: 'literal', text: unescapePattern(pattern) };
  const starred = starredLiteral(pattern, extglob);
  if (starred !== undefined) return { kind: 'starred', ...starred };
  return { kind: 'matched', matcher: compilePattern(pattern, { extglob }).whole };
}

/** A pattern that is literal text with one `*` before it (`*.txt`) or after it (`.*`). */
interface StarredLiteral {
  readonly text: string;
  readonly starFirst: boolean;
}

/** Surrogates, which a pattern matches as code points: a search by code units could split a pair. */
const SURROGATE = /[\ud800-\udfff]/;

/** `pattern` as a StarredLiteral, or undefined when it is any other pattern (with extglob, `*(` opens a group). */
function starredLiteral(pattern: string, extglob = false): StarredLiteral | undefined {
  let rest: string;
  let starFirst: boolean;
  if (pattern.startsWith('*')) {
    rest = pattern.slice(1);
    starFirst = true;
    if (extglob && rest.startsWith('(')) return undefined;
  } else if (pattern.endsWith('*') && /(?:^|[^\\])(?:\\\\)*\*$/.test(pattern)) {
    rest = pattern.slice(0, -1);
    starFirst = false;
  } else return undefined;
  if (hasWildcards(rest, extglob)) return undefined;
  const text = unescapePattern(rest);
  return SURROGATE.test(text) ? undefined : { text, starFirst };
}

/**
 * trim for a StarredLiteral: the shortest or longest prefix (suffix) it matches ends (begins) at
 * the first or last place the text is found, or is the text alone or the whole value.
 */
function trimStarred(value: string, { text, starFirst }: StarredLiteral, side: '#' | '%', longest: boolean): string {
  if (side === '#') {
    if (!starFirst) return value.startsWith(text) ? (longest ? '' : value.slice(text.length)) : value;
    const at = longest ? value.lastIndexOf(text) : value.indexOf(text);
    return at === -1 ? value : value.slice(at + text.length);
  }
  if (starFirst) return value.endsWith(text) ? (longest ? '' : value.slice(0, value.length - text.length)) : value;
  const at = longest ? value.indexOf(text) : value.lastIndexOf(text);
  return at === -1 ? value : value.slice(0, at);
}

export type ReplaceMode = 'first' | 'all' | 'prefix' | 'suffix';

/**
 * `${x/p/r}` and its `//`, `/#`, `/%` forms: each match is the longest at its position, and
 * `replacement` makes its text from it (bash's `&`). The result is checked against `budget`
 * as it grows, so a replacement that multiplies the value fails before it is built.
 */
export function replace(
  value: string,
  pattern: string,
  mode: ReplaceMode,
  replacement: (match: string) => string,
  budget: ExpansionBudget,
  options: PatternOptions = {},
): string {
  if (pattern === '') {
    if (mode === 'prefix') return replacement('') + value;
    if (mode === 'suffix') return value + replacement('');
    return value;
  }
  const { whole, sticky, grouped } = compilePattern(pattern, options);
  // An empty value is replaced when the pattern matches the empty string (`${e//*/x}`); bash lets
  // only a pattern that begins with `*` do so, but at the end (`/%`).
  if (value === '') return whole.test('') && (mode === 'suffix' ? matchesAtEnd(pattern, true, options) : pattern.startsWith('*')) ? replacement('') : value;
  const matchAt = (index: number): string | undefined => {
    sticky.lastIndex = index;
    const first = sticky.exec(value)?.[0];
    if (first === undefined || !grouped) return first;
    // A group's alternatives are tried in order (`@(a|ab)` finds `a` first): bash takes the longest.
    for (let end = value.length; end > index + first.length; end--) {
      const longer = value.slice(index, end);
      if (whole.test(longer)) return longer;
    }
    return first;
  };
  if (mode === 'prefix') {
    const match = matchAt(0);
    return match === undefined ? value : replacement(match) + value.slice(match.length);
  }
  if (mode === 'suffix') {
    const last = matchesAtEnd(pattern, false, options) ? value.length : value.length - 1;
    for (let index = 0; index <= last; index++) {
      const rest = value.slice(index);
      if (whole.test(rest)) return value.slice(0, index) + replacement(rest);
    }
    return value;
  }
  let result = '';
  let index = 0;
  while (index < value.length) {
    const match = matchAt(index);
    if (match !== undefined) result += replacement(match);
    // After no match, or an empty one (`*(b)` before `a`), bash moves on a character.
    const skipped = match === undefined || match === '' ? String.fromCodePoint(value.codePointAt(index)!) : '';
    result += skipped;
    index += match === undefined ? skipped.length : match.length + skipped.length;
    // A JavaScript character is at least a byte: past the budget in characters is past it in bytes.
    if (result.length > budget.remaining) budget.charge(result);
    if (mode === 'first' && match !== undefined) return result + value.slice(index);
  }
  return result;
}

/**
 * Whether `${x/%p/r}` may match nothing at the end of the value. bash first matches `*` and the
 * pattern against the whole value, and its `*` never lets a `@(...)` or `+(...)` group (in a
 * value that is not empty, a `!(...)` either) begin at the end.
 */
function matchesAtEnd(pattern: string, emptyValue: boolean, options: PatternOptions): boolean {
  const operator = options.extglob === true ? leadingGroup(pattern) : undefined;
  return !(operator === '@' || operator === '+' || (operator === '!' && !emptyValue));
}

/** `${x^p}` (`all`: `^^`) and `${x,p}` (`,,`): the characters `pattern` matches (all when empty) change case. */
export function changeCase(value: string, pattern: string, upper: boolean, all: boolean, asciiOnly: boolean, options: PatternOptions = {}): string {
  const matcher = pattern === '' ? null : compilePattern(pattern, options).whole;
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
