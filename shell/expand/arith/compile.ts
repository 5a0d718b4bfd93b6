/**
 * An arithmetic tree compiled into closures, once per expression text: evaluating it again
 * dispatches on nothing and, for values within ±2^53, allocates nothing (see value.ts). The
 * closures keep the tree evaluator's order and rules exactly: `noeval` for the branch `&&`, `||`
 * or `?:` does not take (walked, reading and assigning nothing), values that are themselves
 * expressions, one level deeper each, and bash's messages.
 */
import { ArithmeticError, type ArithExpr, type ArithVariable, type AssignOperator } from './ast';
import { BoundedCache } from '../bounded-cache';
import { parse } from './parser';
import { fromBig, OPERATIONS, power, smallDecimal, toBig, UNARY, type Value } from './value';

/** What arithmetic needs from the shell's variables. */
export interface ArithmeticVariables {
  /** A variable's value (for an array, its element 0), or undefined when it is unset. */
  get(name: string): string | undefined;
  /** Assigns a variable; may throw (a readonly variable), which ends the evaluation. */
  set(name: string, value: string): void;
  /** Whether the variable exists, for `nounset` (an array with no element 0 exists); default: get() is defined. */
  isSet?(name: string): boolean;
  /** An associative array takes its subscript as a string; an indexed one as an expression's value. */
  isAssociative?(name: string): boolean;
  /** An element's value, or undefined when unset (never an error: bash reads it as 0 even under `set -u`). */
  getElement?(name: string, subscript: bigint | string): string | undefined;
  setElement?(name: string, subscript: bigint | string, value: string): void;
  /** `set -u`: reading an unset variable throws `NAME: unbound variable`. */
  readonly nounset?: boolean;
}

/** bash's MAX_EXPR_RECURSION_LEVEL: expressions being evaluated at once, counting variables' values and subscripts. */
export const MAX_EXPRESSION_DEPTH = 1024;

export const RECURSION = 'expression recursion level exceeded';

/** One evaluation's state, which the compiled closures share. */
export class Frame {
  /** Nonzero while walking a branch that is not taken. */
  noeval = 0;
  /** Expressions being evaluated at once: bash's expr_depth. */
  depth = 0;
  /** The env's `nounset`, asked once per evaluation (nothing in an expression can change it). */
  nounset = false;
  /**
   * The subscript the last read of an element evaluated (undefined for a scalar), taken by a
   * read-modify-write right after the read: passed here rather than in an object per read.
   */
  subscript: bigint | string | undefined;

  constructor(public env: ArithmeticVariables) {}

  /** Text evaluated as an expression of its own, one level deeper (bash's subexpr()); blank text is 0. */
  text(text: string): Value {
    if (isBlank(text)) return 0;
    // A decimal (what most variables hold) is its value without parsing: no octal, no wrap there.
    const decimal = smallDecimal(text);
    if (decimal !== undefined) return decimal;
    return this.tree(compiledText(text));
  }

  tree(expression: Compiled): Value {
    this.depth++;
    const value = expression(this);
    this.depth--;
    return value;
  }
}

export type Compiled = (frame: Frame) => Value;

/** Compiled expressions by their text: a loop's `$((i+1))` is parsed and compiled once. */
const compiled = new BoundedCache<string, Compiled>(512);

function compileText(text: string): Compiled {
  return compile(parse(text).expr);
}

/** The closure of non-blank `text`; an invalid text's closure evaluates what bash would, then throws its error. */
export function compiledText(text: string): Compiled {
  return compiled.get(text, compileText);
}

/** Only spaces, tabs and newlines: bash evaluates that as 0 without parsing it. */
export function isBlank(text: string): boolean {
  // A loop, not a regular expression: this is asked of every `$(( ))`, and a match allocates.
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char !== 0x20 && char !== 0x09 && char !== 0x0a) return false;
  }
  return true;
}

