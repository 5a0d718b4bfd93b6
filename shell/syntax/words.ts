/**
 * Lexes one shell word into its parts: quoting, backslash escapes, `$` parameters, `$(...)` and
 * `` `...` `` substitutions, and tilde prefixes; and recognises a leading `NAME=` as an assignment.
 * The commands inside a substitution are parsed by the parser, through `Substitutions`.
 */
import type {
  ArrayElement,
  ArrayLiteral,
  CommandSubstitution,
  DoubleQuoted,
  Literal,
  ParameterExpansion,
  ParameterOperator,
  ProcessSubstitution,
  Program,
  QuotedPart,
  SingleQuoted,
  Subscript,
  Tilde,
  Word,
  WordPart,
} from './ast';
import { ansiCString } from './escapes';
import { assignmentToken, wordToken, type WordToken } from './token';
import { Scanner, stopSet, type StopSet } from './scanner';
import { EmbeddedSource, nestedTooDeep, SlicedSource, spanOf, syntaxError, type SourceText } from './source';

/** The characters that make an extglob group of the `(` after them (`@(a|b)`). */
export const GROUP_OPERATORS = '?*+@!';

/** What the word lexer needs from the parser: the commands inside a substitution, the locale and extglob. */
export interface Substitutions {
  /** Parses commands from `scanner` through the `)` that closes the `$(` written at `start`. */
  dollar(scanner: Scanner, start: number): Program;
  /** Parses the inside of a backquoted substitution, its escapes already resolved. */
  backquote(source: SourceText): Program;
  /** Whether the locale is UTF-8 now, which `\u` and `\U` in `$'...'` encode to. */
  utf8Locale(): boolean;
  /** Whether shopt extglob is on now: then `@(a|b)` and its kin are read as part of a word, as bash's parser does. */
  extglob(): boolean;
}

/**
 * How a word is read: as a command's word ('plain'); as the right side of `[[ == ]]`, where
 * bash reads extglob groups whatever the option says ('pattern'); or as `[[ =~ ]]`'s regular
 * expression ('regex').
 */
export type WordMode = 'plain' | 'pattern' | 'regex';


/** Characters that end an unquoted word, besides the end: blanks, newline and the operator characters. */
const WORD_ENDS = stopSet(' \t\n|&;<>()');

function endsWord(c: string): boolean {
  if (c === '') return true;
  const code = c.charCodeAt(0);
  return code < 0x80 && WORD_ENDS[code] === 1;
}

/** Whether `<(` or `>(`, a process substitution, starts at `at`: there `<` and `>` do not end a word. */
export function startsProcessSubstitution(text: string, at: number): boolean {
  return (text[at] === '<' || text[at] === '>') && text[at + 1] === '(';
}

/** A `[[ =~ ]]` regular expression ends at a blank, or a `)` closing the `[[`'s own group. */
function endsRegex(c: string, depth: number): boolean {
  return c === '' || c === '\n' || (depth === 0 && (c === ' ' || c === '\t' || c === ')'));
}

const SPECIAL_PARAMETERS = '?$!#@*-';
/** What ends a run of characters with no meaning inside an extglob group, where blanks and operators are ordinary. */
const GROUP_RUN = stopSet('\\\'"$`()');
/** What ends a run of unquoted characters with no meaning inside a word; `~`, `=` and `:` mean something in places. */
const ORDINARY_RUN = stopSet(' \t\n|&;<>()\\\'"$`~=:');
/** What ends a run of characters with no meaning in a subscript. */
const SUBSCRIPT_RUN = stopSet('\\\'"$`');
/** What ends a run of characters with no meaning in a tilde-prefix's tail (see Tilde): `/`, `}`, quoting or expanding ones. */
const TILDE_TAIL_RUN = stopSet(' \t\n|&;<>()\\\'"$`/}');
/** What ends a run of characters with no meaning in an operator's word of `${...}`. */
const OPERAND_RUN = stopSet('\\\'"$`}/:~');
/** What a backslash escapes in a double-quoted operator's word, outside its stripped inner quotes. */
const QUOTED_OPERAND_ESCAPABLE = '$`"\\}';
/** What ends a run of characters with no meaning inside double quotes. */
const DOUBLE_QUOTED_RUN = stopSet('"\\$`');
/** What ends a run of characters with no meaning in a here-document body, where `"` is ordinary. */
const HERE_DOCUMENT_RUN = stopSet('\\$`');
/** What ends a run of characters inside `` `...` `` that stand for themselves. */
const BACKQUOTED_RUN = stopSet('\\`');
/** Unquoted characters that end a word but belong to a `[[ =~ ]]` regular expression. */
const REGEX_CHARACTERS = '()|<>&; \t';

/** How a run of quoted text is read: double quotes, a here-document body, an arithmetic expression. */
interface QuotedTextRules {
  /** The character that closes the text ('' where only the end of the input does). */
  readonly close: string;
  /** Characters that a backslash escapes; before any other, the backslash stands for itself. */
  readonly escapable: string;
  readonly run: StopSet;
  /** Double quotes are removed, not kept (arithmetic: `$(( "1" + 2 ))`). */
  readonly dropsDoubleQuotes: boolean;
}

const IN_DOUBLE_QUOTES: QuotedTextRules = { close: '"', escapable: '$`"\\', run: DOUBLE_QUOTED_RUN, dropsDoubleQuotes: false };
const IN_HERE_DOCUMENT: QuotedTextRules = { close: '', escapable: '$`\\', run: HERE_DOCUMENT_RUN, dropsDoubleQuotes: false };
const IN_ARITHMETIC: QuotedTextRules = { close: '', escapable: '$`"\\', run: DOUBLE_QUOTED_RUN, dropsDoubleQuotes: true };
/** Characters a tilde-prefix cannot contain: they quote or expand, so the `~` stays literal. */
const QUOTING = '\\\'"$`';

function isNameStartCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

/** The characters of a name after its first, and the digits, as tables looked up by code (a set of characters, as a StopSet is). */
const NAME_CHARACTERS = stopSet('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789');
const DIGITS = stopSet('0123456789');

/** Whether `code` is in `set`; false past the end of the text (NaN) and for any non-ASCII code. */
function inSet(set: StopSet, code: number): boolean {
  return code < 0x80 && set[code] === 1;
}

