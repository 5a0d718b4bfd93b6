/**
 * Compound commands, run inside the shell: `{ }` in the current context, `( )` in a copy of it,
 * `if`, `while` / `until`, `for` (word lists and bash's arithmetic form), `select`, `case`, `(( ))` and
 * `[[ ]]`. Loops take `break N` / `continue N` as typed control flow and pass the rest of N outward.
 */
import { byteLength } from '../bytes';
import { ExpansionBudget } from '../expand/budget';
import { expandPattern, expandWord, expandWords } from '../expand';
import { literalPattern } from '../expand/literal';
import { matchesPattern, type PatternOptions } from '../expand/pattern';
import type { ExpansionEnvironment } from '../expand/types';
import type { Arithmetic, ArithmeticForClause, CaseClause, CaseItem, Clause, ForClause, IfClause, List, LoopClause, SelectClause, Word } from '../syntax/ast';
import { andThen, finishing, recovering, repeat, type Eventually, type Progress } from '../eventually';
import { arithmeticHolds, arithmeticStatus } from './arithmetic';
import { evaluateConditional } from './conditional';
import { LoopControl } from '../control';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import { subshell } from './scope';
import { CommandOutput } from './output';
import { isReferenceName, type ShellState } from './state';
import { isShellError } from '../errors';
import { menuColumns, selectMenu } from './select-menu';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function runClause(evaluator: Evaluator, clause: Clause, context: Context): Eventually<number> {
  switch (clause.kind) {
    case 'BraceGroup':
      return evaluator.runList(clause.body, context);
    case 'Subshell':
      return runSubshell(evaluator, clause, context);
    case 'IfClause':
      return runIf(evaluator, clause, context);
    case 'LoopClause':
      return runLoop(evaluator, clause, context);
    case 'ForClause':
      return runFor(evaluator, clause, context);
    case 'SelectClause':
      return runSelect(evaluator, clause, context);
    case 'ArithmeticForClause':
      return runArithmeticFor(evaluator, clause, context);
    case 'CaseClause':
      return runCase(evaluator, clause, context);
    case 'ArithmeticCommand':
      return evaluator.announce(clause, context) ? afterDebugTrap(evaluator, clause, context, arithmeticStatus) : arithmeticStatus(evaluator, clause, context);
    case 'ConditionalCommand':
      return runConditional(evaluator, clause, context);
  }
}

// runClause and runIf hold no closure: V8 makes a function's captured variables on every call,
// whichever branch runs, so the branches that make one are functions of their own.

function runSubshell(evaluator: Evaluator, clause: Extract<Clause, { kind: 'Subshell' }>, context: Context): Eventually<number> {
  const inner = subshell(context, context.fds.derive());
  // A subshell is outside the loops around it: `break` there is "only meaningful in a loop" (bash).
  inner.state.loopDepth = 0;
  return evaluator.asSubshell(inner, async () => evaluator.runList(clause.body, inner));
}

function runConditional(evaluator: Evaluator, clause: Extract<Clause, { kind: 'ConditionalCommand' }>, context: Context): Eventually<number> {
  return andThen(traced(evaluator, clause, context), () => andThen(evaluateConditional(evaluator, clause.expression, context), (holds) => (holds ? 0 : 1)));
}

/** `if`: the first branch whose condition holds, from `branch` on; else the `else` part. */
function runIf(evaluator: Evaluator, clause: IfClause, context: Context, branch = 0): Eventually<number> {
  const taken = clause.branches[branch];
  if (taken === undefined) return clause.otherwise === null ? 0 : evaluator.runList(clause.otherwise, context);
  const condition = evaluator.runList(taken.condition, tested(context));
  if (condition instanceof Promise) return ifAfterCondition(condition, evaluator, clause, context, branch);
  return condition === 0 ? evaluator.runList(taken.body, context) : runIf(evaluator, clause, context, branch + 1);
}

function ifAfterCondition(condition: Promise<number>, evaluator: Evaluator, clause: IfClause, context: Context, branch: number): Promise<number> {
  return condition.then((status) => (status === 0 ? evaluator.runList((clause.branches[branch] as IfClause['branches'][number]).body, context) : runIf(evaluator, clause, context, branch + 1)));
}

/** Each context's condition context, made once: an `if` in a loop or a function meets the same context again and again. */
const testedContexts = new WeakMap<Context, Context>();

