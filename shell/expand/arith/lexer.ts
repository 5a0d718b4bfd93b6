/**
 * bash's arithmetic tokenizer (readtok() in expr.c). What a `++` or a stray character means
 * depends on the tokens before it, so the parser passes its current and previous token kinds.
 */
import { ArithmeticError, type AssignOperator } from './ast';

export type TokenKind =
  | 'eof' | 'num' | 'str'
  | 'post++' | 'post--' | 'pre++' | 'pre--' | 'op='
  | '==' | '!=' | '<=' | '>=' | '<<' | '>>' | '&&' | '||' | '**'
  | '=' | '<' | '>' | '+' | '-' | '*' | '/' | '%' | '!' | '~' | '&' | '|' | '^' | '(' | ')' | '?' | ':' | ','
  /** Never read: the parser's previous-token mark after a conditional, as bash's COND. */
  | 'cond';

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /** 'num': the constant. */
  readonly value: bigint;
  /** 'str': the name and the raw subscript; `assigned` when a plain `=` follows (bash then does not read it). */
  readonly name: string;
  readonly subscript: string | undefined;
  readonly assigned: boolean;
  /** 'op=': which operator. */
  readonly assignOp: AssignOperator;
}

/**
 * A tokenizing error: bash's text for it and where its error token starts. A bad constant is
 * judged while bash has cut the expression at the constant's end, so its message shows only
 * the text up to there (`09 + 1` says `09: value too great for base (error token is "09")`).
 */
export class LexFailure {
  constructor(
    readonly at: number,
    readonly what: string,
    readonly end?: number,
  ) {}

  toError(expression: string): ArithmeticError {
    return ArithmeticError.at(expression.slice(0, this.end), this.at, this.what);
  }
}

const TWO_CHAR = new Map<string, TokenKind>([
  ['==', '=='], ['!=', '!='], ['>=', '>='], ['<=', '<='], ['&&', '&&'], ['||', '||'], ['**', '**'],
]);
const SINGLE = new Set('=><+-*/%!()&|^~?:,');
const COMPOUND = new Set('*/%+-&^|');

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n';
}
function isAlpha(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}
function isNameChar(c: string | undefined): boolean {
  return isAlpha(c) || isDigit(c) || c === '_';
}
/** What a constant's token is made of: bash reads all of it, then judges the digits. */
function isConstantChar(c: string | undefined): boolean {
  return isNameChar(c) || c === '#' || c === '@';
}

function token(kind: TokenKind, start: number, end: number, extra: Partial<Token> = {}): Token {
  return { kind, start, end, value: 0n, name: '', subscript: undefined, assigned: false, assignOp: '=', ...extra };
}

/**
 * The token at or after `at`. `current` and `previous` are the parser's token kinds, which
 * decide `x++` against `++x` and which syntax error a stray character is.
 */
export function readToken(text: string, at: number, current: TokenKind, previous: TokenKind): Token {
  const tok = scan(text, at, current, previous);
  if (tok.kind !== 'str') return tok;
  // bash peeks past a name before reading it (a plain `=` means it is not read): errors in the
  // tokens peeked come first, and a run of names is peeked through, one after another.
  let first: TokenKind | undefined;
  for (let next = scan(text, tok.end, 'str', previous); ; next = scan(text, next.end, 'str', previous)) {
    first ??= next.kind;
    if (next.kind !== 'str') break;
  }
  return { ...tok, assigned: first === '=' && previous !== 'pre++' && previous !== 'pre--' };
}

function scan(text: string, at: number, current: TokenKind, previous: TokenKind): Token {
  let start = at;
  while (isBlank(text[start])) start++;
  const c = text[start];
  if (c === undefined) return token('eof', text.length, text.length);
  if (isAlpha(c) || c === '_') return scanName(text, start);
  if (isDigit(c)) {
    let end = start;
    while (isConstantChar(text[end])) end++;
    return token('num', start, end, { value: constant(text.slice(start, end), start, end) });
  }
  const pair = c + (text[start + 1] ?? '');
  const two = TWO_CHAR.get(pair);
  if (two !== undefined) return token(two, start, start + 2);
  if (pair === '<<' || pair === '>>') {
    if (text[start + 2] === '=') return token('op=', start, start + 3, { assignOp: pair });
    return token(pair, start, start + 2);
  }
  if (pair === '++' || pair === '--') {
    const sign = c as '+' | '-';
    if (current === 'str') return token(sign === '+' ? 'post++' : 'post--', start, start + 2);
    if (current === 'num' && (previous === 'pre++' || previous === 'pre--')) {
      throw new LexFailure(start, `${pair}: assignment requires lvalue`);
    }
    let next = start + 2;
    while (isBlank(text[next])) next++;
    if (isAlpha(text[next]) || text[next] === '_') return token(sign === '+' ? 'pre++' : 'pre--', start, start + 2);
    // Not an increment: two unary signs (`--5` is 5).
    return token(sign, start, start + 1);
  }
  if (text[start + 1] === '=' && COMPOUND.has(c)) return token('op=', start, start + 2, { assignOp: c as AssignOperator });
  if (SINGLE.has(c)) return token(c as TokenKind, start, start + 1);
  throw new LexFailure(
    start,
    current === 'str' || current === 'num' ? 'syntax error: invalid arithmetic operator' : 'syntax error: operand expected',
  );
}

function scanName(text: string, start: number): Token {
  let end = start;
  while (isNameChar(text[end])) end++;
  const name = text.slice(start, end);
  if (text[end] !== '[') return token('str', start, end, { name });
  const close = matchingBracket(text, end);
  if (close === undefined) throw new LexFailure(start, 'bad array subscript');
  return token('str', start, close + 1, { name, subscript: text.slice(end + 1, close) });
}

/** The `]` closing the `[` at `open`, past nested brackets, quotes and backslashes. */
function matchingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return undefined;
      i = close;
    } else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return undefined;
}

/**
 * An integer constant as bash's strlong() reads it: `0x` hex, leading-0 octal, `BASE#DIGITS`
 * (digits 0-9 a-z A-Z @ _; letters of either case are the same digit up to base 36), wrapping
 * at 64 bits at each step as C does.
 */
function constant(digits: string, at: number, end: number): bigint {
  let i = 0;
  let base = 10n;
  let foundBase = false;
  if (digits[0] === '0') {
    if (digits.length === 1) return 0n;
    i = 1;
    if (digits[1] === 'x' || digits[1] === 'X') {
      base = 16n;
      i = 2;
    } else base = 8n;
    foundBase = true;
  }
  let value = 0n;
  for (; i < digits.length; i++) {
    const c = digits[i] ?? '';
    if (c === '#') {
      if (foundBase) throw new LexFailure(at, 'invalid number', end);
      if (value < 2n || value > 64n) throw new LexFailure(at, 'invalid arithmetic base', end);
      base = value;
      value = 0n;
      foundBase = true;
      if (!isConstantChar(digits[i + 1]) || digits[i + 1] === '#') throw new LexFailure(at, 'invalid integer constant', end);
      continue;
    }
    const digit = digitValue(c, base);
    if (digit >= base) throw new LexFailure(at, 'value too great for base', end);
    value = BigInt.asIntN(64, value * base + digit);
  }
  return value;
}

function digitValue(c: string, base: bigint): bigint {
  const code = c.charCodeAt(0);
  if (isDigit(c)) return BigInt(code - 48);
  if (c >= 'a' && c <= 'z') return BigInt(code - 97 + 10);
  if (c >= 'A' && c <= 'Z') return BigInt(code - 65 + (base <= 36n ? 10 : 36));
  return c === '@' ? 62n : 63n;
}
