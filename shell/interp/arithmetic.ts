/**
 * Arithmetic in the interpreter: `(( ))`, `for (( ))` and `$(( ))` evaluate through the
 * arithmetic module with the context's variables. A failure in `(( ))` fails that command
 * (`((: ` before bash's message); in `$(( ))` it abandons the command line (ExpansionAbort).
 */
import type { Eventually } from '../eventually';
import { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from '../expand/budget';
import { stringPlan } from '../expand/plan';
import { expandWord } from '../expand';
import { ArithmeticError, arithmeticValue, isEmptyArithmetic, type ArithmeticVariables } from '../expand/arith';
import type { Arithmetic, ArithmeticCommand } from '../syntax/ast';
import { ExpansionAbort } from '../control';
import type { Context } from './context';
import type { Evaluator } from './evaluator';

/**
 * An unset variable read under `set -u` ends a script wherever the arithmetic is (`(( ))`, `let`,
 * `[[ -eq ]]`), as bash's does; any other arithmetic error is the command's own.
 */
export function fatalIfUnbound(error: unknown): void {
  if (error instanceof ArithmeticError && error.unboundVariable !== undefined) throw new ExpansionAbort(error.message, 1, true);
}

/**
 * Whether a `(( ))` or `for (( ))` expression is non-zero (`ifEmpty` for a blank one); a failure
 * is this command's, status 1.
 */
export function arithmeticHolds(evaluator: Evaluator, arithmetic: Arithmetic, context: Context, ifEmpty = false): Eventually<boolean> {
  const text = expressionText(evaluator, arithmetic, context);
  return text instanceof Promise ? holdsLater(text, context, ifEmpty) : commandHolds(text, context, ifEmpty);
}

/** `(( ))`: status 0 when its expression is non-zero, 1 when it is zero or fails. */
export function arithmeticStatus(evaluator: Evaluator, command: ArithmeticCommand, context: Context): Eventually<number> {
  const holds = arithmeticHolds(evaluator, command.arithmetic, context);
  return holds instanceof Promise ? holds.then(statusOf) : statusOf(holds);
}

function statusOf(holds: boolean): number {
  return holds ? 0 : 1;
}

/** The expression's text: as written when it expands to itself (`i < n`, most do), with no budget to charge. */
function expressionText(evaluator: Evaluator, arithmetic: Arithmetic, context: Context): Eventually<string> {
  const plan = stringPlan(arithmetic.expression);
  if (plan.kind === 'literal' && plan.literal.bytes <= PIPELINE_EXPANSION_LIMIT) return plan.literal.text;
  return expandWord(arithmetic.expression, evaluator.expansionEnvironment(context), new ExpansionBudget());
}

function holdsLater(text: Promise<string>, context: Context, ifEmpty: boolean): Promise<boolean> {
  return text.then((expanded) => commandHolds(expanded, context, ifEmpty));
}

function commandHolds(text: string, context: Context, ifEmpty: boolean): boolean {
  if (isEmptyArithmetic(text)) return ifEmpty;
  try {
    // Zero is always the number 0, never 0n (arithmeticValue's promise).
    return arithmeticValue(text, context.state.arithmeticVariables()) !== 0;
  } catch (error) {
    fatalIfUnbound(error);
    if (error instanceof ArithmeticError) throw new ArithmeticError(`((: ${error.message}`);
    throw error;
  }
}

/**
 * `$(( ))`'s value in decimal; a failure abandons the command line (ExpansionAbort). `name`
 * goes before the expression's errors (not before `NAME: unbound variable`), as bash's does.
 */
export function arithmeticExpansion(text: string, variables: ArithmeticVariables, name?: string): string {
  try {
    return String(arithmeticValue(text, variables));
  } catch (error) {
    if (!(error instanceof ArithmeticError)) throw error;
    // An unbound variable under `set -u` is fatal, as everywhere; any other error abandons the line (bash).
    const unbound = error.unboundVariable !== undefined;
    throw new ExpansionAbort(name === undefined || unbound ? error.message : `${name}: ${error.message}`, 1, unbound);
  }
}
