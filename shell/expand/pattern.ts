/**
 * Shell patterns — `*`, `?`, `[...]` bracket expressions — compiled to regular expressions. A
 * backslash makes the next character literal; that is how quoted characters reach a pattern.
 * Character classes and ranges follow the POSIX locale (code point order, ASCII classes).
 */
import { BoundedCache } from './bounded-cache';

const CLASSES: ReadonlyMap<string, string> = new Map([
  ['alnum', '0-9A-Za-z'],
  ['alpha', 'A-Za-z'],
  ['blank', ' \\t'],
  ['cntrl', '\\x00-\\x1f\\x7f'],
  ['digit', '0-9'],
  ['graph', '!-~'],
  ['lower', 'a-z'],
  ['print', ' -~'],
  ['punct', '!-\\/:-@\\[-`{-~'],
  ['space', '\\t-\\r '],
  ['upper', 'A-Z'],
  ['xdigit', '0-9A-Fa-f'],
]);

/** One character of a pattern, a backslash escape resolved; `next` is the index after it. */
function characterAt(pattern: string, index: number): { char: string; escaped: boolean; next: number } {
  const escaped = pattern[index] === '\\' && index + 1 < pattern.length;
  const at = escaped ? index + 1 : index;
  const char = String.fromCodePoint(pattern.codePointAt(at)!);
  return { char, escaped, next: at + char.length };
}

function regexCharacter(c: string): string {
  return c.replace(/[\\^$.*+?()[\]{}|/]/, '\\$&');
}

function classCharacter(c: string): string {
  return c.replace(/[\\\]\[^-]/, '\\$&');
}

/** The bracket expression opening at `open`, as a regex class; null when it is not one (no closing `]`). */
function bracket(pattern: string, open: number): { source: string; next: number } | null {
  let index = open + 1;
  const negated = pattern[index] === '!' || pattern[index] === '^';
  if (negated) index++;
  let items = '';
  // A `]` right after the opening (or after `!`) is a member, not the end.
  for (let first = true; index < pattern.length; first = false) {
    if (pattern[index] === ']' && !first) return { source: `[${negated ? '^' : ''}${items}]`, next: index + 1 };
    const classEnd = pattern.startsWith('[:', index) ? pattern.indexOf(':]', index + 2) : -1;
    if (classEnd !== -1) {
      // An unknown class adds no members.
      items += CLASSES.get(pattern.slice(index + 2, classEnd)) ?? '';
      index = classEnd + 2;
      continue;
    }
    const low = characterAt(pattern, index);
    index = low.next;
    if (pattern[index] === '-' && index + 1 < pattern.length && pattern[index + 1] !== ']') {
      const high = characterAt(pattern, index + 1);
      index = high.next;
      // A reversed range matches nothing (and would be a RegExp syntax error).
      if (low.char.codePointAt(0)! <= high.char.codePointAt(0)!) items += `${classCharacter(low.char)}-${classCharacter(high.char)}`;
      continue;
    }
    items += classCharacter(low.char);
  }
  return null;
}

/** Whether `pattern` has an unescaped `*`, `?` or bracket expression, i.e. must be matched rather than compared. */
export function hasWildcards(pattern: string): boolean {
  for (let index = 0; index < pattern.length; ) {
    const c = characterAt(pattern, index);
    if (!c.escaped && (c.char === '*' || c.char === '?' || (c.char === '[' && bracket(pattern, index) !== null))) return true;
    index = c.next;
  }
  return false;
}

/** The literal text a pattern without wildcards matches: its escapes removed. */
export function unescapePattern(pattern: string): string {
  return pattern.replace(/\\(.)/gsu, '$1');
}

/**
 * Compiled patterns by their flags and text: a `case` or `${x%%.*}` in a loop compiles once. A
 * RegExp without the `g` or `y` flag keeps no state between matches, so one serves every caller.
 */
const compiled = new BoundedCache<string, RegExp>(512);

/** An anchored RegExp matching what `pattern` matches; `nocase` for nocaseglob and nocasematch. */
export function compilePattern(pattern: string, nocase = false): RegExp {
  const flags = nocase ? 'sui' : 'su';
  return compiled.get(`${flags}:${pattern}`, () => new RegExp(`^${patternSource(pattern)}$`, flags));
}

/**
 * The RegExp source (for flags `su`) of `pattern`, unanchored. Its only repetition is a greedy
 * `.*` between single characters, so a match it finds from a position is the longest there.
 */
export function patternSource(pattern: string): string {
  let source = '';
  let afterStar = false;
  for (let index = 0; index < pattern.length; ) {
    const c = characterAt(pattern, index);
    const wildcard = c.escaped ? '' : c.char;
    const expression = wildcard === '[' ? bracket(pattern, index) : null;
    if (expression !== null) source += expression.source;
    // Runs of `*` collapse, so they cannot make the RegExp backtrack more.
    else if (wildcard === '*') source += afterStar ? '' : '.*';
    else if (wildcard === '?') source += '.';
    else source += regexCharacter(c.char);
    afterStar = wildcard === '*';
    index = expression?.next ?? c.next;
  }
  return source;
}
