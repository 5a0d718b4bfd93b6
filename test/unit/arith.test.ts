/**
 * Shell arithmetic against bash. Every row of the table is run through Quirl's module and through
 * the bash on this machine in the same test, and both must give the row's value (or bash's error
 * message without its `bash: line N: ` prefix) and the variables it names afterwards, so the
 * table cannot drift from bash. The property test compares thousands of random expressions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import {
  ArithmeticError,
  evaluateArithmetic,
  evaluateArithmeticText,
  isEmptyArithmetic,
  parseArithmetic,
  type ArithmeticVariables,
} from '../../shell/expand/arith';

interface Setup {
  /** Scalars; a value `(x y)` makes an indexed array, `A(k=v ...)` an associative one. */
  readonly vars?: Readonly<Record<string, string>>;
  /** Names (`x`, `a[1]`) whose values after the expression are part of the expectation; '-' is unset. */
  readonly after?: Readonly<Record<string, string>>;
  readonly nounset?: boolean;
  /**
   * A failing row run as `(( ))` in bash rather than `$(( ))`, whose failure ends bash's shell
   * before the variables can be printed: for what an error leaves behind.
   */
  readonly statement?: boolean;
}
/** [expression, value or `!message`, setup]. */
type Row = readonly [string, string, Setup?];

const err = (message: string): string => `!${message}`;
const tok = (expr: string, what: string, token: string): string => err(`${expr.replace(/^[ \t]+/, '')}: ${what} (error token is "${token}")`);

