/**
 * `${...}` with an operator or `!`: bash 5.2's parameter expansion. An operator's word expands
 * only when it is used (`${x:-$(cmd)}` runs cmd only for an unset or empty x). The values of `@`
 * and `*` are lists, and the pattern and case operators apply to each element.
 */
import { ShellError } from '../errors';
import type { ParameterExpansion, ParameterOperator, Word } from '../syntax/ast';
import { ExpansionBudget } from './budget';
import { FieldBuilder, fieldText, type Field } from './fields';
import { patternOf } from './glob';
import { changeCase, replace, trim } from './matching';
import { parameterValue } from './parameters';
import { characterCount, charactersOf, fromUnits, sliceCharacters, toUnits, type Characters } from './text';
import { transformer } from './transform';
import { emitList, expandParts, type ExpansionContext } from './word';

/** A parameter's value: a string, a list for `@` and `*`, or undefined when unset. */
type Value = string | readonly string[] | undefined;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const POSITIONAL_OR_SPECIAL = /^(?:[0-9]+|[?$!#@*-])$/;

export async function expandOperator(parameter: ParameterExpansion, quoted: boolean, context: ExpansionContext, out: FieldBuilder): Promise<void> {
  const { operator } = parameter;
  if (operator?.kind === 'Bad') throw badSubstitution(operator.text);
  if (operator?.kind === 'Names') {
    const names = context.env.variableNames().filter((name) => name.startsWith(parameter.name));
    emitList(names, operator.star, quoted, context, out);
    return;
  }
  const name = parameter.indirect === true ? referent(parameter.name, context) : parameter.name;
  const value = valueOf(name, context);
  if (operator === undefined) return emit(value, name, quoted, context, out);
  if (operator.kind === 'Default') return defaulted(operator, name, value, quoted, context, out);
  emit(await operated(operator, name, value, context), name, quoted, context, out);
}

/** The operators that make a new value from the old one. */
async function operated(operator: Exclude<ParameterOperator, { kind: 'Default' | 'Bad' | 'Names' }>, name: string, value: Value, context: ExpansionContext): Promise<Value> {
  const characters = charactersOf(context.env);
  const patternUnits = async (word: Word): Promise<string> => toUnits(patternOf(await operandField(word, context)), characters);
  switch (operator.kind) {
    case 'Length':
      if (typeof value === 'object') return String(value.length);
      return String(characterCount(toUnits(value ?? '', characters)));
    case 'Substring':
      return substring(operator, name, value, context, characters);
    case 'Trim': {
      const pattern = await patternUnits(operator.pattern);
      return mapValue(value, characters, (units) => trim(units, pattern, operator.side, operator.longest));
    }
    case 'Replace': {
      const pattern = await patternUnits(operator.pattern);
      const replacement = replacer(await operandField(operator.replacement, context), characters);
      return mapValue(value, characters, (units) => replace(units, pattern, operator.mode, replacement, context.budget));
    }
    case 'Case': {
      const pattern = await patternUnits(operator.pattern);
      return mapValue(value, characters, (units) => changeCase(units, pattern, operator.upper, operator.all, characters.bytes));
    }
    case 'Transform': {
      // An unset parameter stays unset (`${x@Q}` is nothing, not ''), and its letter goes unchecked.
      if (value === undefined) return undefined;
      const transform = transformer(operator.letter, characters.bytes, context.env);
      if (transform === undefined) throw new ShellError('FatalExpansion', `\${${name}@${operator.letter}}: bad substitution`);
      return mapValue(value, characters, transform);
    }
  }
}

/** `${x-w}`, `${x:=w}`, `${x?w}`, `${x:+w}`...: the value, or the word. */
async function defaulted(
  operator: Extract<ParameterOperator, { kind: 'Default' }>,
  name: string,
  value: Value,
  quoted: boolean,
  context: ExpansionContext,
  out: FieldBuilder,
): Promise<void> {
  const set = typeof value === 'object' ? value.length > 0 : value !== undefined;
  // For `@` and `*`, "null" is what bash checks: the parameters joined by spaces are empty.
  const empty = typeof value === 'object' ? value.join(' ') === '' : value === '';
  const missing = !set || (operator.colon && empty);
  if (operator.test === '+') {
    if (!missing) await expandParts(operator.word.parts, context, out, quoted ? 'quoted' : 'operand');
    return;
  }
  if (!missing) return emit(value, name, quoted, context, out);
  switch (operator.test) {
    case '-':
      return expandParts(operator.word.parts, context, out, quoted ? 'quoted' : 'operand');
    case '=': {
      if (!NAME.test(name)) throw new ShellError('BadSubstitution', `$${name}: cannot assign in this way`);
      const assigned = fieldText(await operandField(operator.word, context));
      context.env.assign(name, assigned);
      return emit(assigned, name, quoted, context, out);
    }
    case '?': {
      const word = operator.word.parts.length === 0 ? undefined : fieldText(await operandField(operator.word, context));
      const message = word ?? (operator.colon ? 'parameter null or not set' : 'parameter not set');
      throw new ShellError('FatalExpansion', `${name}: ${message}`);
    }
  }
}

/** `${x:offset:length}`; for `@` and `*`, offset 0 is `$0` and the result is a list. */
async function substring(
  operator: Extract<ParameterOperator, { kind: 'Substring' }>,
  name: string,
  value: Value,
  context: ExpansionContext,
  characters: Characters,
): Promise<Value> {
  const text = `\${${name}:${operator.offset.text}${operator.length === null ? '' : `:${operator.length.text}`}}`;
  if (operator.offset.parts.length === 0) throw badSubstitution(text);
  const list = typeof value === 'object' ? [context.env.special.scriptName, ...value] : undefined;
  const units = typeof value === 'object' ? '' : toUnits(value ?? '', characters);
  const size = list === undefined ? characterCount(units) : list.length;
  let start = await arithmeticOf(operator.offset, context);
  // A negative offset counts from the end; before the start there is nothing (not an error).
  if (start < 0) start += size;
  if (start < 0 || start > size) return list === undefined ? '' : [];
  let end = size;
  if (operator.length !== null) {
    const length = await arithmeticOf(operator.length, context);
    if (length < 0 && list !== undefined) throw new ShellError('BadSubstitution', `${length}: substring expression < 0`);
    end = length < 0 ? size + length : Math.min(size, start + length);
    if (end < start) throw new ShellError('BadSubstitution', `${length}: substring expression < 0`);
  }
  if (list !== undefined) return list.slice(start, end);
  return value === undefined ? undefined : fromUnits(sliceCharacters(units, start, end), characters);
}

/** An arithmetic word's value, clamped to what an index can be. */
async function arithmeticOf(word: Word, context: ExpansionContext): Promise<number> {
  const value = Number(context.env.arithmetic(fieldText(await operandField(word, context))));
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

/** `${!name}`: the parameter name's value names; it must name one. */
function referent(name: string, context: ExpansionContext): string {
  const target = valueOf(name, context);
  if (typeof target === 'object') return target.join(' ');
  if (target === undefined) throw new ShellError('BadSubstitution', `${name}: invalid indirect expansion`);
  if (!NAME.test(target) && !POSITIONAL_OR_SPECIAL.test(target)) throw new ShellError('BadSubstitution', `${target}: invalid variable name`);
  return target.replace(/^0+(?=\d)/, '');
}

function valueOf(name: string, context: ExpansionContext): Value {
  return name === '@' || name === '*' ? context.env.special.positional : parameterValue(name, context.env);
}

/** `f` applied to a value's text (each element of a list), in the locale's units. */
function mapValue(value: Value, characters: Characters, f: (units: string) => string): Value {
  const one = (text: string): string => fromUnits(f(toUnits(text, characters)), characters);
  if (value === undefined) return undefined;
  return typeof value === 'object' ? value.map(one) : one(value);
}

function emit(value: Value, name: string, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  if (typeof value === 'object') emitList(value, name === '*', quoted, context, out);
  else out.appendExpansion(value ?? '', quoted);
}

/**
 * An operator's word expanded to one field, neither split nor globbed (its quoted parts marked).
 * Its bytes count against a budget of what is left of the pipeline's: they are not retained, but
 * must not grow past it.
 */
async function operandField(word: Word, context: ExpansionContext): Promise<Field> {
  const budget = new ExpansionBudget(context.budget.remaining);
  const out = new FieldBuilder(budget, null, word.text);
  out.open();
  await expandParts(word.parts, { ...context, budget, mode: 'string', separators: null }, out);
  return out.finish().flat();
}

/** bash's patsub_replacement: an unquoted `&` in the replacement stands for the match. */
function replacer(field: Field, characters: Characters): (match: string) => string {
  const pieces = field.map((segment) => ({ text: toUnits(segment.text, characters), quoted: segment.quoted }));
  if (!pieces.some((piece) => !piece.quoted && piece.text.includes('&'))) {
    const text = pieces.map((piece) => piece.text).join('');
    return () => text;
  }
  return (match) => pieces.map((piece) => (piece.quoted ? piece.text : piece.text.replaceAll('&', match))).join('');
}

function badSubstitution(text: string): ShellError {
  return new ShellError('BadSubstitution', `${text}: bad substitution`);
}
