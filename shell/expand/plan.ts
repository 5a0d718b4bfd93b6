/**
 * How each word of a tree expands, worked out once per word: a word does not change, and the
 * words of a loop's body or a function's are expanded again on every pass or call. The plan says
 * what the expansion needs, so that running it needs no more than that: a literal word is its
 * text; a lone `$x` or `"$x"` one lookup; a word that can only be one field (`"$base$ext"`,
 * `x"${1%%.*}"`) and any word expanded as a string (an assignment's value) its pieces joined,
 * with no field builder, splitting or pathname expansion; a word of text and plain parameters
 * (`$dir/$file`) the same, unless a value asks to be split or globbed. Every other word takes the
 * expander's full path (brace expansion, a FieldBuilder, splitting and pathname expansion).
 */
import { byteLength, joinText } from '../bytes';
import type { Literal, ParameterExpansion, Word, WordPart } from '../syntax/ast';
import type { Quoting } from './word';

/** A literal word's text and its size in bytes, as the budget counts it. */
export interface KnownLiteral {
  readonly text: string;
  readonly bytes: number;
}

/** A piece of a word that expands to one piece of text, in its turn. */
export type Piece =
  /** Text as written: charged, never checked again (text with a NUL byte is a 'part', refused in its turn). */
  | { readonly kind: 'text'; readonly text: string; readonly bytes: number }
  /** `$x`, `${x}` (not `$@` or `$*`): the value, or nothing when unset. */
  | { readonly kind: 'parameter'; readonly name: string }
  /** `$(( ))`: the value of its expression, expanded as a string. */
  | { readonly kind: 'arithmetic'; readonly expression: Word }
  /** Any other part, through the expander's own step for it: the text of what it appends. */
  | { readonly kind: 'part'; readonly part: WordPart; readonly quoting: Quoting };

/** A word as a string: an assignment's value, a here-string, an arithmetic expression's text. */
export type StringPlan =
  | { readonly kind: 'literal'; readonly literal: KnownLiteral }
  | { readonly kind: 'pieces'; readonly pieces: readonly Piece[] };

/** A word as fields: a command's word, a `for` list's, a redirect target. */
export type FieldsPlan =
  /** Literal text with nothing for brace or pathname expansion: one field, itself. */
  | { readonly kind: 'literal'; readonly literal: KnownLiteral }
  /** `$x`, `"$x"`: one value, split and globbed only when unquoted and the value asks for it. */
  | { readonly kind: 'parameter'; readonly name: string; readonly quoted: boolean }
  /** An unquoted `$(( ))`: its value, split and globbed only when it asks for it (an IFS of digits). */
  | { readonly kind: 'arithmetic'; readonly expression: Word }
  /** An unquoted `${...}` whose operator makes one value of one parameter (`${x%%.*}`, `${#x}`): that value, split and globbed only when it asks for it. */
  | { readonly kind: 'operated'; readonly part: ParameterExpansion }
  /** `"$@"`: a field per positional parameter; `"$*"`: one, of them joined. */
  | { readonly kind: 'positional'; readonly star: boolean }
  /** Quoted expansions and text, and unquoted text with no wildcard or brace: exactly one field, its pieces joined. */
  | { readonly kind: 'joined'; readonly pieces: readonly Piece[] }
  /** Text and plain parameters, some unquoted. */
  | SplitPlan
  /** The expander's full path. */
  | { readonly kind: 'general' };

/**
 * `$dir/$file`, `-D$flag`, `"$a"$b`: text (no wildcard or `{` unquoted) and plain parameters, some
 * unquoted. Where every unquoted value is one that field splitting and pathname expansion leave
 * whole (as most are), the word is its pieces joined: one field, or none when it is empty and
 * nothing in it is quoted. Else the values read so far (kept in `values`, the plan's own: a
 * parameter is read once, as the full path reads it) go on through a FieldBuilder.
 */
export interface SplitPlan {
  readonly kind: 'split';
  readonly pieces: readonly (Piece & { readonly kind: 'text' | 'parameter' })[];
  /** By piece: whether it is quoted (a double-quoted string's start is an empty quoted text, which makes a field). */
  readonly quoted: readonly boolean[];
  /** Whether something in the word is quoted, so that it makes a field even when empty. */
  readonly makesField: boolean;
  readonly values: string[];
}

/** A part of a quoted string that expands to one piece of text as it is: quoted text, or a plain parameter. */
export type QuotedPiece = Literal | ParameterExpansion;

interface WordPlans {
  string: StringPlan | undefined;
  fields: FieldsPlan | undefined;
  /** See quotedPieces: null for a word that is not one. */
  quoted: readonly QuotedPiece[] | null | undefined;
}

