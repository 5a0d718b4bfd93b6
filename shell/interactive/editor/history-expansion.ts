/**
 * History expansion (`!!`, `!$`, `!-2:s/a/b/`, `^old^new`), as bash 5.2 does it with readline's
 * history_expand and bash's own rules for what inhibits it: a line in, the expanded line or an
 * error out. Nothing here reads the shell's state; the caller passes the history and the
 * characters of `histchars`, and keeps the memory of the last substitution and search.
 */

export interface HistoryChars {
  /** Starts an expansion ('!'). */
  readonly expansion: string;
  /** Quick substitution at the start of a line ('^'). */
  readonly substitution: string;
  /** Starts a comment at the start of a word: the rest of the line is not expanded ('#'). */
  readonly comment: string;
}

export const DEFAULT_HISTORY_CHARS: HistoryChars = { expansion: '!', substitution: '^', comment: '#' };

/** `histchars`: its first three characters, any missing one left at its default (bash). */
export function historyChars(value: string | undefined): HistoryChars {
  if (value === undefined || value === '') return DEFAULT_HISTORY_CHARS;
  const [expansion = '!', substitution = '^', comment = '#'] = [...value];
  return { expansion, substitution, comment };
}

export interface HistoryExpansionContext {
  /** History entries, oldest first. */
  readonly entries: readonly string[];
  /** The number of the first entry (`!n` counts from it). */
  readonly base: number;
  readonly chars: HistoryChars;
  /** `!(` starts an extglob pattern, not an expansion, when extglob is on and a `)` follows. */
  readonly extglob: boolean;
  /** The quote the line starts in: a continuation line of a quoted string (bash's history_quoting_state). */
  readonly quoting?: "'" | '"';
}

/** What outlives one line, as readline keeps it: the last `:s` and the last `!?string?` search. */
export interface HistoryExpansionMemory {
  lhs?: string;
  rhs?: string;
  searchString?: string;
  /** The word the last `!?string?` matched, for the `%` word designator. */
  searchMatch?: string;
}

export type HistoryExpansion =
  | { readonly kind: 'unchanged' }
  /** `print`: a `:p` was in it, so the line is shown and kept in history but not run. */
  | { readonly kind: 'expanded'; readonly line: string; readonly print: boolean }
  /** As bash words it: `!foo: event not found`. */
  | { readonly kind: 'error'; readonly message: string };

class ExpansionError extends Error {}

/** The characters after `!` that leave it alone (readline's history_no_expand_chars). */
const NO_EXPAND = ' \t\n\r=';
/** Where a word ends, for the comment character and tokenizing (readline's history_word_delimiters). */
const WORD_DELIMITERS = ' \t\n;&()|<>';
/** Where an unquoted `!string` ends besides blanks and ':' (bash sets history_search_delimiter_chars). */
const SEARCH_DELIMITERS = ';&()|<>';
const EVENT_DELIMITERS = '^$*%-';
const QUOTES = '"\'`';

export function expandHistory(line: string, context: HistoryExpansionContext, memory: HistoryExpansionMemory): HistoryExpansion {
  const { chars } = context;
  const quick = line.startsWith(chars.substitution);
  // `^old^new^` is `!!:s^old^new^` (readline rewrites it so).
  const string = quick ? `${chars.expansion}${chars.expansion}:s${line}` : line;
  if (!quick && !mayExpand(string, context)) return { kind: 'unchanged' };
  try {
    return new Expander(string, context, memory).run();
  } catch (error) {
    if (error instanceof ExpansionError) return { kind: 'error', message: error.message };
    throw error;
  }
}

/** readline's first pass: whether any `!` on the line is one to expand at all. */
function mayExpand(string: string, context: HistoryExpansionContext): boolean {
  const { chars } = context;
  let dquote = context.quoting === '"';
  const visible = reachable(string, context);
  for (let i = startOutsideQuote(string, context); i < string.length; i++) {
    const c = string[i]!;
    const next = string[i + 1];
    if (c === chars.comment && !dquote && (i === 0 || WORD_DELIMITERS.includes(string[i - 1]!))) return false;
    if (c === chars.expansion) {
      if (next === undefined || NO_EXPAND.includes(next) || (dquote && next === '"') || inhibited(string, i, context, visible)) continue;
      return true;
    }
    if (dquote && c === '\\' && next === '"') i++;
    else if (c === '"') dquote = !dquote;
    else if (!dquote && c === "'") i = closingQuote(string, i + 1, i > 0 && string[i - 1] === '$');
    else if (c === '\\' && (next === "'" || next === chars.expansion)) i++;
  }
  return false;
}

