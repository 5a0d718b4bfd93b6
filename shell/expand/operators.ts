/**
 * `${...}` with an operator or `!`: bash 5.2's parameter expansion. An operator's word expands
 * only when it is used (`${x:-$(cmd)}` runs cmd only for an unset or empty x). The values of `@`
 * and `*` are lists, and the pattern and case operators apply to each element.
 */
import { isAscii } from '../bytes';
import { andThen, type Eventually } from '../eventually';
import { ShellError } from '../errors';
import type { ParameterExpansion, ParameterOperator, Word } from '../syntax/ast';
import { ExpansionBudget } from './budget';
import { FieldBuilder, FieldSeparators, fieldText, type Field } from './fields';
import { escapePattern, patternOf } from './glob';
import { changeCase, replace, trim, trimText } from './matching';
import { operandPattern, quotedOperandText } from './operand-pattern';
import { boundValue, parameterValue } from './parameters';
import { characterCount, charactersOf, fromUnits, sliceCharacters, toUnits, type Characters } from './text';
import { quote, transformer } from './transform';
import { emitList, expandParts, type ExpansionContext } from './word';

/** A parameter's value: a string, a list for `@` and `*`, or undefined when unset. */
type Value = string | readonly string[] | undefined;

/** The operators `operated` applies. */
type OperatedBy = Exclude<ParameterOperator, { kind: 'Default' | 'Bad' | 'Names' | 'Keys' }>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const POSITIONAL_OR_SPECIAL = /^(?:[0-9]+|[?$!#@*-])$/;

export function expandOperator(parameter: ParameterExpansion, quoted: boolean, context: ExpansionContext, out: FieldBuilder): Eventually<void> {
  const { operator } = parameter;
  if (operator?.kind === 'Bad') throw badSubstitution(operator.text);
  if (operator?.kind === 'Names') {
    const names = context.env.variableNames().filter((name) => name.startsWith(parameter.name));
    return emitNames(names, operator.star, '', quoted, context, out);
  }
  if (operator?.kind === 'Keys') {
    return emitNames((context.env.entries(parameter.name) ?? []).map(([key]) => key), operator.star, ' ', quoted, context, out);
  }
  const target = targetOf(parameter, context);
  if (target instanceof Promise) return target.then((known) => expandTarget(operator, known, quoted, context, out));
  return expandTarget(operator, target, quoted, context, out);
}

/** `${...}` once what it reads is known: the value, through its operator. */
function expandTarget(operator: ParameterOperator | undefined, target: Target, quoted: boolean, context: ExpansionContext, out: FieldBuilder): Eventually<void> {
  const value = valueOf(target, context);
  // `set -u`: only the `-` `=` `?` `+` operators may see an unset parameter.
  if (value === undefined && operator?.kind !== 'Default') boundValue(target.text, value, context.env);
  if (operator === undefined) return emit(value, target.star, quoted, context, out);
  if (operator.kind === 'Default') return defaulted(operator, target, value, quoted, context, out);
  const result = operated(operator as OperatedBy, target, value, quoted, context);
  if (result instanceof Promise) return result.then((known) => emitOperated(known, operator, target, quoted, context, out));
  return emitOperated(result, operator, target, quoted, context, out);
}

function emitOperated(result: Value, operator: ParameterOperator, target: Target, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  if (joinsIndirectList(operator, target) && typeof result === 'object' && result.length > 0) return emitJoined(result, target, quoted, context, out);
  emit(result, target.star, quoted, context, out);
}

/**
 * bash's quirk: through an indirection to `@` or `*` (`${!r:1}` with r=@), a substring, a trim
 * and a transformation join the parameters' results with spaces into one word (emitJoined).
 */
function joinsIndirectList(operator: ParameterOperator, target: Target): boolean {
  if (target.indirection === undefined || (target.name !== '@' && target.name !== '*')) return false;
  return operator.kind === 'Substring' || operator.kind === 'Trim' || operator.kind === 'Transform';
}

/**
 * The joined word as bash 5.2 gives it: quoted, one field, except that `@` stays a field per
 * parameter where IFS is unset, empty or holds a space; unquoted, split on IFS, and where IFS
 * is empty on spaces.
 */
function emitJoined(values: readonly string[], target: Target, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  const ifs = context.env.lookup('IFS');
  const joined = values.join(' ');
  if (quoted) {
    if (target.name === '@' && (ifs === undefined || ifs === '' || ifs.includes(' '))) emitList(values, false, true, context, out);
    else out.appendExpansion(joined, true);
  } else if (context.mode === 'fields' && context.separators === null) {
    emitList(joined.split(' ').filter((word) => word !== ''), false, false, context, out);
  } else {
    out.appendExpansion(joined, false);
  }
}

/**
 * `${!prefix*}`, `${!a[*]}` and their `@` forms. Unquoted with an empty IFS, where `$*` makes a
 * field per parameter, bash joins the `*` forms into one field: the names with nothing between
 * them, the keys with spaces (`separator`).
 */
function emitNames(values: readonly string[], star: boolean, separator: string, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  if (star && !quoted && context.mode === 'fields' && context.separators === null) out.appendExpansion(values.join(separator), false);
  else emitList(values, star, quoted, context, out);
}

/**
 * What a `${...}` reads: a parameter, an array's element (its subscript expanded), or all of an
 * array's elements; for `${!x}`, what x's value names (`${!r}` with r='a[1]' reads a[1]).
 */
interface Target {
  readonly name: string;
  readonly subscript: string | undefined;
  /** `[@]` / `[*]` (or `$@` / `$*`): the value is a list. */
  readonly all: boolean;
  /** `$*`, `[*]`: joined by IFS's first character where a list is joined. */
  readonly star: boolean;
  /** How the parameter was written, for messages. */
  readonly text: string;
  /** For `${!r...}`, how r was written: bash's `?` names it (`!r: message`), and `=` assigns only a name. */
  readonly indirection?: string;
  /** `${!r}` of a nameref r: the value is this name itself. */
  readonly literal?: string;
}

/** The parameter as bash's messages name it: `x`, `a[1]`, `@`; `!r` through an indirection. */
function shownName(target: Target): string {
  return target.indirection === undefined ? target.text : `!${target.indirection}`;
}

function targetOf(parameter: ParameterExpansion, context: ExpansionContext): Eventually<Target> {
  const { subscript } = parameter;
  if (parameter.indirect === true) {
    // `${!r}` of a nameref r is the name r stands for, not an indirection through its value.
    const reference = subscript === undefined ? context.env.referenceOf?.(parameter.name) : undefined;
    if (reference !== undefined) return { ...plainTarget(reference), text: `!${parameter.name}`, literal: reference };
    if (subscript === undefined && context.env.isCircularReference?.(parameter.name) === true) throw new ShellError('BadSubstitution', `${parameter.name}: invalid indirect expansion`);
    const own: Eventually<Target> = subscript === undefined ? plainTarget(parameter.name) : subscripted(parameter.name, subscript, context);
    return andThen(own, (own): Target => ({ ...parseReferent(referent(own, valueOf(own, context))), indirection: own.text }));
  }
  if (subscript !== undefined) return subscripted(parameter.name, subscript, context);
  let target = plainTargets.get(parameter);
  if (target === undefined) plainTargets.set(parameter, (target = plainTarget(parameter.name)));
  return target;
}

/** The Target of each `${name...}` without `!` or a subscript: the same at every expansion of that node. */
const plainTargets = new WeakMap<ParameterExpansion, Target>();

function plainTarget(name: string): Target {
  const all = name === '@' || name === '*';
  return { name, subscript: undefined, all, star: name === '*', text: name };
}

function subscripted(name: string, subscript: NonNullable<ParameterExpansion['subscript']>, context: ExpansionContext): Eventually<Target> {
  if (subscript.kind === 'All') {
    const letter = subscript.star ? '*' : '@';
    return { name, subscript: undefined, all: true, star: subscript.star, text: `${name}[${letter}]` };
  }
  return andThen(operandField(subscript.word, context), (field): Target => ({
    name,
    subscript: fieldText(field),
    all: false,
    star: false,
    text: `${name}[${subscript.word.text}]`,
  }));
}

/** `${!r}`: r's value is a name, `name[subscript]`, a positional or a special parameter. */
function parseReferent(reference: string): Target {
  const element = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(reference);
  if (element === null) return plainTarget(reference);
  const [, name, subscript] = element as unknown as [string, string, string];
  if (subscript === '@' || subscript === '*') return { name, subscript: undefined, all: true, star: subscript === '*', text: reference };
  return { name, subscript, all: false, star: false, text: reference };
}

/**
 * The operators that make a new value from the old one. As in bash, they expand no word of theirs
 * for a parameter that is unset (or a list with no element), and a trimming operator none for an
 * empty value: `${u/x/$((m-=1))}` leaves m alone, `${e#$(cmd)}` runs no cmd.
 */
function operated(operator: OperatedBy, target: Target, value: Value, quoted: boolean, context: ExpansionContext): Eventually<Value> {
  if (operator.kind === 'Trim') return trimmed(operator, value, quoted, context);
  const characters = charactersOf(context.env);
  const patternUnits = (word: Word): Eventually<string> => {
    const known = operandPattern(word, context);
    if (known !== undefined) return toUnits(known, characters);
    return andThen(operandField(word, context), (field) => toUnits(patternOf(field), characters));
  };
  const patterns = { extglob: context.env.options?.extglob };
  switch (operator.kind) {
    case 'Length':
      if (typeof value === 'object') return String(value.length);
      return String(characterCount(toUnits(value ?? '', characters)));
    case 'Substring':
      return substring(operator, target, value, context, characters);
    case 'Replace': {
      if (isAbsent(value)) return value;
      return andThen(patternUnits(operator.pattern), (pattern) =>
        andThen(operandField(operator.replacement, context), (field) => {
          const replacement = replacer(field, characters);
          // bash's nocasematch reaches pattern substitution, not trimming or case changes.
          const substitution = { ...patterns, nocase: context.env.options?.nocasematch };
          return mapValue(value, characters, (units) => replace(units, pattern, operator.mode, replacement, context.budget, substitution));
        }),
      );
    }
    case 'Case': {
      if (isAbsent(value)) return value;
      return andThen(operandField(operator.pattern, context), (field) => {
        // Only a missing pattern, or one that expands to nothing unquoted, matches every character:
        // a quoted null (`""`, `"$e"`, `''`) matches none.
        if (fieldText(field) === '' && field.some((segment) => segment.quoted)) return value;
        const pattern = toUnits(patternOf(field), characters);
        return mapValue(value, characters, (units) => changeCase(units, pattern, operator.upper, operator.all, characters.bytes, patterns));
      });
    }
    case 'Transform': {
      // An unset parameter stays unset (`${x@Q}` is nothing, not ''), and its letter goes unchecked.
      const described = describe(operator.letter, target, value, context, characters);
      if (described !== null) return described;
      if (value === undefined) return undefined;
      const transform = transformer(operator.letter, characters.bytes, context.env);
      if (transform === undefined) throw new ShellError('FatalExpansion', `\${${target.text}@${operator.letter}}: bad substitution`);
      return mapValue(value, characters, transform);
    }
  }
}

/**
 * `${x#p}`, `${x%%p}`...: a value and a pattern all ASCII are their own units in any locale (the
 * usual case: no locale looked up); otherwise both are taken in the locale's units.
 */
function trimmed(operator: Extract<ParameterOperator, { kind: 'Trim' }>, value: Value, quoted: boolean, context: ExpansionContext): Eventually<Value> {
  if (isAbsent(value) || isNull(value, quoted, context)) return value;
  // A quoted pattern word (`"$base"`) is text to compare: no pattern made of it, escaped or analysed.
  const quotedText = quotedOperandText(operator.pattern, context);
  if (quotedText !== undefined && typeof value === 'string' && isAscii(quotedText) && isAscii(value)) return trimText(value, quotedText, operator.side);
  const extglob = context.env.options?.extglob === true;
  const known = quotedText !== undefined ? escapePattern(quotedText) : operandPattern(operator.pattern, context);
  if (known !== undefined && typeof value === 'string' && isAscii(known) && isAscii(value)) return trim(value, known, operator.side, operator.longest, extglob);
  const characters = charactersOf(context.env);
  const pattern = known !== undefined ? toUnits(known, characters) : andThen(operandField(operator.pattern, context), (field) => toUnits(patternOf(field), characters));
  return andThen(pattern, (units) => mapValue(value, characters, (text) => trim(text, units, operator.side, operator.longest, extglob)));
}


/** `${x-w}`, `${x:=w}`, `${x?w}`, `${x:+w}`...: the value, or the word. */
function defaulted(
  operator: Extract<ParameterOperator, { kind: 'Default' }>,
  target: Target,
  value: Value,
  quoted: boolean,
  context: ExpansionContext,
  out: FieldBuilder,
): Eventually<void> {
  const set = typeof value === 'object' ? value.length > 0 : value !== undefined;
  // For `@` and `*`, "null" is what bash checks: the parameters joined by spaces are empty.
  const empty = typeof value === 'object' ? value.join(' ') === '' : value === '';
  const missing = !set || (operator.colon && empty);
  if (operator.test === '+') {
    if (!missing) return expandParts(operator.word.parts, context, out, quoted ? 'quoted' : 'operand');
    return;
  }
  if (!missing) return emit(value, target.star, quoted, context, out);
  switch (operator.test) {
    case '-':
      return expandParts(operator.word.parts, context, out, quoted ? 'quoted' : 'operand');
    case '=': {
      if (target.indirection === undefined && (!NAME.test(target.name) || target.all)) throw new ShellError('BadSubstitution', `$${target.text}: cannot assign in this way`);
      return andThen(operandField(operator.word, context), (field) => {
        const assigned = fieldText(field);
        // Through an indirection bash checks the name only after expanding the word.
        if (target.indirection !== undefined && (!NAME.test(target.name) || target.all || target.subscript !== undefined)) {
          throw new ShellError('BadSubstitution', `${target.text}: invalid variable name`);
        }
        if (target.subscript === undefined) context.env.assign(target.name, assigned);
        else context.env.assignElement(target.name, target.subscript, assigned);
        return emit(assigned, false, quoted, context, out);
      });
    }
    case '?': {
      const message = operator.word.parts.length > 0 ? messageOf(operator.word, context) : operator.colon ? 'parameter null or not set' : 'parameter not set';
      return andThen(message, (message) => {
        throw new ShellError('FatalExpansion', `${shownName(target)}: ${message}`);
      });
    }
  }
}

/**
 * `${x:offset:length}`; for `@` and `*`, offset 0 is `$0` and the result is a list; for an
 * array's `[@]`, the elements from the first whose index is at least the offset.
 */
async function substring(
  operator: Extract<ParameterOperator, { kind: 'Substring' }>,
  target: Target,
  value: Value,
  context: ExpansionContext,
  characters: Characters,
): Promise<Value> {
  const text = `\${${target.text}:${operator.offset.text}${operator.length === null ? '' : `:${operator.length.text}`}}`;
  // `${x:}` is bad; an empty offset before a length is 0 (`${x::2}`), as an empty length is.
  if (operator.offset.parts.length === 0 && operator.length === null) throw badSubstitution(text);
  // Only the positional parameters' offset is evaluated when there are none.
  if (isAbsent(value) && target.name !== '@' && target.name !== '*') return value;
  if (target.all && target.name !== '@' && target.name !== '*') return arraySlice(operator, target, context);
  const list = typeof value === 'object' ? [context.env.special.scriptName, ...value] : undefined;
  const units = typeof value === 'object' ? '' : toUnits(value ?? '', characters);
  const size = list === undefined ? characterCount(units) : list.length;
  let start = await arithmeticOf(operator.offset, target, context);
  // A negative offset counts from the end; before the start there is nothing (not an error).
  if (start < 0) start += size;
  if (start < 0 || start > size) return list === undefined ? '' : [];
  let end = size;
  if (operator.length !== null) {
    const length = await arithmeticOf(operator.length, target, context);
    if (length < 0 && list !== undefined) throw negativeLength(operator.length);
    end = length < 0 ? size + length : Math.min(size, start + length);
    if (end < start) throw negativeLength(operator.length);
  }
  if (list !== undefined) return list.slice(start, end);
  return value === undefined ? undefined : fromUnits(sliceCharacters(units, start, end), characters);
}

async function arraySlice(operator: Extract<ParameterOperator, { kind: 'Substring' }>, target: Target, context: ExpansionContext): Promise<Value> {
  const entries = context.env.entries(target.name) ?? [];
  const indexed = context.env.attributes(target.name)?.includes('A') !== true;
  let start = await arithmeticOf(operator.offset, target, context);
  let length: number | undefined;
  if (operator.length !== null) {
    length = await arithmeticOf(operator.length, target, context);
    if (length < 0) throw negativeLength(operator.length);
  }
  if (!indexed) {
    if (start < 0) start += entries.length;
    const chosen = start < 0 ? [] : entries.slice(start, length === undefined ? undefined : start + length);
    return chosen.map(([, element]) => element);
  }
  if (start < 0) start += entries.length === 0 ? 0 : Number((entries.at(-1) as readonly [string, string])[0]) + 1;
  if (start < 0) return [];
  const from = entries.filter(([key]) => Number(key) >= start);
  return (length === undefined ? from : from.slice(0, length)).map(([, element]) => element);
}

/** An offset's or a length's value, clamped to what an index can be; its errors name the parameter. */
async function arithmeticOf(word: Word, target: Target, context: ExpansionContext): Promise<number> {
  const value = Number(context.env.arithmetic(fieldText(await operandField(word, context)), shownName(target)));
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

/** `${!name}`: the parameter name's value names; it must name one. */
function referent(own: Target, value: Value): string {
  if (typeof value === 'object') return value.join(' ');
  if (value === undefined) throw new ShellError('BadSubstitution', `${own.text}: invalid indirect expansion`);
  if (!NAME.test(value) && !POSITIONAL_OR_SPECIAL.test(value) && !/^[A-Za-z_][A-Za-z0-9_]*\[.*\]$/s.test(value)) {
    throw new ShellError('BadSubstitution', `${value}: invalid variable name`);
  }
  return value.replace(/^0+(?=\d)/, '');
}

function valueOf(target: Target, context: ExpansionContext): Value {
  const { name } = target;
  if (target.literal !== undefined) return target.literal;
  if (name === '@' || name === '*') return context.env.special.positional;
  if (target.all) return (context.env.entries(name) ?? []).map(([, value]) => value);
  if (target.subscript !== undefined) return context.env.element(name, target.subscript);
  return parameterValue(name, context.env);
}

/**
 * `@a`, `@A`, `@K`, `@k`: what they say about the variable rather than its value (null for the
 * other letters). An unset variable gives nothing.
 */
function describe(letter: string, target: Target, value: Value, context: ExpansionContext, characters: Characters): Value | null {
  if (letter !== 'a' && letter !== 'A' && letter !== 'K' && letter !== 'k') return null;
  const attributes = context.env.attributes(target.name);
  const reusable = (text: string): string => quoteValue(text, characters);
  const each = (f: (text: string) => string): Value => (typeof value === 'object' ? value.map(f) : value === undefined ? undefined : f(value));
  if (letter === 'a') return attributes === undefined ? each(() => '') : value === undefined && !target.all ? attributes : each(() => attributes);
  const array = attributes !== undefined && /[aA]/.test(attributes);
  if (letter === 'A') {
    if (value === undefined) return undefined;
    // The positional parameters as the command that sets them, bash's `set -- 'a' 'b c'`; the
    // other positional and special parameters are no variables, and show nothing.
    if (target.name === '@' || target.name === '*') return typeof value === 'object' ? value.map((each, i) => `${i === 0 ? 'set -- ' : ''}${reusable(each)}`) : value;
    if (!NAME.test(target.name)) return '';
    const flags = attributes === undefined || attributes === '' ? '' : `declare -${attributes} `;
    // Through a nameref, the declaration is the target's (bash).
    const reference = context.env.referenceOf?.(target.name);
    const named = reference !== undefined && NAME.test(reference) ? { ...target, name: reference } : target;
    if (target.all && array) return declareArray(flags === '' ? 'declare -a ' : flags, named, context, characters);
    const one = typeof value === 'object' ? value.join(' ') : value;
    return `${flags}${named.name}=${reusable(one)}`;
  }
  if (!(target.all && array)) return each(reusable);
  const entries = context.env.entries(target.name) ?? [];
  if (letter === 'k') return entries.flatMap(([key, element]) => [key, element]);
  const pairs = entries.map(([key, element]) => `${key} ${quoteElement(element, characters)}`).join(' ');
  return attributes.includes('A') && pairs !== '' ? `${pairs} ` : pairs;
}

function declareArray(head: string, target: Target, context: ExpansionContext, characters: Characters): string {
  const entries = context.env.entries(target.name) ?? [];
  const associative = context.env.attributes(target.name)?.includes('A') === true;
  const items = entries.map(([key, element]) => `[${key}]=${quoteElement(element, characters)}`);
  return `${head}${target.name}=(${items.join(' ')}${associative && items.length > 0 ? ' ' : ''})`;
}

/** `@Q`'s quoting, in the locale's units: in the C locale no byte above 0x7f is printable. */
function quoteValue(value: string, characters: Characters): string {
  return fromUnits(quote(toUnits(value, characters), characters.bytes), characters);
}

/** An array element as `@K` and `@A` show it: in double quotes, or as `$'...'` where `@Q` needs that. */
function quoteElement(element: string, characters: Characters): string {
  const quoted = quoteValue(element, characters);
  return quoted.startsWith("$'") ? quoted : `"${element.replace(/["\\$`]/g, '\\$&')}"`;
}

