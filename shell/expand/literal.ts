/**
 * The words most commands are made of, recognised so that they skip the expander's machinery (a
 * context, a FieldBuilder, splitting and pathname expansion): a literal word, and a word that is
 * one parameter (`$i`, `${name}`, `"$x"`), whose value usually comes out as it is.
 */
import { byteLength, joinText } from '../bytes';
import type { ExpansionBudget } from './budget';
import type { Literal, ParameterExpansion, Word, WordPart } from '../syntax/ast';

/**
 * Unquoted characters that may make a literal word expand to more: a pattern's (an extglob group's
 * `(`), and brace expansion's `{`. A `[` only with a `]` after it: `[` alone (the test command) is no pattern.
 */
const EXPANDING = /[*?{(]/;

/** A literal word's text and its size in bytes, as the budget counts it. */
interface KnownLiteral {
  readonly text: string;
  readonly bytes: number;
}

/**
 * What literalText found for each word of a tree, by whether wildcards count: a word does not
 * change, and the words of a loop's body or a function's are met again on every pass or call.
 */
const literals = new WeakMap<Word, KnownLiteral | null>();
const literalsWithoutWildcards = new WeakMap<Word, KnownLiteral | null>();

/**
 * A word that expands to itself (literals and single quotes, no unquoted wildcard or `{`), charged to
 * `budget`: most words of most commands. Undefined for any other word. `wildcards` false: text
 * that is never a pattern (an arithmetic expression, expanded as if in double quotes).
 */
export function literalText(word: Word, budget: ExpansionBudget, wildcards = true): string | undefined {
  const known = wildcards ? literals : literalsWithoutWildcards;
  let literal = known.get(word);
  if (literal === undefined) {
    literal = literalOf(word, wildcards);
    known.set(word, literal);
  }
  if (literal === null) return undefined;
  budget.chargeBytes(literal.bytes);
  return literal.text;
}

function literalOf(word: Word, wildcards: boolean): KnownLiteral | null {
  let text = '';
  let bracketAt = -1;
  for (const part of word.parts) {
    if (part.kind === 'Literal' && !part.quoted && wildcards) {
      if (EXPANDING.test(part.value)) return null;
      const bracket = part.value.indexOf('[');
      if (bracket !== -1 && bracketAt === -1) bracketAt = text.length + bracket;
    } else if (part.kind !== 'SingleQuoted' && part.kind !== 'Literal') {
      return null;
    }
    text = joinText(text, part.value);
  }
  if (word.parts.length === 0 || text.includes('\0') || (bracketAt !== -1 && text.includes(']', bracketAt))) return null;
  return { text, bytes: byteLength(text) };
}

/** What gives a pattern's text a meaning other than itself: wildcards, a bracket, an escape, an extglob group. */
const PATTERN_SYNTAX = /[\\*?[(]/;

/** A pattern word (`case`) that matches only its own text, which is returned; undefined for any other. */
export function literalPattern(word: Word, budget: ExpansionBudget): string | undefined {
  const text = literalText(word, budget);
  return text === undefined || PATTERN_SYNTAX.test(text) ? undefined : text;
}

/** A word that is one parameter: its name, and whether it is in double quotes. */
export interface LoneParameter {
  readonly name: string;
  readonly quoted: boolean;
}

/** `$name`, `${name}`, `"$1"`, `$?`: no operator, subscript or indirection, and not `$@` or `$*`, whose fields are a list. */
export function loneParameter(word: Word): LoneParameter | undefined {
  const part = onlyPart(word.parts);
  const quoted = part?.kind === 'DoubleQuoted';
  const parameter = quoted ? onlyPart(part.parts) : part;
  if (parameter?.kind !== 'ParameterExpansion') return undefined;
  const { name } = parameter;
  if (parameter.operator !== undefined || parameter.indirect === true || parameter.subscript !== undefined || name === '@' || name === '*') return undefined;
  return { name, quoted };
}

/** The expression of a word that is one unquoted `$(( ))` (`i=$((i+1))`), whose value is one field as it is. */
export function loneArithmetic(word: Word): Word | undefined {
  const part = onlyPart(word.parts);
  return part?.kind === 'ArithmeticExpansion' ? part.arithmetic.expression : undefined;
}

/** A part of a quoted string that expands to one piece of text as it is: quoted text, or a plain parameter. */
export type QuotedPiece = Literal | ParameterExpansion;

/**
 * `"$base$ext"`, `"$1"`, `"x=$x"`: a word that is one double-quoted string of quoted text and
 * plain parameters (no operator, subscript or indirection, not `$@` or `$*`), whose one field is
 * its pieces joined. Its pieces; undefined for any other word.
 */
export function quotedPieces(word: Word): readonly QuotedPiece[] | undefined {
  const part = onlyPart(word.parts);
  if (part?.kind !== 'DoubleQuoted') return undefined;
  for (const piece of part.parts) {
    if (piece.kind === 'Literal' ? !piece.quoted : piece.kind !== 'ParameterExpansion' || !isPlainParameter(piece)) return undefined;
  }
  return part.parts as readonly QuotedPiece[];
}

function isPlainParameter(parameter: ParameterExpansion): boolean {
  const { name } = parameter;
  return parameter.operator === undefined && parameter.indirect !== true && parameter.subscript === undefined && name !== '@' && name !== '*';
}

function onlyPart(parts: readonly WordPart[]): WordPart | undefined {
  return parts.length === 1 ? parts[0] : undefined;
}

/** An unquoted value with no default IFS character and nothing pathname expansion would see. */
const PLAIN_VALUE = /^[\w./:,+=@%-]+$/;

/** Whether an unquoted expansion's `value` is one field as it is: field splitting on `ifs` and pathname expansion leave it whole. */
export function isPlainValue(value: string, ifs: string | undefined): boolean {
  if (!PLAIN_VALUE.test(value)) return false;
  if (ifs !== undefined) for (const separator of ifs) if (value.includes(separator)) return false;
  return true;
}
