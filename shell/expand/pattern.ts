/**
 * Shell patterns — `*`, `?`, `[...]` bracket expressions, and with extglob bash's groups
 * `?(a|b)` `*(...)` `+(...)` `@(...)` `!(...)` — compiled to regular expressions. A backslash
 * makes the next character literal; that is how quoted characters reach a pattern. Character
 * classes and ranges follow the POSIX locale (code point order, ASCII classes).
 */
import { nestingLimit } from '../errors';
import { BoundedCache } from './bounded-cache';
import { GROUP_OPERATORS } from '../syntax/words';

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

/** How a pattern is read and matched. */
export interface PatternOptions {
  /** shopt extglob: `?(...)`, `*(...)`, `+(...)`, `@(...)` and `!(...)` are groups, not literal text. */
  readonly extglob?: boolean;
  /** nocaseglob, nocasematch: case is ignored. */
  readonly nocase?: boolean;
  /** Pathname expansion without dotglob: no wildcard matches a `.` that begins the text. */
  readonly hidesDotFiles?: boolean;
}

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

/** An extglob group: its operator, its alternatives' text, and the index after its `)`. */
interface Group {
  readonly operator: string;
  readonly alternatives: readonly string[];
  readonly next: number;
}

/**
 * The extglob group whose operator is at `at` (`@` of `@(a|b)`); null when none starts there or
 * no `)` closes it (then its characters are literal, as in bash). Escapes and bracket
 * expressions hide `(`, `)` and `|`; nested groups are one alternative's text.
 */
function groupAt(pattern: string, at: number): Group | null {
  if (!GROUP_OPERATORS.includes(pattern[at]!) || pattern[at + 1] !== '(') return null;
  const alternatives: string[] = [];
  let start = at + 2;
  let depth = 0;
  for (let index = start; index < pattern.length; ) {
    const c = pattern[index];
    if (c === '\\') index += 2;
    else if (c === '[') index = bracket(pattern, index)?.next ?? index + 1;
    else if (c === '(') {
      depth++;
      index++;
    } else if (c === ')' && depth > 0) {
      depth--;
      index++;
    } else if (c === ')' || (c === '|' && depth === 0)) {
      alternatives.push(pattern.slice(start, index));
      start = index + 1;
      if (c === ')') return { operator: pattern[at]!, alternatives, next: index + 1 };
      index++;
    } else index++;
  }
  return null;
}

/** The operator of the extglob group `pattern` begins with (`@` of `@(a|b)c`), if it does. */
export function leadingGroup(pattern: string): string | undefined {
  return groupAt(pattern, 0)?.operator;
}

/** Whether `pattern` has an unescaped `*`, `?`, bracket expression or (with extglob) group, i.e. must be matched rather than compared. */
export function hasWildcards(pattern: string, extglob = false): boolean {
  for (let index = 0; index < pattern.length; ) {
    const c = characterAt(pattern, index);
    if (!c.escaped && (c.char === '*' || c.char === '?' || (c.char === '[' && bracket(pattern, index) !== null))) return true;
    if (!c.escaped && extglob && groupAt(pattern, index) !== null) return true;
    index = c.next;
  }
  return false;
}

/**
 * Whether pathname expansion without dotglob lets `pattern` try a hidden name (bash's check
 * before it matches one): it begins with a `.`, or with a group one of whose alternatives does,
 * or with a `?(...)` or `*(...)` (which may match nothing) followed by one. Never a `!(...)`.
 */
export function takesLeadingDot(pattern: string, extglob: boolean): boolean {
  if (pattern.startsWith('.') || pattern.startsWith('\\.')) return true;
  const group = extglob ? groupAt(pattern, 0) : null;
  if (group === null || group.operator === '!') return false;
  if (group.alternatives.some((alternative) => takesLeadingDot(alternative, true))) return true;
  return (group.operator === '?' || group.operator === '*') && takesLeadingDot(pattern.slice(group.next), true);
}

/** The literal text a pattern without wildcards matches: its escapes removed. */
export function unescapePattern(pattern: string): string {
  return pattern.replace(/\\(.)/gsu, '$1');
}

