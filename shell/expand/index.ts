/**
 * Word expansion: syntax-tree words to the strings a command receives, in bash's order — brace
 * expansion (command words and redirect targets only), then POSIX's: tilde, parameter and command
 * substitution, field splitting, pathname expansion, quote removal. Every
 * byte is charged to the pipeline's budget before it is appended; NUL bytes are refused.
 */
import { joinText } from '../bytes';
import { andThen, type Eventually } from '../eventually';
import { ShellError } from '../errors';
import type { Word } from '../syntax/ast';
import { expandBraces } from './brace';
import type { ExpansionBudget } from './budget';
import { FieldBuilder, FieldSeparators, fieldText, parameterJoiner, type Field } from './fields';
import { fieldPattern, matchPathnames, patternOf } from './glob';
import { isPlainValue, literalText, loneArithmetic, loneParameter, quotedPieces } from './literal';
import { boundValue, parameterValue } from './parameters';
import { expandParts, type ExpansionContext } from './word';
import type { ExpansionEnvironment } from './types';

export { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from './budget';
export { literalText } from './literal';
export type { ExpansionEnvironment, SpecialParameters } from './types';

/** A command's words, each through every step, into the fields that become its arguments. */
export function expandWords(words: readonly Word[], env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<string[]> {
  return expandWordsFrom(words, 0, undefined, env, budget, []);
}

/** The words from `from` on, into `fields`; `context` is made at the first word that needs it. */
function expandWordsFrom(
  words: readonly Word[],
  from: number,
  context: ExpansionContext | undefined,
  env: ExpansionEnvironment,
  budget: ExpansionBudget,
  fields: string[],
): Eventually<string[]> {
  for (let index = from; index < words.length; index++) {
    const word = words[index] as Word;
    const text = literalText(word, budget);
    if (text !== undefined) {
      fields.push(text);
      continue;
    }
    const parameter = loneParameter(word);
    if (parameter !== undefined) {
      const value = boundValue(parameter.name, parameterValue(parameter.name, env), env);
      if ((parameter.quoted || isPlainValue(value, env.lookup('IFS'))) && !value.includes('\0')) {
        budget.charge(value);
        fields.push(value);
      } else {
        fields.push(...expansionFields(value, parameter.quoted, word, (context ??= contextFor(env, budget, 'fields'))));
      }
      continue;
    }
    const quoted = quotedText(word, env, budget);
    if (quoted !== undefined) {
      fields.push(quoted);
      continue;
    }
    const wordContext = (context ??= contextFor(env, budget, 'fields'));
    const expanded = expandBracedFrom(expandBraces(word, budget.remaining), 0, wordContext, fields);
    if (expanded instanceof Promise) return expanded.then(() => expandWordsFrom(words, index + 1, wordContext, env, budget, fields));
  }
  return fields;
}

/**
 * A word of quotedPieces: its one field, each piece checked and charged in turn as the field
 * builder would (a NUL is refused with its message), without the builder. Undefined for any other word.
 */
function quotedText(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): string | undefined {
  const pieces = quotedPieces(word);
  if (pieces === undefined) return undefined;
  let text = '';
  for (const piece of pieces) {
    const value = piece.kind === 'Literal' ? piece.value : boundValue(piece.name, parameterValue(piece.name, env), env);
    if (value.includes('\0')) throw new ShellError('InvalidCommandData', `${word.text}: the expansion contains a NUL byte, which is invalid command data`);
    budget.charge(value);
    text = joinText(text, value);
  }
  return text;
}

/** Brace expansion's words from `from` on, each through every step, into `fields`. */
function expandBracedFrom(braced: readonly Word[], from: number, context: ExpansionContext, fields: string[]): Eventually<void> {
  for (let index = from; index < braced.length; index++) {
    const expanded = andThen(expandFully(braced[index] as Word, context), (words) => {
      for (const field of words) fields.push(field);
    });
    if (expanded instanceof Promise) return expanded.then(() => expandBracedFrom(braced, index + 1, context, fields));
  }
}

/** An assignment value or a here-string: no field splitting and no pathname expansion. */
export function expandWord(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<string> {
  const text = literalText(word, budget);
  if (text !== undefined) return text;
  const parameter = loneParameter(word);
  if (parameter !== undefined) {
    const value = boundValue(parameter.name, parameterValue(parameter.name, env), env);
    // A NUL is refused on the full path, with its message.
    if (!value.includes('\0')) {
      budget.charge(value);
      return value;
    }
  }
  const quoted = quotedText(word, env, budget);
  if (quoted !== undefined) return quoted;
  // `$((...))` of literal text: its value, a number, is the word (it is never empty and holds no NUL).
  const expression = loneArithmetic(word);
  const arithmetic = expression === undefined ? undefined : literalText(expression, budget, false);
  if (arithmetic !== undefined) {
    const value = env.arithmetic(arithmetic);
    budget.charge(value);
    return value;
  }
  return andThen(expandToFields(word, contextFor(env, budget, 'string')), (fields) => fields.map(fieldText).reduce(joinText, ''));
}

/**
 * A pattern (`case`, `[[ == ]]`): no field splitting or pathname expansion, and its quoted
 * characters escaped by `escape` (a shell pattern's by default), so that only what was unquoted
 * means anything.
 */
export function expandPattern(
  word: Word,
  env: ExpansionEnvironment,
  budget: ExpansionBudget,
  escape: (quoted: string) => string | undefined = () => undefined,
): Eventually<string> {
  return andThen(expandToFields(word, contextFor(env, budget, 'string')), (fields) => fields.map((field) => patternOf(field, escape)).join(''));
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

function expandToFields(word: Word, context: ExpansionContext): Eventually<Field[]> {
  const out = new FieldBuilder(context.budget, context.separators, word.text);
  return andThen(expandParts(word.parts, context, out), () => out.finish());
}

/** An expansion's result as a word's fields: split (unquoted, in 'fields' mode) and globbed as any expansion's, a NUL refused. */
function expansionFields(value: string, quoted: boolean, word: Word, context: ExpansionContext): string[] {
  const out = new FieldBuilder(context.budget, context.separators, word.text);
  out.appendExpansion(value, quoted);
  return pathnames(out.finish(), context);
}

/** Every step, pathname expansion included. */
function expandFully(word: Word, context: ExpansionContext): Eventually<string[]> {
  return andThen(expandToFields(word, context), (fields) => pathnames(fields, context));
}

/** Pathname expansion of a word's fields. */
function pathnames(fields: readonly Field[], context: ExpansionContext): string[] {
  const result: string[] = [];
  for (const field of fields) {
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