const ROWS: readonly Row[] = [
  // Constants in every base.
  ['0', '0'], ['42', '42'], ['  7  ', '7'], ['010', '8'], ['0777', '511'], ['0x1f', '31'], ['0XFF', '255'], ['0x', '0'],
  ['2#101', '5'], ['8#17', '15'], ['16#ff', '255'], ['16#FF', '255'], ['36#z', '35'], ['36#Z', '35'],
  ['62#Z', '61'], ['37#z', '35'], ['37#Z', tok('37#Z', 'value too great for base', '37#Z')], ['64#@', '62'], ['64#_', '63'], ['64#@_', '4031'], ['64#10', '64'], ['10#0099', '99'], ['3#21', '7'],
  ['9223372036854775807', '9223372036854775807'], ['9223372036854775808', '-9223372036854775808'],
  ['99999999999999999999', '7766279631452241919'], ['0xffffffffffffffff', '-1'], ['0x7fffffffffffffff + 0xffffffffffffffff', '9223372036854775806'],
  ['08', tok('08', 'value too great for base', '08')], ['09 + 1', tok('09', 'value too great for base', '09')],
  ['1a', tok('1a', 'value too great for base', '1a')], ['0xg', tok('0xg', 'value too great for base', '0xg')],
  ['2#102', tok('2#102', 'value too great for base', '2#102')], ['65#1', tok('65#1', 'invalid arithmetic base', '65#1')],
  ['1#1', tok('1#1', 'invalid arithmetic base', '1#1')], ['2#', tok('2#', 'invalid integer constant', '2#')],
  ['10#', tok('10#', 'invalid integer constant', '10#')], ['2#1#1', tok('2#1#1', 'invalid number', '2#1#1')],
  ['010#1', tok('010#1', 'invalid number', '010#1')], ['0#1', tok('0#1', 'invalid number', '0#1')],
  ['36#@', tok('36#@', 'value too great for base', '36#@')],
  // Precedence and associativity.
  ['1 + 2 * 3', '7'], ['(1 + 2) * 3', '9'], ['10 - 4 - 3', '3'], ['100 / 10 / 5', '2'], ['2 ** 3 ** 2', '512'],
  ['-2 ** 2', '4'], ['2 ** -1 + 3', tok('2 ** -1 + 3', 'exponent less than 0', '+ 3')], ['-2**63', '-9223372036854775808'],
  ['1 + 2 << 1', '6'], ['1 << 2 + 1', '8'], ['1 < 2 == 1', '1'], ['3 > 2 > 1', '0'], ['1 & 3 == 3', '1'], ['6 & 3 ^ 1', '3'],
  ['6 ^ 3 | 8', '13'], ['1 | 2 && 0', '0'], ['0 || 1 && 0', '0'], ['1 || 0 && 0', '1'], ['!1 + 1', '1'], ['~1 * 2', '-4'],
  ['-3 % 2', '-1'], ['5 % -2', '1'], ['-5 / 2', '-2'], ['7 % 3 * 2', '2'], ['2 * 3 % 4', '2'], ['1 ? 2 : 3 ? 4 : 5', '2'],
  ['0 ? 1 : 0 ? 2 : 3', '3'], ['1 ? 2, 3 : 4', '3'], ['1, 2, 3', '3'], ['4 >= 4', '1'], ['4 <= 3', '0'], ['4 != 4', '0'],
  ['-8 >> 1', '-4'], ['!0', '1'], ['!5', '0'], ['~0', '-1'], ['~-1', '0'], ['- -1', '1'], ['+-+1', '-1'], ['--5', '5'], ['++5', '5'],
  ['- - - 4', '-4'], ['!!7', '1'], ['1 +\n2', '3'], ['(((((1)))))', '1'], ['1 ? 0 : 1 ? 2 : 3', '0'],
  // 64-bit wraparound and shifts as on x86-64.
  ['2**63', '-9223372036854775808'], ['2**64', '0'], ['3**40', '-6289078614652622815'], ['-2**63 / -1', '-9223372036854775808'],
  ['9223372036854775807 + 1', '-9223372036854775808'], ['-9223372036854775807 - 2', '9223372036854775807'],
  ['9223372036854775807 * 2', '-2'], ['-(-9223372036854775807 - 1)', '-9223372036854775808'],
  ['x / -1', '-9223372036854775808', { vars: { x: '-9223372036854775808' } }], ['x % -1', '0', { vars: { x: '-9223372036854775808' } }],
  ['1 << 63', '-9223372036854775808'], ['1 << 64', '1'], ['1 << 65', '2'], ['1 << -1', '-9223372036854775808'], ['8 >> 65', '4'],
  ['-1 >> 63', '-1'], ['1 >> -63', '0'], ['7 ** 0', '1'], ['0 ** 0', '1'], ['(-1) ** 9223372036854775807', '-1'],
  // Variables, recursively evaluated.
  ['a + 1', '4', { vars: { a: 'b', b: '3' } }], ['x', '0'], ['x + 1', '1', { vars: { x: '' } }], ['x + 1', '6', { vars: { x: ' 5 ' } }],
  ['x * 2', '6', { vars: { x: '1 + 2' } }], ['x', '8', { vars: { x: '010' } }], ['x', '-5', { vars: { x: '-5' } }],
  ['x', err('a: expression recursion level exceeded (error token is "a")'), { vars: { x: 'a', a: 'a' } }],
  ['x + 1', err('1 2: syntax error in expression (error token is "2")'), { vars: { x: '1 2' } }],
  ['x * 2', err('1+: syntax error: operand expected (error token is "+")'), { vars: { x: '1+' } }],
  ['x', err('1/0: division by 0 (error token is "0")'), { vars: { x: '1/0' } }],
  ['a=a', '0', { after: { a: '0' } }], ['x', '7', { vars: { x: 'y=7' }, after: { y: '7' } }],
  // Assignment operators and the values they leave.
  ['x = 5', '5', { after: { x: '5' } }], ['x = y = 3', '3', { after: { x: '3', y: '3' } }], ['x += 2', '7', { vars: { x: '5' }, after: { x: '7' } }],
  ['x -= 2', '3', { vars: { x: '5' }, after: { x: '3' } }], ['x *= 3', '15', { vars: { x: '5' }, after: { x: '15' } }],
  ['x /= 2', '2', { vars: { x: '5' }, after: { x: '2' } }], ['x %= 3', '2', { vars: { x: '5' }, after: { x: '2' } }],
  ['x <<= 2', '20', { vars: { x: '5' }, after: { x: '20' } }], ['x >>= 1', '2', { vars: { x: '5' }, after: { x: '2' } }],
  ['x &= 6', '4', { vars: { x: '5' }, after: { x: '4' } }], ['x |= 2', '7', { vars: { x: '5' }, after: { x: '7' } }],
  ['x ^= 1', '4', { vars: { x: '5' }, after: { x: '4' } }], ['x <<= 64', '5', { vars: { x: '5' }, after: { x: '5' } }],
  ['x += (x = 10)', '15', { vars: { x: '5' }, after: { x: '15' } }], ['x /= 0 + 1', '5', { vars: { x: '5' }, after: { x: '5' } }],
  ['x /= -1', '-9223372036854775808', { vars: { x: '-9223372036854775808' } }], ['x %= -1', '0', { vars: { x: '-9223372036854775808' } }],
  ['x = 1, y = x + 1, x + y', '3', { after: { x: '1', y: '2' } }], ['x += 1', '2', { vars: { x: 'y', y: '1' }, after: { x: '2', y: '1' } }],
  ['x /= 0', tok('x /= 0', 'division by 0', '0'), { vars: { x: '5' } }], ['x %= 0', tok('x %= 0', 'division by 0', '0'), { vars: { x: '5' } }],
  // Increments.
  ['x++', '3', { vars: { x: '3' }, after: { x: '4' } }], ['x--', '3', { vars: { x: '3' }, after: { x: '2' } }],
  ['++x', '4', { vars: { x: '3' }, after: { x: '4' } }], ['--x', '2', { vars: { x: '3' }, after: { x: '2' } }],
  ['-- x', '2', { vars: { x: '3' }, after: { x: '2' } }], ['x ++ + 1', '4', { vars: { x: '3' }, after: { x: '4' } }],
  ['x+++x', '7', { vars: { x: '3' }, after: { x: '4' } }], ['x---x', '1', { vars: { x: '3' }, after: { x: '2' } }],
  ['x++ + x++', '7', { vars: { x: '3' }, after: { x: '5' } }], ['++x', '-9223372036854775808', { vars: { x: '9223372036854775807' } }],
  ['x++', '0', { after: { x: '1' } }], ['--x, x--', '-1', { after: { x: '-2' } }],
  // Short-circuits: the branch not taken evaluates nothing.
  ['0 && (x = 1)', '0', { after: { x: '-' } }], ['1 || (x = 1)', '1', { after: { x: '-' } }], ['1 && (x = 1)', '1', { after: { x: '1' } }],
  ['0 || (x = 2)', '1', { after: { x: '2' } }], ['0 ? x++ : 1', '1', { after: { x: '-' } }], ['1 ? 1 : x++', '1', { after: { x: '-' } }],
  ['0 ? (x = 1) : (y = 2)', '2', { after: { x: '-', y: '2' } }], ['0 && 1/0', '0'], ['1 || 1/0', '1'], ['0 ? 1/0 : 2', '2'],
  ['0 && x /= 0', tok('0 && x /= 0', 'attempted assignment to non-variable', '/= 0')], ['0 && (x /= 0)', '0'],
  ['0 && 2**-1', tok('0 && 2**-1', 'exponent less than 0', '1')], ['0 ? a : 1', '1', { vars: { a: 'b++', b: '0' }, after: { b: '0' } }],
  ['1 && a', '0', { vars: { a: '0 && (b = 5)' }, after: { b: '-' } }], ['0 && 5 || 7', '1'], ['0 && x++ || y++', '0', { after: { x: '-', y: '1' } }],
  // Arrays.
  ['a[1] + a[2]', '13', { vars: { a: '(5 6 7)' } }], ['a[-1]', '7', { vars: { a: '(5 6 7)' } }], ['a[ 1 + 1 ]', '7', { vars: { a: '(5 6 7)' } }],
  ['a', '5', { vars: { a: '(5 6 7)' } }], ['a[5]', '0', { vars: { a: '(5 6 7)' } }], ['a[i]', '6', { vars: { a: '(5 6 7)', i: '1' } }],
  ['a[1] = 9', '9', { vars: { a: '(5 6 7)' }, after: { 'a[1]': '9' } }], ['a[i++] = i', '0', { vars: { i: '0' }, after: { 'a[0]': '0', i: '1' } }],
  ['a[i++] += i', '6', { vars: { a: '(5 6 7)', i: '0' }, after: { 'a[0]': '6', 'a[1]': '6', i: '1' } }],
  ['a[i++]++', '5', { vars: { a: '(5 6 7)', i: '0' }, after: { 'a[0]': '6', i: '1' } }],
  ['++a[i++]', '7', { vars: { a: '(5 6 7)', i: '1' }, after: { 'a[1]': '7', i: '2' } }], ['a[1]', '4', { vars: { a: '(x 2*2)' } }],
  ['m[k] + 1', '6', { vars: { m: 'A(k=5)' } }], ['m[j] = 3', '3', { vars: { m: 'A(k=5)' }, after: { 'm[j]': '3', 'm[k]': '5' } }],
  ['a[1/0]', err('1/0: division by 0 (error token is "0")'), { vars: { a: '(1 2)' } }],
  ['a[1', tok('a[1', 'bad array subscript', 'a[1')], ['a[1]]', tok('a[1]]', 'syntax error: invalid arithmetic operator', ']')],
  // set -u.
  ['x + 1', err('x: unbound variable'), { nounset: true }], ['x = 1', '1', { nounset: true }],
  ['y += 1', err('y: unbound variable'), { nounset: true }], ['y++', err('y: unbound variable'), { nounset: true }],
  ['0 && y', '0', { nounset: true }], ['x', err('y: unbound variable'), { nounset: true, vars: { x: 'y' } }],
  ['a[5] + 1', '1', { nounset: true, vars: { a: '(1)' } }], ['zz[1]', err('zz: unbound variable'), { nounset: true }],
  // Syntax errors and what was evaluated before them.
  [' 1 + ', tok(' 1 + ', 'syntax error: operand expected', '+ ')], ['1 +', tok('1 +', 'syntax error: operand expected', '+')],
  ['1/0', tok('1/0', 'division by 0', '0')], ['1/0 + 5', tok('1/0 + 5', 'division by 0', '0 + 5')], ['1 /\t0 ', tok('1 /\t0 ', 'division by 0', '0 ')],
  ['1 % 0', tok('1 % 0', 'division by 0', '0')], ['1/0 +', tok('1/0 +', 'division by 0', '0 +')], ['2**-1', tok('2**-1', 'exponent less than 0', '1')],
  ['2**3**-1', tok('2**3**-1', 'exponent less than 0', '1')], ['1 = 2', tok('1 = 2', 'attempted assignment to non-variable', '= 2')],
  ['(a) = 2', tok('(a) = 2', 'attempted assignment to non-variable', '= 2')], ['a++ = 2', tok('a++ = 2', 'attempted assignment to non-variable', '= 2')],
  ['1 = = 2', tok('1 = = 2', 'attempted assignment to non-variable', '= = 2')], ['1 ? 2 : 3 = 4', tok('1 ? 2 : 3 = 4', 'attempted assignment to non-variable', '= 4')],
  ['1 + a = 5', tok('1 + a = 5', 'attempted assignment to non-variable', '= 5'), { nounset: true }],
  ['1 ++a', tok('1 ++a', 'syntax error in expression', '++a')], ['a ++b', tok('a ++b', 'syntax error in expression', 'b')],
  ['++a++', tok('++a++', '++: assignment requires lvalue', '++')], ['--a--', tok('--a--', '--: assignment requires lvalue', '--')],
  ['1 @ 2', tok('1 @ 2', 'syntax error: invalid arithmetic operator', '@ 2')], ['@', tok('@', 'syntax error: operand expected', '@')],
  ['1 ? : 3', tok('1 ? : 3', 'expression expected', ': 3')], ['1 ? 2 ', tok('1 ? 2 ', "`:' expected for conditional expression", '2 ')],
  ['1 ? 2 : ', tok('1 ? 2 : ', 'expression expected', ': ')], ['1 2 ', tok('1 2 ', 'syntax error in expression', '2 ')],
  ['1 ? 2 : 3 : 4', tok('1 ? 2 : 3 : 4', 'syntax error in expression', ': 4')], ['x= ', tok('x= ', 'syntax error: operand expected', '= ')],
  ['1 ,', tok('1 ,', 'syntax error: operand expected', ',')], [', 1', tok(', 1', 'syntax error: operand expected', ', 1')],
  ['()', tok('()', 'syntax error: operand expected', ')')], ['1 +* 2', tok('1 +* 2', 'syntax error: operand expected', '* 2')],
  ['~', tok('~', 'syntax error: operand expected', '~')], ['a **= 2', tok('a **= 2', 'syntax error: operand expected', '= 2')],
  ['a b c 08', tok('a b c 08', 'value too great for base', '08')], ['1 \r+ 2', tok('1 \r+ 2', 'syntax error: invalid arithmetic operator', '\r+ 2')],
  ['(1 + 2', tok('(1 + 2', "missing `)'", '2')], ['1 + 2)', tok('1 + 2)', 'syntax error in expression', ')')],
  ['x = 5, 1 +', tok('x = 5, 1 +', 'syntax error: operand expected', '+'), { statement: true, after: { x: '5' } }],
  ['x = 1 @', tok('x = 1 @', 'syntax error: invalid arithmetic operator', '@'), { statement: true, after: { x: '-' } }],
  ['x++ @', tok('x++ @', 'syntax error: invalid arithmetic operator', '@'), { statement: true, after: { x: '1' } }],
  ['y = (x = 2) +', tok('y = (x = 2) +', 'syntax error: operand expected', '+'), { statement: true, after: { x: '2', y: '-' } }],
  ['0 && (x = 1, 1 +', tok('0 && (x = 1, 1 +', 'syntax error: operand expected', '+'), { statement: true, after: { x: '-' } }],
  ['1 && (x = 1, 1 +', tok('1 && (x = 1, 1 +', 'syntax error: operand expected', '+'), { statement: true, after: { x: '1' } }],
  ['x = 3, 1 / 0', tok('x = 3, 1 / 0', 'division by 0', '0'), { statement: true, after: { x: '3' } }],
  // A name right after an operand is a syntax error, but bash's tokenizer evaluated it on reading it.
  ['a b', err('1+: syntax error: operand expected (error token is "+")'), { vars: { b: '1+' } }],
  ['a b*c', err('b\\c: syntax error: invalid arithmetic operator (error token is "\\c")'), { vars: { a: '1', b: 'b\\c' } }],
  ['1 / 0 b', err('1+: syntax error: operand expected (error token is "+")'), { vars: { b: '1+' } }],
  ['1 / 0 b', tok('1 / 0 b', 'division by 0', '0 b'), { vars: { b: '2' } }],
  ['x = 1 b', tok('x = 1 b', 'syntax error in expression', 'b'), { statement: true, vars: { b: 'y = 2' }, after: { x: '1', y: '2' } }],
  ['x++ b', tok('x++ b', 'syntax error in expression', 'b'), { statement: true, vars: { b: 'y = x' }, after: { x: '1', y: '1' } }],
  ['1 ? 2 b : 3', tok('1 ? 2 b : 3', "`:' expected for conditional expression", 'b : 3'), { statement: true, vars: { b: 'y = 2' }, after: { y: '2' } }],
  ['0 && 2 b', tok('0 && 2 b', 'syntax error in expression', 'b'), { statement: true, vars: { b: 'y = 2' }, after: { y: '-' } }],
  ['1 ? 2 : 3 b', tok('1 ? 2 : 3 b', 'syntax error in expression', 'b'), { statement: true, vars: { b: 'y = 2' }, after: { y: '-' } }],
  ['a b = 2', tok('a b = 2', 'syntax error in expression', 'b = 2'), { statement: true, vars: { b: 'y = 2' }, after: { y: '-' } }],
  ['n + a', err('a b: expression recursion level exceeded (error token is "a b")'), { vars: { a: 'a b' } }],
  ['a b[y = 3]', tok('a b[y = 3]', 'syntax error in expression', 'b[y = 3]'), { statement: true, vars: { b: '(1 2)' }, after: { y: '3' } }],
];

