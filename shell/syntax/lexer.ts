/**
 * Splits source text into tokens: operators, redirect operators with their descriptor number,
 * newlines, words (through WordLexer) and the end. Blanks and comments are skipped here. At each
 * newline it reads the bodies of the here-documents the line opened, before any later token.
 */
import type { Arithmetic, Assignment, HereDocument, Word } from './ast';
import { readHereDocumentBody } from './heredoc';
import { stopSet, type Scanner } from './scanner';
import { spanOf, syntaxError } from './source';
import { controlToken, lineToken, redirectToken, type Token } from './token';
import { arithmeticClose, arithmeticEnd, isDigit, startsProcessSubstitution, WordLexer, type Substitutions, type WordMode } from './words';

const CONTROL_OPERATORS = ['|', '||', '|&', '&', '&&', ';', ';;', ';&', ';;&', '(', ')'] as const;
const REDIRECT_OPERATORS = ['<', '>', '>>', '>|', '<>', '<&', '>&', '&>', '&>>', '<<<', '<<', '<<-'] as const;

export type ControlOperator = (typeof CONTROL_OPERATORS)[number];
export type RedirectOperator = (typeof REDIRECT_OPERATORS)[number];

/** Every prefix of a longer operator is an operator too, so the longest match grows one character at a time. */
const OPERATORS: ReadonlySet<string> = new Set([...CONTROL_OPERATORS, ...REDIRECT_OPERATORS]);

/**
 * Each operator's longer operators by the character that makes them (`&` → `&&` by `&`): the
 * match grows by lookups, with no string made for each candidate.
 */
const LONGER_OPERATORS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  [...OPERATORS].map((operator) => [operator, new Map([...OPERATORS].filter((longer) => longer.length === operator.length + 1 && longer.startsWith(operator)).map((longer) => [longer.at(-1)!, longer]))]),
);
const CONTROL: ReadonlySet<string> = new Set(CONTROL_OPERATORS);
/** The characters an operator starts with, looked up by code as each token starts. */
const OPERATOR_STARTS = stopSet([...OPERATORS].map((operator) => operator[0]).join(''));

/** `{NAME}` or `{NAME[subscript]}` directly before a redirect operator's first character. */
const NAMED_REDIRECT = /^\{([A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_-]+\])?)\}[<>]/;
const NAME_START = /^[A-Za-z_]$/;
/** The operators a `{NAME}` may stand before (bash also takes here-documents and here-strings there; Quirl does not). */
const NAMED_OPERATORS: ReadonlySet<string> = new Set(['<', '>', '>>', '>|', '<>', '<&', '>&']);
/** How far ahead a `{NAME}` is looked for: longer names are words (a bound, so a long word is not copied). */
const NAMED_REDIRECT_REACH = 256;

/** A descriptor number larger than this is an ordinary word, as in bash (`echo 99999999999>x`). */
const MAX_FD = 0x7fffffff;

function isControl(operator: string): operator is ControlOperator {
  return CONTROL.has(operator);
}

/** An assignment as it was written. */
export function assignmentText({ name, subscript, append, value }: Assignment): string {
  return `${name}${subscript === null ? '' : `[${subscript.text}]`}${append ? '+' : ''}=${value.text}`;
}

/** How a token is named in "syntax error near unexpected token `...'". */
export function tokenText(token: Token): string {
  switch (token.kind) {
    case 'word':
      return token.word.text;
    case 'assignment':
      return assignmentText(token.assignment);
    case 'control':
      return token.operator;
    case 'redirect':
      return `${token.varname === undefined ? (token.fd ?? '') : `{${token.varname}}`}${token.operator}`;
    case 'newline':
      return 'newline';
    case 'end':
      return 'end of input';
  }
}

export interface LexerOptions {
  /**
   * The input is all there will be (a script file, a `-c` string): a here-document that reaches
   * the end without its delimiter ends there, with this warning, as bash does. Otherwise (lines
   * typed so far) the input is incomplete.
   */
  readonly final?: boolean;
  readonly warn?: (message: string) => void;
}

/** Offsets of the `;`s in `from..end` outside quotes and parentheses. */
function topLevelSemicolons(text: string, from: number, end: number): number[] {
  const found: number[] = [];
  let depth = 0;
  let quote = '';
  for (let at = from; at < end; at += 1) {
    const c = text[at];
    if (quote !== '') {
      if (c === '\\' && quote !== "'") at += 1;
      else if (c === quote) quote = '';
    } else if (c === '\\') at += 1;
    else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ';' && depth === 0) found.push(at);
  }
  return found;
}

export class Lexer {
  private readonly words: WordLexer;
  /** Here-documents opened on the current line, in order, waiting for its newline. */
  private pendingHereDocuments: HereDocument[] = [];

  constructor(
    private readonly scanner: Scanner,
    private readonly substitutions: Substitutions,
    private readonly options: LexerOptions = {},
  ) {
    this.words = new WordLexer(scanner, substitutions);
  }

  /** The body of `document` follows the current line. */
  expectHereDocument(document: HereDocument): void {
    this.pendingHereDocuments.push(document);
  }

  /** Whether a here-document of the current line still waits for its body. */
  get hereDocumentsPending(): boolean {
    return this.pendingHereDocuments.length > 0;
  }

  /**
   * At `((` (the scanner just past the first `(`, written at `start`): the arithmetic up to the
   * matching `))`, the scanner then past it; null, with nothing consumed, where no `))` closes it
   * (bash then reads `( (` as nested subshells).
   */
  arithmetic(start: number): Arithmetic | null {
    const s = this.scanner;
    const end = arithmeticEnd(s.source, s.offset + 1);
    if (end === null) return null;
    const expression = this.words.arithmeticWord(s.offset + 1, end);
    s.seek(end + 2);
    return { kind: 'Arithmetic', expression, span: spanOf(s.source, start, end + 2) };
  }