/** A command substitution being scanned by reachable(): single quotes quote again inside one, even within double quotes. */
interface Substitution {
  readonly closer: ')' | '`';
  dquote: boolean;
  depth: number;
}

/**
 * The expansion characters bash's skip_to_histexp reaches: all but those in single quotes, and
 * single quotes count inside `$(...)` and backquotes within double quotes too (`"$(echo '!!')"`).
 */
function reachable(string: string, context: HistoryExpansionContext): ReadonlySet<number> {
  const found = new Set<number>();
  const frames: Substitution[] = [{ closer: ')', dquote: context.quoting === '"', depth: Infinity }];
  for (let i = startOutsideQuote(string, context); i < string.length; i++) {
    const frame = frames.at(-1)!;
    const c = string[i]!;
    if (c === context.chars.expansion) found.add(i);
    else if (c === '\\') i++;
    else if (c === "'" && !frame.dquote) i = closingQuote(string, i + 1, i > 0 && string[i - 1] === '$');
    else if (c === '"') frame.dquote = !frame.dquote;
    else if (c === '$' && string[i + 1] === '(') {
      frames.push({ closer: ')', dquote: false, depth: 1 });
      i++;
    } else if (c === '`') {
      if (frame.closer === '`' && frames.length > 1) frames.pop();
      else frames.push({ closer: '`', dquote: false, depth: 1 });
    } else if (frame.closer === ')' && !frame.dquote && (c === '(' || c === ')')) {
      frame.depth += c === '(' ? 1 : -1;
      if (frame.depth === 0) frames.pop();
    }
  }
  return found;
}

/** Where scanning starts: after the quote that closes a single-quoted string the line began inside, if it did. */
function startOutsideQuote(string: string, context: HistoryExpansionContext): number {
  return context.quoting === "'" ? closingQuote(string, 0, false) + 1 : 0;
}

/** The index of the `'` that closes a single-quoted string starting at `from` (or the end); `$'...'` has escapes. */
function closingQuote(string: string, from: number, escapes: boolean): number {
  let i = from;
  for (; i < string.length && string[i] !== "'"; i++) if (escapes && string[i] === '\\' && i + 1 < string.length) i++;
  return i;
}

/** bash's bash_history_inhibit_expansion: `[!...]`, `${!name}`, `$!` and `!(...)` (extglob) are the shell's own. */
function inhibited(string: string, i: number, context: HistoryExpansionContext, visible: ReadonlySet<number>): boolean {
  if (!visible.has(i)) return true;
  if (i > 0 && string[i - 1] === '[' && string.includes(']', i + 1)) return true;
  if (i > 1 && string[i - 1] === '{' && string[i - 2] === '$' && string.includes('}', i + 1)) return true;
  if (i > 1 && string[i - 1] === '$') return true;
  return context.extglob && i > 1 && string[i + 1] === '(' && string.includes(')', i + 2);
}

class Expander {
  private result = '';
  private print = false;
  private modified = false;

  constructor(
    private readonly string: string,
    private readonly context: HistoryExpansionContext,
    private readonly memory: HistoryExpansionMemory,
  ) {}

  run(): HistoryExpansion {
    const { string } = this;
    const { chars } = this.context;
    let dquote = this.context.quoting === '"';
    const visible = reachable(string, this.context);
    const start = startOutsideQuote(string, this.context);
    this.result = string.slice(0, start);
    for (let i = start; i < string.length; i++) {
      const c = string[i]!;
      if (c === chars.expansion) {
        const next = string[i + 1];
        if (next === undefined || NO_EXPAND.includes(next) || (dquote && next === '"') || inhibited(string, i, this.context, visible)) {
          this.result += c;
          continue;
        }
        i = this.expansion(i, dquote ? '"' : undefined);
      } else if (c === chars.comment && !dquote && (i === 0 || WORD_DELIMITERS.includes(string[i - 1]!))) {
        this.result += string.slice(i);
        break;
      } else if (c === '\\') {
        this.result += string.slice(i, i + 2);
        i++;
      } else if (c === '"') {
        dquote = !dquote;
        this.result += c;
      } else if (c === "'" && !dquote) {
        const end = closingQuote(string, i + 1, i > 0 && string[i - 1] === '$');
        this.result += string.slice(i, end + 1);
        i = end;
      } else this.result += c;
    }
    if (!this.modified) return { kind: 'unchanged' };
    return { kind: 'expanded', line: this.result, print: this.print };
  }

