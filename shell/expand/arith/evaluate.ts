/**
 * Evaluating arithmetic as bash does: 64-bit two's-complement values, variables whose values are
 * themselves expressions, `noeval` for the branch not taken. The expressions are compiled once
 * (compile.ts); here are the entry points, each one evaluation with a frame of its own.
 */
import { ArithmeticError, type ArithExpr } from './ast';
import { compile, Frame, RECURSION, type ArithmeticVariables } from './compile';
import { toBig, type Value } from './value';

export { isBlank, MAX_EXPRESSION_DEPTH, type ArithmeticVariables } from './compile';

/**
 * The frame the next evaluation uses: evaluations nest (assigning a `declare -i` variable
 * evaluates its value), so one in use is taken out and a nested one makes its own.
 */
let idleFrame: Frame | undefined;

function frameFor(env: ArithmeticVariables): Frame {
  const frame = idleFrame ?? new Frame(env);
  idleFrame = undefined;
  frame.env = env;
  frame.noeval = 0;
  frame.depth = 0;
  frame.nounset = env.nounset === true;
  return frame;
}

export function evaluate(expr: ArithExpr, env: ArithmeticVariables): bigint {
  const frame = frameFor(env);
  try {
    return toBig(withinStack(() => frame.tree(compile(expr)), () => new ArithmeticError(RECURSION)));
  } finally {
    idleFrame = frame;
  }
}

/** Parses and evaluates text in bash's order; blank text is 0. Counts as one level of nesting. */
export function evaluateText(text: string, env: ArithmeticVariables): Value {
  const frame = frameFor(env);
  // withinStack's rule, without its two closures: this runs at every `$(( ))`.
  try {
    return frame.text(text);
  } catch (error) {
    if (isStackOverflow(error)) throw ArithmeticError.at(text, 0, RECURSION);
    throw error;
  } finally {
    idleFrame = frame;
  }
}

/**
 * Each expression's nesting is capped by the parser, but values nest in values (a chain of 1,000
 * variables, each `- - - ... next`), and how much stack is left depends on the caller: running
 * out of it ends the evaluation like bash's recursion limit, never as a JavaScript error.
 */
export function withinStack<T>(evaluation: () => T, tooDeep: () => ArithmeticError): T {
  try {
    return evaluation();
  } catch (error) {
    if (isStackOverflow(error)) throw tooDeep();
    throw error;
  }
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
