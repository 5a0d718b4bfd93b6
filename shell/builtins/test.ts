/**
 * `test` and `[`: bash 5.2's test.c, argument for argument. POSIX's rules for 0–4 arguments
 * come first (that is what makes `[ -n ]`, `[ ! = ]` and `[ "(" x ")" ]` work); longer
 * expressions go through the recursive grammar, where `-a` binds tighter than `-o`.
 */
import { accessSync, constants, lstatSync, statSync, type BigIntStats } from 'node:fs';
import { isatty } from 'node:tty';
import { encodeText, fsPath } from '../bytes';
import type { FdTable } from '../exec/fds';
import type { ShellState } from '../interp/state';
import type { Variable } from '../interp/variable';
import { AssociativeArray, IndexedArray } from '../interp/arrays';
import { ShellError } from '../errors';
import { evaluateArithmeticText } from '../expand/arith';
import type { Builtin } from './types';

/** A usage error of the expression: bash prints it and exits 2. */
class TestSyntaxError extends Error {}

/** What the file and variable operators look at (`[[` passes its own). */
export interface TestEnvironment {
  readonly state: ShellState;
  readonly fds: FdTable;
}

export const testBuiltin: Builtin = ({ argv, state, output }) => {
  const name = argv[0] as string;
  let args = argv.slice(1);
  try {
    if (name === '[') {
      if (args[args.length - 1] !== ']') throw new TestSyntaxError("missing `]'");
      args = args.slice(0, -1);
    }
    return new Evaluator(args, { state, fds: output.fds }).run() ? 0 : 1;
  } catch (error) {
    if (!(error instanceof TestSyntaxError)) throw error;
    return output.err(`quirl: ${name}: ${error.message}\n`).then(() => 2);
  }
};