/** A condition's context: `set -e` and the ERR trap ignore what fails there. */
export function tested(context: Context): Context {
  if (context.conditional === true) return context;
  let inner = testedContexts.get(context);
  if (inner === undefined) {
    inner = { ...context, conditional: true };
    testedContexts.set(context, inner);
  }
  return inner;
}

/** What a loop does after its body: go on, or stop (a `break` that ends here). */
type Step = 'next' | 'stop';

interface Pass {
  readonly status: number;
  readonly step: Step;
  readonly control: boolean;
}

/**
 * Runs one pass of a loop's body (or condition); a `break` or `continue` aimed at this loop is
 * taken here (its status is theirs, 0), one aimed further out goes on outward with a level less.
 */
function pass(run: () => Eventually<number>): Eventually<Pass> {
  return recovering(() => andThen(run(), (status): Pass => ({ status, step: 'next', control: false })), controlled);
}

function controlled(error: unknown): Pass {
  if (!(error instanceof LoopControl)) throw error;
  if (error.levels > 1) throw error.outer();
  return { status: error.status, step: error.kind === 'break' ? 'stop' : 'next', control: true };
}

/** Runs `iterate` with the loop depth raised, so that `break` and `continue` know they are in a loop. */
function inLoop(context: Context, iterate: () => Eventually<number>): Eventually<number> {
  context.state.loopDepth += 1;
  return finishing(iterate, () => {
    context.state.loopDepth -= 1;
  });
}

/** The DEBUG trap before `command`, when one is set and not running (BASH_COMMAND names it either way). */
function traced(evaluator: Evaluator, command: Parameters<Evaluator['announce']>[0], context: Context): Eventually<void> {
  return evaluator.announce(command, context) ? evaluator.runDebugTrap(context) : undefined;
}

/** `run` after the DEBUG trap, apart from the clause's own function: its closure would be allocated on every run. */
function afterDebugTrap<C extends Clause>(evaluator: Evaluator, clause: C, context: Context, run: (evaluator: Evaluator, clause: C, context: Context) => Eventually<number>): Promise<number> {
  return evaluator.runDebugTrap(context).then(() => run(evaluator, clause, context));
}

/** The loop goes on with this (its body's last status). */
const next = <T>(value: T): Progress<T> => ({ done: false, value });
/** The loop ends with this. */
const stop = <T>(value: T): Progress<T> => ({ done: true, value });

/**
 * A `while`'s or `for`'s passes: synchronously while each completes at once, in an async loop
 * after the first that waits (so no promise chain grows with the passes). One object per loop,
 * no closure or promise per pass: a counting loop of builtins allocates little.
 */
abstract class Passes {
  /** The last body's status: the loop's. */
  protected status = 0;

  constructor(
    protected readonly evaluator: Evaluator,
    protected readonly context: Context,
    private readonly body: List,
  ) {}

  /** Whether the loop is over before a pass's checkpoint (a `for` out of words). */
  protected over(): boolean {
    return false;
  }

  /** A pass after its checkpoint: whether the loop goes on. */
  protected abstract passChecked(): Eventually<boolean>;

  run(): Eventually<number> {
    for (;;) {
      const more = this.pass();
      if (more instanceof Promise) return this.runAfter(more);
      if (!more) return this.status;
    }
  }

  private async runAfter(pending: Promise<boolean>): Promise<number> {
    let more = await pending;
    while (more) {
      const next = this.pass();
      more = next instanceof Promise ? await next : next;
    }
    return this.status;
  }

  private pass(): Eventually<boolean> {
    if (this.over()) return false;
    const checked = this.evaluator.checkpoint(this.context);
    return checked instanceof Promise ? this.passAfter(checked) : this.passChecked();
  }

  // A closure here would be allocated on every pass (V8 allocates a captured `this` per call), though it runs rarely.
  private passAfter(checked: Promise<void>): Promise<boolean> {
    return checked.then(() => this.passChecked());
  }

  /** The body once: whether the loop goes on (`break` aimed here ends it; `continue` does not). */
  protected runBody(): Eventually<boolean> {
    let ran: Eventually<number>;
    try {
      ran = this.evaluator.runList(this.body, this.context);
    } catch (error) {
      return this.bodyControlled(error);
    }
    return ran instanceof Promise ? ran.then(this.bodyEnded, this.bodyControlled) : this.bodyEnded(ran);
  }

  private readonly bodyEnded = (status: number): boolean => {
    this.status = status;
    return true;
  };

