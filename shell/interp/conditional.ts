/**
 * bash's `[[ ]]`: words expand without splitting or globbing; `==` and `!=` match the right side
 * as a pattern (its quoted parts literally), `=~` as an extended regular expression (whose
 * match goes to BASH_REMATCH), `-eq` and the other integer operators compare arithmetic values,
 * and `&&` / `||` evaluate only what they need. File and string tests are `test`'s own.
 *
 * Each expression is compiled once per syntax node into closures: evaluating it again decides
 * no operator, and it completes synchronously (no promise) unless a word's expansion waits.
 */
import { binaryTest, INTEGER_COMPARISONS, unaryTest } from './test-operators';
import { andThen, type Eventually } from '../eventually';
import { ShellError } from '../errors';
import { ExpansionBudget } from '../expand/budget';
import { expandPattern, expandWord, type ExpansionEnvironment } from '../expand';
import { matchesPattern } from '../expand/pattern';
import type { ConditionalExpression, Word } from '../syntax/ast';
import { ArithmeticError, arithmeticValue, type ArithmeticValue } from '../expand/arith';
import { fatalIfUnbound } from './arithmetic';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import { conditionChain } from './command-text';
import { regexFromExtended, regexLiteral } from './regex';

/** One evaluation: its words share one expansion budget, as one command's do. */
interface Run {
  readonly environment: ExpansionEnvironment;
  readonly budget: ExpansionBudget;
  readonly context: Context;
}

type Condition = (run: Run) => Eventually<boolean>;
/** A binary operator applied to its left operand, expanded: it expands the right one itself. */
type Decision = (left: string, run: Run) => Eventually<boolean>;

const compiled = new WeakMap<ConditionalExpression, Condition>();

export function evaluateConditional(evaluator: Evaluator, expression: ConditionalExpression, context: Context): Eventually<boolean> {
  let condition = compiled.get(expression);
  if (condition === undefined) {
    condition = compile(expression);
    compiled.set(expression, condition);
  }
  return condition({ environment: evaluator.expansionEnvironment(context), budget: new ExpansionBudget(), context });
}

const nonEmpty = (text: string): boolean => text !== '';
const negate = (value: boolean): boolean => !value;

function expand(word: Word, run: Run): Eventually<string> {
  return expandWord(word, run.environment, run.budget);
}

function compile(node: ConditionalExpression): Condition {
  switch (node.kind) {
    case 'CondWord': {
      const { word } = node;
      return (run) => andThen(expand(word, run), nonEmpty);
    }
    case 'CondNot': {
      const operand = compile(node.operand);
      return (run) => andThen(operand(run), negate);
    }
    case 'CondGroup':
      return compile(node.inner);
    case 'CondAnd':
    case 'CondOr':
      return compileChain(node);
    case 'CondUnary': {
      const { operator, operand } = node;
      return (run) => {
        const word = expand(operand, run);
        return word instanceof Promise ? word.then((text) => unaryTest(operator, text, run.context)) : unaryTest(operator, word, run.context);
      };
    }
    case 'CondBinary': {
      const decide = decision(node.operator, node.right);
      const { left } = node;
      return (run) => {
        const word = expand(left, run);
        return word instanceof Promise ? word.then((text) => decide(text, run)) : decide(word, run);
      };
    }
  }
}

/** `a && b || c`: a left spine, run as a loop that evaluates a link only when it decides the value. */
function compileChain(node: Extract<ConditionalExpression, { kind: 'CondAnd' | 'CondOr' }>): Condition {
  const { first, links } = conditionChain(node);
  const head = compile(first);
  const rights = links.map((link) => compile(link.right));
  const ands = links.map((link) => link.kind === 'CondAnd');
  const from = (value: boolean, index: number, run: Run): Eventually<boolean> => {
    for (let at = index; at < rights.length; at++) {
      if (ands[at] !== value) continue;
      const next = (rights[at] as Condition)(run);
      if (next instanceof Promise) return next.then((settled) => from(settled, at + 1, run));
      value = next;
    }
    return value;
  };
  return (run) => {
    const value = head(run);
    return value instanceof Promise ? value.then((settled) => from(settled, 0, run)) : from(value, 0, run);
  };
}

function decision(operator: string, right: Word): Decision {
  switch (operator) {
    case '=':
    case '==':
    case '!=': {
      const negated = operator === '!=';
      return (left, run) => {
        // bash matches `[[ == ]]` patterns with extglob whatever the option says (its parser reads them so too).
        const options = { nocase: run.environment.options?.nocasematch, extglob: true };
        return andThen(expandPattern(right, run.environment, run.budget), (pattern) => {
          const matches = matchesPattern(pattern, left, options);
          return negated ? !matches : matches;
        });
      };
    }
    case '=~':
      return (left, run) => andThen(expandPattern(right, run.environment, run.budget, regexLiteral), (pattern) => matchRegex(left, pattern, run.context));
  }
  const compare = INTEGER_COMPARISONS[operator];
  if (compare === undefined) {
    return (left, run) => {
      const word = expand(right, run);
      return word instanceof Promise ? word.then((text) => binaryTest(operator, left, text, run.context)) : binaryTest(operator, left, word, run.context);
    };
  }
  const compareValues = (left: string, text: string, context: Context): boolean => compare(integer(left, context), integer(text, context));
  return (left, run) => {
    const word = expand(right, run);
    return word instanceof Promise ? word.then((text) => compareValues(left, text, run.context)) : compareValues(left, word, run.context);
  };
}

/** An operand of `-eq` and the like: an arithmetic expression, whose error fails this `[[ ]]` only (status 1), as in bash. */
function integer(text: string, context: Context): ArithmeticValue {
  try {
    return arithmeticValue(text, context.state.arithmeticVariables());
  } catch (error) {
    fatalIfUnbound(error);
    if (error instanceof ArithmeticError) throw new ArithmeticError(`[[: ${error.message}`);
    throw error;
  }
}

/** `=~`: the whole match and each group go to BASH_REMATCH's elements (an unmatched group is empty). */
function matchRegex(text: string, pattern: string, context: Context): boolean {
  let regex: RegExp;
  try {
    regex = regexFromExtended(pattern);
  } catch {
    throw new ShellError('Usage', `[[: invalid regular expression \`${pattern}'`, { status: 2 });
  }
  const match = regex.exec(text);
  const groups = match === null ? [] : [...match].map((group) => ({ key: undefined, value: group ?? '', append: false }));
  context.state.unset('BASH_REMATCH');
  context.state.assignArray('BASH_REMATCH', groups, false);
  return match !== null;
}
