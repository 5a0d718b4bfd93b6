/**
 * The first expansions of a word, part by part in POSIX order: tilde, parameters, command
 * substitution. Results go into a FieldBuilder, which splits unquoted ones on IFS; pathname
 * expansion then works on the finished fields.
 */
import type { ArithmeticExpansion, CommandSubstitution, DoubleQuoted, ParameterExpansion, Tilde, Word } from '../syntax/ast';
import type { ExpansionBudget } from './budget';
import { FieldBuilder, fieldText, type FieldSeparators } from './fields';
import { parameterValue } from './parameters';
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

export async function expandParts(word: Word, context: ExpansionContext, out: FieldBuilder): Promise<void> {
  for (const part of word.parts) {
    switch (part.kind) {
      case 'Literal':
        out.append(part.value, part.quoted);
        break;
      case 'SingleQuoted':
        out.append(part.value, true);
        break;
      case 'DoubleQuoted':
        await expandDoubleQuoted(part, context, out);
        break;
      case 'Tilde':
        expandTilde(part, context, out);
        break;
      case 'ParameterExpansion':
        expandParameter(part, false, context, out);
        break;
      case 'CommandSubstitution':
        out.appendExpansion(await substitute(part, context), false);
        break;
      case 'ArithmeticExpansion':
        out.appendExpansion(await arithmetic(part, context), false);
        break;
    }
  }
}

async function expandDoubleQuoted(quoted: DoubleQuoted, context: ExpansionContext, out: FieldBuilder): Promise<void> {
  // "..." makes a field even when empty, except that "$@" with no parameters makes none.
  if (!quoted.parts.some((part) => part.kind === 'ParameterExpansion' && part.name === '@')) out.open();
  for (const part of quoted.parts) {
    switch (part.kind) {
      case 'Literal':
        out.append(part.value, true);
        break;
      case 'ParameterExpansion':
        expandParameter(part, true, context, out);
        break;
      case 'CommandSubstitution':
        out.appendExpansion(await substitute(part, context), true);
        break;
      case 'ArithmeticExpansion':
        out.appendExpansion(await arithmetic(part, context), true);
        break;
    }
  }
}

/** `$(( ))`: its text expands as inside double quotes, then evaluates. */
async function arithmetic(part: ArithmeticExpansion, context: ExpansionContext): Promise<string> {
  const { expression } = part.arithmetic;
  const text = new FieldBuilder(context.budget, null, expression.text);
  await expandParts(expression, { ...context, mode: 'string', separators: null }, text);
  return context.env.arithmetic(text.finish().map(fieldText).join(''));
}

function expandTilde(tilde: Tilde, context: ExpansionContext, out: FieldBuilder): void {
  const home = context.env.homeOf(tilde.user);
  // An unknown user leaves the prefix as written, still open to pathname expansion (as in bash).
  if (home === undefined) out.append(`~${tilde.user}`, false);
  else out.append(home, true);
}

function expandParameter(parameter: ParameterExpansion, quoted: boolean, context: ExpansionContext, out: FieldBuilder): void {
  const { name } = parameter;
  if (name !== '@' && name !== '*') {
    out.appendExpansion(parameterValue(name, context.env) ?? '', quoted);
    return;
  }
  const positional = context.env.special.positional;
  if (context.mode === 'string' || (quoted && name === '*')) {
    out.appendExpansion(positional.join(name === '*' ? context.joiner : ' '), quoted);
    return;
  }
  // "$@", $@ and $*: one field per parameter (unquoted ones split further).
  positional.forEach((value, index) => {
    if (index > 0) out.close();
    out.appendExpansion(value, quoted);
  });
}

/** Runs the substitution with what is left of the budget as its output limit; trailing newlines go. */
async function substitute(substitution: CommandSubstitution, context: ExpansionContext): Promise<string> {
  const output = await context.env.commandSubstitution(substitution.program, context.budget.remaining);
  let end = output.length;
  while (end > 0 && output.charCodeAt(end - 1) === 0x0a) end--;
  return output.slice(0, end);
}