/**
 * Where a word keeps its plans: a property of its own, set when first asked for, not enumerable so
 * that the tree still compares and prints as the parser made it. (A WeakMap's lookup showed in
 * profiles: a word is looked up on every expansion.)
 */
const PLANS = Symbol('plans');

function plansOf(word: Word): WordPlans {
  let known = (word as { [PLANS]?: WordPlans })[PLANS];
  if (known === undefined) {
    known = { string: undefined, fields: undefined, quoted: undefined };
    Object.defineProperty(word, PLANS, { value: known });
  }
  return known;
}

export function stringPlan(word: Word): StringPlan {
  const known = plansOf(word);
  return (known.string ??= stringPlanOf(word));
}

export function fieldsPlan(word: Word): FieldsPlan {
  const known = plansOf(word);
  return (known.fields ??= fieldsPlanOf(word));
}

/**
 * `"$base$ext"`, `"$1"`, `"x=$x"`: a word that is one double-quoted string of quoted text and
 * plain parameters (no operator, subscript or indirection, not `$@` or `$*`), whose one field is
 * its pieces joined. Its pieces; undefined for any other word.
 */
export function quotedPieces(word: Word): readonly QuotedPiece[] | undefined {
  const known = plansOf(word);
  if (known.quoted === undefined) known.quoted = quotedPiecesOf(word);
  return known.quoted ?? undefined;
}

function quotedPiecesOf(word: Word): readonly QuotedPiece[] | null {
  const part = word.parts.length === 1 ? word.parts[0] : undefined;
  if (part?.kind !== 'DoubleQuoted') return null;
  for (const piece of part.parts) {
    if (piece.kind === 'Literal' ? !piece.quoted : piece.kind !== 'ParameterExpansion' || !isPlainParameter(piece)) return null;
  }
  return part.parts as readonly QuotedPiece[];
}

function stringPlanOf(word: Word): StringPlan {
  // Neither brace nor pathname expansion applies to a string: any literal word is its text.
  const literal = literalOf(word, false);
  if (literal !== null) return { kind: 'literal', literal };
  const pieces: Piece[] = [];
  for (const part of word.parts) addPieces(part, 'word', pieces);
  return { kind: 'pieces', pieces };
}

/** The pieces of `part` where it stands (`quoting`), double quotes opened into theirs. */
function addPieces(part: WordPart, quoting: Quoting, pieces: Piece[]): void {
  switch (part.kind) {
    case 'Literal':
    case 'SingleQuoted':
      pieces.push(part.value.includes('\0') ? { kind: 'part', part, quoting } : { kind: 'text', text: part.value, bytes: byteLength(part.value) });
      return;
    case 'DoubleQuoted':
      // Its empty quoted segment (which makes a field) adds no text; "$@" among its parts is a 'part'.
      for (const inner of part.parts) addPieces(inner, 'quoted', pieces);
      return;
    case 'ParameterExpansion':
      pieces.push(isPlainParameter(part) ? { kind: 'parameter', name: part.name } : { kind: 'part', part, quoting });
      return;
    case 'ArithmeticExpansion':
      pieces.push({ kind: 'arithmetic', expression: part.arithmetic.expression });
      return;
    default:
      pieces.push({ kind: 'part', part, quoting });
  }
}

/**
 * Unquoted characters that may make a literal word expand to more: a pattern's (an extglob group's
 * `(`), and brace expansion's `{`. A `[` only with a `]` after it: `[` alone (the test command) is no pattern.
 */