function isNameStart(c: string): boolean {
  return c !== '' && isNameStartCode(c.charCodeAt(0));
}

/** The end of the run of name characters at `at` (`at` itself where there is none), as written. */
function nameEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && inSet(NAME_CHARACTERS, text.charCodeAt(end))) end += 1;
  return end;
}

/** The end of a name at `at` that may begin an assignment (`=`, `+=` or a subscript's `[` follows it); `at` where there is none. */
function assignmentNameEnd(text: string, at: number): number {
  if (at >= text.length || !isNameStartCode(text.charCodeAt(at))) return at;
  const end = nameEnd(text, at);
  const next = text[end];
  return next === '=' || next === '[' || (next === '+' && text[end + 1] === '=') ? end : at;
}

/** How much a run of a substring's arithmetic opens or closes the nesting that hides a `:`. */
function conditionalNesting(text: string): number {
  let nesting = 0;
  for (const c of text) nesting += c === '(' || c === '?' ? 1 : c === ')' || c === ':' ? -1 : 0;
  return nesting;
}

export function isDigit(c: string): boolean {
  return c.length === 1 && c >= '0' && c <= '9';
}

function isName(text: string): boolean {
  return text !== '' && isNameStartCode(text.charCodeAt(0)) && nameEnd(text, 0) === text.length;
}

/** What `NAME=`, `NAME+=`, `NAME[sub]=` lexed: where the value starts. */
interface AssignmentTarget {
  readonly name: string;
  readonly subscript: Word | null;
  readonly append: boolean;
  readonly valueStart: number;
}

/**
 * The offset of the `]` closing a subscript whose text starts at `from` (just inside `[`), past
 * nested brackets, quotes, backslashes and `$(...)`; null where a newline or the end of the
 * input comes first. Blanks belong to it (`m[a b]=1`, `a[i + 1]=x`), as in bash.
 */
export function subscriptClose(source: SourceText, from: number): number | null {
  const text = source.text;
  let depth = 0;
  for (let at = from; at < text.length; at += 1) {
    const c = text[at];
    if (c === ']') {
      if (depth === 0) return at;
      depth -= 1;
    } else if (c === '[') depth += 1;
    else if (c === '\\') at += 1;
    else if (c === '\n') return null;
    else if (c === "'" || c === '`') {
      const close = text.indexOf(c, at + 1);
      if (close === -1) return null;
      at = close;
    } else if (c === '"') {
      for (at += 1; at < text.length && text[at] !== '"'; at += 1) if (text[at] === '\\') at += 1;
    } else if (c === '$' && text[at + 1] === '(') {
      const close = arithmeticClose(source, at + 2);
      if (close === null) return null;
      at = close;
    }
  }
  return null;
}

/** Where `$...` puts what it lexed: a Parts of a whole word or of a double-quoted string. */
interface ExpansionSink {
  literal(value: string, quoted: boolean, start: number, end: number): void;
  push(part: Exclude<QuotedPart, Literal>): void;
}

/**
 * The offset of the first `)` of the `))` that closes arithmetic starting at `from` (just inside
 * `((`), or null where a `)` at depth zero is not followed by another (then it was `( (`) or
 * where the input ends first.
 */
export function arithmeticEnd(source: SourceText, from: number): number | null {
  const close = arithmeticClose(source, from);
  return close !== null && source.text[close + 1] === ')' ? close : null;
}

/**
 * The offset of the first `)` at depth zero in arithmetic starting at `from`, or null where the
 * input ends first. Quotes and backslashes hide parentheses.
 */
export function arithmeticClose(source: SourceText, from: number): number | null {
  const text = source.text;
  let depth = 0;
  for (let at = from; at < text.length; at += 1) {
    const c = text[at];
    if (c === '(') depth += 1;
    else if (c === ')') {
      if (depth === 0) return at;
      depth -= 1;
    } else if (c === '\\') at += 1;
    else if (c === "'" || c === '`') {
      const close = text.indexOf(c, at + 1);
      if (close === -1) return null;
      at = close;
    } else if (c === '"') {
      const close = doubleQuotedClose(source, at);
      if (close === null) return null;
      at = close;
    }
  }
  return null;
}

/**
 * The offset of the `"` closing the double-quoted string opened at `open`, past backslashes and
 * the `${...}` and `$(...)` in it (whose own quotes nest: `"${u-'"'}"`), or null where the input
 * ends first.
 */
function doubleQuotedClose(source: SourceText, open: number): number | null {
  const text = source.text;
  for (let at = open + 1; at < text.length; at += 1) {
    const c = text[at];
    if (c === '"') return at;
    if (c === '\\') at += 1;
    else if (c === '$' && (text[at + 1] === '{' || text[at + 1] === '(')) {
      const close = text[at + 1] === '{' ? bracedClose(source, at + 2) : arithmeticClose(source, at + 2);
      if (close === null) return null;
      at = close;
    }
  }
  return null;
}

/** The offset of the `}` closing a `${` whose text starts at `from`, past nested braces and quotes; null where the input ends first. */
function bracedClose(source: SourceText, from: number): number | null {
  const text = source.text;
  let depth = 0;
  for (let at = from; at < text.length; at += 1) {
    const c = text[at];
    let close: number | null = at;
    if (c === '}') {
      if (depth === 0) return at;
      depth -= 1;
    } else if (c === '{') depth += 1;
    else if (c === '\\') close = at + 1;
    else if (c === "'") close = text.indexOf(c, at + 1);
    else if (c === '"') close = doubleQuotedClose(source, at);
    else if (c === '$' && text[at + 1] === '(') close = arithmeticClose(source, at + 2);
    if (close === null || close < 0) return null;
    at = close;
  }
  return null;
}

/**
 * Collects a word's parts, merging adjacent literal characters of the same quoting into one Literal.
 * Most words have one part: it is held alone and given as a one-element array, not pushed onto an
 * empty array (whose first push allocates room for 17).
 */