export function compile(expr: ArithExpr): Compiled {
  switch (expr.kind) {
    case 'number': {
      const value = fromBig(expr.value);
      return () => value;
    }
    case 'variable': {
      const read = reader(expr);
      return (frame) => (frame.noeval > 0 ? 0 : read(frame));
    }
    case 'unary': {
      const operation = UNARY[expr.op];
      const operand = compile(expr.operand);
      return (frame) => operation(operand(frame));
    }
    case 'binary':
      return compileBinary(expr);
    case 'conditional': {
      const test = compile(expr.test);
      const ifTrue = compile(expr.ifTrue);
      const ifFalse = compile(expr.ifFalse);
      return (frame) => {
        const taken = test(frame) !== 0;
        const trueValue = branch(frame, ifTrue, taken);
        const falseValue = branch(frame, ifFalse, !taken);
        return taken ? trueValue : falseValue;
      };
    }
    case 'assign':
      return compileAssign(expr);
    case 'increment': {
      const place = placeOf(expr.target);
      const write = writer(expr.target);
      const step = expr.op === '++' ? 1 : -1;
      const prefix = expr.prefix;
      return (frame) => {
        const value = place(frame);
        const subscript = frame.subscript;
        const next = OPERATIONS['+'](value, step);
        if (frame.noeval === 0) write(frame, subscript, next);
        return prefix ? next : value;
      };
    }
    case 'comma': {
      const expressions = expr.expressions.map(compile);
      return (frame) => {
        let value: Value = 0;
        for (let index = 0; index < expressions.length; index++) value = (expressions[index] as Compiled)(frame);
        return value;
      };
    }
    case 'lookahead': {
      const operand = compile(expr.operand);
      const read = reader(expr.name);
      return (frame) => {
        const value = operand(frame);
        if (frame.noeval === 0) read(frame);
        return value;
      };
    }
    case 'fail': {
      const prior = expr.prior === undefined ? undefined : compile(expr.prior);
      const error = expr.error;
      return (frame) => {
        if (prior !== undefined) prior(frame);
        throw error;
      };
    }
  }
}

/** A branch of `&&`, `||` or `?:`: walked either way, evaluated only when taken. */
function branch(frame: Frame, expression: Compiled, taken: boolean): Value {
  if (taken) return expression(frame);
  frame.noeval++;
  expression(frame);
  frame.noeval--;
  return 0;
}

type BinaryNode = Extract<ArithExpr, { kind: 'binary' }>;
/** One operation of a chain, applied to the value so far. */
type Step = (frame: Frame, value: Value) => Value;

/** A chain like `1+2+...+n` is a deep left spine: compiled and run as a loop, not by recursion. */
function compileBinary(expr: BinaryNode): Compiled {
  const spine = [expr];
  let bottom = expr.left;
  for (; bottom.kind === 'binary'; bottom = bottom.left) spine.push(bottom);
  const first = compile(bottom);
  const steps = spine.reverse().map(compileStep);
  if (steps.length === 1) {
    const step = steps[0] as Step;
    return (frame) => step(frame, first(frame));
  }
  return (frame) => {
    let value = first(frame);
    for (let index = 0; index < steps.length; index++) value = (steps[index] as Step)(frame, value);
    return value;
  };
}

function compileStep(node: BinaryNode): Step {
  const right = compile(node.right);
  const op = node.op;
  if (op === '&&' || op === '||') {
    const and = op === '&&';
    return (frame, value) => {
      const taken = (value !== 0) === and;
      const rightValue = branch(frame, right, taken);
      return (taken ? rightValue : value) !== 0 ? 1 : 0;
    };
  }
  if (op === '**') {
    return (frame, value) => {
      const exponent = right(frame);
      if (exponent < 0) throw ArithmeticError.at(node.expression, node.errorAt, 'exponent less than 0');
      return power(value, exponent);
    };
  }
  const operation = OPERATIONS[op];
  if (op === '/' || op === '%') return (frame, value) => operation(value, divisor(frame, right(frame), node));
  return (frame, value) => operation(value, right(frame));
}