const BINARY_OPERATORS = new Set(['=', '==', '!=', '<', '>', '-nt', '-ot', '-ef', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const UNARY_LETTERS = 'abcdefghknoprstuvwxzGLOSNR';

function isBinaryOperator(word: string | undefined): boolean {
  return word !== undefined && BINARY_OPERATORS.has(word);
}

function isUnaryOperator(word: string): boolean {
  return word.length === 2 && word[0] === '-' && UNARY_LETTERS.includes(word[1] as string);
}

/** bash's test.c: `pos` walks the arguments; each grammar function consumes what it uses. */
class Evaluator {
  private pos = 0;

  constructor(
    private readonly args: readonly string[],
    private readonly env: TestEnvironment,
  ) {}

  run(): boolean {
    const value = this.posixTest();
    if (this.pos < this.args.length) {
      const word = this.args[this.pos] as string;
      throw new TestSyntaxError(word.startsWith('-') ? `syntax error: \`${word}' unexpected` : 'too many arguments');
    }
    return value;
  }

  private arg(offset: number): string {
    return this.args[this.pos + offset] as string;
  }

  /** POSIX's table by argument count; five or more go to the full grammar. */
  private posixTest(): boolean {
    const count = this.args.length;
    if (count === 4) {
      if (this.arg(0) === '!') {
        this.advance(true);
        return !this.threeArguments();
      }
      if (this.arg(0) === '(' && this.args[3] === ')') {
        this.advance(true);
        return this.finish(this.twoArguments());
      }
    }
    if (count === 0) return this.finish(false);
    if (count === 1) return this.finish(this.arg(0) !== '');
    if (count === 2) return this.finish(this.twoArguments());
    if (count === 3) return this.threeArguments();
    return this.expression();
  }

  private finish(value: boolean): boolean {
    this.pos = this.args.length;
    return value;
  }

  private advance(needMore: boolean): void {
    this.pos += 1;
    if (needMore && this.pos >= this.args.length) throw new TestSyntaxError('argument expected');
  }

  private twoArguments(): boolean {
    const first = this.arg(0);
    if (first === '!') return this.arg(1) === '';
    if (isUnaryOperator(first)) return this.unaryOperator();
    throw new TestSyntaxError(`${first}: unary operator expected`);
  }

  private threeArguments(): boolean {
    const [first, middle, last] = [this.arg(0), this.arg(1), this.arg(2)];
    if (isBinaryOperator(middle)) return this.finish(this.binaryOperator());
    if (middle === '-a') return this.finish(first !== '' && last !== '');
    if (middle === '-o') return this.finish(first !== '' || last !== '');
    if (first === '!') {
      this.advance(true);
      return this.finish(!this.twoArguments());
    }
    // bash looks only at the first character of each parenthesis here.
    if (first.startsWith('(') && last.startsWith(')')) return this.finish(middle !== '');
    throw new TestSyntaxError(`${middle}: binary operator expected`);
  }

  private expression(): boolean {
    if (this.pos >= this.args.length) throw new TestSyntaxError('argument expected');
    return this.or();
  }

  private or(): boolean {
    const left = this.and();
    if (this.pos < this.args.length && this.arg(0) === '-o') {
      this.advance(false);
      const right = this.or();
      return left || right;
    }
    return left;
  }

  private and(): boolean {
    const left = this.term();
    if (this.pos < this.args.length && this.arg(0) === '-a') {
      this.advance(false);
      const right = this.and();
      return left && right;
    }
    return left;
  }

  private term(): boolean {
    if (this.pos >= this.args.length) throw new TestSyntaxError('argument expected');
    if (this.arg(0) === '!') {
      let negate = false;
      while (this.pos < this.args.length && this.arg(0) === '!') {
        this.advance(true);
        negate = !negate;
      }
      return negate !== this.term();
    }
    if (this.arg(0) === '(') {
      this.advance(true);
      const value = this.expression();
      if (this.pos >= this.args.length) throw new TestSyntaxError("`)' expected");
      if (this.arg(0) !== ')') throw new TestSyntaxError(`\`)' expected, found ${this.arg(0)}`);
      this.advance(false);
      return value;
    }
    const left = this.args.length - this.pos;
    if (left >= 3 && isBinaryOperator(this.arg(1))) return this.binaryOperator();
    if (left >= 2 && isUnaryOperator(this.arg(0))) return this.unaryOperator();
    const value = this.arg(0) !== '';
    this.advance(false);
    return value;
  }

  private binaryOperator(): boolean {
    const value = binaryTest(this.arg(1), this.arg(0), this.arg(2), this.env);
    this.pos += 3;
    return value;
  }

  /** `-t` alone means `-t 1`; `-t WORD` is false when WORD is no number (and WORD stays unread). */
  private unaryOperator(): boolean {
    const operator = this.arg(0);
    if (operator === '-t') {
      this.advance(false);
      if (this.pos >= this.args.length) return unaryTest(operator, '1', this.env);
      if (parseInteger(this.arg(0)) === undefined) return false;
      this.advance(false);
      return unaryTest(operator, this.args[this.pos - 1] as string, this.env);
    }
    this.advance(true);
    const value = unaryTest(operator, this.arg(0), this.env);
    this.pos += 1;
    return value;
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * bash's legal_number: strtoimax in base 10 (leading white space of any kind, a sign), then
 * only blanks; out of the 64-bit range is no number.
 */
export function parseInteger(word: string): bigint | undefined {
  const match = /^[ \t\n\v\f\r]*([+-]?\d+)[ \t]*$/.exec(word);
  if (match === null) return undefined;
  const value = BigInt(match[1] as string);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

function integerOperand(word: string): bigint {
  const value = parseInteger(word);
  if (value === undefined) throw new TestSyntaxError(`${word}: integer expression expected`);
  return value;
}

/** A plain decimal of at most 15 digits: exact as a number, so compared without BigInt (a loop's `[ $i -lt $n ]`). */
const SMALL_DECIMAL = /^-?\d{1,15}$/;

type Comparison = <T extends bigint | number>(left: T, right: T) => boolean;

/** The integer operators, shared with `[[ ]]` (where their operands are arithmetic). */
export const INTEGER_COMPARISONS: Readonly<Record<string, Comparison>> = {
  '-eq': (l, r) => l === r,
  '-ne': (l, r) => l !== r,
  '-lt': (l, r) => l < r,
  '-le': (l, r) => l <= r,
  '-gt': (l, r) => l > r,
  '-ge': (l, r) => l >= r,
};

/** `<` and `>` compare bytes, as test's strcmp does (only `[[` uses the locale's collation). */
function compareBytes(left: string, right: string): number {
  return Buffer.compare(encodeText(left), encodeText(right));
}

/** One binary operator; a bad integer is a TestSyntaxError. */
export function binaryTest(operator: string, left: string, right: string, env: TestEnvironment): boolean {
  switch (operator) {
    case '=':
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return compareBytes(left, right) < 0;
    case '>':
      return compareBytes(left, right) > 0;
    case '-nt':
    case '-ot':
    case '-ef':
      return compareFiles(operator, statPath(left, env), statPath(right, env));
  }
  const compare = INTEGER_COMPARISONS[operator] as Comparison;
  if (SMALL_DECIMAL.test(left) && SMALL_DECIMAL.test(right)) return compare(Number(left), Number(right));
  const leftValue = integerOperand(left);
  return compare(leftValue, integerOperand(right));
}

/** A missing file is older than any existing one; -ef needs both. */
function compareFiles(operator: string, left: BigIntStats | undefined, right: BigIntStats | undefined): boolean {
  if (operator === '-ef') return left !== undefined && right !== undefined && left.dev === right.dev && left.ino === right.ino;
  const [newer, older] = operator === '-nt' ? [left, right] : [right, left];
  if (newer === undefined) return false;
  return older === undefined || newer.mtimeNs > older.mtimeNs;
}

/**
 * The path a file operator looks at. Relative names are the shell's, not Node's, working
 * directory; /dev/fd/N and /dev/std* name this command's descriptors, not Node's.
 */
function osPath(word: string, env: TestEnvironment): string | undefined {
  if (word === '') return undefined;
  const fdName = /^\/dev\/(?:fd\/(0|[1-9]\d*)|std(in|out|err))$/.exec(word);
  if (fdName !== null) {
    const fd = fdName[2] !== undefined ? ['in', 'out', 'err'].indexOf(fdName[2]) : Number(fdName[1]);
    const osFd = env.fds.get(fd);
    return osFd === undefined ? undefined : `/proc/self/fd/${osFd}`;
  }
  // Joined, not path.resolve()d: `link/..` must go through the kernel's view of the link.
  return word.startsWith('/') ? word : `${env.state.cwd}/${word}`;
}

function statPath(word: string, env: TestEnvironment, follow = true): BigIntStats | undefined {
  const path = osPath(word, env);
  if (path === undefined) return undefined;
  try {
    return (follow ? statSync : lstatSync)(fsPath(path), { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined; // ENOTDIR, EACCES, ENAMETOOLONG, ELOOP: no such file, for test.
  }
}

const S_IFMT = 0o170000n;
const FILE_TYPES: Readonly<Record<string, bigint>> = {
  '-d': 0o040000n,
  '-c': 0o020000n,
  '-b': 0o060000n,
  '-p': 0o010000n,
  '-S': 0o140000n,
};
const MODE_BITS: Readonly<Record<string, bigint>> = { '-u': 0o4000n, '-g': 0o2000n, '-k': 0o1000n };
const ACCESS_MODES: Readonly<Record<string, number>> = { '-r': constants.R_OK, '-w': constants.W_OK, '-x': constants.X_OK };

/** One unary operator applied to its operand. */
export function unaryTest(operator: string, word: string, env: TestEnvironment): boolean {
  switch (operator) {
    case '-t':
      return isTerminal(word, env.fds);
    case '-n':
      return word !== '';
    case '-z':
      return word === '';
    case '-v':
      return isSet(word, env.state);
    case '-R':
      // A nameref with a name in it, whether or not that names a variable set.
      return isReference(env.state.own(word));
    case '-o':
      // No shell options yet: nothing is set.
      return false;
    case '-h':
    case '-L':
      return statPath(word, env, false)?.isSymbolicLink() ?? false;
    case '-r':
    case '-w':
    case '-x':
      return canAccess(word, ACCESS_MODES[operator] as number, env);
  }
  const stats = statPath(word, env);
  return stats !== undefined && fileTest(operator, stats);
}

/**
 * `-v NAME`, `-v 'NAME[SUBSCRIPT]'` (an element; `[@]` or `[*]` any element, except that an
 * associative array's key is always literal, as in bash 5.2), or `-v N` for the positional
 * parameter N ($0 is always set).
 */
function isReference(variable: Variable | undefined): boolean {
  return variable?.attributes.has('n') === true && typeof variable.value === 'string';
}

function isSet(word: string, state: ShellState): boolean {
  const index = parseInteger(word);
  if (index !== undefined) return index >= 0n && index <= BigInt(state.positional.length);
  const element = ELEMENT.exec(word);
  // bash's -v looks for a variable named as a nameref's element (`a[1]`), and finds none.
  if (element === null) return state.referenceOf(word)?.includes('[') !== true && state.get(word) !== undefined;
  const [, name = '', subscript = ''] = element;
  const variable = state.lookup(name);
  if (variable?.value instanceof AssociativeArray) return variable.value.get(subscript) !== undefined;
  if (variable?.attributes.has('A') === true) return false;
  if (subscript === '@' || subscript === '*') return (state.entries(name)?.length ?? 0) > 0;
  // A negative subscript before the start is bash's error, not just unset (a scalar has no negative ones).
  const position = evaluateArithmeticText(subscript, state.arithmeticVariables());
  const end = variable?.value instanceof IndexedArray ? variable.value.end : 0;
  if (position < 0n && position + BigInt(end) < 0n) throw new ShellError('Usage', `${name}: bad array subscript`, { status: 1 });
  return state.element(name, position) !== undefined;
}

/** `NAME[SUBSCRIPT]`. */
const ELEMENT = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s;

function fileTest(operator: string, stats: BigIntStats): boolean {
  const type = FILE_TYPES[operator];
  if (type !== undefined) return (stats.mode & S_IFMT) === type;
  const bit = MODE_BITS[operator];
  if (bit !== undefined) return (stats.mode & bit) !== 0n;
  switch (operator) {
    case '-f':
      return stats.isFile();
    case '-s':
      return stats.size > 0n;
    case '-O':
      return stats.uid === BigInt(process.geteuid?.() ?? -1);
    case '-G':
      return stats.gid === BigInt(process.getegid?.() ?? -1);
    case '-N':
      return stats.mtimeNs > stats.atimeNs;
    default: // -a, -e
      return true;
  }
}

function canAccess(word: string, mode: number, env: TestEnvironment): boolean {
  const path = osPath(word, env);
  if (path === undefined) return false;
  try {
    accessSync(fsPath(path), mode);
    return true;
  } catch {
    return false;
  }
}

/** `-t FD`: whether this command's descriptor FD is a terminal. */
function isTerminal(word: string, fds: FdTable): boolean {
  const fd = parseInteger(word);
  if (fd === undefined || fd < 0n || fd > 2n ** 31n - 1n) return false;
  const osFd = fds.get(Number(fd));
  return osFd !== undefined && isatty(osFd);
}