class Parts<P extends WordPart> {
  private first: P | Literal | null = null;
  /** Every part, once there are two. */
  private all: (P | Literal)[] | null = null;
  // The literal run being merged, in fields rather than an object: one allocation less per run.
  /** The run's text, or null where there is no run. */
  private runValue: string | null = null;
  private runQuoted = false;
  private runStart = 0;
  private runEnd = 0;

  constructor(private readonly source: SourceText) {}

  literal(value: string, quoted: boolean, start: number, end: number): void {
    if (this.runValue !== null && this.runQuoted === quoted) {
      this.runValue += value;
      this.runEnd = end;
      return;
    }
    this.flush();
    this.runValue = value;
    this.runQuoted = quoted;
    this.runStart = start;
    this.runEnd = end;
  }

  push(part: P): void {
    this.flush();
    this.add(part);
  }

  /** The text so far when it is a single unquoted literal, to recognise `NAME=`. */
  plainText(): string | undefined {
    return this.first === null && this.runValue !== null && !this.runQuoted ? this.runValue : undefined;
  }

  finish(): (P | Literal)[] {
    this.flush();
    if (this.all !== null) return this.all;
    return this.first === null ? [] : [this.first];
  }

  private add(part: P | Literal): void {
    if (this.first === null) this.first = part;
    else if (this.all === null) this.all = [this.first, part];
    else this.all.push(part);
  }

  private flush(): void {
    if (this.runValue === null) return;
    this.add({ kind: 'Literal', value: this.runValue, quoted: this.runQuoted, span: spanOf(this.source, this.runStart, this.runEnd) });
    this.runValue = null;
  }
}

/**
 * How deeply `${...}` and double quotes may nest in one word (bash reads 5,000; each level costs
 * this recursive reader some stack). Deeper is refused with a clear error, not a stack overflow.
 */
export const MAX_WORD_NESTING = 1000;

export class WordLexer {
  constructor(
    private readonly scanner: Scanner,
    private readonly substitutions: Substitutions,
    /** How deeply the `${...}` and double quotes being read nest (a subscript's lexer goes on from its word's). */
    private nesting = 0,
  ) {}

  private get source(): SourceText {
    return this.scanner.source;
  }

  /**
   * Lexes the word at the scanner. With `assignments` (the word comes before a command name), a
   * leading unquoted `NAME=` makes it an assignment, whose value gets tilde expansion after the
   * `=` and after each unquoted `:`.
   */
  word(assignments: boolean, mode: WordMode = 'plain'): WordToken {
    const s = this.scanner;
    const start = s.offset;
    const regex = mode === 'regex';
    let afterEscape = false;
    let regexDepth = 0;
    const ordinary = regex ? null : this.ordinaryWord(assignments);
    if (ordinary !== null) return wordToken(ordinary, start, s.offset);
    const assignment = assignments && !regex ? this.assignmentTarget() : null;
    if (assignment !== null) {
      const value = s.peek() === '(' ? this.arrayLiteral() : this.ordinaryWord(false);
      if (value !== null) return this.assignmentToken(assignment, value, start);
    }
    const parts = new Parts<WordPart>(this.source);
    // Only the first unquoted `=` can make an assignment-like word; checking later ones would be quadratic.
    let firstEquals = assignment === null;
    // bash: an argument shaped like an assignment (`echo a=~`) gets an assignment's tilde prefixes.
    let assignmentLike = false;
    let tildeAllowed = true;

    for (let c = s.peek(); regex ? !endsRegex(c, regexDepth) : this.plainWordGoesOn(c, mode, afterEscape, start); c = s.peek()) {
      const at = s.offset;
      afterEscape = c === '\\';
      if (!regex && c === '(') {
        // Only a group's `(` gets here: any other ends the word.
        this.extglobGroup(parts);
        continue;
      }
      if (regex && REGEX_CHARACTERS.includes(c)) {
        if (c === '(') regexDepth += 1;
        else if (c === ')') regexDepth -= 1;
        parts.literal(s.next(), false, at, s.offset);
        continue;
      }
      if (c === '~' && tildeAllowed) {
        const tilde = this.tilde(assignment !== null || assignmentLike, '', false, this.readsGroups(mode));
        if (tilde !== null) {
          parts.push(tilde);
          tildeAllowed = false;
          continue;
        }
      }
      tildeAllowed = false;
      if (this.quotingOrExpansion(parts, c)) continue;
      switch (c) {
        case '<':
        case '>':
          parts.push(this.processSubstitution());
          break;
        default: {
          const run = s.run(ORDINARY_RUN);
          if (run !== '') {
            parts.literal(run, false, at, s.offset);
            break;
          }
          s.next();
          const name = c === '=' && firstEquals ? parts.plainText() : undefined;
          if (c === '=') firstEquals = false;
          parts.literal(c, false, at, s.offset);
          assignmentLike ||= name !== undefined && isName(name);
          tildeAllowed = (c === ':' || (c === '=' && assignmentLike)) && (assignment !== null || assignmentLike);
        }
      }
    }

    const end = s.offset;
    if (assignment === null) return wordToken(this.wordNode(parts, start, end), start, end);
    return this.assignmentToken(assignment, this.wordNode(parts, assignment.valueStart, end), start);
  }

  /**
   * The rest of the word at the scanner, consumed, where it is one run of characters that mean
   * nothing (most words: `echo`, `-n`, `/dev/null`, `*.tar.gz`): its one Literal made at once, as
   * the loop of `word` would make it. Null, nothing consumed, where any character needs that loop
   * (quoting, expansions, `~`, `=`, `:`, a line continuation, an extglob group's `(`). Where an
   * assignment may stand, a word with a `[` is left to that loop too: `a[i + 1]=x` is one word.
   * (Any other assignment has a `=` in its first run, which ends it.)
   */
  private ordinaryWord(assignments: boolean): Word | null {
    const s = this.scanner;
    const start = s.offset;
    const text = this.source.text;
    const value = s.run(ORDINARY_RUN);
    const end = s.offset;
    const code = end < text.length ? text.charCodeAt(end) : -1;
    const endsHere = code === -1 || (code < 0x80 && WORD_ENDS[code] === 1 && !startsProcessSubstitution(text, end));
    if (value === '' || !endsHere || (code === 0x28 && GROUP_OPERATORS.includes(text[end - 1]!)) || (assignments && value.includes('['))) {
      s.seek(start);
      return null;
    }
    const span = spanOf(this.source, start, end);
    return { kind: 'Word', parts: [{ kind: 'Literal', value, quoted: false, span }], text: value, span };
  }

