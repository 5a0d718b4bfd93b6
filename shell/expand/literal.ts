/**
 * The words most commands are made of, recognised so that they skip the expander's machinery (a
 * context, a FieldBuilder, splitting and pathname expansion): a literal word (its plan says so),
 * a literal pattern, and a double-quoted string of text and plain parameters.
 */
import type { ExpansionBudget } from './budget';
import type { Word } from '../syntax/ast';
import { fieldsPlan, stringPlan } from './plan';

/**
 * A word that expands to itself (literals and single quotes, no unquoted wildcard or `{`), charged to
 * `budget`: most words of most commands. Undefined for any other word. `wildcards` false: text
 * that is never a pattern (an arithmetic expression, expanded as if in double quotes).
 */
export function literalText(word: Word, budget: ExpansionBudget, wildcards = true): string | undefined {
  const plan = wildcards ? fieldsPlan(word) : stringPlan(word);
  if (plan.kind !== 'literal') return undefined;
  budget.chargeBytes(plan.literal.bytes);
  return plan.literal.text;
}

/** What gives a pattern's text a meaning other than itself: wildcards, a bracket, an escape, an extglob group. */
const PATTERN_SYNTAX = /[\\*?[(]/;

/** A pattern word (`case`) that matches only its own text, which is returned; undefined for any other. */
export function literalPattern(word: Word, budget: ExpansionBudget): string | undefined {
  const text = literalText(word, budget);
  return text === undefined || PATTERN_SYNTAX.test(text) ? undefined : text;
}

export { quotedPieces, type QuotedPiece } from './plan';

/**
 * The characters of an unquoted value with no default IFS character and nothing pathname expansion
 * would see: `[\w./:,+=@%-]`, by character code (a table, read with no match and no iterator).
 */
const PLAIN_CHARACTERS = (() => {
  const table = new Uint8Array(128);
  for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:,+=@%-') table[character.charCodeAt(0)] = 1;
  return table;
})();

/** Whether an unquoted expansion's `value` is one field as it is: field splitting on `ifs` and pathname expansion leave it whole. */
export function isPlainValue(value: string, ifs: string | undefined): boolean {
  if (value.length === 0) return false;
  for (let index = 0; index < value.length; index++) if (PLAIN_CHARACTERS[value.charCodeAt(index)] !== 1) return false;
  if (ifs !== undefined) for (let index = 0; index < ifs.length; index++) if (value.includes(ifs.charAt(index))) return false;
  return true;
}
