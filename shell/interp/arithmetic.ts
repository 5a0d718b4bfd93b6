/**
 * Arithmetic in the interpreter: `(( ))`, `for (( ))` and `$(( ))` evaluate through the
 * arithmetic module with the context's variables. A failure in `(( ))` fails that command
 * (`((: ` before bash's message); in `$(( ))` it abandons the command line (ExpansionAbort).
 */
import type { Eventually } from '../eventually';
import { ExpansionBudget } from '../expand/budget';
import { expandWord } from '../expand';
import { ArithmeticError, arithmeticValue, isEmptyArithmetic } from '../expand/arith';
import type { Arithmetic } from '../syntax/ast';
import { ExpansionAbort } from '../control';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import type { ShellState } from './state';

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
  const text = expandWord(arithmetic.expression, evaluator.expansionEnvironment(context), new ExpansionBudget());
  return text instanceof Promise ? text.then((expanded) => commandHolds(expanded, context, ifEmpty)) : commandHolds(text, context, ifEmpty);
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
export function arithmeticExpansion(text: string, state: ShellState, name?: string): string {
  try {
    return String(arithmeticValue(text, state.arithmeticVariables()));
  } catch (error) {
    if (!(error instanceof ArithmeticError)) throw error;
    // An unbound variable under `set -u` is fatal, as everywhere; any other error abandons the line (bash).
    const unbound = error.unboundVariable !== undefined;
    throw new ExpansionAbort(name === undefined || unbound ? error.message : `${name}: ${error.message}`, 1, unbound);
  }
}