/** Division by 0 fails, except where nothing is evaluated (bash divides by 1 there). */
function divisor(frame: Frame, value: Value, node: { readonly expression: string; readonly errorAt: number }): Value {
  if (value !== 0) return value;
  if (frame.noeval > 0) return 1;
  throw ArithmeticError.at(node.expression, node.errorAt, 'division by 0');
}

function compileAssign(expr: Extract<ArithExpr, { kind: 'assign' }>): Compiled {
  const value = compile(expr.value);
  const write = writer(expr.target);
  if (expr.op === '=') {
    return (frame) => {
      const assigned = value(frame);
      // A subscript is evaluated after the value for `=` (bash binds `a[i++]` by name).
      if (frame.noeval === 0) write(frame, undefined, assigned);
      return assigned;
    };
  }
  const place = placeOf(expr.target);
  const operation = OPERATIONS[expr.op as Exclude<AssignOperator, '='>];
  const division = expr.op === '/' || expr.op === '%';
  return (frame) => {
    const current = place(frame);
    const subscript = frame.subscript;
    const operand = value(frame);
    const result = operation(current, division ? divisor(frame, operand, expr) : operand);
    if (frame.noeval === 0) write(frame, subscript, result);
    return result;
  };
}

/** A target's value, its subscript left in frame.subscript; nothing is read where nothing is evaluated. */
function placeOf(target: ArithVariable): Compiled {
  const read = reader(target);
  return (frame) => {
    if (frame.noeval === 0) return read(frame);
    frame.subscript = undefined;
    return 0;
  };
}

/** Reads a variable or element as its value evaluated, leaving the subscript evaluated in frame.subscript. */
function reader(target: ArithVariable): Compiled {
  const { name } = target;
  if (target.subscript === undefined) {
    return (frame) => {
      const env = frame.env;
      if (frame.nounset) checkBound(env, name);
      const value = nested(frame, env.get(name) ?? '', target);
      frame.subscript = undefined;
      return value;
    };
  }
  return (frame) => {
    const env = frame.env;
    if (frame.nounset) checkBound(env, name);
    const subscript = subscriptOf(frame, target, 'read');
    if (env.getElement === undefined) throw badSubscript(target, 'read');
    const value = nested(frame, env.getElement(name, subscript) ?? '', target);
    frame.subscript = subscript;
    return value;
  };
}

/** `set -u`: an unset variable is an error. */
function checkBound(env: ArithmeticVariables, name: string): void {
  if (!(env.isSet?.(name) ?? env.get(name) !== undefined)) {
    throw new ArithmeticError(`${name}: unbound variable`, name);
  }
}

type Write = (frame: Frame, evaluated: bigint | string | undefined, value: Value) => void;

function writer(target: ArithVariable): Write {
  const { name } = target;
  if (target.subscript === undefined) return (frame, _evaluated, value) => frame.env.set(name, String(value));
  return (frame, evaluated, value) => {
    const subscript = evaluated ?? subscriptOf(frame, target, 'write');
    if (frame.env.setElement === undefined) throw badSubscript(target, 'write');
    frame.env.setElement(name, subscript, String(value));
  };
}

function subscriptOf(frame: Frame, target: ArithVariable, use: 'read' | 'write'): bigint | string {
  const text = target.subscript ?? '';
  if (text === '' || text === '@' || text === '*') throw badSubscript(target, use);
  return frame.env.isAssociative?.(target.name) ? text : toBig(nested(frame, text, target));
}

/** A value or subscript evaluated as an expression of its own, one level deeper. */
function nested(frame: Frame, text: string, at: ArithVariable): Value {
  if (frame.depth >= MAX_EXPRESSION_DEPTH && !isBlank(text)) throw ArithmeticError.at(at.expression, at.errorAt, RECURSION);
  return frame.text(text);
}

function badSubscript(target: ArithVariable, use: 'read' | 'write'): ArithmeticError {
  const reference = `${target.name}[${target.subscript ?? ''}]`;
  return new ArithmeticError(use === 'read' ? `${reference}: bad array subscript` : `\`${reference}': not a valid identifier`);
}

