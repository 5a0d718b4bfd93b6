/**
 * The pattern word of `${x#p}`, `${x%%p}`, `${x/p/r}` as a shell pattern (quoted characters
 * escaped, as glob.ts patternOf makes it), for the two kinds of pattern words most scripts write:
 * literal text (`.*`, `'*.txt'`) and one double-quoted string of text and plain parameters
 * (`"$base"`). They skip the expander's machinery (a budget, a FieldBuilder and a context each
 * time) but fail as it would: an unset parameter under `set -u`, a NUL byte, the budget.
 */
import { byteLength, joinText } from '../bytes';
import type { Word } from '../syntax/ast';
import { ExpansionBudget } from './budget';
import { rejectNul } from './fields';
import { escapePattern } from './glob';
import { quotedPieces } from './literal';
import { boundValue, parameterValue } from './parameters';
import type { ExpansionContext } from './word';

/** A pattern word of literal text: its pattern and its size in bytes, as the budget counts it. */
interface LiteralPattern {
  readonly pattern: string;
  readonly bytes: number;
}

/** What literalPatternOf found for each pattern word: a loop's or a function's are met again on every pass. */
const literals = new WeakMap<Word, LiteralPattern | null>();

/** The pattern of `word` expanded in `context`; undefined for a word the expander must expand. */
export function operandPattern(word: Word, context: ExpansionContext): string | undefined {
  let literal = literals.get(word);
  if (literal === undefined) {
    literal = literalPatternOf(word);
    literals.set(word, literal);
  }
  // Past the budget, the expander reports it.
  if (literal !== null) return literal.bytes <= context.budget.remaining ? literal.pattern : undefined;
  const text = quotedOperandText(word, context);
  return text === undefined ? undefined : escapePattern(text);
}

/**
 * The text of a pattern word that is one double-quoted string of text and plain parameters
 * (`"$base"`), which matches only itself; undefined for any other word.
 */
export function quotedOperandText(word: Word, context: ExpansionContext): string | undefined {
  const pieces = quotedPieces(word);
  if (pieces === undefined) return undefined;
  const { env } = context;
  const remaining = context.budget.remaining;
  let text = '';
  let bytes = 0;
  for (const piece of pieces) {
    const value = piece.kind === 'Literal' ? piece.value : boundValue(piece.name, parameterValue(piece.name, env), env);
    rejectNul(value, word.text);
    const more = byteLength(value);
    if (bytes + more > remaining) {
      // The expander's own error: its budget for the word is what is left of the pipeline's.
      const budget = new ExpansionBudget(remaining);
      budget.chargeBytes(bytes);
      budget.chargeBytes(more);
    }
    bytes += more;
    text = joinText(text, value);
  }
  return text;
}

/** Literal text and single quotes, no NUL: the pattern is the same on every expansion. */
function literalPatternOf(word: Word): LiteralPattern | null {
  let pattern = '';
  let bytes = 0;
  let lastQuoted: boolean | undefined;
  for (const part of word.parts) {
    if ((part.kind !== 'Literal' && part.kind !== 'SingleQuoted') || part.value.includes('\0')) return null;
    const quoted = part.kind === 'SingleQuoted' || part.quoted;
    const text = quoted ? escapePattern(part.value) : part.value;
    // As a FieldBuilder does: text of the same quoting joins into one segment, a segment of another is put after it.
    pattern = quoted === lastQuoted ? joinText(pattern, text) : pattern + text;
    lastQuoted = quoted;
    bytes += byteLength(part.value);
  }
  return { pattern, bytes };
}
