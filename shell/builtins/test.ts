/**
 * `test` and `[`: bash 5.2's test.c, argument for argument. POSIX's rules for 0–4 arguments
 * come first (that is what makes `[ -n ]`, `[ ! = ]` and `[ "(" x ")" ]` work); longer
 * expressions go through the recursive grammar, where `-a` binds tighter than `-o`.
 */
import { binaryTest, parseInteger, TestSyntaxError, unaryTest, type TestEnvironment } from '../interp/test-operators';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';
import type { FdTable } from '../exec/fds';
import type { ShellState } from '../interp/state';

export const testBuiltin: Builtin = (context) => {
  const { argv } = context;
  const name = argv[0] as string;
  try {
    // `[`'s closing bracket is left out of the expression by its end, not by copying argv.
    let end = argv.length;
    if (name === '[') {
      if (argv[end - 1] !== ']') throw new TestSyntaxError("missing `]'");
      end -= 1;
    }
    return evaluator.evaluate(argv, end, context) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof TestSyntaxError)) throw error;
    return context.output.err(`quirl: ${name}: ${error.message}\n`).then(() => 2);
  }
};

const NO_ARGUMENTS: readonly string[] = [];
const BINARY_OPERATORS = new Set(['=', '==', '!=', '<', '>', '-nt', '-ot', '-ef', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const UNARY_LETTERS = 'abcdefghknoprstuvwxzGLOSNR';

function isBinaryOperator(word: string | undefined): boolean {
  return word !== undefined && BINARY_OPERATORS.has(word);
}

function isUnaryOperator(word: string): boolean {
  return word.length === 2 && word[0] === '-' && UNARY_LETTERS.includes(word[1] as string);
}

/**
 * bash's test.c: `pos` walks the arguments argv[1] .. argv[end - 1]; each grammar function
 * consumes what it uses. It is the file and variable operators' environment too.
 */
class Evaluator implements TestEnvironment {
  private pos = 1;
  private args = NO_ARGUMENTS;
  private end = 0;
  private context: BuiltinContext | undefined;

  get state(): ShellState {
    return (this.context as BuiltinContext).state;
  }

  /** Asked only by the operators that look at a descriptor (`-t`): the builtin's output is made only then. */
  get fds(): FdTable {
    return (this.context as BuiltinContext).output.fds;
  }

  /** argv[1] .. argv[end - 1] as an expression, in the builtin's `context`. */
  evaluate(argv: readonly string[], end: number, context: BuiltinContext): boolean {
    this.pos = 1;
    this.args = argv;
    this.end = end;
    this.context = context;
    try {
      return this.run();
    } finally {
      this.args = NO_ARGUMENTS;
      this.context = undefined;
    }
  }

  private run(): boolean {
    const value = this.posixTest();
    if (this.pos < this.end) {
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
    const count = this.end - 1;
    if (count === 4) {
      if (this.arg(0) === '!') {
        this.advance(true);
        return !this.threeArguments();
      }
      if (this.arg(0) === '(' && this.arg(3) === ')') {
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
    this.pos = this.end;
    return value;
  }

  private advance(needMore: boolean): void {
    this.pos += 1;
    if (needMore && this.pos >= this.end) throw new TestSyntaxError('argument expected');
  }

  private twoArguments(): boolean {
    const first = this.arg(0);
    if (first === '!') return this.arg(1) === '';
    if (isUnaryOperator(first)) return this.unaryOperator();
    throw new TestSyntaxError(`${first}: unary operator expected`);
  }

  private threeArguments(): boolean {
    const first = this.arg(0);
    const middle = this.arg(1);
    const last = this.arg(2);
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
    if (this.pos >= this.end) throw new TestSyntaxError('argument expected');
    return this.or();
  }

  private or(): boolean {
    const left = this.and();
    if (this.pos < this.end && this.arg(0) === '-o') {
      this.advance(false);
      const right = this.or();
      return left || right;
    }
    return left;
  }

  private and(): boolean {
    const left = this.term();
    if (this.pos < this.end && this.arg(0) === '-a') {
      this.advance(false);
      const right = this.and();
      return left && right;
    }
    return left;
  }

  private term(): boolean {
    if (this.pos >= this.end) throw new TestSyntaxError('argument expected');
    if (this.arg(0) === '!') {
      let negate = false;
      while (this.pos < this.end && this.arg(0) === '!') {
        this.advance(true);
        negate = !negate;
      }
      return negate !== this.term();
    }
    if (this.arg(0) === '(') {
      this.advance(true);
      const value = this.expression();
      if (this.pos >= this.end) throw new TestSyntaxError("`)' expected");
      if (this.arg(0) !== ')') throw new TestSyntaxError(`\`)' expected, found ${this.arg(0)}`);
      this.advance(false);
      return value;
    }
    const left = this.end - this.pos;
    if (left >= 3 && isBinaryOperator(this.arg(1))) return this.binaryOperator();
    if (left >= 2 && isUnaryOperator(this.arg(0))) return this.unaryOperator();
    const value = this.arg(0) !== '';
    this.advance(false);
    return value;
  }

  private binaryOperator(): boolean {
    const value = binaryTest(this.arg(1), this.arg(0), this.arg(2), this);
    this.pos += 3;
    return value;
  }

  /** `-t` alone means `-t 1`; `-t WORD` is false when WORD is no number (and WORD stays unread). */
  private unaryOperator(): boolean {
    const operator = this.arg(0);
    if (operator === '-t') {
      this.advance(false);
      if (this.pos >= this.end) return unaryTest(operator, '1', this);
      if (parseInteger(this.arg(0)) === undefined) return false;
      this.advance(false);
      return unaryTest(operator, this.args[this.pos - 1] as string, this);
    }
    this.advance(true);
    const value = unaryTest(operator, this.arg(0), this);
    this.pos += 1;
    return value;
  }
}

/** test runs no shell code while it evaluates (its operators read state and files): one evaluator serves every call. */
const evaluator = new Evaluator();