  /** One expansion starting at the `!` at `start`; returns the index of its last character. */
  private expansion(start: number, quote: string | undefined): number {
    const { string } = this;
    let i = start;
    let event: string | undefined;
    const next = string[i + 1]!;
    if (':$*%^'.includes(next)) {
      // A word designator alone means the previous command's.
      i++;
      event = this.entry(this.context.entries.length - 1);
    } else if (next === '#') {
      // The line so far.
      i += 2;
      event = this.result;
    } else {
      const found = this.event(i, quote);
      i = found.end;
      event = found.line;
    }
    if (event === undefined) fail(string, start, i, 'event not found');
    const word = this.wordSpecifier(event, i);
    if (word !== undefined && 'bad' in word) fail(string, i, word.end, 'bad word specifier');
    if (word !== undefined) i = word.end;
    let text = word === undefined ? event : word.text;
    let wantQuotes: 'q' | 'x' | undefined;
    const modifiersStart = i;
    while (string[i] === ':') {
      let c = string[i + 1];
      // g (or a): every occurrence; G: the first in each word.
      const how = c === 'g' || c === 'a' ? 'global' : c === 'G' ? 'words' : 'first';
      if (how !== 'first') {
        i++;
        c = string[i + 1];
      }
      switch (c) {
        case 'q':
        case 'x':
          wantQuotes = c;
          break;
        case 'p':
          this.print = true;
          break;
        case 't': {
          const slash = text.lastIndexOf('/');
          if (slash >= 0) text = text.slice(slash + 1);
          break;
        }
        case 'h': {
          const slash = text.lastIndexOf('/');
          if (slash >= 0) text = text.slice(0, slash);
          break;
        }
        case 'r': {
          const dot = text.lastIndexOf('.');
          if (dot >= 0) text = text.slice(0, dot);
          break;
        }
        case 'e': {
          const dot = text.lastIndexOf('.');
          if (dot >= 0) text = text.slice(dot);
          break;
        }
        case 's':
        case '&': {
          const substituted = this.substitute(text, c, i, modifiersStart, how);
          text = substituted.text;
          i = substituted.end;
          continue;
        }
        default:
          fail(string, i + 1, i + 2, 'unrecognized history modifier');
      }
      i += 2;
    }
    if (wantQuotes === 'q') text = singleQuote(text);
    else if (wantQuotes === 'x') text = quoteBreaks(text);
    this.modified = true;
    this.result += text;
    return i - 1;
  }

  private entry(index: number): string | undefined {
    return index >= 0 ? this.context.entries[index] : undefined;
  }

