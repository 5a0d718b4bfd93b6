/**
 * Word expansion: syntax-tree words to the strings a command receives, in bash's order — brace
 * expansion (command words and redirect targets only), then POSIX's: tilde, parameter and command
 * substitution, field splitting, pathname expansion, quote removal. Every
 * byte is charged to the pipeline's budget before it is appended; NUL bytes are refused.
 */
import { joinText } from '../bytes';
import { andThen, type Eventually } from '../eventually';
import { ShellError } from '../errors';
import type { ParameterExpansion, Word } from '../syntax/ast';
import { expandBraces } from './brace';
import { ExpansionBudget } from './budget';
import { FieldBuilder, fieldText, parameterJoiner, rejectNul, type Field } from './fields';
import { fieldPattern, matchPathnames, patternOf } from './glob';
import { arithmeticValue, expandString, joinPieces } from './joined';
import { isPlainValue } from './literal';
import { boundValue, parameterValue } from './parameters';
import { fieldsPlan, type SplitPlan } from './plan';
import { expandPart, expandParts, expansionContext, type ExpansionContext } from './word';
import type { ExpansionEnvironment } from './types';

export { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from './budget';

/** For a value that is charged where it is kept, not where it is first made. */
const UNCOUNTED = new ExpansionBudget(Number.POSITIVE_INFINITY);
export { literalText } from './literal';
export type { ExpansionEnvironment, SpecialParameters } from './types';

/** A command's words, each through every step, into the fields that become its arguments. */
export function expandWords(words: readonly Word[], env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<string[]> {
  return expandWordsFrom(words, 0, undefined, env, budget, []);
}

/** expandWords appending to `fields` (a command's argv, its array kept from run to run); `fields` once done. */
export function expandWordsInto(words: readonly Word[], env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): Eventually<string[]> {
  return expandWordsFrom(words, 0, undefined, env, budget, fields);
}

/** The words from `from` on, into `fields`, each as its plan says; `context` is made at the first word that needs it. */
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
    const plan = fieldsPlan(word);
    let expanded: Eventually<void>;
    switch (plan.kind) {
      case 'literal':
        budget.chargeBytes(plan.literal.bytes);
        fields.push(plan.literal.text);
        continue;
      case 'parameter':
        if (plan.quoted) fields.push(checked(boundValue(plan.name, parameterValue(plan.name, env), env), word, budget));
        else addExpansion(boundValue(plan.name, parameterValue(plan.name, env), env), word, env, budget, fields);
        continue;
      case 'positional':
        addPositional(plan.star, word, env, budget, fields);
        continue;
      case 'arithmetic':
      case 'operated': {
        const value = plan.kind === 'arithmetic' ? arithmeticValue(plan.expression, env, budget) : operatedValue(plan.part, (context ??= expansionContext(env, budget, 'fields')), word);
        if (!(value instanceof Promise)) {
          addExpansion(value, word, env, budget, fields);
          continue;
        }
        expanded = addExpansionLater(value, word, env, budget, fields);
        break;
      }
      case 'joined': {
        const text = joinPieces(plan.pieces, 0, '', word.text, env, budget, 'fields', context);
        if (!(text instanceof Promise)) {
          fields.push(text);
          continue;
        }
        expanded = pushLater(text, fields);
        break;
      }
      case 'split':
        addSplit(plan, word, env, budget, fields);
        continue;
      case 'general': {
        const wordContext = (context ??= expansionContext(env, budget, 'fields'));
        expanded = expandBracedFrom(expandBraces(word, budget.remaining), 0, wordContext, fields);
        break;
      }
    }
    if (expanded instanceof Promise) return wordsAfter(expanded, words, index + 1, context, env, budget, fields);
  }
  return fields;
}

// expandWordsFrom holds no closure: V8 would make the variables one captures on every call, and
// those of its loop on every pass, though few words wait. The waits continue in these functions.

function addExpansionLater(value: Promise<string>, word: Word, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): Promise<void> {
  return value.then((known) => addExpansion(known, word, env, budget, fields));
}

function pushLater(text: Promise<string>, fields: string[]): Promise<void> {
  return text.then((known) => {
    fields.push(known);
  });
}

function wordsAfter(expanded: Promise<void>, words: readonly Word[], from: number, context: ExpansionContext | undefined, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): Promise<string[]> {
  return expanded.then(() => expandWordsFrom(words, from, context, env, budget, fields));
}

/**
 * An unquoted expansion that is a whole word (`$x`, `$((i+1))`): its value as it is when field
 * splitting and pathname expansion would leave it whole, as they usually do; else through them.
 */
