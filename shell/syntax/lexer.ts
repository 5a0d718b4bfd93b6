/**
 * Splits source text into tokens: operators, redirect operators with their descriptor number,
 * newlines, words (through WordLexer) and the end. Blanks and comments are skipped here.
 */
import type { Scanner } from './scanner';
import { syntaxError } from './source';
import { isDigit, WordLexer, type Substitutions, type WordToken } from './words';

const CONTROL_OPERATORS = ['|', '||', '&', '&&', ';', ';;', '(', ')'] as const;
const REDIRECT_OPERATORS = ['<', '>', '>>', '>|', '<>', '<&', '>&', '&>', '&>>', '<<<', '<<', '<<-'] as const;

export type ControlOperator = (typeof CONTROL_OPERATORS)[number];
export type RedirectOperator = (typeof REDIRECT_OPERATORS)[number];

/** Every prefix of a longer operator is an operator too, so the longest match grows one character at a time. */
const OPERATORS: ReadonlySet<string> = new Set([...CONTROL_OPERATORS, ...REDIRECT_OPERATORS]);

/** A descriptor number larger than this is an ordinary word, as in bash (`echo 99999999999>x`). */
const MAX_FD = 0x7fffffff;

export type Token =
  | WordToken
  | { readonly kind: 'control'; readonly operator: ControlOperator; readonly start: number; readonly end: number }
  | {
      readonly kind: 'redirect';
      readonly operator: RedirectOperator;
      /** The `2` of `2>`, or null. */
      readonly fd: number | null;
      readonly start: number;
      readonly end: number;
    }
  | { readonly kind: 'newline'; readonly start: number; readonly end: number }
  | { readonly kind: 'end'; readonly start: number; readonly end: number };

function isControl(operator: string): operator is ControlOperator {
  return (CONTROL_OPERATORS as readonly string[]).includes(operator);
}

/** How a token is named in "syntax error near unexpected token `...'". */
export function tokenText(token: Token): string {
  switch (token.kind) {
    case 'word':
      return token.word.text;
    case 'assignment':
      return `${token.assignment.name}=${token.assignment.value.text}`;
    case 'control':
      return token.operator;
    case 'redirect':
      return `${token.fd ?? ''}${token.operator}`;
    case 'newline':
      return 'newline';
    case 'end':
      return 'end of input';
  }
}

export class Lexer {
  private readonly words: WordLexer;

  constructor(
    private readonly scanner: Scanner,
    substitutions: Substitutions,
  ) {
    this.words = new WordLexer(scanner, substitutions);
  }

  /** The next token; `assignments` says whether a `NAME=value` word is an assignment here. */
  next(assignments: boolean): Token {
    const s = this.scanner;
    let c = s.peek();
    for (;;) {
      while (c === ' ' || c === '\t') {
        s.next();
        c = s.peek();
      }
      if (c !== '#') break;
      s.skipLine();
      c = s.peek();
    }

    const start = s.offset;
    if (c === '') {
      if (s.endsInContinuation()) throw syntaxError(s.source, "unexpected end of input after `\\'", start - 2, start, true);
      return { kind: 'end', start, end: start };
    }
    if (c === '\n') {
      s.next();
      return { kind: 'newline', start, end: s.offset };
    }
    if (OPERATORS.has(c)) return this.operator(start, null);
    if (isDigit(c)) {
      const redirect = this.numberedRedirect(start);
      if (redirect !== null) return redirect;
    }
    return this.words.word(assignments);
  }

  private operator(start: number, fd: number | null): Token {
    const s = this.scanner;
    let operator = s.next();
    for (let c = s.peek(); c !== '' && OPERATORS.has(operator + c); c = s.peek()) operator += s.next();
    const end = s.offset;
    if (isControl(operator)) return { kind: 'control', operator, start, end };
    // Every operator that is not a control operator is a redirect operator.
    return { kind: 'redirect', operator: operator as RedirectOperator, fd, start, end };
  }

  /** `2>`, `10<&`...: digits directly followed by `<` or `>`; null (and nothing consumed) otherwise. */
  private numberedRedirect(start: number): Token | null {
    const s = this.scanner;
    let digits = '';
    while (isDigit(s.peek())) digits += s.next();
    const c = s.peek();
    const fd = Number(digits);
    if ((c === '<' || c === '>') && fd <= MAX_FD) return this.operator(start, fd);
    s.seek(start);
    return null;
  }
}
