/**
 * bash's arithmetic grammar (expr.c), one method per precedence level as bash has them, building
 * a tree instead of a value. bash evaluates while it parses, so a syntax error does not undo what
 * came before it (`(( x=5, 1+ ))` sets x): a bad token becomes a 'fail' node at the point bash
 * reaches it, holding what bash had evaluated by then, and the enclosing operations never complete.
 */
import { ArithmeticError, type ArithExpr, type ArithVariable, type BinaryOperator } from './ast';
import { LexFailure, readToken, type Token, type TokenKind } from './lexer';

/**
 * How deep parentheses, unary operators, `**`, `?:` and assignments may nest. bash has no limit
 * (its C stack is large); here each level costs a dozen JavaScript frames, and no real script
 * comes near this.
 */
export const MAX_NESTING = 256;

/** Left-associative levels, loosest first, as bash's explor() ... expmuldiv(). */
const LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<=', '>=', '<', '>'], ['<<', '>>'], ['+', '-'], ['*', '/', '%'],
];

export interface ParseResult {
  readonly expr: ArithExpr;
  /** The first error bash would report while parsing; `expr` then contains it as a 'fail' node. */
  readonly error: ArithmeticError | undefined;
}

/**
 * Parses non-blank `text` (a blank expression is 0 and never parsed, as in bash). Evaluation
 * caches what it compiles from the tree by the text, so a loop's `$((i+1))` is parsed once.
 */
export function parse(text: string): ParseResult {
  return new Parser(text).parseAll();
}

class Parser {
  private cur: Token;
  private lastKind: TokenKind = 'eof';
  /** Where the last token read starts: bash's `lasttp`, the start of its "error token". */
  private lastStart = 0;
  private error: ArithmeticError | undefined;
  private nesting = 0;
  /** The last name read with a plain `=` after it: bash does not read it, it assigns it. */
  private assigned: ArithVariable | undefined;

  constructor(private readonly text: string) {
    this.cur = { kind: 'eof', start: 0, end: 0, value: 0n, name: '', subscript: undefined, assigned: false, assignOp: '=' };
  }

  parseAll(): ParseResult {
    this.next();
    let expr = this.comma();
    if (this.error === undefined && this.cur.kind !== 'eof') expr = this.fail('syntax error in expression', expr);
    return { expr, error: this.error };
  }

  /** bash's readtok(): a tokenizing error ends the parse where it happened. */
  private next(): void {
    const current = this.cur.kind;
    const previous = this.lastKind;
    this.lastKind = current;
    try {
      this.cur = readToken(this.text, this.cur.end, current, previous);
    } catch (failure) {
      if (!(failure instanceof LexFailure)) throw failure;
      this.error = failure.toError(this.text);
      this.cur = { ...this.cur, kind: 'eof' };
      return;
    }
    if (this.cur.kind !== 'eof') this.lastStart = this.cur.start;
  }

  /** The current token's kind (a method, so that TypeScript does not narrow it across next()). */
  private kind(): TokenKind {
    return this.cur.kind;
  }

  /** The error at the current token, thrown after `prior` (what bash had evaluated by then). */
  private fail(what: string, prior?: ArithExpr): ArithExpr {
    this.error ??= ArithmeticError.at(this.text, this.lastStart, what);
    return { kind: 'fail', prior, error: this.error };
  }

  /** After an error was met (fail() keeps the first): the node that throws it after `prior`. */
  private halted(prior?: ArithExpr): ArithExpr {
    return this.fail('syntax error', prior);
  }

  /** Reads the token after a complete operand; if that fails, the operand is all bash evaluated. */
  private advanceAfter(operand: ArithExpr): ArithExpr {
    this.next();
    return this.error === undefined ? this.readAfter(operand) : this.halted(operand);
  }

  /**
   * A name right after a complete operand is a syntax error, but bash's tokenizer has evaluated
   * it by then (unless a plain `=` follows): its value's errors and side effects come first.
   */
  private readAfter(operand: ArithExpr): ArithExpr {
    const tok = this.cur;
    if (tok.kind !== 'str' || tok.assigned) return operand;
    return { kind: 'lookahead', operand, name: this.variable(tok) };
  }

