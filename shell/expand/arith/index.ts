/**
 * Shell arithmetic, exactly as bash 5.2 evaluates it: `$(( ))`, `(( ))`, `let`, `for (( ; ; ))`,
 * indexed-array subscripts and `declare -i` all come here. No dependency on the interpreter: it
 * reads and writes variables through an ArithmeticVariables.
 *
 *   evaluateArithmeticText(text, env): bigint   what `$(( ))`, `(( ))` and `let` use. `text` is
 *       the expression after the expander's `$` expansions and quote removal. Blank text is 0.
 *       Parsing and evaluating go in bash's order: bash evaluates as it parses, so in
 *       `(( x=5, 1+ ))` x is set before the syntax error, and in `1/0 +` the division fails first.
 *       bash's tokenizer evaluates a name as it reads it, so in `a = 5 b` (a syntax error) b's
 *       value is evaluated, its errors and side effects first, before a is assigned.
 *   parseArithmetic(text): ArithExpr             the tree; throws ArithmeticError on bad syntax.
 *   evaluateArithmetic(expr, env): bigint        evaluates a tree (from parseArithmetic).
 *   arithmeticValue(text, env): number | bigint  evaluateArithmeticText's value, a number while
 *       it is a safe integer: for a caller that only prints or tests it.
 *   isEmptyArithmetic(text): boolean             only blanks (space, tab, newline).
 *
 * Empty expressions: `$(( ))` is 0, so `(( ))` and `let ''` have status 1 (the value is 0); but
 * in `for (( init; cond; step ))` an empty cond is true — the caller checks isEmptyArithmetic(cond)
 * and uses 1. An empty init or step is evaluated as 0 and has no effect.
 *
 * Values are 64-bit two's complement (wrapped after every operation), as bash on x86-64:
 * `2**63` is -9223372036854775808, shift counts are taken mod 64, `INT64_MIN / -1` is INT64_MIN.
 *
 * Errors are ArithmeticError (code 'ArithmeticError', status 1) with bash's message without its
 * `bash: line N: ` prefix: `1 + : syntax error: operand expected (error token is "+ ")`. For
 * `(( ))` and `let` bash puts the command's name first (`((: 1/0: division by 0 ...`), which is
 * the caller's to add. Under `nounset`, an unset variable is `NAME: unbound variable` with
 * `unboundVariable` set: bash exits a non-interactive shell for that one even inside `(( ))`.
 * Errors the environment throws (a readonly variable) pass through unchanged.
 *
 * Known differences from bash, all on invalid input or beyond real scripts:
 * - `a[@]`, `a[*]` and `a[]` in an expression throw "bad array subscript"; bash prints it and
 *   goes on with 0.
 * - Subscripts are delimited by `[`/`]` nesting, quotes and backslashes; bash's skipsubscript
 *   also skips `$(...)`, which the expander has already replaced here.
 * - Nesting (parentheses, unary operators, `**`, `?:`, assignments) deeper than MAX_NESTING (256)
 *   is an error, "expression recursion level exceeded"; bash has no limit there. So is running
 *   out of stack through values nested in values (never a JavaScript RangeError).
 * - `1 + a = 5` and the like: bash's peek decides a name before `=` is not read; so here too.
 */
import { ArithmeticError, type ArithExpr } from './ast';
import { evaluate, evaluateText, isBlank, withinStack, type ArithmeticVariables } from './evaluate';
import { parse } from './parser';
import { toBig, type Value } from './value';

export { ArithmeticError } from './ast';
export type { ArithExpr, ArithVariable, AssignOperator, BinaryOperator, UnaryOperator } from './ast';
export { MAX_EXPRESSION_DEPTH, type ArithmeticVariables } from './evaluate';
export { MAX_NESTING } from './parser';
export { smallDecimal, type Value as ArithmeticValue } from './value';

/** The tree of an expression; blank text is the number 0. Throws ArithmeticError on bad syntax. */
export function parseArithmetic(text: string): ArithExpr {
  if (isBlank(text)) return { kind: 'number', value: 0n };
  const { expr, error } = withinStack(() => parse(text), () => ArithmeticError.at(text, 0, 'expression recursion level exceeded'));
  if (error !== undefined) throw error;
  return expr;
}

/** Evaluates a tree from parseArithmetic: assignments and increments go to `env`. */
export function evaluateArithmetic(expr: ArithExpr, env: ArithmeticVariables): bigint {
  return evaluate(expr, env);
}

/** Parses and evaluates in bash's order (see the top of this module). */
export function evaluateArithmeticText(text: string, env: ArithmeticVariables): bigint {
  return toBig(evaluateText(text, env));
}

/**
 * evaluateArithmeticText's value as a number while it is a safe integer (a BigInt beyond): what
 * a caller that only prints or tests the value takes, allocating nothing for it.
 */
export function arithmeticValue(text: string, env: ArithmeticVariables): Value {
  return evaluateText(text, env);
}

/** Only spaces, tabs and newlines: `for ((;;))` treats such a condition as true. */
export function isEmptyArithmetic(text: string): boolean {
  return isBlank(text);
}