/** Variables as the interpreter keeps them: scalars, indexed arrays (negative subscripts from the end), associative arrays. */
class Variables implements ArithmeticVariables {
  private readonly values = new Map<string, Map<string, string>>();
  private readonly associative = new Set<string>();
  private readonly arrays = new Set<string>();

  constructor(
    setup: Readonly<Record<string, string>>,
    readonly nounset: boolean,
  ) {
    for (const [name, value] of Object.entries(setup)) {
      const list = /^(A?)\((.*)\)$/.exec(value);
      if (list === null) {
        this.values.set(name, new Map([['0', value]]));
        continue;
      }
      this.arrays.add(name);
      if (list[1] === 'A') this.associative.add(name);
      const words = (list[2] ?? '').split(' ').filter((word) => word !== '');
      this.values.set(name, new Map(words.map((word, i) => (list[1] === 'A' ? (word.split('=') as [string, string]) : [String(i), word]))));
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name)?.get('0');
  }
  set(name: string, value: string): void {
    this.setElement(name, 0n, value);
  }
  isSet(name: string): boolean {
    return this.values.has(name);
  }
  isAssociative(name: string): boolean {
    return this.associative.has(name);
  }
  getElement(name: string, subscript: bigint | string): string | undefined {
    return this.values.get(name)?.get(this.key(name, subscript));
  }
  setElement(name: string, subscript: bigint | string, value: string): void {
    const elements = this.values.get(name) ?? new Map<string, string>();
    this.values.set(name, elements);
    elements.set(this.key(name, subscript), value);
  }
  /** `a[1]` or `x`: what bash's `${...-<unset>}` shows. */
  show(reference: string): string {
    const [, name = '', key = '0'] = /^(\w+)(?:\[(.*)\])?$/.exec(reference) ?? [];
    return this.values.get(name)?.get(key) ?? '-';
  }
  private key(name: string, subscript: bigint | string): string {
    if (typeof subscript === 'string' || subscript >= 0n) return String(subscript);
    const last = Math.max(-1, ...[...(this.values.get(name)?.keys() ?? [])].map(Number));
    return String(BigInt(last + 1) + subscript);
  }
}

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function bashSetup(setup: Setup): string {
  const lines = setup.nounset ? ['set -u'] : [];
  for (const [name, value] of Object.entries(setup.vars ?? {})) {
    const list = /^(A?)\((.*)\)$/.exec(value);
    if (list === null) lines.push(`${name}=${quote(value)}`);
    else if (list[1] === 'A') lines.push(`declare -A ${name}=(${(list[2] ?? '').replace(/(\w+)=(\S+)/g, '[$1]=$2')})`);
    else lines.push(`${name}=(${list[2] ?? ''})`);
  }
  return lines.join('; ');
}