  /** A quoted part or an expansion at `c` (a backslash, quotes, `$`, a backquote) into `parts`; false at any other character. */
  private quotingOrExpansion(parts: Parts<WordPart>, c: string): boolean {
    switch (c) {
      case '\\':
        this.escape(parts);
        return true;
      case "'":
        parts.push(this.singleQuoted());
        return true;
      case '"':
        parts.push(this.doubleQuoted());
        return true;
      case '$':
        if (!this.dollarQuoted(parts, true)) this.dollar(parts, false);
        return true;
      case '`':
        parts.push(this.backquoted(false));
        return true;
      default:
        return false;
    }
  }

  /**
   * Whether a word goes on at `c`: not at a character that ends one, unless it opens a process
   * substitution or (read in `mode`, and not after a backslash) an extglob group.
   */
  private plainWordGoesOn(c: string, mode: WordMode, afterEscape: boolean, wordStart: number): boolean {
    return !endsWord(c) || startsProcessSubstitution(this.source.text, this.scanner.offset) || (!afterEscape && this.opensGroup(wordStart) && this.readsGroups(mode));
  }

  /**
   * Whether a word read in `mode` takes extglob groups: asked only where one could start, so
   * that most words never ask the shell for its extglob setting.
   */
  private readsGroups(mode: WordMode): boolean {
    return mode === 'pattern' || (mode === 'plain' && this.substitutions.extglob());
  }

  /** Whether the `(` at the scanner opens an extglob group: an unquoted `?*+@!` of the word before it (its escape is ruled out by the caller). */
  private opensGroup(wordStart: number): boolean {
    const at = this.scanner.offset;
    return this.source.text[at] === '(' && at > wordStart && GROUP_OPERATORS.includes(this.source.text[at - 1]!);
  }

  /**
   * An extglob group from its `(` to the matching `)`: blanks, `|`, `;`, `<`... are ordinary
   * characters in it, quotes and expansions work as in the rest of the word (bash reads it as a
   * matched pair).
   */
  private extglobGroup(parts: Parts<WordPart>): void {
    const s = this.scanner;
    const open = s.offset;
    let depth = 0;
    for (;;) {
      const c = s.peek();
      const at = s.offset;
      if (this.quotingOrExpansion(parts, c)) continue;
      switch (c) {
        case '':
          throw syntaxError(this.source, "unexpected EOF while looking for matching `)'", open, at, true);
        case '(':
        case ')':
          s.next();
          parts.literal(c, false, at, s.offset);
          depth += c === '(' ? 1 : -1;
          if (depth === 0) return;
          break;
        default:
          parts.literal(s.run(GROUP_RUN) || s.next(), false, at, s.offset);
      }
    }
  }

  private assignmentToken(target: AssignmentTarget, value: Word | ArrayLiteral, start: number): WordToken {
    const end = this.scanner.offset;
    const { name, subscript, append } = target;
    return assignmentToken({ kind: 'Assignment', name, subscript, append, value, span: spanOf(this.source, start, end) }, start, end);
  }

  /**
   * `NAME=`, `NAME+=`, `NAME[subscript]=` or `NAME[subscript]+=` at the scanner: consumed, up to
   * and with the `=`; otherwise null, the scanner where it was.
   */
  private assignmentTarget(): AssignmentTarget | null {
    const s = this.scanner;
    const at = s.offset;
    const end = assignmentNameEnd(this.source.text, at);
    if (end === at) return null;
    const name = this.source.text.slice(at, end);
    s.seek(end);
    let subscript: Word | null = null;
    if (s.peek() === '[') {
      const close = subscriptClose(this.source, s.offset + 1);
      if (close === null) {
        s.seek(at);
        return null;
      }
      subscript = this.subscriptWord(s.offset + 1, close);
      s.seek(close + 1);
    }
    const append = s.peek() === '+';
    if (append) s.next();
    if (s.peek() !== '=') {
      s.seek(at);
      return null;
    }
    s.next();
    return { name, subscript, append, valueStart: s.offset };
  }

  /** `( words )` after `NAME=`: elements up to the `)`, across lines, comments skipped. */
  private arrayLiteral(): ArrayLiteral {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    const elements: ArrayElement[] = [];
    for (;;) {
      let c = s.peek();
      while (c === ' ' || c === '\t' || c === '\n' || c === '#') {
        if (c === '#') s.skipLine();
        else s.next();
        c = s.peek();
      }
      if (c === ')') break;
      if (c === '') throw syntaxError(this.source, 'unexpected end of input in an array assignment `(\'', start, s.offset, true);
      if (endsWord(c) && !startsProcessSubstitution(this.source.text, s.offset)) {
        throw syntaxError(this.source, `syntax error near unexpected token \`${c}'`, s.offset, s.offset + 1);
      }
      elements.push(this.arrayElement());
    }
    s.next();
    return { kind: 'ArrayLiteral', elements, text: this.source.text.slice(start, s.offset), span: spanOf(this.source, start, s.offset) };
  }

  /** `[key]=word`, `[key]+=word` or a plain word. */
  private arrayElement(): ArrayElement {
    const s = this.scanner;
    const at = s.offset;
    if (s.peek() === '[') {
      const close = subscriptClose(this.source, at + 1);
      const text = this.source.text;
      const append = close !== null && text[close + 1] === '+';
      if (close !== null && text[close + (append ? 2 : 1)] === '=') {
        const key = this.subscriptWord(at + 1, close);
        s.seek(close + (append ? 3 : 2));
        return { key, append, value: this.plainWord() };
      }
    }
    return { key: null, append: false, value: this.plainWord() };
  }

  private plainWord(): Word {
    const token = this.word(false);
    if (token.kind !== 'word') throw new Error('a word lexed without assignments was an assignment');
    return token.word;
  }

  /**
   * `start..end` (inside `[`...`]`) as a subscript: quotes, escapes and expansions as in a word,
   * blanks and wildcards taken literally.
   */
  private subscriptWord(start: number, end: number): Word {
    const inner = this.lexerOf(start, end);
    return { kind: 'Word', parts: inner.subscriptParts(), text: inner.source.text, span: spanOf(this.source, start, end) };
  }

