/**
 * The arithmetic syntax tree and its error. Nodes that can fail while being evaluated carry the
 * expression text and the offset bash's message quotes from (`errorAt`), because bash reports
 * those failures with the text it was reading when they happened.
 */
import { ShellError } from '../../errors';

/** A variable, or an element `name[subscript]`; `subscript` is the raw text between the brackets. */
export interface ArithVariable {
  readonly kind: 'variable';
  readonly name: string;
  readonly subscript: string | undefined;
  /** The whole expression this reference was parsed from, and where the reference starts in it. */
  readonly expression: string;
  readonly errorAt: number;
}

export type UnaryOperator = '+' | '-' | '!' | '~';

export type BinaryOperator =
  | '||' | '&&' | '|' | '^' | '&' | '==' | '!=' | '<' | '>' | '<=' | '>=' | '<<' | '>>' | '+' | '-' | '*' | '/' | '%' | '**';

/** `=`, or the operator of a compound assignment (`+=` is `'+'`). */
export type AssignOperator = '=' | '*' | '/' | '%' | '+' | '-' | '<<' | '>>' | '&' | '^' | '|';

export type ArithExpr =
  | { readonly kind: 'number'; readonly value: bigint }
  | ArithVariable
  | { readonly kind: 'unary'; readonly op: UnaryOperator; readonly operand: ArithExpr }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly left: ArithExpr;
      readonly right: ArithExpr;
      /** For `/`, `%` and `**`: where bash's "error token" starts when the operation fails. */
      readonly expression: string;
      readonly errorAt: number;
    }
  | { readonly kind: 'conditional'; readonly test: ArithExpr; readonly ifTrue: ArithExpr; readonly ifFalse: ArithExpr }
  | {
      readonly kind: 'assign';
      readonly op: AssignOperator;
      readonly target: ArithVariable;
      readonly value: ArithExpr;
      /** For `/=` and `%=` by zero. */
      readonly expression: string;
      readonly errorAt: number;
    }
  | { readonly kind: 'increment'; readonly op: '++' | '--'; readonly prefix: boolean; readonly target: ArithVariable }
  | { readonly kind: 'comma'; readonly expressions: readonly ArithExpr[] }
  /**
   * Only in the tree of invalid text: a name read right after a complete operand (`a b`), which
   * is always a syntax error. bash evaluates a name as soon as its tokenizer reads it (unless
   * under noeval, or a plain `=` follows), so `name` is read after `operand` and before anything
   * enclosing completes (a division, an assignment) or the syntax error is reported.
   */
  | { readonly kind: 'lookahead'; readonly operand: ArithExpr; readonly name: ArithVariable }
  /**
   * Only in the tree evaluateArithmeticText builds from invalid text (parseArithmetic throws
   * instead): bash evaluates as it parses, so `prior` (what it read before the bad token) is
   * evaluated, with its side effects and errors, and then `error` is thrown.
   */
  | { readonly kind: 'fail'; readonly prior: ArithExpr | undefined; readonly error: ArithmeticError };

/**
 * An arithmetic failure with bash's message. For an unbound variable under `set -u` the message
 * is `NAME: unbound variable` (bash exits a script for it); otherwise it is
 * `EXPRESSION: WHAT (error token is "TOKEN")`, to which the caller prefixes `let: ` or `((: `.
 */
export class ArithmeticError extends ShellError {
  readonly unboundVariable: string | undefined;

  constructor(message: string, unboundVariable?: string) {
    super('ArithmeticError', message);
    this.name = 'ArithmeticError';
    this.unboundVariable = unboundVariable;
  }

  /** bash's evalerror(): the expression without leading blanks, the message, the text from `at`. */
  static at(expression: string, at: number, what: string): ArithmeticError {
    const shown = expression.replace(/^[ \t]+/, '');
    return new ArithmeticError(`${shown}: ${what} (error token is "${expression.slice(at)}")`);
  }
}