const LITERAL_EXPANDING = /[*?{(]/;
/** Unquoted characters that may make a field of several parts more than itself: the same, and any `[`. */
const EXPANDING = /[*?[({]/;

/** The text of a word of literals and single quotes only; with `wildcards`, only where nothing in it may expand to more. */
function literalOf(word: Word, wildcards: boolean): KnownLiteral | null {
  let text = '';
  let bracketAt = -1;
  for (const part of word.parts) {
    if (part.kind === 'Literal' && !part.quoted && wildcards) {
      if (LITERAL_EXPANDING.test(part.value)) return null;
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

function fieldsPlanOf(word: Word): FieldsPlan {
  const literal = literalOf(word, true);
  if (literal !== null) return { kind: 'literal', literal };
  const { parts } = word;
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only?.kind === 'ParameterExpansion' && isPlainParameter(only)) return { kind: 'parameter', name: only.name, quoted: false };
  if (only?.kind === 'ParameterExpansion' && makesOneValue(only)) return { kind: 'operated', part: only };
  if (only?.kind === 'ArithmeticExpansion') return { kind: 'arithmetic', expression: only.arithmetic.expression };
  const quotedOnly = only?.kind === 'DoubleQuoted' && only.parts.length === 1 ? only.parts[0] : undefined;
  if (quotedOnly?.kind === 'ParameterExpansion' && isSimple(quotedOnly)) {
    if (quotedOnly.name === '@' || quotedOnly.name === '*') return { kind: 'positional', star: quotedOnly.name === '*' };
    return { kind: 'parameter', name: quotedOnly.name, quoted: true };
  }
  return joinedPlanOf(parts) ?? splitPlanOf(parts) ?? { kind: 'general' };
}

/**
 * The pieces of a word that is always exactly one field that pathname expansion leaves whole:
 * something in it is quoted (which makes the field), every expansion is quoted and one piece of
 * text (no list such as "$@" anywhere in it), and its unquoted text has no wildcard or `{`.
 * Null for any other word.
 */
function joinedPlanOf(parts: readonly WordPart[]): FieldsPlan | null {
  let quoted = false;
  const pieces: Piece[] = [];
  for (const part of parts) {
    if (part.kind === 'Literal' && !part.quoted) {
      if (EXPANDING.test(part.value)) return null;
    } else if (part.kind === 'DoubleQuoted') {
      if (!part.parts.every(isOneText)) return null;
      quoted = true;
    } else if (part.kind === 'Literal' || part.kind === 'SingleQuoted') {
      quoted = true;
    } else {
      return null;
    }
    addPieces(part, 'word', pieces);
  }
  return quoted ? { kind: 'joined', pieces } : null;
}

function splitPlanOf(parts: readonly WordPart[]): SplitPlan | null {
  const pieces: SplitPlan['pieces'][number][] = [];
  const quoted: boolean[] = [];
  let unquotedParameter = false;
  const add = (part: WordPart, inQuotes: boolean): boolean => {
    if (part.kind === 'ParameterExpansion') {
      if (!isPlainParameter(part)) return false;
      pieces.push({ kind: 'parameter', name: part.name });
      quoted.push(inQuotes);
      unquotedParameter ||= !inQuotes;
      return true;
    }
    if (part.kind !== 'Literal' && part.kind !== 'SingleQuoted') return false;
    const isQuoted = part.kind === 'SingleQuoted' || part.quoted;
    if (part.value.includes('\0') || (!isQuoted && EXPANDING.test(part.value))) return false;
    pieces.push({ kind: 'text', text: part.value, bytes: byteLength(part.value) });
    quoted.push(isQuoted);
    return true;
  };
  for (const part of parts) {
    if (part.kind !== 'DoubleQuoted') {
      if (!add(part, false)) return null;
      continue;
    }
    pieces.push({ kind: 'text', text: '', bytes: 0 });
    quoted.push(true);
    if (!part.parts.every((inner) => add(inner, true))) return null;
  }
  if (!unquotedParameter) return null;
  return { kind: 'split', pieces, quoted, makesField: quoted.includes(true), values: new Array<string>(pieces.length).fill('') };
}

/**
 * Whether a part in double quotes appends one piece of text, never a list's fields: no `$@` or
 * `$*`, no `[@]` or `[*]`, no indirection (`${!r}` may name `@`), no `${!prefix@}` or `${!a[@]}`,
 * and a default's word (which appends itself where the `${...}` stands) of such parts too.
 */
function isOneText(part: WordPart): boolean {
  if (part.kind !== 'ParameterExpansion') return part.kind !== 'DoubleQuoted' || part.parts.every(isOneText);
  const { operator, subscript, name } = part;
  if (name === '@' || name === '*' || part.indirect === true || subscript?.kind === 'All') return false;
  if (operator === undefined) return true;
  if (operator.kind === 'Names' || operator.kind === 'Keys') return false;
  return operator.kind !== 'Default' || operator.word.parts.every(isOneText);
}

/**
 * `${x%%.*}`, `${#x}`, `${a[1]/p/r}`...: an operator that appends its parameter's value, changed,
 * once (not a default, whose word appends itself, unquoted parts split as written), of a
 * parameter that is no list (no `$@`, `[@]`, or indirection, which may name one).
 */
function makesOneValue(parameter: ParameterExpansion): boolean {
  const { operator, name } = parameter;
  if (operator === undefined || operator.kind === 'Default' || operator.kind === 'Names' || operator.kind === 'Keys') return false;
  return name !== '@' && name !== '*' && parameter.indirect !== true && parameter.subscript?.kind !== 'All';
}

/** `$x`, `${x}`, `$1`: no operator, subscript or indirection. */
function isSimple(parameter: ParameterExpansion): boolean {
  return parameter.operator === undefined && parameter.indirect !== true && parameter.subscript === undefined;
}

/** A simple parameter that is one value, not the list of `$@` or `$*`. */
function isPlainParameter(parameter: ParameterExpansion): boolean {
  return isSimple(parameter) && parameter.name !== '@' && parameter.name !== '*';
}
