/**
 * 64-bit two's-complement arithmetic on values that are JavaScript numbers while they are safe
 * integers and BigInts beyond that: a loop's `i+1` neither allocates nor leaves the number
 * representation, and only values past ±2^53 pay for BigInt. The form is canonical (a value
 * within the safe range is always a number, never -0), so `===` is equality and `=== 0` is falsity.
 */
import type { AssignOperator, BinaryOperator, UnaryOperator } from './ast';

export type Value = number | bigint;

const MAX = Number.MAX_SAFE_INTEGER;
const MAX_BIG = BigInt(MAX);
const INT64_MIN = -(2n ** 63n);

/** The canonical form of a 64-bit value. */
export function fromBig(value: bigint): Value {
  return value >= -MAX_BIG && value <= MAX_BIG ? Number(value) : value;
}

export function toBig(value: Value): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Within the range where JavaScript's 32-bit bitwise operators agree with 64-bit ones. */
function isInt32(value: Value): value is number {
  return typeof value === 'number' && (value | 0) === value;
}

function add(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') {
    // Exact whenever the true sum is safe; past that the rounded sum is past it too.
    const sum = a + b;
    if (sum >= -MAX && sum <= MAX) return sum;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) + toBig(b)));
}

function subtract(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = a - b;
    if (difference >= -MAX && difference <= MAX) return difference;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) - toBig(b)));
}

function multiply(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') {
    const product = a * b;
    if (product >= -MAX && product <= MAX) return product || 0;
  }
  return fromBig(BigInt.asIntN(64, toBig(a) * toBig(b)));
}

/** Truncating division; the caller has refused a zero divisor. INT64_MIN / -1 wraps to INT64_MIN, as bash makes it. */
function divide(a: Value, b: Value): Value {
  // a - a % b is an exact multiple of b, so the quotient is exact.
  if (typeof a === 'number' && typeof b === 'number') return (a - (a % b)) / b || 0;
  return fromBig(BigInt.asIntN(64, toBig(a) / toBig(b)));
}

function remainder(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return a % b || 0;
  const left = toBig(a);
  const right = toBig(b);
  return left === INT64_MIN && right === -1n ? 0 : fromBig(left % right);
}

/** Shift counts are taken mod 64, as x86-64 does. */
function shiftLeft(a: Value, b: Value): Value {
  return fromBig(BigInt.asIntN(64, toBig(a) << (toBig(b) & 63n)));
}

function shiftRight(a: Value, b: Value): Value {
  if (isInt32(a) && isInt32(b) && b >= 0 && b < 32) return a >> b;
  return fromBig(toBig(a) >> (toBig(b) & 63n));
}

function and(a: Value, b: Value): Value {
  return isInt32(a) && isInt32(b) ? a & b : fromBig(toBig(a) & toBig(b));
}

function or(a: Value, b: Value): Value {
  return isInt32(a) && isInt32(b) ? a | b : fromBig(toBig(a) | toBig(b));
}

function xor(a: Value, b: Value): Value {
  return isInt32(a) && isInt32(b) ? a ^ b : fromBig(toBig(a) ^ toBig(b));
}

/** bash's ipow(): squaring, wrapping at each step (the result is the true power mod 2^64). The exponent is not negative. */
export function power(base: Value, exponent: Value): Value {
  let result = 1n;
  for (let b = toBig(base), e = toBig(exponent); e > 0n; e >>= 1n) {
    if (e & 1n) result = BigInt.asIntN(64, result * b);
    b = BigInt.asIntN(64, b * b);
  }
  return fromBig(result);
}

export type Operation = (a: Value, b: Value) => Value;

/** The operators that take two values and cannot fail (division's zero is refused before). */
export type PlainOperator = Exclude<BinaryOperator | AssignOperator, '&&' | '||' | '**' | '='>;

export const OPERATIONS: Readonly<Record<PlainOperator, Operation>> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  '%': remainder,
  '<<': shiftLeft,
  '>>': shiftRight,
  '&': and,
  '|': or,
  '^': xor,
  '==': (a, b) => (a === b ? 1 : 0),
  '!=': (a, b) => (a !== b ? 1 : 0),
  '<': (a, b) => (a < b ? 1 : 0),
  '>': (a, b) => (a > b ? 1 : 0),
  '<=': (a, b) => (a <= b ? 1 : 0),
  '>=': (a, b) => (a >= b ? 1 : 0),
};

export const UNARY: Readonly<Record<UnaryOperator, (value: Value) => Value>> = {
  '+': (value) => value,
  '-': (value) => (typeof value === 'number' ? -value || 0 : fromBig(BigInt.asIntN(64, -value))),
  '!': (value) => (value === 0 ? 1 : 0),
  '~': (value) => (isInt32(value) ? ~value : fromBig(~toBig(value))),
};

/** A decimal a variable's value commonly is (`-`, then 1 to 15 digits, no leading 0): its number, or undefined for any other text. */
export function smallDecimal(text: string): number | undefined {
  const length = text.length;
  let index = length > 0 && text.charCodeAt(0) === 0x2d ? 1 : 0;
  const digits = length - index;
  if (digits < 1 || digits > 15) return undefined;
  if (digits > 1 && text.charCodeAt(index) === 0x30) return undefined;
  let value = 0;
  for (; index < length; index++) {
    const digit = text.charCodeAt(index) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return text.charCodeAt(0) === 0x2d ? -value || 0 : value;
}
