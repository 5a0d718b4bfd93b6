/**
 * The lexer's tokens. Every token has every field, null (varname: undefined) where it does not
 * apply, written in one order by the functions below: all tokens share one shape, so the parser's
 * many reads of `token.kind`, `.start` and `.end` see one hidden class, not six.
 */
import type { Assignment, Word } from './ast';
import type { ControlOperator, RedirectOperator } from './lexer';

interface Fields {
  readonly word: Word | null;
  readonly assignment: Assignment | null;
  readonly operator: ControlOperator | RedirectOperator | null;
  /** A redirect's descriptor, the `2` of `2>`; null where none is written. */
  readonly fd: number | null;
  /** The `fd` of bash's `{fd}>`: the descriptor is picked by the shell and stored there. */
  readonly varname: string | undefined;
  readonly start: number;
  readonly end: number;
}

interface Bare {
  readonly word: null;
  readonly assignment: null;
}

export type WordToken =
  | (Fields & { readonly kind: 'word'; readonly word: Word; readonly assignment: null; readonly operator: null })
  | (Fields & { readonly kind: 'assignment'; readonly word: null; readonly assignment: Assignment; readonly operator: null });

export type ControlToken = Fields & Bare & { readonly kind: 'control'; readonly operator: ControlOperator };
export type RedirectToken = Fields & Bare & { readonly kind: 'redirect'; readonly operator: RedirectOperator };

export type Token = WordToken | ControlToken | RedirectToken | (Fields & Bare & { readonly kind: 'newline' | 'end'; readonly operator: null });

export function wordToken(word: Word, start: number, end: number): WordToken {
  return { kind: 'word', word, assignment: null, operator: null, fd: null, varname: undefined, start, end };
}

export function assignmentToken(assignment: Assignment, start: number, end: number): WordToken {
  return { kind: 'assignment', word: null, assignment, operator: null, fd: null, varname: undefined, start, end };
}

export function controlToken(operator: ControlOperator, start: number, end: number): ControlToken {
  return { kind: 'control', word: null, assignment: null, operator, fd: null, varname: undefined, start, end };
}

export function redirectToken(operator: RedirectOperator, fd: number | null, varname: string | undefined, start: number, end: number): RedirectToken {
  return { kind: 'redirect', word: null, assignment: null, operator, fd, varname, start, end };
}

export function lineToken(kind: 'newline' | 'end', start: number, end: number): Token {
  return { kind, word: null, assignment: null, operator: null, fd: null, varname: undefined, start, end };
}