  /** A lexer of its own over `start..end` of the source, its positions still the source's. */
  private lexerOf(start: number, end: number): WordLexer {
    return new WordLexer(new Scanner(new SlicedSource(this.source, start, end)), this.substitutions, this.nesting);
  }

  private subscriptParts(): WordPart[] {
    const s = this.scanner;
    const parts = new Parts<WordPart>(this.source);
    for (let c = s.peek(); c !== ''; c = s.peek()) {
      const at = s.offset;
      if (c === '\\') this.escape(parts);
      else if (c === "'") parts.push(this.singleQuoted());
      else if (c === '"') parts.push(this.doubleQuoted());
      // `m[$'a']=` is key a, as in bash.
      else if (c === '$') {
        if (!this.dollarQuoted(parts, true)) this.dollar(parts, true);
      } else if (c === '`') parts.push(this.backquoted(false));
      else parts.literal(s.run(SUBSCRIPT_RUN) || s.next(), true, at, s.offset);
    }
    return parts.finish();
  }

  private wordNode(parts: Parts<WordPart>, start: number, end: number): Word {
    return { kind: 'Word', parts: parts.finish(), text: this.source.text.slice(start, end), span: spanOf(this.source, start, end) };
  }

  /**
   * `~` or `~user` up to a `/`, a `:`, the word's end or one of `stops`; null if it is not a
   * tilde-prefix. Outside an assignment a `:` begins the prefix's tail (see Tilde). In an
   * operator's word (`inOperand`) blanks and metacharacters are ordinary: bash's prefix of
   * `${u-~ a}` or `${u?~&a}` is all of `~ a` or `~&a`.
   */
  private tilde(inAssignment: boolean, stops = '', inOperand = false, extglob = false): Tilde | null {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    let user = '';
    for (let c = s.peek(); !(c === '' || (!inOperand && endsWord(c)) || c === '/' || c === ':' || stops.includes(c)); c = s.peek()) {
      if (QUOTING.includes(c)) {
        s.seek(start);
        return null;
      }
      user += s.next();
    }
    // `~+(a)`: bash's prefix would be all of `+(a)`, which names nothing; the `~` stays as written.
    if (extglob && s.peek() === '(' && GROUP_OPERATORS.includes(user.at(-1) ?? '')) {
      s.seek(start);
      return null;
    }
    if (inAssignment || s.peek() !== ':') return { kind: 'Tilde', user, span: spanOf(this.source, start, s.offset) };
    const tail = this.tildeTail(stops);
    if (tail === null) {
      s.seek(start);
      return null;
    }
    return { kind: 'Tilde', user, tail, span: spanOf(this.source, start, s.offset) };
  }