  /**
   * At `for ((` (the scanner just past the first `(`, written at `start`): the three expressions
   * between `((` and `))`, split at the `;`s outside quotes and parentheses. Where no `))` closes
   * it, a ParseError: incomplete only where the input ends first (a lone `)` cannot be undone).
   */
  arithmeticFor(start: number): { expressions: Arithmetic[]; end: number } {
    const s = this.scanner;
    const from = s.offset + 1;
    const end = arithmeticClose(s.source, from);
    if (end === null) throw syntaxError(s.source, "syntax error: `((' of `for ((' is not closed by `))'", start, start + 1, true);
    if (s.source.text[end + 1] !== ')') throw syntaxError(s.source, "syntax error: `((' of `for ((' is closed by a single `)'", end, end + 1);
    const expressions: Arithmetic[] = [];
    let partStart = from;
    for (const separator of [...topLevelSemicolons(s.source.text, from, end), end]) {
      const expression = this.words.arithmeticWord(partStart, separator);
      expressions.push({ kind: 'Arithmetic', expression, span: spanOf(s.source, partStart, separator) });
      partStart = separator + 1;
    }
    s.seek(end + 2);
    return { expressions, end: end + 2 };
  }

  /**
   * The word at the scanner as the right side of `[[ ... =~ ... ]]`: parentheses and `|` belong
   * to it. Null, with nothing consumed, where there is none: a bare `]]` closes the `[[` (bash).
   */
  regexWord(): Word | null {
    this.scanner.skipBlanks();
    const start = this.scanner.offset;
    const token = this.words.word(false, 'regex');
    if (token.kind === 'word' && token.word.parts.length > 0 && token.word.text !== ']]') return token.word;
    this.scanner.seek(start);
    return null;
  }

  /** The next token; `assignments` says whether a `NAME=value` word is an assignment here, `words` how a word is read. */
  next(assignments: boolean, words: WordMode = 'plain'): Token {
    const s = this.scanner;
    let c = s.skipBlanks();
    while (c === '#') {
      s.skipLine();
      c = s.peek();
    }

    const start = s.offset;
    if (c === '') {
      if (s.endsInContinuation()) throw syntaxError(s.source, "unexpected end of input after `\\'", start - 2, start, true);
      this.readHereDocumentBodies();
      return lineToken('end', start, start);
    }
    if (c === '\n') {
      s.next();
      const end = s.offset;
      if (this.pendingHereDocuments.length > 0) this.readHereDocumentBodies();
      return lineToken('newline', start, end);
    }
    // By code, with no call: asked at every token.
    const code = c.charCodeAt(0);
    if (code < 0x80 && OPERATOR_STARTS[code] === 1 && !startsProcessSubstitution(s.source.text, start)) return this.operator(start, null);
    if (code >= 0x30 && code <= 0x39) {
      const redirect = this.numberedRedirect(start);
      if (redirect !== null) return redirect;
    }
    if (c === '{') {
      const redirect = this.namedRedirect(start);
      if (redirect !== null) return redirect;
    }
    return this.words.word(assignments, words);
  }

  private readHereDocumentBodies(): void {
    const documents = this.pendingHereDocuments;
    if (documents.length === 0) return;
    this.pendingHereDocuments = [];
    for (const document of documents) {
      document.body = readHereDocumentBody(this.scanner, document, this.substitutions, this.options);
    }
  }

  private operator(start: number, fd: number | null, varname?: string): Token {
    const s = this.scanner;
    let operator = s.next();
    for (let longer = LONGER_OPERATORS.get(operator)?.get(s.peek()); longer !== undefined; longer = LONGER_OPERATORS.get(operator)?.get(s.peek())) {
      s.next();
      operator = longer;
    }
    const end = s.offset;
    if (isControl(operator)) return controlToken(operator, start, end);
    // Every operator that is not a control operator is a redirect operator.
    return redirectToken(operator as RedirectOperator, fd, varname, start, end);
  }

  /**
   * bash's `{NAME}>`, `{NAME}<&`...: a name in braces directly followed by a file or duplicating
   * operator; null (and nothing consumed) otherwise: the braces are then a word.
   */
  private namedRedirect(start: number): Token | null {
    const text = this.scanner.source.text;
    // Most `{`s open a group (`{ list; }`): no name follows, and nothing need be copied to tell.
    if (!NAME_START.test(text[start + 1] ?? '')) return null;
    const match = NAMED_REDIRECT.exec(text.slice(start, start + NAMED_REDIRECT_REACH));
    if (match === null || startsProcessSubstitution(text, start + match[0].length - 1)) return null;
    this.scanner.seek(start + match[0].length - 1);
    const token = this.operator(start, null, match[1]);
    if (token.kind === 'redirect' && NAMED_OPERATORS.has(token.operator)) return token;
    this.scanner.seek(start);
    return null;
  }

  /** `2>`, `10<&`...: digits directly followed by `<` or `>`; null (and nothing consumed) otherwise. */
  private numberedRedirect(start: number): Token | null {
    const s = this.scanner;
    // The number is summed as it is read, no string of its digits made (past MAX_FD it is a word anyway).
    let fd = 0;
    for (let c = s.peek(); isDigit(c); c = s.peek()) fd = fd * 10 + s.next().charCodeAt(0) - 0x30;
    const c = s.peek();
    // `2<(list)` is a word (bash): digits, then a process substitution.
    if ((c === '<' || c === '>') && fd <= MAX_FD && !startsProcessSubstitution(s.source.text, s.offset)) return this.operator(start, fd);
    s.seek(start);
    return null;
  }
}
