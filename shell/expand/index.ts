/**
 * Word expansion: syntax-tree words to the strings a command receives, in bash's order — brace
 * expansion (command words and redirect targets only), then POSIX's: tilde, parameter and command
 * substitution, field splitting, pathname expansion, quote removal. Every
 * byte is charged to the pipeline's budget before it is appended; NUL bytes are refused.
 */
import { joinText } from '../bytes';
import { ShellError } from '../errors';
import type { Word } from '../syntax/ast';
import { expandBraces } from './brace';
import type { ExpansionBudget } from './budget';
import { FieldBuilder, FieldSeparators, fieldText, parameterJoiner, type Field } from './fields';
import { fieldPattern, matchPathnames, patternOf } from './glob';
import { expandParts, type ExpansionContext } from './word';
import type { ExpansionEnvironment } from './types';

export { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from './budget';
export type { ExpansionEnvironment, SpecialParameters } from './types';

/** A command's words, each through every step, into the fields that become its arguments. */
export async function expandWords(words: readonly Word[], env: ExpansionEnvironment, budget: ExpansionBudget): Promise<string[]> {
  let context: ExpansionContext | undefined;
  const fields: string[] = [];
  for (const word of words) {
    const text = literalText(word, budget);
    if (text !== undefined) {
      fields.push(text);
      continue;
    }
    context ??= contextFor(env, budget, 'fields');
    for (const braced of expandBraces(word, budget.remaining)) {
      for (const field of await expandFully(braced, context)) fields.push(field);
    }
  }
  return fields;
}

/** An assignment value or a here-string: no field splitting and no pathname expansion. */
export async function expandWord(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Promise<string> {
  const text = literalText(word, budget);
  if (text !== undefined) return text;
  const fields = await expandToFields(word, contextFor(env, budget, 'string'));
  return fields.map(fieldText).reduce(joinText, '');
}

/** Unquoted characters that may make a literal word expand to more: a pattern's (an extglob group's `(`), and brace expansion's `{`. */
const EXPANDING = /[*?[{(]/;

/**
 * A word that expands to itself (literals and single quotes, no unquoted wildcard or `{`), charged to
 * `budget`: most words of most commands, which then skip the expander's machinery. Undefined
 * for any other word.
 */
export function literalText(word: Word, budget: ExpansionBudget): string | undefined {
  let text = '';
  for (const part of word.parts) {
    if (part.kind === 'SingleQuoted' || (part.kind === 'Literal' && (part.quoted || !EXPANDING.test(part.value)))) text = joinText(text, part.value);
    else return undefined;
  }
  if (word.parts.length === 0 || text.includes('\0')) return undefined;
  budget.charge(text);
  return text;
}

/**
 * A pattern (`case`, `[[ == ]]`): no field splitting or pathname expansion, and its quoted
 * characters escaped by `escape` (a shell pattern's by default), so that only what was unquoted
 * means anything.
 */
export async function expandPattern(
  word: Word,
  env: ExpansionEnvironment,
  budget: ExpansionBudget,
  escape: (quoted: string) => string | undefined = () => undefined,
): Promise<string> {
  const fields = await expandToFields(word, contextFor(env, budget, 'string'));
  return fields.map((field) => patternOf(field, escape)).join('');
}

/** A redirect target: every step, and it must come to exactly one field. */
export async function expandRedirectTarget(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Promise<string> {
  const context = contextFor(env, budget, 'fields');
  const fields: string[] = [];
  for (const braced of expandBraces(word, budget.remaining)) fields.push(...(await expandFully(braced, context)));
  const [only] = fields;
  if (only === undefined || fields.length > 1) throw new ShellError('RedirectFailed', `${word.text}: ambiguous redirect`);
  return only;
}

function contextFor(env: ExpansionEnvironment, budget: ExpansionBudget, mode: ExpansionContext['mode']): ExpansionContext {
  const ifs = env.lookup('IFS');
  return { env, budget, mode, joiner: parameterJoiner(ifs), separators: mode === 'fields' ? FieldSeparators.fromIfs(ifs) : null };
}

async function expandToFields(word: Word, context: ExpansionContext): Promise<Field[]> {
  const out = new FieldBuilder(context.budget, context.separators, word.text);
  await expandParts(word.parts, context, out);
  return out.finish();
}

/** Every step, pathname expansion included. */
async function expandFully(word: Word, context: ExpansionContext): Promise<string[]> {
  const result: string[] = [];
  for (const field of await expandToFields(word, context)) {
    const options = context.env.options;
    const pattern = options?.noglob === true ? null : fieldPattern(field, options?.extglob);
    const matches = pattern === null ? [] : matchPathnames(pattern, context.env, options);
    // No match leaves the field as it is (nullglob: drops it; failglob: the line is abandoned with
    // status 1, as bash does after a bad substitution). Matches are new bytes: the pattern's stay charged too.
    if (matches.length === 0 && pattern !== null && options?.failglob === true) throw new ShellError('BadSubstitution', `no match: ${fieldText(field)}`);
    if (matches.length === 0 && !(pattern !== null && options?.nullglob === true)) result.push(fieldText(field));
    for (const match of matches) {
      context.budget.charge(match);
      result.push(match);
    }
  }
  return result;
}
