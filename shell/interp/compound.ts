/**
 * Compound commands, run inside the shell: `{ }` in the current context, `( )` in a copy of it,
 * `if`, `while` / `until`, `for` (word lists and bash's arithmetic form), `case`, `(( ))` and
 * `[[ ]]`. Loops take `break N` / `continue N` as typed control flow and pass the rest of N outward.
 */
import { ExpansionBudget } from '../expand/budget';
import { expandPattern, expandWord, expandWords } from '../expand';
import { matchesPattern } from '../expand/pattern';
import type { Arithmetic, ArithmeticForClause, CaseClause, Clause, ForClause, LoopClause } from '../syntax/ast';
import { evaluateArithmetic } from './arithmetic';
import { evaluateConditional } from './conditional';
import { LoopControl } from '../control';
import type { Context, Interpreter } from './interpreter';
import { CommandOutput } from './output';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export async function runClause(interpreter: Interpreter, clause: Clause, context: Context): Promise<number> {
  switch (clause.kind) {
    case 'BraceGroup':
      return interpreter.runList(clause.body, context);
    case 'Subshell': {
      const inner: Context = { ...context, state: context.state.clone(), fds: context.fds.derive() };
      // A subshell is outside the loops around it: `break` there is "only meaningful in a loop" (bash).
      inner.state.loopDepth = 0;
      return interpreter.asSubshell(inner, () => interpreter.runList(clause.body, inner));
    }
    case 'IfClause':
      for (const branch of clause.branches) {
        if ((await interpreter.runList(branch.condition, tested(context))) === 0) return interpreter.runList(branch.body, context);
      }
      return clause.otherwise === null ? 0 : interpreter.runList(clause.otherwise, context);
    case 'LoopClause':
      return runLoop(interpreter, clause, context);
    case 'ForClause':
      return runFor(interpreter, clause, context);
    case 'ArithmeticForClause':
      return runArithmeticFor(interpreter, clause, context);
    case 'CaseClause':
      return runCase(interpreter, clause, context);
    case 'ArithmeticCommand':
      if (interpreter.announce(clause, context)) await interpreter.runDebugTrap(context);
      return (await evaluateArithmetic(interpreter, clause.arithmetic, context)) === 0n ? 1 : 0;
    case 'ConditionalCommand':
      if (interpreter.announce(clause, context)) await interpreter.runDebugTrap(context);
      return (await evaluateConditional(interpreter, clause.expression, context)) ? 0 : 1;
  }
}

/** A condition's context: `set -e` and the ERR trap ignore what fails there. */
function tested(context: Context): Context {
  return context.conditional === true ? context : { ...context, conditional: true };
}

/** What a loop does after its body: go on, or stop (a `break` that ends here). */
type Step = 'next' | 'stop';

/**
 * Runs one pass of a loop's body (or condition); a `break` or `continue` aimed at this loop is
 * taken here (its status is theirs, 0), one aimed further out goes on outward with a level less.
 */
async function pass(run: () => Promise<number>): Promise<{ status: number; step: Step; control: boolean }> {
  try {
    return { status: await run(), step: 'next', control: false };
  } catch (error) {
    if (!(error instanceof LoopControl)) throw error;
    if (error.levels > 1) throw error.outer();
    return { status: error.status, step: error.kind === 'break' ? 'stop' : 'next', control: true };
  }
}

/** Runs `iterate` with the loop depth raised, so that `break` and `continue` know they are in a loop. */
async function inLoop(context: Context, iterate: () => Promise<number>): Promise<number> {
  context.state.loopDepth += 1;
  try {
    return await iterate();
  } finally {
    context.state.loopDepth -= 1;
  }
}

function runLoop(interpreter: Interpreter, clause: LoopClause, context: Context): Promise<number> {
  const conditionContext = tested(context);
  return inLoop(context, async () => {
    let status = 0;
    for (;;) {
      await interpreter.checkpoint(context);
      const condition = await pass(() => interpreter.runList(clause.condition, conditionContext));
      // `break` in the condition: the loop's status is its body's last, as in bash.
      if (condition.step === 'stop') return status;
      if (condition.control) continue;
      if ((condition.status === 0) === clause.until) return status;
      const body = await pass(() => interpreter.runList(clause.body, context));
      status = body.status;
      if (body.step === 'stop') return status;
    }
  });
}

async function runFor(interpreter: Interpreter, clause: ForClause, context: Context): Promise<number> {
  const { state } = context;
  if (!NAME.test(clause.name)) {
    await new CommandOutput(context.fds, undefined).err(`quirl: \`${clause.name}': not a valid identifier\n`);
    return 1;
  }
  const values =
    clause.words === null
      ? [...state.positional]
      : await expandWords(clause.words, interpreter.expansionEnvironment(context), new ExpansionBudget());
  return inLoop(context, async () => {
    let status = 0;
    for (const value of values) {
      await interpreter.checkpoint(context);
      // The DEBUG trap comes before each pass, after the words are expanded (bash).
      if (interpreter.announce(clause, context)) await interpreter.runDebugTrap(context);
      state.set(clause.name, value);
      const body = await pass(() => interpreter.runList(clause.body, context));
      status = body.status;
      if (body.step === 'stop') break;
    }
    return status;
  });
}

function runArithmeticFor(interpreter: Interpreter, clause: ArithmeticForClause, context: Context): Promise<number> {
  return inLoop(context, async () => {
    let status = 0;
    // Each expression is a command of its own to BASH_COMMAND and the DEBUG trap (bash).
    const evaluate = async (arithmetic: Arithmetic, empty?: bigint): Promise<bigint> => {
      if (interpreter.announce(arithmetic, context)) await interpreter.runDebugTrap(context);
      return evaluateArithmetic(interpreter, arithmetic, context, empty);
    };
    await evaluate(clause.init);
    // An empty condition is true (bash), whatever an empty expression is elsewhere.
    while ((await evaluate(clause.condition, 1n)) !== 0n) {
      await interpreter.checkpoint(context);
      const body = await pass(() => interpreter.runList(clause.body, context));
      status = body.status;
      if (body.step === 'stop') break;
      await evaluate(clause.step);
    }
    return status;
  });
}

/**
 * `case`: the subject and each pattern expand without splitting or globbing; a pattern's quoted
 * characters match only themselves. `;&` runs the next body too; `;;&` tests the next patterns.
 */
async function runCase(interpreter: Interpreter, clause: CaseClause, context: Context): Promise<number> {
  if (interpreter.announce(clause, context)) await interpreter.runDebugTrap(context);
  const environment = interpreter.expansionEnvironment(context);
  const budget = new ExpansionBudget();
  const subject = await expandWord(clause.subject, environment, budget);
  let status = 0;
  let fallingThrough = false;
  for (const item of clause.items) {
    if (!fallingThrough && !(await matchesAny(item.patterns, subject))) continue;
    // An item with no commands is status 0, not the $? it left alone (bash).
    status = item.body.items.length === 0 ? 0 : await interpreter.runList(item.body, context);
    if (item.terminator === ';;') return status;
    fallingThrough = item.terminator === ';&';
  }
  return status;

  async function matchesAny(patterns: CaseClause['items'][number]['patterns'], value: string): Promise<boolean> {
    for (const pattern of patterns) {
      const options = { nocase: environment.options?.nocasematch, extglob: environment.options?.extglob };
      if (matchesPattern(await expandPattern(pattern, environment, budget), value, options)) return true;
    }
    return false;
  }
}
