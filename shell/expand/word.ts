/**
 * The first expansions of a word, part by part in POSIX order: tilde, parameters, command
 * substitution. Results go into a FieldBuilder, which splits unquoted ones on IFS; pathname
 * expansion then works on the finished fields.
 */
import { andThen, type Eventually } from '../eventually';
import { ShellError } from '../errors';
import type { ArithmeticExpansion, CommandSubstitution, ParameterExpansion, ProcessSubstitution, Tilde, WordPart } from '../syntax/ast';
import type { ExpansionBudget } from './budget';
import { FieldBuilder, FieldSeparators, parameterJoiner } from './fields';
import { arithmeticValue } from './joined';
import { expandOperator } from './operators';
import { boundValue, parameterValue } from './parameters';
import type { ExpansionEnvironment } from './types';

export interface ExpansionContext {
  readonly env: ExpansionEnvironment;
  readonly budget: ExpansionBudget;
  /** What "$*" puts between parameters. */
  readonly joiner: string;
  /**
   * 'fields' for command words and redirect targets, where `$@` makes a field per parameter;
   * 'string' for assignment values and here-strings, where it joins them with spaces (as bash does).
   */
  readonly mode: 'fields' | 'string';
  /** How unquoted results split: null in 'string' mode, or when IFS is empty. */
  readonly separators: FieldSeparators | null;
}

/**
 * How parts expand: a word's own ('word'); an operator's word outside double quotes
 * ('operand'), whose unquoted text splits and globs as an expansion's result does (bash's
 * `${x:-a b}` is two fields); or inside double quotes ('quoted').
 */
export type Quoting = 'word' | 'operand' | 'quoted';

export function expandParts(parts: readonly WordPart[], context: ExpansionContext, out: FieldBuilder, quoting: Quoting = 'word', from = 0): Eventually<void> {
  for (let index = from; index < parts.length; index++) {
    const step = expandPart(parts[index] as WordPart, context, out, quoting);
    // A part that waits (`$(...)`): the rest follow it.
    if (step instanceof Promise) return step.then(() => expandParts(parts, context, out, quoting, index + 1));
  }
}

/** A context to expand words in `mode` with: IFS as it is now says how they split and what joins "$*". */
export function expansionContext(env: ExpansionEnvironment, budget: ExpansionBudget, mode: ExpansionContext['mode']): ExpansionContext {
  const ifs = env.lookup('IFS');
  return { env, budget, mode, joiner: parameterJoiner(ifs), separators: mode === 'fields' ? FieldSeparators.fromIfs(ifs) : null };
}

export function expandPart(part: WordPart, context: ExpansionContext, out: FieldBuilder, quoting: Quoting): Eventually<void> {
  const quoted = quoting === 'quoted';
  switch (part.kind) {
    case 'Literal':
      if (quoting === 'operand' && !part.quoted) out.appendExpansion(part.value, false);
      else out.append(part.value, part.quoted);
      return;
    case 'SingleQuoted':
      out.append(part.value, true);
      return;
    case 'DoubleQuoted':
      // "..." makes a field even when empty, except that "$@" with no parameters makes none; an
      // empty quoted segment marks it (a quoted null: `${x^^""}` has a pattern, `${x^^}` none).
      if (!part.parts.some(mayMakeNoField)) out.append('', true);
      return expandParts(part.parts, context, out, 'quoted');
    case 'Tilde':
      return expandTilde(part, context, out, quoting);
    case 'ParameterExpansion':
      // The common `$x` and `${x}` stay synchronous.
      if (part.operator === undefined && part.indirect !== true && part.subscript === undefined) return expandParameter(part, quoted, context, out);
      return expandOperator(part, quoted, context, out);
    case 'CommandSubstitution':
      return substitute(part, context).then((text) => out.appendExpansion(text, quoted));
    case 'ArithmeticExpansion':
      return andThen(arithmetic(part, context), (text) => out.appendExpansion(text, quoted));
    case 'ProcessSubstitution':
      // A name of the shell's making: never split or globbed.
      out.append(substituteProcess(part, context), true);
      return;
  }
}

/** `"$@"`, `"${@:2}"`, `"${@:+w}"`, `"${!prefix@}"`...: what may expand to no field at all. */
function mayMakeNoField(part: WordPart): boolean {
  if (part.kind !== 'ParameterExpansion') return false;
  const { operator } = part;
  if (operator?.kind === 'Names' || operator?.kind === 'Keys') return !operator.star;
  const kind = operator?.kind;
  const vanishing = kind !== 'Length' && kind !== 'Bad' && (kind !== 'Default' || operator?.test === '+');
  const { subscript } = part;
  const list = subscript === undefined ? part.name === '@' : subscript.kind === 'All' && !subscript.star;
  return list && part.indirect !== true && vanishing;
}

/** `$(( ))`: its text expands as inside double quotes, then evaluates. */
function arithmetic(part: ArithmeticExpansion, context: ExpansionContext): Eventually<string> {
  return arithmeticValue(part.arithmetic.expression, context.env, context.budget);
}

function expandTilde(tilde: Tilde, context: ExpansionContext, out: FieldBuilder, quoting: Quoting): Eventually<void> {
  const expansion = context.env.tildePrefix(tilde.user);
  // A prefix that names nothing stays as written, still open to pathname expansion (as in bash).
  if (expansion === undefined) {
    out.append(`~${tilde.user}`, false);
    if (tilde.tail !== undefined) return expandParts(tilde.tail.parts, context, out, quoting);
  } else {
    out.append(expansion + (tilde.tail?.text ?? ''), true);
  }
}

function expandParameter(parameter: ParameterExpansion, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  const { name } = parameter;
  if (name === '@' || name === '*') emitList(context.env.special.positional, name === '*', quoted, context, out);
  else out.appendExpansion(boundValue(name, parameterValue(name, context.env), context.env), quoted);
}

/** A list of values (`$@`, `$*`, `${!prefix@}`...): a field each, or joined where that is asked (`star`, quoted). */
export function emitList(values: readonly string[], star: boolean, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  if (context.mode === 'string' || (quoted && star)) {
    // No values add nothing, not even a quoted null: the "..." around them marks one where it is.
    if (values.length > 0) out.appendExpansion(values.join(star ? context.joiner : ' '), quoted);
    return;
  }
  // "$@", $@ and $*: one field per parameter (unquoted ones split further).
  values.forEach((value, index) => {
    if (index > 0) out.close();
    out.appendExpansion(value, quoted);
  });
}

/** `<(list)`, `>(list)`: the list started, the name of the pipe to it. */
function substituteProcess(substitution: ProcessSubstitution, context: ExpansionContext): string {
  const start = context.env.processSubstitution;
  if (start === undefined) throw new ShellError('Usage', `${substitution.direction}(...): process substitution is not available here`);
  return start.call(context.env, substitution.program, substitution.direction);
}

/** Runs the substitution with what is left of the budget as its output limit; trailing newlines go. */
async function substitute(substitution: CommandSubstitution, context: ExpansionContext): Promise<string> {
  const output = await context.env.commandSubstitution(substitution.program, context.budget.remaining);
  let end = output.length;
  while (end > 0 && output.charCodeAt(end - 1) === 0x0a) end--;
  return output.slice(0, end);
}