/** An unset parameter, or a list with no element (`$@` with no parameters, an empty array's `[@]`). */
function isAbsent(value: Value): boolean {
  return value === undefined || (typeof value === 'object' && value.length === 0);
}

/**
 * A set value that bash sees as empty: '', or a list whose elements joined by spaces are empty
 * where it is not quoted (in double quotes or an assignment, bash's list is a quoted null).
 */
function isNull(value: Value, quoted: boolean, context: ExpansionContext): boolean {
  if (typeof value !== 'object') return value === '';
  return !quoted && context.mode === 'fields' && value.join(' ') === '';
}

/** `f` applied to a value's text (each element of a list), in the locale's units. */
function mapValue(value: Value, characters: Characters, f: (units: string) => string): Value {
  const one = (text: string): string => fromUnits(f(toUnits(text, characters)), characters);
  if (value === undefined) return undefined;
  return typeof value === 'object' ? value.map(one) : one(value);
}

function emit(value: Value, star: boolean, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  if (typeof value === 'object') emitList(value, star, quoted, context, out);
  else out.appendExpansion(value ?? '', quoted);
}

/**
 * An operator's word expanded to one field, neither split nor globbed (its quoted parts marked).
 * Its bytes count against a budget of what is left of the pipeline's: they are not retained, but
 * must not grow past it.
 */
function operandField(word: Word, context: ExpansionContext): Eventually<Field> {
  const budget = new ExpansionBudget(context.budget.remaining);
  const out = new FieldBuilder(budget, null, word.text);
  out.open();
  return andThen(expandParts(word.parts, { ...context, budget, mode: 'string', separators: null }, out), () => out.finish().flat());
}

/**
 * The message of `${x?word}`: bash expands it as an unquoted word wherever the `${...}` stands,
 * its expansions split on IFS (not globbed), and joins the fields with spaces.
 */
async function messageOf(word: Word, context: ExpansionContext): Promise<string> {
  const separators = FieldSeparators.fromIfs(context.env.lookup('IFS'));
  const budget = new ExpansionBudget(context.budget.remaining);
  const out = new FieldBuilder(budget, separators, word.text);
  await expandParts(word.parts, { ...context, budget, mode: 'fields', separators }, out);
  return out.finish().map(fieldText).join(' ');
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

/** bash shows the length as written (`m`, `$((-2))`), not its value. */
function negativeLength(length: Word): ShellError {
  return new ShellError('BadSubstitution', `${length.text}: substring expression < 0`);
}

function badSubstitution(text: string): ShellError {
  return new ShellError('BadSubstitution', `${text}: bad substitution`);
}