  /** readline's get_history_event: `!!`, `!n`, `!-n`, `!string`, `!?string?`. */
  private event(start: number, quote: string | undefined): { line: string | undefined; end: number } {
    const { string } = this;
    const { entries, base, chars } = this.context;
    let i = start + 1;
    if (string[i] === chars.expansion) return { line: this.entry(entries.length - 1), end: i + 1 };
    const number = /^-?\d+/.exec(string.slice(i))?.[0];
    if (number !== undefined) {
      const n = Number(number);
      return { line: this.entry(n < 0 ? entries.length + n : n - base), end: i + number.length };
    }
    const substring = string[i] === '?';
    if (substring) i++;
    const from = i;
    for (; i < string.length; i++) {
      const c = string[i]!;
      if (c === '\n' || (substring && c === '?')) break;
      if (substring) continue;
      if (c === ' ' || c === '\t' || c === ':' || (i > from && c === '-') || (c !== '-' && EVENT_DELIMITERS.includes(c)) || SEARCH_DELIMITERS.includes(c) || c === quote) break;
    }
    let target = string.slice(from, i);
    if (substring && string[i] === '?') i++;
    if (target === '' && substring) {
      if (this.memory.searchString === undefined) return { line: undefined, end: i };
      target = this.memory.searchString;
    }
    if (target === '') return { line: undefined, end: i };
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]!;
      // A substring search finds the last occurrence in a line, as readline searches backwards.
      const at = substring ? entry.lastIndexOf(target) : entry.startsWith(target) ? 0 : -1;
      if (at < 0) continue;
      if (substring) {
        this.memory.searchString = target;
        this.memory.searchMatch = wordAt(entry, at);
      }
      return { line: entry, end: i };
    }
    return { line: undefined, end: i };
  }

  /** readline's get_history_word_specifier: undefined when there is none, `bad` when it names no words; `end` is where it ends. */
  private wordSpecifier(event: string, start: number): { text: string; end: number } | { bad: true; end: number } | undefined {
    const spec = this.string;
    let i = start;
    let expecting = false;
    if (spec[i] === ':') {
      i++;
      expecting = true;
    }
    if (spec[i] === '%') return { text: this.memory.searchMatch ?? '', end: i + 1 };
    if (spec[i] === '*') return { text: argExtract(event, 1, '$') ?? '', end: i + 1 };
    // A line of no words is its own last word.
    if (spec[i] === '$') return { text: argExtract(event, '$', '$') ?? event, end: i + 1 };
    let first: number;
    if (spec[i] === '-') first = 0;
    else if (spec[i] === '^') {
      first = 1;
      i++;
    } else if (expecting && isDigit(spec[i])) {
      const digits = /^\d+/.exec(spec.slice(i))![0];
      first = Number(digits);
      i += digits.length;
    } else return undefined;
    let last: Last;
    if (spec[i] === '^' || spec[i] === '*') {
      last = spec[i] === '^' ? 1 : '$';
      i++;
    } else if (spec[i] !== '-') last = first;
    else {
      i++;
      if (isDigit(spec[i])) {
        const digits = /^\d+/.exec(spec.slice(i))![0];
        last = Number(digits);
        i += digits.length;
      } else if (spec[i] === '$') {
        i++;
        last = '$';
      } else if (spec[i] === '^') {
        i++;
        last = 1;
      } else {
        // `x-` is x through the word before the last.
        last = -1;
      }
    }
    const text = typeof last === 'number' && last >= 0 && last < first ? undefined : argExtract(event, first, last);
    return text === undefined ? { bad: true, end: i } : { text, end: i };
  }

  /**
   * `:s/old/new/`, `:&` (the last one again), with g (every occurrence) or G (the first in
   * each word): the text, and the index after the modifier.
   */
  private substitute(text: string, c: 's' | '&', at: number, modifiersStart: number, how: 'first' | 'global' | 'words'): { text: string; end: number } {
    const { string, memory } = this;
    let i = at;
    if (c === 's') {
      if (i + 2 >= string.length) {
        // No delimiter: nothing to do, as in readline.
        return { text, end: i + 2 };
      }
      const delimiter = string[i + 2]!;
      i += 3;
      const lhs = substitutionPattern(string, i, delimiter, false);
      i = lhs.end;
      if (lhs.text !== undefined) memory.lhs = lhs.text;
      else if (memory.lhs === undefined && memory.searchString !== undefined && memory.searchString !== '') memory.lhs = memory.searchString;
      const rhs = substitutionPattern(string, i, delimiter, true);
      i = rhs.end;
      // `&` stands for the left side of the time; `:&` repeats the result.
      memory.rhs = interpolate(rhs.text ?? '', memory.lhs ?? '');
    } else i += 2;
    const lhs = memory.lhs ?? '';
    if (lhs === '') fail(string, modifiersStart, i, 'no previous substitution');
    const substituted = replace(text, lhs, memory.rhs ?? '', how);
    if (substituted === undefined) fail(string, modifiersStart, i, 'substitution failed');
    return { text: substituted, end: i };
  }
}

/** A word designator's last word: a number, '$' for the last, or a negative count from the end. */
type Last = number | '$';

function replace(text: string, lhs: string, rhs: string, how: 'first' | 'global' | 'words'): string | undefined {
  if (lhs.length > text.length) return undefined;
  let result = text;
  let failed = true;
  let wordEnd = -1;
  for (let si = 0; si + lhs.length <= result.length; si++) {
    if (how === 'words' && si > wordEnd) {
      while (si < result.length && (result[si] === ' ' || result[si] === '\t' || result[si] === '\n')) si++;
      wordEnd = tokenizeWord(result, si);
    }
    if (!result.startsWith(lhs, si)) continue;
    result = result.slice(0, si) + rhs + result.slice(si + lhs.length);
    failed = false;
    if (how === 'global') si += rhs.length - 1;
    else if (how === 'words') si = wordEnd;
    else break;
  }
  return failed ? undefined : result;
}

/** readline's get_subst_pattern: up to the delimiter (a backslash quotes it); undefined when empty on the left. */
function substitutionPattern(string: string, from: number, delimiter: string, rhs: boolean): { text: string | undefined; end: number } {
  let i = from;
  let text = '';
  for (; i < string.length && string[i] !== delimiter; i++) {
    if (string[i] === '\\' && string[i + 1] === delimiter) i++;
    text += string[i];
  }
  const end = i < string.length ? i + 1 : i;
  return { text: i > from || rhs ? text : undefined, end };
}