  /** A nested operand, counted against MAX_NESTING. */
  private nested(parse: () => ArithExpr): ArithExpr {
    if (this.error !== undefined) return this.halted();
    if (this.nesting >= MAX_NESTING) return this.fail('expression recursion level exceeded');
    this.nesting++;
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  private comma(): ArithExpr {
    const expressions = [this.assign()];
    while (this.cur.kind === ',') {
      this.next();
      expressions.push(this.assign());
    }
    return expressions.length === 1 && expressions[0] !== undefined ? expressions[0] : { kind: 'comma', expressions };
  }

  private assign(): ArithExpr {
    const left = this.conditional();
    const tok = this.cur;
    if (tok.kind !== '=' && tok.kind !== 'op=') return left;
    // Only a lone name may be assigned: every operator marks its result as a number.
    const target = this.lastKind !== 'str' ? undefined : tok.kind === '=' ? this.assigned : left.kind === 'variable' ? left : undefined;
    if (target === undefined) return this.fail('attempted assignment to non-variable', left);
    this.next();
    const value = this.nested(() => this.assign());
    return {
      kind: 'assign',
      op: tok.kind === '=' ? '=' : tok.assignOp,
      target,
      value,
      expression: this.text,
      errorAt: this.lastStart,
    };
  }

  private conditional(): ArithExpr {
    const test = this.binary(0);
    if (this.cur.kind !== '?') return test;
    this.next();
    if (this.error === undefined && (this.kind() === 'eof' || this.kind() === ':')) {
      return this.fail('expression expected', test);
    }
    const ifTrue = this.nested(() => this.comma());
    return { kind: 'conditional', test, ifTrue, ifFalse: this.elseBranch() };
  }

  private elseBranch(): ArithExpr {
    if (this.error !== undefined) return this.halted();
    if (this.cur.kind !== ':') return this.fail("`:' expected for conditional expression");
    this.next();
    if (this.error === undefined && this.kind() === 'eof') return this.fail('expression expected');
    const ifFalse = this.nested(() => this.conditional());
    this.lastKind = 'cond';
    return ifFalse;
  }

  private binary(level: number): ArithExpr {
    const operators = LEVELS[level];
    if (operators === undefined) return this.power();
    let left = this.binary(level + 1);
    for (let op = this.operator(operators); op !== undefined; op = this.operator(operators)) {
      // Division by 0 quotes the text right after the operator (blanks skipped, newlines not).
      let errorAt = this.cur.end;
      while (this.text[errorAt] === ' ' || this.text[errorAt] === '\t') errorAt++;
      this.next();
      const right = this.binary(level + 1);
      left = { kind: 'binary', op, left, right, expression: this.text, errorAt };
      this.lastKind = op === '&&' || op === '||' ? op : 'num';
    }
    return left;
  }

  private operator(operators: readonly BinaryOperator[]): BinaryOperator | undefined {
    return operators.find((op) => op === this.cur.kind);
  }

  /** `**` is right-associative and binds looser than the unary operators (`-2**2` is 4). */
  private power(): ArithExpr {
    const left = this.unary();
    if (this.cur.kind !== '**') return left;
    this.next();
    const right = this.nested(() => this.power());
    this.lastKind = 'num';
    return { kind: 'binary', op: '**', left, right, expression: this.text, errorAt: this.lastStart };
  }

  private unary(): ArithExpr {
    const op = this.cur.kind;
    if (op !== '!' && op !== '~' && op !== '-' && op !== '+') return this.primary();
    this.next();
    const operand = this.nested(() => this.unary());
    this.lastKind = 'num';
    return { kind: 'unary', op, operand };
  }

  private primary(): ArithExpr {
    if (this.error !== undefined) return this.halted();
    const tok = this.cur;
    if (tok.kind === 'pre++' || tok.kind === 'pre--') {
      this.lastKind = tok.kind;
      this.next();
      if (this.error !== undefined) return this.halted();
      // The lexer makes `++` a prefix only before a name.
      const target = this.variable(this.cur);
      this.cur = { ...this.cur, kind: 'num' };
      return this.advanceAfter({ kind: 'increment', op: tok.kind === 'pre++' ? '++' : '--', prefix: true, target });
    }
    if (tok.kind === '(') return this.nested(() => this.parenthesised());
    if (tok.kind === 'num') return this.advanceAfter({ kind: 'number', value: tok.value });
    if (tok.kind !== 'str') return this.fail('syntax error: operand expected');
    const target = this.variable(tok);
    if (tok.assigned) {
      // Read as 0: `1 + a = 5` fails without reading a, as in bash.
      this.assigned = target;
      return this.advanceAfter({ kind: 'number', value: 0n });
    }
    this.next();
    if (this.error !== undefined) return this.halted(target);
    const after = this.cur.kind;
    if (after !== 'post++' && after !== 'post--') return this.readAfter(target);
    this.lastKind = 'str';
    this.cur = { ...this.cur, kind: 'num' };
    return this.advanceAfter({ kind: 'increment', op: after === 'post++' ? '++' : '--', prefix: false, target });
  }

  private parenthesised(): ArithExpr {
    this.next();
    const inner = this.comma();
    if (this.error !== undefined) return inner;
    if (this.cur.kind !== ')') return this.fail("missing `)'", inner);
    return this.advanceAfter(inner);
  }

  private variable(tok: Token): ArithVariable {
    return { kind: 'variable', name: tok.name, subscript: tok.subscript, expression: this.text, errorAt: tok.start };
  }
}
