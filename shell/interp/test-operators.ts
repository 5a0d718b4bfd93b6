/**
 * The operators `test`/`[` and `[[ ]]` share: bash 5.2's file, string, variable and integer
 * tests (test.c's unary_test and binary_test), each on its operands as given.
 */
import { accessSync, constants, lstatSync, statSync, type BigIntStats } from 'node:fs';
import { isatty } from 'node:tty';
import { encodeText, fsPath } from '../bytes';
import type { FdTable } from '../exec/fds';
import type { ShellState } from './state';
import type { Variable } from './variable';
import { AssociativeArray, IndexedArray } from './arrays';
import { ShellError } from '../errors';
import { evaluateArithmeticText, smallDecimal } from '../expand/arith';

/** A usage error of the expression: bash prints it and exits 2. */
export class TestSyntaxError extends Error {}

/** What the file and variable operators look at (`[[` passes its own). */
export interface TestEnvironment {
  readonly state: ShellState;
  readonly fds: FdTable;
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
  // The integer operators first, by one property read: a loop's `[ $i -lt $n ]` passes no string comparisons.
  const compare = INTEGER_COMPARISONS[operator];
  if (compare !== undefined) return compareIntegers(compare, left, right);
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
  throw new TestSyntaxError(`${operator}: binary operator expected`);
}

function compareIntegers(compare: Comparison, left: string, right: string): boolean {
  // A plain decimal (a loop's `[ $i -lt $n ]`) is compared as a number: no BigInt, no match.
  const leftNumber = smallDecimal(left);
  const rightNumber = leftNumber === undefined ? undefined : smallDecimal(right);
  if (leftNumber !== undefined && rightNumber !== undefined) return compare(leftNumber, rightNumber);
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
