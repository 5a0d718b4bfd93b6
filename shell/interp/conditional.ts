/**
 * bash's `[[ ]]`: words expand without splitting or globbing; `==` and `!=` match the right side
 * as a pattern (its quoted parts literally), `=~` as an extended regular expression (whose
 * match goes to BASH_REMATCH), `-eq` and the other integer operators compare arithmetic values,
 * and `&&` / `||` evaluate only what they need. File and string tests are `test`'s own.
 */
import { binaryTest, INTEGER_COMPARISONS, unaryTest } from './test-operators';
import type { Eventually } from '../eventually';
import { ShellError } from '../errors';
import { ExpansionBudget } from '../expand/budget';
import { expandPattern, expandWord } from '../expand';
import { matchesPattern } from '../expand/pattern';
import type { ConditionalExpression, Word } from '../syntax/ast';
import { ArithmeticError, arithmeticValue, type ArithmeticValue } from '../expand/arith';
import { fatalIfUnbound } from './arithmetic';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import { conditionChain } from './command-text';
import { regexFromExtended, regexLiteral } from './regex';

export async function evaluateConditional(evaluator: Evaluator, expression: ConditionalExpression, context: Context): Promise<boolean> {
  const environment = evaluator.expansionEnvironment(context);
  const budget = new ExpansionBudget();
  const expand = (word: Word): Eventually<string> => expandWord(word, environment, budget);
  const test = { state: context.state, fds: context.fds };

  const evaluate = async (node: ConditionalExpression): Promise<boolean> => {
    switch (node.kind) {
      case 'CondWord':
        return (await expand(node.word)) !== '';
      case 'CondNot':
        return !(await evaluate(node.operand));
      case 'CondGroup':
        return evaluate(node.inner);
      case 'CondAnd':
      case 'CondOr': {
        const { first, links } = conditionChain(node);
        let value = await evaluate(first);
        for (const link of links) if (link.kind === 'CondAnd' ? value : !value) value = await evaluate(link.right);
        return value;
      }
      case 'CondUnary':
        return unaryTest(node.operator, await expand(node.operand), test);
      case 'CondBinary': {
        const left = await expand(node.left);
        switch (node.operator) {
          case '=':
          case '==':
          case '!=': {
            // bash matches `[[ == ]]` patterns with extglob whatever the option says (its parser reads them so too).
            const options = { nocase: environment.options?.nocasematch, extglob: true };
            const matches = matchesPattern(await expandPattern(node.right, environment, budget), left, options);
            return node.operator === '!=' ? !matches : matches;
          }
          case '=~':
            return matchRegex(left, await expandPattern(node.right, environment, budget, regexLiteral), context);
          default: {
            const compare = INTEGER_COMPARISONS[node.operator];
            const right = await expand(node.right);
            if (compare === undefined) return binaryTest(node.operator, left, right, test);
            return compare(integer(left, context), integer(right, context));
          }
        }
      }
    }
  };
  return evaluate(expression);
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