function addExpansion(value: string, word: Word, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): void {
  if (isPlainValue(value, env.lookup('IFS')) && !value.includes('\0')) {
    budget.charge(value);
    fields.push(value);
  } else {
    for (const field of expansionFields(value, word, expansionContext(env, budget, 'fields'))) fields.push(field);
  }
}

/** What an unquoted `${...}` that makes one value appends, NUL-checked as it is appended but not yet charged: addExpansion charges what it keeps. */
function operatedValue(part: ParameterExpansion, context: ExpansionContext, word: Word): Eventually<string> {
  const out = FieldBuilder.forText(UNCOUNTED, word.text);
  const step = expandPart(part, context, out, 'word');
  return step instanceof Promise ? step.then(() => out.text()) : out.text();
}

/** A word of text and plain parameters, some unquoted: see SplitPlan. */
function addSplit(plan: SplitPlan, word: Word, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): void {
  const { pieces, quoted, values } = plan;
  const ifs = env.lookup('IFS');
  let text = '';
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index] as SplitPlan['pieces'][number];
    if (piece.kind === 'text') {
      budget.chargeBytes(piece.bytes);
      text = joinText(text, piece.text);
      values[index] = piece.text;
      continue;
    }
    const value = boundValue(piece.name, parameterValue(piece.name, env), env);
    rejectNul(value, word.text);
    values[index] = value;
    if (!quoted[index] && value !== '' && !isPlainValue(value, ifs)) {
      splitFrom(plan, index, word, env, budget, fields);
      return;
    }
    budget.charge(value);
    text = joinText(text, value);
  }
  if (plan.makesField || text !== '') fields.push(text);
}

/** The rest of a SplitPlan's word from the piece at `at`, whose value (read) asks for splitting or pathname expansion: through a FieldBuilder. */
function splitFrom(plan: SplitPlan, at: number, word: Word, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): void {
  const { pieces, quoted, values } = plan;
  const context = expansionContext(env, budget, 'fields');
  const out = new FieldBuilder(budget, context.separators, word.text);
  for (let index = 0; index < at; index++) out.appendCharged(values[index] as string, quoted[index] as boolean);
  for (let index = at; index < pieces.length; index++) {
    const piece = pieces[index] as SplitPlan['pieces'][number];
    const value = piece.kind === 'text' ? piece.text : index === at ? (values[at] as string) : boundValue(piece.name, parameterValue(piece.name, env), env);
    if (piece.kind === 'parameter' && !quoted[index]) out.appendExpansion(value, false);
    else out.append(value, quoted[index] as boolean);
  }
  for (const field of pathnames(out.finish(), context)) fields.push(field);
}

/** `"$@"`: a field per positional parameter, none when there are none; `"$*"`: one field, of them joined by IFS's first character. */
function addPositional(star: boolean, word: Word, env: ExpansionEnvironment, budget: ExpansionBudget, fields: string[]): void {
  const values = env.special.positional;
  if (star) fields.push(checked(values.join(parameterJoiner(env.lookup('IFS'))), word, budget));
  else for (const value of values) fields.push(checked(value, word, budget));
}

/** A quoted expansion's value as the word's field: refused with a NUL byte, then charged. */
function checked(value: string, word: Word, budget: ExpansionBudget): string {
  rejectNul(value, word.text);
  budget.charge(value);
  return value;
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
  return expandString(word, env, budget);
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
  return andThen(expandToFields(word, expansionContext(env, budget, 'string')), (fields) => fields.map((field) => patternOf(field, escape)).join(''));
}

/** A redirect target: every step, and it must come to exactly one field. */
export async function expandRedirectTarget(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Promise<string> {
  const fields = await expandWordsFrom([word], 0, undefined, env, budget, []);
  const [only] = fields;
  if (only === undefined || fields.length > 1) throw new ShellError('RedirectFailed', `${word.text}: ambiguous redirect`);
  return only;
}

function expandToFields(word: Word, context: ExpansionContext): Eventually<Field[]> {
  const out = new FieldBuilder(context.budget, context.separators, word.text);
  return andThen(expandParts(word.parts, context, out), () => out.finish());
}

/** An unquoted expansion's result as a word's fields: split and globbed as any expansion's, a NUL refused. */
function expansionFields(value: string, word: Word, context: ExpansionContext): string[] {
  const out = new FieldBuilder(context.budget, context.separators, word.text);
  out.appendExpansion(value, false);
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