  private readonly bodyControlled = (error: unknown): boolean => {
    const control = controlled(error);
    this.status = control.status;
    return control.step !== 'stop';
  };
}

/** `while` / `until`: the condition, then the body while it holds (fails). */
class ConditionLoop extends Passes {
  private readonly conditionContext: Context;

  constructor(
    evaluator: Evaluator,
    context: Context,
    private readonly clause: LoopClause,
  ) {
    super(evaluator, context, clause.body);
    this.conditionContext = tested(context);
  }

  protected passChecked(): Eventually<boolean> {
    let ran: Eventually<number>;
    try {
      ran = this.evaluator.runList(this.clause.condition, this.conditionContext);
    } catch (error) {
      return conditionControlled(error);
    }
    return ran instanceof Promise ? ran.then(this.conditionEnded, conditionControlled) : this.conditionEnded(ran);
  }

  private readonly conditionEnded = (status: number): Eventually<boolean> => ((status === 0) === this.clause.until ? false : this.runBody());
}

/** `break` in a loop's condition ends the loop with its body's last status, as in bash; `continue` goes on to the next pass. */
function conditionControlled(error: unknown): boolean {
  return controlled(error).step !== 'stop';
}

function runLoop(evaluator: Evaluator, clause: LoopClause, context: Context): Eventually<number> {
  return inLoop(context, () => new ConditionLoop(evaluator, context, clause).run());
}

/** The words a `for` or `select` goes through: its list expanded, or the positional parameters. */
function loopWords(evaluator: Evaluator, clause: ForClause | SelectClause, context: Context): Eventually<string[]> {
  return clause.words === null ? [...context.state.positional] : expandWords(clause.words, evaluator.expansionEnvironment(context), new ExpansionBudget());
}

function invalidLoopName(evaluator: Evaluator, clause: ForClause | SelectClause, context: Context): Eventually<number> {
  return evaluator.say(context, `\`${clause.name}': not a valid identifier`).then(() => 1);
}

/**
 * A `for` pass's assignment; a nameref loop variable is pointed at each name in turn, unless its
 * chain is circular: then it is assigned through, as bash does. A refused one (readonly, not a
 * name) ends the loop with status 1 and the script goes on, as in bash.
 */
function assignLoopVariable(state: ShellState, name: string, value: string): string | undefined {
  try {
    if (state.own(name)?.attributes.has('n') !== true || state.isCircularReference(name)) state.set(name, value);
    else if (isReferenceName(value)) state.setReference(name, value);
    else return `\`${value}': not a valid identifier`;
  } catch (error) {
    if (!isShellError(error)) throw error;
    return error.message;
  }
  return undefined;
}

function runFor(evaluator: Evaluator, clause: ForClause, context: Context): Eventually<number> {
  if (!NAME.test(clause.name)) return invalidLoopName(evaluator, clause, context);
  return andThen(loopWords(evaluator, clause, context), (values) => inLoop(context, () => new WordLoop(evaluator, context, clause, values).run()));
}

/** `for NAME in WORDS`: the body once for each word, NAME set to it. */
class WordLoop extends Passes {
  private index = 0;
  private value = '';

  constructor(
    evaluator: Evaluator,
    context: Context,
    private readonly clause: ForClause,
    private readonly values: readonly string[],
  ) {
    super(evaluator, context, clause.body);
  }

  protected override over(): boolean {
    if (this.index >= this.values.length) return true;
    this.value = this.values[this.index++] as string;
    return false;
  }

  protected passChecked(): Eventually<boolean> {
    // The DEBUG trap comes before each pass, after the words are expanded (bash).
    const trapped = traced(this.evaluator, this.clause, this.context);
    return trapped instanceof Promise ? trapped.then(() => this.assigned()) : this.assigned();
  }

  private assigned(): Eventually<boolean> {
    const refused = assignLoopVariable(this.context.state, this.clause.name, this.value);
    if (refused === undefined) return this.runBody();
    return this.evaluator.say(this.context, refused).then(() => {
      this.status = 1;
      return false;
    });
  }
}

/**
 * `select` (bash's execute_select_command): the menu and PS3 on stderr, a line read as `read`
 * reads it into REPLY; an empty line shows the menu again, any other runs the body with NAME set
 * to the item numbered so (or empty). After the body the menu comes back only when REPLY is
 * empty (bash's ksh-compatible select). The end of input ends it with status 1, after a newline.
 */
