/**
 * Evaluates an arithmetic tree as bash does: 64-bit two's-complement values, variables whose
 * values are themselves expressions, and `noeval` for the branch `&&`, `||` or `?:` does not
 * take — that branch is still walked (bash parses it), reading nothing and assigning nothing,
 * so its `**` with a negative exponent and its syntax errors still fail as they do in bash.
 */
import { ArithmeticError, type ArithExpr, type ArithVariable, type AssignOperator, type BinaryOperator } from './ast';
import { parse } from './parser';

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

const RECURSION = 'expression recursion level exceeded';
const INT64_MIN = -(2n ** 63n);
/** A decimal value bash would read to the same number (no octal, no wrap), taken without parsing. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]{0,17})$/;

export function evaluate(expr: ArithExpr, env: ArithmeticVariables): bigint {
  return withinStack(() => new Evaluator(env).tree(expr), () => new ArithmeticError(RECURSION));
}

/** Parses and evaluates text in bash's order; blank text is 0. Counts as one level of nesting. */
export function evaluateText(text: string, env: ArithmeticVariables): bigint {
  // withinStack's rule, without its two closures: this runs at every `$(( ))`.
  try {
    return new Evaluator(env).text(text);
  } catch (error) {
    if (isStackOverflow(error)) throw ArithmeticError.at(text, 0, RECURSION);
    throw error;
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

interface Place {
  readonly value: bigint;
  /** An element's subscript, evaluated once for a read-modify-write. */
  readonly subscript: bigint | string | undefined;
}

class Evaluator {
  /** Nonzero while walking a branch that is not taken. */
  private noeval = 0;
  /** Expressions being evaluated at once: bash's expr_depth. */
  private depth = 0;

  constructor(private readonly env: ArithmeticVariables) {}

  text(text: string): bigint {
    if (isBlank(text)) return 0n;
    return PLAIN_DECIMAL.test(text) ? BigInt(text) : this.tree(parse(text).expr);
  }

  /** One expression, one level deeper (bash's subexpr()). */
  tree(expr: ArithExpr): bigint {
    this.depth++;
    const value = this.eval(expr);
    this.depth--;
    return value;
  }

  private eval(expr: ArithExpr): bigint {
    switch (expr.kind) {
      case 'number':
        return expr.value;
      case 'variable':
        return this.noeval > 0 ? 0n : this.read(expr).value;
      case 'unary':
        return unary(expr.op, this.eval(expr.operand));
      case 'binary':
        return this.binary(expr);
      case 'conditional': {
        const taken = this.eval(expr.test) !== 0n;
        const ifTrue = this.branch(expr.ifTrue, taken);
        const ifFalse = this.branch(expr.ifFalse, !taken);
        return taken ? ifTrue : ifFalse;
      }
      case 'assign':
        return this.assign(expr);
      case 'increment':
        return this.increment(expr);
      case 'comma': {
        let value = 0n;
        for (const each of expr.expressions) value = this.eval(each);
        return value;
      }
      case 'lookahead': {
        // A variable read here, not through eval(): values nested in values (`a='a b'`) recurse
        // through this, and the stack must last to MAX_EXPRESSION_DEPTH.
        const { operand } = expr;
        const value = operand.kind !== 'variable' ? this.eval(operand) : this.noeval > 0 ? 0n : this.read(operand).value;
        if (this.noeval === 0) this.read(expr.name);
        return value;
      }
      case 'fail':
        if (expr.prior !== undefined) this.eval(expr.prior);
        throw expr.error;
    }
  }

  /** A branch of `&&`, `||` or `?:`: walked either way, evaluated only when taken. */
  private branch(expr: ArithExpr, taken: boolean): bigint {
    if (taken) return this.eval(expr);
    this.noeval++;
    this.eval(expr);
    this.noeval--;
    return 0n;
  }

  /** A chain like `1+2+...+n` is a deep left spine: walked in a loop, not by recursion. */
  private binary(expr: Extract<ArithExpr, { kind: 'binary' }>): bigint {
    const spine = [expr];
    let bottom = expr.left;
    for (; bottom.kind === 'binary'; bottom = bottom.left) spine.push(bottom);
    let value = this.eval(bottom);
    for (let i = spine.length - 1; i >= 0; i--) {
      const node = spine[i] as Extract<ArithExpr, { kind: 'binary' }>;
      if (node.op === '&&' || node.op === '||') {
        const taken = (value !== 0n) === (node.op === '&&');
        const right = this.branch(node.right, taken);
        value = (taken ? right : value) !== 0n ? 1n : 0n;
        continue;
      }
      const right = this.eval(node.right);
      if (node.op === '**') {
        if (right < 0n) throw ArithmeticError.at(node.expression, node.errorAt, 'exponent less than 0');
        value = power(value, right);
      } else value = operate(node.op, value, this.divisor(node.op, right, node));
    }
    return value;
  }

  /** Division by 0 fails, except where nothing is evaluated (bash divides by 1 there). */
  private divisor(op: BinaryOperator | AssignOperator, value: bigint, node: { expression: string; errorAt: number }): bigint {
    if ((op !== '/' && op !== '%') || value !== 0n) return value;
    if (this.noeval > 0) return 1n;
    throw ArithmeticError.at(node.expression, node.errorAt, 'division by 0');
  }

  private assign(expr: Extract<ArithExpr, { kind: 'assign' }>): bigint {
    if (expr.op === '=') {
      const value = this.eval(expr.value);
      // A subscript is evaluated after the value for `=` (bash binds `a[i++]` by name).
      if (this.noeval === 0) this.write(expr.target, undefined, value);
      return value;
    }
    const place = this.place(expr.target);
    const value = operate(expr.op, place.value, this.divisor(expr.op, this.eval(expr.value), expr));
    if (this.noeval === 0) this.write(expr.target, place.subscript, value);
    return value;
  }

  private increment(expr: Extract<ArithExpr, { kind: 'increment' }>): bigint {
    const place = this.place(expr.target);
    const next = BigInt.asIntN(64, place.value + (expr.op === '++' ? 1n : -1n));
    if (this.noeval === 0) this.write(expr.target, place.subscript, next);
    return expr.prefix ? next : place.value;
  }

  /** A target's value and subscript, read once; nothing is read where nothing is evaluated. */
  private place(target: ArithVariable): Place {
    return this.noeval > 0 ? { value: 0n, subscript: undefined } : this.read(target);
  }

  private read(target: ArithVariable): Place {
    const { name } = target;
    if (this.env.nounset && !(this.env.isSet?.(name) ?? this.env.get(name) !== undefined)) {
      throw new ArithmeticError(`${name}: unbound variable`, name);
    }
    if (target.subscript === undefined) return { value: this.nested(this.env.get(name) ?? '', target), subscript: undefined };
    const subscript = this.subscript(target, 'read');
    if (this.env.getElement === undefined) throw badSubscript(target, 'read');
    return { value: this.nested(this.env.getElement(name, subscript) ?? '', target), subscript };
  }

  private write(target: ArithVariable, evaluated: bigint | string | undefined, value: bigint): void {
    if (target.subscript === undefined) {
      this.env.set(target.name, String(value));
      return;
    }
    const subscript = evaluated ?? this.subscript(target, 'write');
    if (this.env.setElement === undefined) throw badSubscript(target, 'write');
    this.env.setElement(target.name, subscript, String(value));
  }

  private subscript(target: ArithVariable, use: 'read' | 'write'): bigint | string {
    const text = target.subscript ?? '';
    if (text === '' || text === '@' || text === '*') throw badSubscript(target, use);
    return this.env.isAssociative?.(target.name) ? text : this.nested(text, target);
  }

  /** A value or subscript evaluated as an expression of its own, one level deeper. */
  private nested(text: string, at: ArithVariable): bigint {
    if (!isBlank(text) && this.depth >= MAX_EXPRESSION_DEPTH) throw ArithmeticError.at(at.expression, at.errorAt, RECURSION);
    return this.text(text);
  }
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

function badSubscript(target: ArithVariable, use: 'read' | 'write'): ArithmeticError {
  const reference = `${target.name}[${target.subscript ?? ''}]`;
  return new ArithmeticError(use === 'read' ? `${reference}: bad array subscript` : `\`${reference}': not a valid identifier`);
}

function unary(op: Extract<ArithExpr, { kind: 'unary' }>['op'], value: bigint): bigint {
  switch (op) {
    case '+':
      return value;
    case '-':
      return BigInt.asIntN(64, -value);
    case '!':
      return value === 0n ? 1n : 0n;
    case '~':
      return ~value;
  }
}

/** A binary operation on 64-bit values as x86-64 does it: wrapping, shift counts taken mod 64. */
function operate(op: Exclude<BinaryOperator | AssignOperator, '&&' | '||' | '**' | '='>, a: bigint, b: bigint): bigint {
  switch (op) {
    case '+':
      return BigInt.asIntN(64, a + b);
    case '-':
      return BigInt.asIntN(64, a - b);
    case '*':
      return BigInt.asIntN(64, a * b);
    case '/':
      // INT64_MIN / -1 overflows to INT64_MIN, as bash makes it.
      return BigInt.asIntN(64, a / b);
    case '%':
      return a === INT64_MIN && b === -1n ? 0n : a % b;
    case '<<':
      return BigInt.asIntN(64, a << (b & 63n));
    case '>>':
      return a >> (b & 63n);
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '==':
      return a === b ? 1n : 0n;
    case '!=':
      return a !== b ? 1n : 0n;
    case '<':
      return a < b ? 1n : 0n;
    case '>':
      return a > b ? 1n : 0n;
    case '<=':
      return a <= b ? 1n : 0n;
    case '>=':
      return a >= b ? 1n : 0n;
  }
}

/** bash's ipow(): squaring, wrapping at each step (the result is the true power mod 2^64). */
function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  for (let b = base, e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = BigInt.asIntN(64, result * b);
    b = BigInt.asIntN(64, b * b);
  }
  return result;
}