/** The outcome as the table writes it: the value (or `!message`), then `name=value` for each `after`. */
function outcome(value: string, setup: Setup, show: (reference: string) => string): string[] {
  return [value, ...Object.keys(setup.after ?? {}).map((reference) => `${reference}=${show(reference)}`)];
}

function quirl(expr: string, setup: Setup): string[] {
  const vars = new Variables(setup.vars ?? {}, setup.nounset ?? false);
  let value: string;
  try {
    value = String(evaluateArithmeticText(expr, vars));
  } catch (error) {
    if (!(error instanceof ArithmeticError)) throw error;
    value = err(error.message);
  }
  return outcome(value, setup, (reference) => vars.show(reference));
}

/**
 * Each case in a subshell of one bash, between marker lines: `$(( ))` with the expression in a
 * variable (expanded before evaluation, as Quirl's expander will do), or `(( ))` for a statement.
 */
function runBash(cases: readonly (readonly [string, Setup])[]): string[][] {
  const script = cases.map(([expr, setup], i) => {
    const shows = Object.keys(setup.after ?? {}).map((ref) => `echo "${ref}=\${${ref}-"-"}"`);
    const run = setup.statement ? ['(($e)); echo "?"'] : ['r=$(($e))', 'echo "=$r"'];
    return `echo "@@${i}"; ( ${[bashSetup(setup), `e=${quote(expr)}`, ...run, ...shows].filter((s) => s !== '').join('; ')} ) 2>&1`;
  });
  // On stdin: a long script exceeds an argument's size limit.
  const result = spawnSync('bash', ['-s'], { input: `${script.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(result.error, undefined);
  const blocks = result.stdout.split(/^@@\d+\n/m).slice(1);
  assert.equal(blocks.length, cases.length);
  return blocks.map((block, i) => {
    const lines = block.replace(/\n$/, '').split('\n');
    const setup = cases[i]?.[1] ?? {};
    const first = lines.shift() ?? '';
    const value = first.startsWith('=') ? first.slice(1) : first === '?' ? '(statement)' : err(first.replace(/^bash: line \d+: (\(\(: )?/, ''));
    if (setup.statement && lines[0] === '?') lines.shift();
    // A failed `$(( ))` ends the subshell before the variables are shown: Quirl's are compared then.
    return value.startsWith('!') && !setup.statement ? [value] : [value, ...lines];
  });
}

test('the bash on this machine is 5.2', () => {
  const version = spawnSync('bash', ['-c', 'echo ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}'], { encoding: 'utf8' }).stdout.trim();
  assert.equal(version, '5.2');
});

test(`${ROWS.length} arithmetic cases, each as the table says in Quirl and in bash`, () => {
  assert.ok(ROWS.length >= 150);
  const bash = runBash(ROWS.map(([expr, , setup = {}]) => [expr, setup]));
  const wrong: string[] = [];
  ROWS.forEach(([expr, want, setup = {}], i) => {
    const expected = outcome(want, setup, (reference) => setup.after?.[reference] ?? '-');
    const ours = quirl(expr, setup);
    const theirs = bash[i] ?? [];
    const bashExpected = want.startsWith('!') && !setup.statement ? expected.slice(0, 1) : expected;
    if (JSON.stringify(ours) !== JSON.stringify(expected)) wrong.push(`quirl ${JSON.stringify(expr)}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(expected)}`);
    if (JSON.stringify(theirs) !== JSON.stringify(bashExpected)) wrong.push(`bash ${JSON.stringify(expr)}: ${JSON.stringify(theirs)} ≠ ${JSON.stringify(bashExpected)}`);
  });
  assert.deepEqual(wrong, []);
});

test('parseArithmetic gives the tree and throws bash’s message; evaluateArithmetic evaluates it', () => {
  assert.deepEqual(parseArithmetic(' \n\t'), { kind: 'number', value: 0n });
  const tree = parseArithmetic('x += 2 * y[1]');
  assert.equal(tree.kind, 'assign');
  assert.ok(tree.kind === 'assign' && tree.op === '+' && tree.target.name === 'x' && tree.value.kind === 'binary');
  const vars = new Variables({ x: '1', y: '(4 5)' }, false);
  assert.equal(evaluateArithmetic(tree, vars), 11n);
  assert.equal(vars.show('x'), '11');
  assert.throws(() => parseArithmetic('x = 5, 1 +'), (error: unknown) => error instanceof ArithmeticError && error.status === 1 && error.code === 'ArithmeticError');
  // parseArithmetic does not evaluate: nothing was assigned by the failed parse.
  assert.equal(evaluateArithmetic(parseArithmetic('x'), new Variables({}, false)), 0n);
});

test('isEmptyArithmetic: only blanks, as for ((;;)) whose empty condition is true', () => {
  for (const text of ['', ' ', '\t\n ']) assert.equal(isEmptyArithmetic(text), true);
  for (const text of ['0', ' x ', '\r']) assert.equal(isEmptyArithmetic(text), false);
  assert.equal(evaluateArithmeticText('  ', new Variables({}, false)), 0n);
});

test('deep nesting is a clear error, long flat chains are fine', () => {
  const vars = new Variables({}, false);
  for (const deep of ['('.repeat(10000) + '1' + ')'.repeat(10000), '-'.repeat(20000) + '1', '! '.repeat(10000) + '1', '2**'.repeat(5000) + '1', 'x='.repeat(5000) + '1']) {
    assert.throws(
      () => evaluateArithmeticText(deep, vars),
      (error: unknown) => error instanceof ArithmeticError && /expression recursion level exceeded/.test(error.message),
    );
  }
  // Values nested in values, each as deep as allowed: the stack runs out, cleanly.
  const chain: Record<string, string> = { v1000: '5' };
  for (let i = 1; i < 1000; i++) chain[`v${i}`] = `${'- '.repeat(250)}v${i + 1}`;
  assert.deepEqual(quirl('v1', { vars: chain }), [err('v1: expression recursion level exceeded (error token is "v1")')]);
  assert.equal(evaluateArithmeticText(Array(100000).fill('1').join(' + '), vars), 100000n);
  assert.equal(evaluateArithmeticText(Array(100000).fill('x++').join(', '), vars), 99999n);
});

test('a chain of variables naming variables: 1023 deep is evaluated, 1024 is bash’s recursion error', () => {
  for (const length of [1023, 1024]) {
    const setup: Record<string, string> = {};
    for (let i = 1; i < length; i++) setup[`v${i}`] = `v${i + 1}`;
    setup[`v${length}`] = '5';
    const ours = quirl('v1', { vars: setup });
    const bash = runBash([['v1', { vars: setup }]])[0];
    assert.deepEqual(ours, bash);
    assert.deepEqual(ours, [length === 1023 ? '5' : err('v1024: expression recursion level exceeded (error token is "v1024")')]);
  }
});

test('an error the variables throw (a readonly variable) passes through', () => {
  const readonly = new Error('x: readonly variable');
  const vars: ArithmeticVariables = {
    get: () => '1',
    set: () => {
      throw readonly;
    },
  };
  assert.throws(() => evaluateArithmeticText('y = 2, x = 3', vars), (error: unknown) => error === readonly);
  assert.throws(() => evaluateArithmeticText('a[1]', vars), /a\[1\]: bad array subscript/);
});

/** Random expressions over small constants, three variables and every operator, spaced at random. */
const expressions: fc.Arbitrary<string> = (() => {
  const space = fc.constantFrom('', ' ', ' ', '  ');
  const name = fc.constantFrom('a', 'b', 'c');
  const constant = fc.constantFrom('0', '1', '2', '3', '5', '7', '12', '63', '64', '010', '0x1f', '2#101', '64#_', '9223372036854775807');
  const binary = fc.constantFrom('+', '-', '*', '/', '%', '**', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '&', '^', '|', '&&', '||');
  const assign = fc.constantFrom('=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '^=', '|=');
  const { expr } = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      constant,
      name,
      fc.tuple(fc.constantFrom('-', '+', '!', '~'), tie('expr')).map(([op, e]) => `${op}${e}`),
      fc.tuple(tie('expr'), space, binary, space, tie('expr')).map((parts) => parts.join('')),
      tie('expr').map((e) => `(${e})`),
      fc.tuple(tie('expr'), space, tie('expr'), space, tie('expr')).map(([t, s1, a, s2, b]) => `${t}${s1}?${s1}${a}${s2}:${s2}${b}`),
      fc.tuple(name, space, assign, space, tie('expr')).map((parts) => parts.join('')),
      fc.tuple(fc.constantFrom('++', '--'), name, fc.boolean()).map(([op, n, prefix]) => (prefix ? `${op}${n}` : `${n}${op}`)),
      fc.tuple(tie('expr'), space, tie('expr')).map(([a, s, b]) => `${a},${s}${b}`),
    ),
  }));
  return expr;
})();

test('2,500 random expressions: the value (and a, b, c after it) or the error message, as bash', () => {
  const samples = fc.sample(expressions, { numRuns: 2500, seed: 20261202 });
  const setup: Setup = { vars: { a: '3', b: '-2', c: '7' }, after: { a: '', b: '', c: '' } };
  const bash = runBash(samples.map((expr) => [expr, setup]));
  const differ = samples.flatMap((expr, i) => {
    const ours = quirl(expr, setup);
    const theirs = bash[i] ?? [];
    // A failed $(( )) shows no variables in bash.
    const compared = ours[0]?.startsWith('!') ? ours.slice(0, 1) : ours;
    return JSON.stringify(compared) === JSON.stringify(theirs) ? [] : [`${JSON.stringify(expr)}: quirl ${JSON.stringify(compared)}, bash ${JSON.stringify(theirs)}`];
  });
  assert.deepEqual(differ.slice(0, 10), []);
  const errors = samples.filter((_, i) => bash[i]?.[0]?.startsWith('!')).length;
  assert.ok(errors > 100 && errors < 2400, `a useful mix of values and errors (${errors} errors)`);
});

test('every operator at the edges of 32 bits, 2^53 and 64 bits: the value, as bash', () => {
  // Values are numbers up to ±(2^53 - 1) and BigInts beyond: each operation crossing an edge must still wrap as bash's.
  const edges = ['0', '1', '-1', '2', '3', '31', '32', '63', '2147483647', '-2147483648', '4294967296',
    '9007199254740991', '-9007199254740991', '9007199254740992', '-9007199254740993', '3037000500',
    '9223372036854775807', '-9223372036854775807 - 1', 'x', 'y'];
  const operators = ['+', '-', '*', '/', '%', '**', '<<', '>>', '&', '|', '^', '<', '>', '<=', '>=', '==', '!=', '&&', '||'];
  const setup: Setup = { vars: { x: '9007199254740991', y: '-9007199254740992' } };
  const cases = edges.flatMap((a) => [...operators.flatMap((op) => edges.map((b) => `(${a}) ${op} (${b})`)), `-(${a})`, `~(${a})`, `!(${a})`]);
  const bash = runBash(cases.map((expr) => [expr, setup]));
  const differ = cases.flatMap((expr, i) => {
    const ours = quirl(expr, setup).slice(0, 1);
    const theirs = bash[i] ?? [];
    return JSON.stringify(ours) === JSON.stringify(theirs) ? [] : [`${expr}: quirl ${JSON.stringify(ours)}, bash ${JSON.stringify(theirs)}`];
  });
  assert.deepEqual(differ.slice(0, 10), []);
});