function runSelect(evaluator: Evaluator, clause: SelectClause, context: Context): Eventually<number> {
  const { state } = context;
  if (!NAME.test(clause.name)) return invalidLoopName(evaluator, clause, context);
  const output = new CommandOutput(context.fds, undefined);
  // The DEBUG trap comes once, before the words are expanded (bash).
  const words = andThen(traced(evaluator, clause, context), () => loopWords(evaluator, clause, context));
  return andThen(words, (items) => {
    if (items.length === 0) return 0;
    let showMenu = true;
    const iteration = (status: number): Eventually<Progress<number>> =>
      andThen(evaluator.checkpoint(context), () => {
        const menu = showMenu ? selectMenu(items, menuColumns(state.get('COLUMNS'), terminalColumns())) : '';
        return andThen(output.err(`${menu}${state.get('PS3') ?? '#? '}`), () =>
          andThen(evaluator.runBuiltinWith(['read'], context), (read): Eventually<Progress<number>> => {
            // Ctrl-C at the prompt abandons the line (the checkpoint says so); the end of input ends the loop.
            if (read !== 0) return andThen(evaluator.checkpoint(context), () => output.out('\n').then(() => stop(1)));
            const reply = state.get('REPLY') ?? '';
            showMenu = reply === '';
            if (showMenu) return next(status);
            state.set(clause.name, chosen(items, reply));
            return andThen(
              pass(() => evaluator.runList(clause.body, context)),
              (body) => {
                showMenu = (state.get('REPLY') ?? '') === '';
                return { done: body.step === 'stop', value: body.status };
              },
            );
          }),
        );
      });
    return inLoop(context, () => repeat(iteration, 0));
  });
}

/** The item an answer numbers (a number as bash's legal_number reads it, from 1), or empty. */
function chosen(items: readonly string[], reply: string): string {
  if (!/^\s*[-+]?\d+\s*$/.test(reply)) return '';
  const number = BigInt(reply.trim());
  return number >= 1n && number <= BigInt(items.length) ? (items[Number(number) - 1] as string) : '';
}

/** The width of the shell's terminal, where its stderr is one. */
function terminalColumns(): number | undefined {
  return process.stderr.isTTY ? process.stderr.columns : undefined;
}

function runArithmeticFor(evaluator: Evaluator, clause: ArithmeticForClause, context: Context): Eventually<number> {
  // Each expression is a command of its own to BASH_COMMAND and the DEBUG trap (bash).
  const evaluate = (arithmetic: Arithmetic, ifEmpty?: boolean): Eventually<boolean> =>
    andThen(traced(evaluator, arithmetic, context), () => arithmeticHolds(evaluator, arithmetic, context, ifEmpty));
  // An empty condition is true (bash), whatever an empty expression is elsewhere.
  const holds = (): Eventually<boolean> => evaluate(clause.condition, true);
  const iteration = (status: number): Eventually<Progress<number>> =>
    andThen(holds(), (holding) => {
      if (!holding) return stop(status);
      return andThen(evaluator.checkpoint(context), () =>
        andThen(
          pass(() => evaluator.runList(clause.body, context)),
          (body): Eventually<Progress<number>> =>
            body.step === 'stop' ? stop(body.status) : andThen(evaluate(clause.step), () => next(body.status)),
        ),
      );
    });
  return inLoop(context, () => andThen(evaluate(clause.init), () => repeat(iteration, 0)));
}

/**
 * `case`: the subject and each pattern expand without splitting or globbing; a pattern's quoted
 * characters match only themselves. `;&` runs the next body too; `;;&` tests the next patterns.
 */
function runCase(evaluator: Evaluator, clause: CaseClause, context: Context): Eventually<number> {
  const trapped = traced(evaluator, clause, context);
  return trapped instanceof Promise ? trapped.then(() => new CaseRun(evaluator, clause, context).run()) : new CaseRun(evaluator, clause, context).run();
}

/** A `case` pattern: plain text, compared as it is (its size charged to the budget) unless nocasematch, or a word to expand and match. */
type CasePattern = { readonly kind: 'literal'; readonly word: Word; readonly text: string; readonly bytes: number } | { readonly kind: 'expanded'; readonly word: Word };

/** Each `case` node's patterns, item by item, sorted into literal and expanded once: a function's `case` runs again at every call. */
const compiledCases = new WeakMap<CaseClause, readonly (readonly CasePattern[])[]>();

