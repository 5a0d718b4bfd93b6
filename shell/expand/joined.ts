/**
 * A word's pieces (see plan.ts) expanded in order and joined into one text: a word expanded as a
 * string, or a word that can only be one field. Each piece is checked for NUL bytes and charged
 * to the budget in its turn, as a FieldBuilder would, without one; only a piece that needs the
 * expander's own step (an operator, `$(...)`) gets a context and a builder of its own.
 */
import { joinText } from '../bytes';
import type { Eventually } from '../eventually';
import type { Word } from '../syntax/ast';
import type { ExpansionBudget } from './budget';
import { FieldBuilder, rejectNul } from './fields';
import { boundValue, parameterValue } from './parameters';
import { stringPlan, type Piece } from './plan';
import type { ExpansionEnvironment } from './types';
import { expandPart, expansionContext, type ExpansionContext } from './word';

/** `word` as a string: no field splitting, no pathname expansion, its fields' texts joined. */
export function expandString(word: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<string> {
  const plan = stringPlan(word);
  if (plan.kind === 'pieces') return joinPieces(plan.pieces, 0, '', word.text, env, budget, 'string', undefined);
  budget.chargeBytes(plan.literal.bytes);
  return plan.literal.text;
}

/**
 * `pieces` from `from` on, joined onto `text`, in `mode` (what a context made for a 'part' piece
 * says; `context`, once made, serves the rest). `origin` is the word's text, for error messages.
 */
export function joinPieces(
  pieces: readonly Piece[],
  from: number,
  text: string,
  origin: string,
  env: ExpansionEnvironment,
  budget: ExpansionBudget,
  mode: ExpansionContext['mode'],
  context: ExpansionContext | undefined,
): Eventually<string> {
  for (let index = from; index < pieces.length; index++) {
    const piece = pieces[index] as Piece;
    let value: Eventually<string>;
    switch (piece.kind) {
      case 'text':
        budget.chargeBytes(piece.bytes);
        text = joinText(text, piece.text);
        continue;
      case 'parameter':
        value = checked(boundValue(piece.name, parameterValue(piece.name, env), env), origin, budget);
        break;
      case 'arithmetic': {
        const result = arithmeticValue(piece.expression, env, budget);
        value = result instanceof Promise ? checkedLater(result, origin, budget) : checked(result, origin, budget);
        break;
      }
      case 'part': {
        const out = FieldBuilder.forText(budget, origin);
        const step = expandPart(piece.part, (context ??= expansionContext(env, budget, mode)), out, piece.quoting);
        value = step instanceof Promise ? textLater(step, out) : out.text();
        break;
      }
    }
    if (value instanceof Promise) return piecesAfter(value, pieces, index + 1, text, origin, env, budget, mode, context);
    text = joinText(text, value);
  }
  return text;
}

// joinPieces holds no closure: V8 would make the variables one captures on every call, and those
// of its loop on every pass, though few pieces wait. The waits continue in these functions.

function checkedLater(result: Promise<string>, origin: string, budget: ExpansionBudget): Promise<string> {
  return result.then((known) => checked(known, origin, budget));
}

function textLater(step: Promise<void>, out: FieldBuilder): Promise<string> {
  return step.then(() => out.text());
}

function piecesAfter(value: Promise<string>, pieces: readonly Piece[], from: number, text: string, origin: string, env: ExpansionEnvironment, budget: ExpansionBudget, mode: ExpansionContext['mode'], context: ExpansionContext | undefined): Promise<string> {
  return value.then((more) => joinPieces(pieces, from, joinText(text, more), origin, env, budget, mode, context));
}

/** `$(( ))` of `expression`: its text expanded as a string (charged), then evaluated. */
export function arithmeticValue(expression: Word, env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<string> {
  const text = expandString(expression, env, budget);
  return text instanceof Promise ? text.then((known) => env.arithmetic(known)) : env.arithmetic(text);
}

/** An expansion's value as a FieldBuilder appends it: refused with a NUL byte, then charged. */
function checked(value: string, origin: string, budget: ExpansionBudget): string {
  rejectNul(value, origin);
  budget.charge(value);
  return value;
}