/** `&` in the replacement stands for what was replaced; `\&` is a plain `&`. */
function interpolate(rhs: string, lhs: string): string {
  let result = '';
  for (let i = 0; i < rhs.length; i++) {
    if (rhs[i] === '&') result += lhs;
    else {
      if (rhs[i] === '\\' && rhs[i + 1] === '&') i++;
      result += rhs[i];
    }
  }
  return result;
}

function fail(string: string, start: number, end: number, message: string): never {
  throw new ExpansionError(`${string.slice(start, end)}: ${message}`);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function singleQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** `:x`: quoted as `:q` does, but broken into words at blanks and newlines. */
function quoteBreaks(text: string): string {
  let result = "'";
  for (const c of text) {
    if (c === "'") result += "'\\''";
    else if (c === ' ' || c === '\t' || c === '\n') result += `'${c}'`;
    else result += c;
  }
  return `${result}'`;
}

/**
 * Words `first` through `last` of a line, joined by spaces (readline's history_arg_extract);
 * undefined when the line has no such words.
 */
export function argExtract(line: string, first: number | '$', last: Last): string | undefined {
  const words = historyWords(line);
  const length = words.length;
  let from = first === '$' ? length - 1 : first;
  let to = last === '$' ? length - 1 : last < 0 ? length + last - 1 : last;
  if (from < 0) from = length + from - 1;
  to += 1;
  if (from >= length || to > length || from < 0 || to < 0 || from > to) return undefined;
  return words.slice(from, to).join(' ');
}

/** A line split into words as readline's history_tokenize does: shell words, operators apart, up to a comment. */
export function historyWords(line: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= line.length || line[i] === '#') break;
    const start = i;
    i = tokenizeWord(line, start);
    if (i === start) {
      i++;
      while (i < line.length && WORD_DELIMITERS.includes(line[i]!)) i++;
    }
    words.push(line.slice(start, i));
  }
  return words;
}

/** readline's history_tokenize_word: the end of the word that starts at `from`. */
function tokenizeWord(string: string, from: number): number {
  let i = from;
  let delimiter = '';
  let open = '';
  let nesting = 0;
  const c = string[i];
  if (c === undefined) return i;
  if ('()\n'.includes(c)) return i + 1;
  let operator = true;
  if (isDigit(c)) {
    let j = i;
    while (isDigit(string[j])) j++;
    if (j >= string.length) return j;
    operator = string[j] === '<' || string[j] === '>';
    i = j;
  }
  if (operator && '<>;&|'.includes(string[i]!)) {
    const here = string[i]!;
    const peek = string[i + 1];
    if (peek === here) {
      if (peek === '<' && (string[i + 2] === '-' || string[i + 2] === '<')) i++;
      return i + 2;
    }
    if (peek === '&' && (here === '>' || here === '<')) {
      let j = i + 2;
      while (isDigit(string[j])) j++;
      if (string[j] === '-') j++;
      return j;
    }
    if ((peek === '>' && here === '&') || (peek === '|' && here === '>')) return i + 2;
    if (peek === '(' && (here === '>' || here === '<')) {
      i += 2;
      open = '(';
      delimiter = ')';
      nesting = 1;
    } else return i + 1;
  }
  if (delimiter === '' && QUOTES.includes(string[i] ?? '')) delimiter = string[i++]!;
  for (; i < string.length; i++) {
    const ch = string[i]!;
    if (ch === '\\' && string[i + 1] === '\n') {
      i++;
      continue;
    }
    if (ch === '\\' && delimiter !== "'" && (delimiter !== '"' || '\\`"$'.includes(ch))) {
      i++;
      continue;
    }
    if (nesting > 0 && ch === open) {
      nesting++;
      continue;
    }
    if (nesting > 0 && ch === delimiter) {
      nesting--;
      if (nesting === 0) delimiter = '';
      continue;
    }
    if (delimiter !== '' && ch === delimiter) {
      delimiter = '';
      continue;
    }
    if (nesting === 0 && delimiter === '' && '<>$!@?+*'.includes(ch) && string[i + 1] === '(') {
      // As readline does, the character after the `(` is passed over too.
      i += 2;
      open = '(';
      delimiter = ')';
      nesting = 1;
      continue;
    }
    if (delimiter === '' && WORD_DELIMITERS.includes(ch)) break;
    if (delimiter === '' && QUOTES.includes(ch)) delimiter = ch;
  }
  return i;
}

/** The word of `line` that the character at `at` is in (readline's history_find_word). */
function wordAt(line: string, at: number): string | undefined {
  let offset = 0;
  for (const word of historyWords(line)) {
    const start = line.indexOf(word, offset);
    if (at >= start && at < start + word.length) return word;
    offset = start + word.length;
  }
  return undefined;
}