function casePatterns(clause: CaseClause): readonly (readonly CasePattern[])[] {
  let compiled = compiledCases.get(clause);
  if (compiled === undefined) {
    compiled = clause.items.map((item) => item.patterns.map(casePattern));
    compiledCases.set(clause, compiled);
  }
  return compiled;
}

function casePattern(word: Word): CasePattern {
  // Measured against no limit here: each run charges the text's bytes to its own budget, and fails there as before.
  const text = literalPattern(word, new ExpansionBudget(Number.POSITIVE_INFINITY));
  return text === undefined ? { kind: 'expanded', word } : { kind: 'literal', word, text, bytes: byteLength(text) };
}

/**
 * One run of a `case`: its subject against each item's patterns in turn, synchronously while
 * each pattern and body completes at once (no closure or promise per pattern).
 */
class CaseRun {
  private readonly environment: ExpansionEnvironment;
  private readonly budget = new ExpansionBudget();
  private readonly patterns: readonly (readonly CasePattern[])[];
  /** Whether a pattern of plain text is compared as it is (no nocasematch). */
  private readonly exact: boolean;
  /** How a pattern that is no plain text matches: made at the first such pattern. */
  private options: PatternOptions | undefined;
  private subject = '';
  /** The last body's status: the case's. */
  private status = 0;

  constructor(
    private readonly evaluator: Evaluator,
    private readonly clause: CaseClause,
    private readonly context: Context,
  ) {
    this.environment = evaluator.expansionEnvironment(context);
    this.patterns = casePatterns(clause);
    this.exact = this.environment.options?.nocasematch !== true;
  }

  run(): Eventually<number> {
    const subject = expandWord(this.clause.subject, this.environment, this.budget);
    if (subject instanceof Promise) {
      return subject.then((text) => {
        this.subject = text;
        return this.itemsFrom(0, false);
      });
    }
    this.subject = subject;
    return this.itemsFrom(0, false);
  }

  /** The items from `from` on; after `;&` (`fallingThrough`) the next body runs unmatched. */
  private itemsFrom(from: number, fallingThrough: boolean): Eventually<number> {
    const { items } = this.clause;
    for (let index = from; index < items.length; index++) {
      const matched = fallingThrough || this.matchesFrom(index, 0);
      if (matched instanceof Promise) return this.itemAfterMatch(matched, index);
      if (matched) return this.bodyOf(index);
    }
    return this.status;
  }

  /** Out of itemsFrom, whose loop would otherwise make the closure's variables on every pass. */
  private itemAfterMatch(matched: Promise<boolean>, index: number): Promise<number> {
    return matched.then((yes) => (yes ? this.bodyOf(index) : this.itemsFrom(index + 1, false)));
  }

  private matchesFrom(item: number, from: number): Eventually<boolean> {
    const patterns = this.patterns[item] as readonly CasePattern[];
    for (let index = from; index < patterns.length; index++) {
      const pattern = patterns[index] as CasePattern;
      // A pattern of plain text is compared as text: no matcher compiled or looked up.
      if (pattern.kind === 'literal' && this.exact) {
        this.budget.chargeBytes(pattern.bytes);
        if (pattern.text === this.subject) return true;
        continue;
      }
      const text = expandPattern(pattern.word, this.environment, this.budget);
      if (text instanceof Promise) return text.then((expanded) => this.matches(expanded) || this.matchesFrom(item, index + 1));
      if (this.matches(text)) return true;
    }
    return false;
  }

  private matches(pattern: string): boolean {
    const { options } = this.environment;
    this.options ??= { nocase: options?.nocasematch, extglob: options?.extglob };
    return matchesPattern(pattern, this.subject, this.options);
  }

  private bodyOf(index: number): Eventually<number> {
    const { body } = this.clause.items[index] as CaseItem;
    // An item with no commands is status 0, not the $? it left alone (bash).
    const ran = body.items.length === 0 ? 0 : this.evaluator.runList(body, this.context);
    return ran instanceof Promise ? ran.then((status) => this.afterBody(index, status)) : this.afterBody(index, ran);
  }

  private afterBody(index: number, status: number): Eventually<number> {
    const { terminator } = this.clause.items[index] as CaseItem;
    this.status = status;
    if (terminator === ';;') return status;
    return this.itemsFrom(index + 1, terminator === ';&');
  }
}