/** A compiled pattern. */
export interface CompiledPattern {
  /** Anchored at both ends: whether the whole text matches. */
  readonly whole: RegExp;
  /** Unanchored, sticky: a match starting at `lastIndex` (set it before each use: the object is shared). */
  readonly sticky: RegExp;
  /** Whether it has extglob groups: then the first match from a position need not be the longest. */
  readonly grouped: boolean;
}

/** How deeply extglob groups may nest (bash has no limit; this translation recurses per group). */
const MAX_GROUP_NESTING = 1000;

/** Compiled patterns by their options and text: a `case` or `${x%%.*}` in a loop compiles once. */
const compiled = new BoundedCache<string, CompiledPattern>(512);

/** `pattern` compiled; see PatternOptions. */
export function compilePattern(pattern: string, options: PatternOptions = {}): CompiledPattern {
  const key = `${options.extglob === true ? 'x' : '-'}${options.nocase === true ? 'i' : '-'}${options.hidesDotFiles === true ? 'h' : '-'}${pattern}`;
  return compiled.get(key, () => {
    const translation = new Translation(options);
    const source = translation.sequence(pattern);
    const flags = options.nocase === true ? 'sui' : 'su';
    return { whole: new RegExp(`^(?:${source})$`, flags), sticky: new RegExp(source, `${flags}y`), grouped: translation.grouped };
  });
}

/** Whether the whole of `text` matches `pattern`. */
export function matchesPattern(pattern: string, text: string, options: PatternOptions = {}): boolean {
  return compilePattern(pattern, options).whole.test(text);
}

/**
 * Translation of one pattern to RegExp source. Without groups, its only repetition is a greedy
 * `.*` between single characters, so a match it finds from a position is the longest there.
 */
class Translation {
  /** Whether an extglob group was translated. */
  grouped = false;
  /** How deeply the group being translated nests. */
  private depth = 0;
  /** Negations made so far: each names its own capture groups. */
  private negations = 0;
  /** No wildcard may match a `.` at the start of the text (pathname expansion). */
  private readonly dotGuard: string;

  constructor(private readonly options: PatternOptions) {
    this.dotGuard = options.hidesDotFiles === true ? '(?!^\\.)' : '';
  }

  sequence(pattern: string): string {
    let source = '';
    let afterStar = false;
    for (let index = 0; index < pattern.length; ) {
      const c = characterAt(pattern, index);
      const wildcard = c.escaped ? '' : c.char;
      const group = wildcard !== '' && this.options.extglob === true ? groupAt(pattern, index) : null;
      if (group !== null) {
        source += this.group(group);
        afterStar = false;
        index = group.next;
        continue;
      }
      const expression = wildcard === '[' ? bracket(pattern, index) : null;
      if (expression !== null) source += this.dotGuard + expression.source;
      // Runs of `*` collapse, so they cannot make the RegExp backtrack more.
      else if (wildcard === '*') source += afterStar ? '' : `${this.dotGuard}.*`;
      else if (wildcard === '?') source += `${this.dotGuard}.`;
      else source += regexCharacter(c.char);
      afterStar = wildcard === '*';
      index = expression?.next ?? c.next;
    }
    return source;
  }

  private group({ operator, alternatives }: Group): string {
    this.grouped = true;
    if (this.depth >= MAX_GROUP_NESTING) throw nestingLimit('extglob groups', MAX_GROUP_NESTING);
    this.depth += 1;
    const inner = alternatives.map((alternative) => this.sequence(alternative)).join('|');
    this.depth -= 1;
    switch (operator) {
      case '?':
        return `(?:${inner})?`;
      case '*':
        return `(?:${inner})*`;
      case '+':
        return `(?:${inner})+`;
      case '@':
        return `(?:${inner})`;
      default:
        return this.negation(inner);
    }
  }

  /**
   * `!(...)`: any text from here to some later position that the alternatives do not match as a
   * whole. The text taken is captured (`n`), and so is what follows it (`t`); looking back over
   * the capture to where it began, the alternatives must not match there followed by exactly the
   * rest. As with every wildcard, it does not take a hidden file's leading dot.
   */
  private negation(inner: string): string {
    const id = ++this.negations;
    const taken = `n${id}`;
    const rest = `t${id}`;
    return `${this.dotGuard}(?<${taken}>.*?)(?=(?<${rest}>.*))(?<=(?!(?:${inner})\\k<${rest}>$)\\k<${taken}>)`;
  }
}