  /**
   * A tilde-prefix's tail from its `:` up to a `/`, the word's end or one of `stops`, lexed as the
   * word's parts; null (nothing kept consumed) where a quoting character is in its text, even in a
   * substitution: bash then leaves the whole prefix as written (`~root:"a"` is `~root:a`).
   */
  private tildeTail(stops: string): Word | null {
    const s = this.scanner;
    const start = s.offset;
    const parts = new Parts<WordPart>(this.source);
    for (let c = s.peek(); !(c === '/' || stops.includes(c) || (endsWord(c) && !startsProcessSubstitution(this.source.text, s.offset))); c = s.peek()) {
      const at = s.offset;
      if (QUOTING.includes(c) && c !== '$' && c !== '`') return null;
      if (c === '$') this.dollar(parts, false);
      else if (c === '`') parts.push(this.backquoted(false));
      else if (c === '<' || c === '>') parts.push(this.processSubstitution());
      else parts.literal(s.run(TILDE_TAIL_RUN) || s.next(), false, at, s.offset);
    }
    if (/[\\'"]/.test(this.source.text.slice(start, s.offset))) return null;
    return this.wordNode(parts, start, s.offset);
  }

  /** An unquoted backslash: the next character, taken literally. */
  private escape(parts: Parts<WordPart>): void {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    const c = s.nextRaw();
    if (c === '') throw syntaxError(this.source, "unexpected end of input after `\\'", start, s.offset, true);
    parts.literal(c, true, start, s.offset);
  }

  private singleQuoted(): SingleQuoted {
    const s = this.scanner;
    const start = s.offset;
    const text = this.source.text;
    const close = text.indexOf("'", start + 1);
    if (close === -1) throw syntaxError(this.source, 'unterminated single quote', start, text.length, true);
    s.seek(close + 1);
    return { kind: 'SingleQuoted', value: text.slice(start + 1, close), span: spanOf(this.source, start, close + 1) };
  }

  private doubleQuoted(): DoubleQuoted {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    this.enter(start);
    const parts = this.quotedText(IN_DOUBLE_QUOTES, start);
    this.nesting -= 1;
    s.next();
    return { kind: 'DoubleQuoted', parts, span: spanOf(this.source, start, s.offset) };
  }

  /** The whole input as a here-document body: expansions and `\$ \` \\ \newline` only. */
  hereDocumentWord(): Word {
    const parts = this.quotedText(IN_HERE_DOCUMENT, 0);
    return { kind: 'Word', parts, text: this.source.text, span: spanOf(this.source, 0, this.source.text.length) };
  }

  /** `start..end` of the source as an arithmetic expression, lexed as double-quoted text. */
  arithmeticWord(start: number, end: number): Word {
    const inner = this.lexerOf(start, end);
    const parts = inner.quotedText(IN_ARITHMETIC, 0);
    return { kind: 'Word', parts, text: inner.source.text, span: spanOf(this.source, start, end) };
  }

  /** Quoted text up to `rules.close` (left unconsumed) or the end; `start` is where an error points. */
  private quotedText(rules: QuotedTextRules, start: number): QuotedPart[] {
    const s = this.scanner;
    const parts = new Parts<Exclude<QuotedPart, Literal>>(this.source);
    for (;;) {
      const c = s.peek();
      const at = s.offset;
      if (c === '') {
        if (rules.close === '') break;
        throw syntaxError(this.source, 'unterminated double quote', start, at, true);
      }
      if (c === rules.close) break;
      if (c === '$') {
        this.dollar(parts, true);
      } else if (c === '`') {
        parts.push(this.backquoted(true));
      } else if (c === '\\') {
        this.quotedEscape(parts, rules.escapable);
      } else if (c === '"' && rules.dropsDoubleQuotes) {
        s.next();
      } else {
        const run = s.run(rules.run);
        parts.literal(run === '' ? s.next() : run, true, at, s.offset);
      }
    }
    return parts.finish();
  }

  /** A backslash in quoted text: it escapes only `escapable` characters and otherwise stands for itself. */
  private quotedEscape(parts: ExpansionSink, escapable: string): void {
    const s = this.scanner;
    const at = s.offset;
    s.next();
    const next = s.peekRaw();
    parts.literal(next !== '' && escapable.includes(next) ? s.nextRaw() : '\\', true, at, s.offset);
  }

  /**
   * At a `$`: `$'...'` (bash's ANSI-C quoting: its C escapes decoded, then quoted as `'...'`) or,
   * where `double`, `$"..."` (a double-quoted string: there is no message catalog to translate it
   * from). False, nothing consumed, at any other `$`.
   */
  private dollarQuoted(parts: Parts<WordPart>, double: boolean): boolean {
    const s = this.scanner;
    const start = s.offset;
    const text = this.source.text;
    const quote = text[start + 1];
    if (quote === '"' && double) {
      s.next();
      parts.push(this.doubleQuoted());
      return true;
    }
    if (quote !== "'") return false;
    let close = start + 2;
    while (close < text.length && text[close] !== "'") close += text[close] === '\\' ? 2 : 1;
    if (close >= text.length) throw syntaxError(this.source, 'unterminated single quote', start, text.length, true);
    s.seek(close + 1);
    const value = ansiCString(text.slice(start + 2, close), this.substitutions.utf8Locale());
    parts.push({ kind: 'SingleQuoted', value, span: spanOf(this.source, start, close + 1) });
    return true;
  }

  /** `<(list)` or `>(list)`, the scanner at the `<` or `>`: the list is parsed as a `$(...)`'s. */
  private processSubstitution(): ProcessSubstitution {
    const s = this.scanner;
    const start = s.offset;
    const direction = s.next() as '<' | '>';
    s.next();
    const program = this.substitutions.dollar(s, start);
    return { kind: 'ProcessSubstitution', direction, program, span: spanOf(this.source, start, s.offset) };
  }

  /** `$...`: a parameter, a `$(...)` substitution, or (before anything else) a literal `$`. */
  private dollar(parts: ExpansionSink, quoted: boolean): void {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    const c = s.peek();
    if (c === '{') {
      this.enter(start);
      parts.push(this.braced(start, quoted));
      this.nesting -= 1;
    } else if (c === '(') {
      s.next();
      const end = s.peek() === '(' ? arithmeticEnd(this.source, s.offset + 1) : null;
      if (end !== null) {
        const expression = this.arithmeticWord(s.offset + 1, end);
        s.seek(end + 2);
        const span = spanOf(this.source, start, s.offset);
        parts.push({ kind: 'ArithmeticExpansion', arithmetic: { kind: 'Arithmetic', expression, span }, span });
        return;
      }
      const program = this.substitutions.dollar(s, start);
      parts.push({ kind: 'CommandSubstitution', program, style: 'dollar', span: spanOf(this.source, start, s.offset) });
    } else if (isNameStart(c)) {
      parts.push(this.parameter(this.name(), false, start));
    } else if (isDigit(c) || (c !== '' && SPECIAL_PARAMETERS.includes(c))) {
      s.next();
      parts.push(this.parameter(c, false, start));
    } else {
      parts.literal('$', quoted, start, s.offset);
    }
  }

  /**
   * One level deeper in the word, refused past MAX_WORD_NESTING; the caller steps back out after
   * (no try/finally: an error ends the whole parse, and no wrapper, so each level costs no more stack).
   */
  private enter(open: number): void {
    if (this.nesting >= MAX_WORD_NESTING) throw nestedTooDeep(this.source, 'expansions and quotes', MAX_WORD_NESTING, open, open + 1);
    this.nesting += 1;
  }

  /** `${NAME}`, `${10}`, `${?}`, `${NAME<operator>}`, `${a[i]}`...; the scanner is at the `{`. */
  private braced(start: number, quoted: boolean): ParameterExpansion {
    const s = this.scanner;
    s.next();
    const first = s.peek();
    let name = this.parameterName();
    let indirect = false;
    if (name === '#' && s.peek() !== '}') {
      // `${#x}`: the length of x; `${#}`, `${#:-w}` and `${#-w}` are `$#` itself.
      const at = s.offset;
      const counted = this.parameterName();
      const special = counted.length === 1 && SPECIAL_PARAMETERS.includes(counted);
      if (counted !== '' && (!special || s.peek() === '}')) {
        const subscript = this.subscript(counted);
        return this.closeBraced(counted, false, { kind: 'Length' }, start, quoted, subscript);
      }
      s.seek(at);
    } else if (first === '!' && s.peek() !== '}') {
      indirect = true;
      name = this.parameterName();
      const c = s.peek();
      if (isName(name) && (c === '*' || c === '@') && this.lookahead(1) === '}') {
        s.next();
        return this.closeBraced(name, false, { kind: 'Names', star: c === '*' }, start, quoted);
      }
      const subscript = this.subscript(name);
      if (subscript?.kind === 'All' && s.peek() === '}') return this.closeBraced(name, false, { kind: 'Keys', star: subscript.star }, start, quoted);
      if (subscript !== undefined) return this.closeBraced(name, true, this.parameterOperator(quoted, start), start, quoted, subscript);
    }
    if (name === '' || this.readsOnIntoName(name, indirect)) return this.badSubstitution(name, indirect, start, quoted);
    const subscript = this.subscript(name);
    return this.closeBraced(name, indirect, this.parameterOperator(quoted, start), start, quoted, subscript);
  }

  /**
   * Whether bash reads the character after a special parameter's name into the name, making a bad
   * substitution: a case operator after `?`, `-` or `#` (after `!?`, `!#` or `!@`), as in `${?^}`
   * (its name is `?^`), and a lone `+`, `=`, `%` or `/` after `#` (`${#+}`; `${#+w}` is `$#`'s).
   */
  private readsOnIntoName(name: string, indirect: boolean): boolean {
    const c = this.scanner.peek();
    if ((c === '^' || c === ',') && (indirect ? '?#@' : '?-#').includes(name)) return true;
    return name === '#' && !indirect && '+=%/'.includes(c) && c !== '' && this.lookahead(1) === '}';
  }

  /** `[@]`, `[*]` or `[subscript]` after a variable's name in `${...}`, if one is there. */
  private subscript(name: string): Subscript | undefined {
    const s = this.scanner;
    if (!isName(name) || s.peek() !== '[') return undefined;
    const close = subscriptClose(this.source, s.offset + 1);
    if (close === null) return undefined;
    const text = this.source.text.slice(s.offset + 1, close);
    const subscript: Subscript = text === '@' || text === '*' ? { kind: 'All', star: text === '*' } : { kind: 'Index', word: this.subscriptWord(s.offset + 1, close) };
    s.seek(close + 1);
    return subscript;
  }

  /** A name, a positional number (leading zeros dropped) or a special parameter at the scanner; '' if none. */
  private parameterName(): string {
    const s = this.scanner;
    const first = s.peek();
    let name = '';
    if (isNameStart(first)) {
      name = this.name();
    } else if (isDigit(first)) {
      name = this.digits().replace(/^0+(?=\d)/, '');
    } else if (first !== '' && SPECIAL_PARAMETERS.includes(first)) {
      name = s.next();
    }
    return name;
  }

  /** The name at the scanner. */
  private name(): string {
    return this.runOf(NAME_CHARACTERS);
  }

  /** The digits at the scanner. */
  private digits(): string {
    return this.runOf(DIGITS);
  }

  /** The characters of `set` at the scanner, read a run at a time (by table, no call per character), through any line continuations among them. */
  private runOf(set: StopSet): string {
    const s = this.scanner;
    const text = this.source.text;
    let run = '';
    for (let c = s.peek(); c !== '' && inSet(set, c.charCodeAt(0)); c = s.peek()) {
      const start = s.offset;
      let end = start;
      while (end < text.length && inSet(set, text.charCodeAt(end))) end += 1;
      run += text.slice(start, end);
      s.seek(end);
    }
    return run;
  }

  /** The operator after the parameter's name, its words lexed; undefined at the closing `}`. */
  private parameterOperator(quoted: boolean, start: number): ParameterOperator | undefined {
    const s = this.scanner;
    const c = s.peek();
    const colon = c === ':' && '-=?+'.includes(this.lookahead(1));
    if (colon || (c !== '' && '-=?+'.includes(c))) {
      if (colon) s.next();
      const test = s.next() as '-' | '=' | '?' | '+';
      // Inside double quotes bash expands the word of `-`, `=` and `+` as double-quoted text, but
      // that of `?` as a word of its own: `"${u:?'a'  ~}"` says `a  /home`.
      const word = quoted && test !== '?' ? this.quotedOperand(start) : this.operand('', start, test === '=' ? 'assigned' : 'word');
      return { kind: 'Default', test, colon, word };
    }
    if (c === ':') {
      s.next();
      const offset = this.operand(':', start, 'arithmetic');
      return { kind: 'Substring', offset, length: this.after(':') ? this.operand('', start, 'arithmetic') : null };
    }
    if (c === '#' || c === '%') {
      s.next();
      return { kind: 'Trim', side: c, longest: this.after(c), pattern: this.operand('', start) };
    }
    if (c === '/') {
      s.next();
      const anchor = s.peek();
      const mode = anchor === '/' ? 'all' : anchor === '#' ? 'prefix' : anchor === '%' ? 'suffix' : 'first';
      if (mode !== 'first') s.next();
      const pattern = this.operand('/', start);
      this.after('/');
      return { kind: 'Replace', mode, pattern, replacement: this.operand('', start) };
    }
    if (c === '^' || c === ',') {
      s.next();
      return { kind: 'Case', upper: c === '^', all: this.after(c), pattern: this.operand('', start) };
    }
    if (c === '@') {
      s.next();
      return { kind: 'Transform', letter: this.operand('', start).text };
    }
    return undefined;
  }

  /** The character `n` ahead of the scanner (0: the next one). */
  private lookahead(n: number): string {
    const s = this.scanner;
    const at = s.offset;
    for (let i = 0; i < n; i++) s.next();
    const c = s.peek();
    s.seek(at);
    return c;
  }

  /** Consumes `c` if it is next. */
  private after(c: string): boolean {
    if (this.scanner.peek() !== c) return false;
    this.scanner.next();
    return true;
  }

  /** The closing `}`, or (anything else) a bad substitution reported when expanded, as bash does. */
  private closeBraced(
    name: string,
    indirect: boolean,
    operator: ParameterOperator | undefined,
    start: number,
    quoted: boolean,
    subscript?: Subscript,
  ): ParameterExpansion {
    const s = this.scanner;
    if (s.peek() !== '}') return this.badSubstitution(name, indirect, start, quoted);
    s.next();
    // A plain `${x}` keeps the node's old shape: most code looks at its name only.
    if (operator === undefined && !indirect && subscript === undefined) return this.parameter(name, true, start);
    return { kind: 'ParameterExpansion', name, braced: true, indirect, subscript, operator, span: spanOf(this.source, start, s.offset) };
  }

  /** Skips to the `}` that closes `${` (quotes and nested expansions inside it) for a bad substitution. */
  private badSubstitution(name: string, indirect: boolean, start: number, quoted: boolean): ParameterExpansion {
    if (quoted) this.quotedOperand(start);
    else this.operand('', start);
    this.scanner.next();
    const text = this.source.text.slice(start, this.scanner.offset);
    return { kind: 'ParameterExpansion', name, braced: true, indirect, operator: { kind: 'Bad', text }, span: spanOf(this.source, start, this.scanner.offset) };
  }

  /**
   * The word of an operator outside double quotes, up to a `}` (or one of `stops`) outside quotes
   * and nested expansions. A `{` opens nothing: bash's parser counts only `${`, so `${u:-{a}b}`
   * is `{a` then `b}`. An unterminated one is an error at `open`, its `${`.
   * An `arithmetic` word (a substring's) has parentheses and conditionals that hide `:`; an
   * `assigned` one (of `=`) has an assignment's tilde-prefix, which a `:` ends with no tail.
   */
  private operand(stops: string, open: number, kind: 'word' | 'arithmetic' | 'assigned' = 'word'): Word {
    const s = this.scanner;
    const start = s.offset;
    const parts = new Parts<WordPart>(this.source);
    // In arithmetic (`${x:a?1:2:n}`, `${x:(a?1:2)}`) a `:` of a conditional or in parentheses is no stop.
    let nesting = 0;
    for (let c = s.peek(); ; c = s.peek()) {
      const at = s.offset;
      if (c === '') throw syntaxError(this.source, 'unterminated parameter expansion `${\'', open, at, true);
      if (c === '}' || (stops.includes(c) && nesting === 0)) break;
      if (c === '~' && at === start) {
        const tilde = this.tilde(kind === 'assigned', '}' + stops, true);
        if (tilde !== null) {
          parts.push(tilde);
          continue;
        }
      }
      if (startsProcessSubstitution(this.source.text, at)) {
        parts.push(this.processSubstitution());
        continue;
      }
      if (c === '\\') {
        this.escape(parts);
      } else if (c === "'") {
        parts.push(this.singleQuoted());
      } else if (c === '"') {
        parts.push(this.doubleQuoted());
      } else if (c === '$') {
        if (!this.dollarQuoted(parts, true)) this.dollar(parts, false);
      } else if (c === '`') {
        parts.push(this.backquoted(false));
      } else {
        const run = s.run(OPERAND_RUN);
        const text = run === '' ? s.next() : run;
        if (kind === 'arithmetic') nesting += conditionalNesting(text);
        parts.literal(text, false, at, s.offset);
      }
    }
    return this.wordNode(parts, start, s.offset);
  }

  /**
   * The word of `-`, `=` or `+` (or a bad substitution's text) inside double quotes, as bash reads
   * it twice. Its parser finds the closing `}` past single quotes, nested double quotes and
   * backslash escapes (`"${u:-'}'}"` is `'}'`); then the word is expanded as double-quoted text
   * with its inner double quotes stripped (subst.c's string_extract_double_quoted, SX_STRIPDQ):
   * single quotes stay, and between the stripped quotes a backslash escapes any character
   * (`"${u:-"\a"}"` is `a`), outside them only `$`, `` ` ``, `"`, `\` and `}`. The inner quotes
   * toggle even inside single quotes, so `"${a+'"x'}"` is `'x'`.
   */
  private quotedOperand(open: number): Word {
    const s = this.scanner;
    const start = s.offset;
    const parts = new Parts<WordPart>(this.source);
    /** Where the parser is when it looks for the `}`: in single quotes, in nested double quotes. */
    let singleQuoted = false;
    let nestedQuoted = false;
    /** Whether the expansion is between stripped inner double quotes. */
    let stripped = false;
    for (let c = s.peek(); ; c = s.peek()) {
      const at = s.offset;
      if (c === '') throw syntaxError(this.source, 'unterminated parameter expansion `${\'', open, at, true);
      if (c === '}' && !singleQuoted && !nestedQuoted) break;
      if (c === '\\') {
        s.next();
        const next = s.nextRaw();
        if (next === '') continue;
        parts.literal(stripped || QUOTED_OPERAND_ESCAPABLE.includes(next) ? next : `\\${next}`, true, at, s.offset);
        // In single quotes the parser takes a backslash alone: `'\'` closes them.
        if (singleQuoted && next === "'") singleQuoted = false;
      } else if (c === '"') {
        s.next();
        stripped = !stripped;
        if (!singleQuoted) nestedQuoted = !nestedQuoted;
      } else if (c === '$') {
        // `$'...'` is ANSI-C quoting here even inside double quotes (bash: "${x:-$'\t'}").
        if (!this.dollarQuoted(parts, false)) this.dollar(parts, true);
      } else if (c === '`') {
        parts.push(this.backquoted(true));
      } else {
        if (c === "'" && !nestedQuoted) singleQuoted = !singleQuoted;
        const run = s.run(OPERAND_RUN);
        parts.literal(run === '' ? s.next() : run, true, at, s.offset);
      }
    }
    return this.wordNode(parts, start, s.offset);
  }

  private parameter(name: string, braced: boolean, start: number): ParameterExpansion {
    return { kind: 'ParameterExpansion', name, braced, span: spanOf(this.source, start, this.scanner.offset) };
  }

  /**
   * `` `...` ``: within it a backslash escapes only `$`, `` ` ``, `\` (and `"` inside double
   * quotes); the text with those escapes resolved is then parsed as commands of its own.
   */
  private backquoted(inDoubleQuotes: boolean): CommandSubstitution {
    const s = this.scanner;
    const start = s.offset;
    s.next();
    let text = '';
    const origins: number[] = [];
    const append = (c: string, at: number): void => {
      text += c;
      for (let i = 0; i < c.length; i++) origins.push(at + i);
    };
    for (;;) {
      const c = s.peek();
      const at = s.offset;
      if (c === '') throw syntaxError(this.source, 'unterminated backquote', start, at, true);
      if (c === '`') break;
      // All but a backslash stands for itself: taken a run at a time.
      const run = s.run(BACKQUOTED_RUN);
      if (run !== '') {
        append(run, at);
        continue;
      }
      s.next();
      const escaped = c === '\\' ? s.peekRaw() : '';
      if (escaped !== '' && ('$`\\'.includes(escaped) || (inDoubleQuotes && escaped === '"'))) {
        append(escaped, s.offset);
        s.nextRaw();
      } else {
        append(c, at);
      }
    }
    origins.push(s.offset);
    s.next();
    const program = this.substitutions.backquote(new EmbeddedSource(text, origins, this.source));
    return { kind: 'CommandSubstitution', program, style: 'backquote', span: spanOf(this.source, start, s.offset) };
  }
}
