/**
 * A simple command from the syntax tree to what runs: its assignments, words and redirects
 * expanded in that order, within the pipeline's budget, in the environment of its context
 * (variables, special parameters, `$(...)` through the interpreter, `$(( ))`).
 */
import { readdirSync } from 'node:fs';
import { decodeBytes, fsPath } from '../bytes';
import type { PlannedRedirect } from '../exec/fds';
import { ExpansionBudget, expandWord, expandWordsInto } from '../expand';
import type { ExpansionEnvironment, ExpansionOptions, SpecialParameters } from '../expand/types';
import type { Assignment, Program, SimpleCommand, Word } from '../syntax/ast';
import type { CompiledSimple } from './compiled';
import { andThen, type Eventually } from '../eventually';
import { DECLARATION_BUILTINS } from '../syntax/parser';
import { arithmeticExpansion } from './arithmetic';
import type { ArithmeticVariables } from '../expand/arith';
import { expandAssignment, prefixValue, type PlannedAssignment } from './assignment';
import type { Context } from './context';
import type { Expanding } from './evaluator';
import { planRedirects } from './redirects';
import type { ShellState } from './state';
import { tildeExpansion } from './tilde';
import { ATTRIBUTE_LETTERS, type Attribute } from './variable';

/** A simple command after expansion. */
export interface PlannedCommand {
  readonly argv: readonly string[];
  readonly assignments: readonly PlannedAssignment[];
  /** Operands of a declaration builtin written as assignments (`local a=(1 2)`), by their place in argv. */
  readonly declarations: ReadonlyMap<number, PlannedAssignment>;
  readonly redirects: readonly PlannedRedirect[];
  /** The status of the last command substitution in its words, if any ran: `$?` of `x=$(false)`. */
  readonly substitutionStatus: number | undefined;
}

const NO_ASSIGNMENTS: ReadonlyMap<string, string> = new Map();
const NO_DECLARATIONS: ReadonlyMap<number, PlannedAssignment> = new Map();
const NO_PLANNED_ASSIGNMENTS: readonly PlannedAssignment[] = [];
const NO_REDIRECTS: readonly PlannedRedirect[] = [];

/** A declaration operand as its builtin's argv shows it: `NAME=value`, `NAME[sub]+=value`, `NAME=(...)`. */
function declarationText(planned: PlannedAssignment): string {
  const operator = planned.append ? '+=' : '=';
  switch (planned.kind) {
    case 'scalar':
      return `${planned.name}${operator}${planned.value}`;
    case 'element':
      return `${planned.name}[${planned.subscript}]${operator}${planned.value}`;
    case 'array':
      return `${planned.name}${operator}(${planned.elements.map((element) => element.value).join(' ')})`;
  }
}

/** The plan of a command of literal words alone, the same on every run: what takes its argv reads it, never changes it. */
export function literalPlan(argv: readonly string[]): PlannedCommand {
  return Object.freeze({ argv: Object.freeze(argv), assignments: NO_PLANNED_ASSIGNMENTS, declarations: NO_DECLARATIONS, redirects: NO_REDIRECTS, substitutionStatus: undefined });
}

/** Expands a simple command's assignments, words and redirects, in that order. */
export function planCommand(shell: Expanding, command: CompiledSimple, context: Context, budget: ExpansionBudget): Eventually<PlannedCommand> {
  return new CommandPlan(command, budget, false).start(shell, context);
}

/** A plan object a compiled command keeps between its runs. */
export type SparePlan = CommandPlan;

/**
 * planCommand for a command run on its own (a pipeline's stages share the pipeline's budget): with
 * the plan object the command kept from its last run when that is not in use (a function calling
 * itself runs the command again within its run), and the plan's own budget, renewed. giveBackPlan
 * keeps it again when the run ended at once, so a loop of such commands makes no plan per pass.
 * What runs a plan reads it during the run and keeps nothing of it: a builtin's argv is lent to
 * it (one that keeps its words copies them).
 */
export function lentPlan(shell: Expanding, compiled: CompiledSimple, context: Context): Eventually<PlannedCommand> {
  const plan = compiled.spare ?? new CommandPlan(compiled, new ExpansionBudget(), true);
  compiled.spare = undefined;
  plan.budget.renew();
  return plan.start(shell, context);
}

/** The run of `planned`, from lentPlan, ended: its command keeps it for the next run. */
export function giveBackPlan(compiled: CompiledSimple, planned: PlannedCommand): void {
  if (!(planned instanceof CommandPlan) || !planned.lent) return;
  planned.release();
  compiled.spare = planned;
}

/** `NAME=word` planned, kept with its command's plan: only the value changes from run to run. */
class ScalarAssignment {
  readonly kind = 'scalar';
  value = '';

  constructor(
    readonly name: string,
    readonly append: boolean,
  ) {}
}

/** Empties an array kept for its next use, keeping its room (V8 frees the room of an array whose length is set to 0). */
function empty(array: unknown[]): void {
  while (array.length > 0) array.pop();
}

function scalarSlot(assignment: Assignment): ScalarAssignment | undefined {
  return assignment.subscript === null && assignment.value.kind !== 'ArrayLiteral' ? new ScalarAssignment(assignment.name, assignment.append) : undefined;
}

/**
 * One simple command being expanded, and then the plan it made: an object, not a closure per
 * step, and it goes on synchronously while each step completes at once (most commands' words are
 * literal text or plain expansions), waiting only where a step waits (`$(...)`). Its arrays and
 * scalar assignments are its own and are refilled when it is started again (see lentPlan).
 */
class CommandPlan implements PlannedCommand {
  readonly argv: string[] = [];
  readonly assignments: PlannedAssignment[] = [];
  declarations: ReadonlyMap<number, PlannedAssignment> = NO_DECLARATIONS;
  redirects: readonly PlannedRedirect[] = NO_REDIRECTS;
  substitutionStatus: number | undefined;
  private shell: Expanding | undefined;
  private context: Context | undefined;
  private readonly scalars: readonly (ScalarAssignment | undefined)[];
  // Each assignment sees the ones before it (`a=1 b=$a cmd`); the words do not (`x=1 echo $x`).
  // They are kept only for a command with more than one assignment: most have none.
  private assigned: PrefixValues | undefined;
  private assigning: ContextEnvironment | undefined;
  /** The prefix environment's count of command substitutions when this run took it. */
  private assigningSubstitutionsBefore = 0;
  /** A command of more than one assignment: its prefix environment in each context it ran in. */
  private prefixEnvironments: WeakMap<Context, ContextEnvironment> | undefined;
  /** The context's own environment, taken for the first word that needs more than its literal text (most need none). */
  private environment: ContextEnvironment | undefined;
  /** Its count of command substitutions when this plan took it. */
  private substitutionsBefore = 0;
  private madeDeclarations: Map<number, PlannedAssignment> | undefined;

  constructor(
    private readonly compiled: CompiledSimple,
    readonly budget: ExpansionBudget,
    /** It is its command's to keep (see lentPlan). */
    readonly lent: boolean,
  ) {
    this.scalars = compiled.command.assignments.map(scalarSlot);
  }

  start(shell: Expanding, context: Context): Eventually<PlannedCommand> {
    this.shell = shell;
    this.context = context;
    empty(this.argv);
    empty(this.assignments);
    this.declarations = NO_DECLARATIONS;
    this.redirects = NO_REDIRECTS;
    this.substitutionStatus = undefined;
    this.assigning = undefined;
    this.environment = undefined;
    this.substitutionsBefore = 0;
    this.madeDeclarations = undefined;
    return this.assignmentsFrom(0);
  }

  /** Kept for the next run, it holds on to nothing of this one's context. */
  release(): void {
    this.shell = undefined;
    this.context = undefined;
    this.assigned?.empty();
    this.assigning = undefined;
    this.environment = undefined;
  }

  private get running(): Context {
    return this.context as Context;
  }

  private assignmentsFrom(from: number): Eventually<PlannedCommand> {
    const { assignments } = this.compiled.command;
    for (let index = from; index < assignments.length; index++) {
      // Only a later assignment sees an earlier one: a lone assignment needs no map of them.
      this.assigning ??= assignments.length > 1 ? this.prefixEnvironment() : this.expanding();
      const assignment = assignments[index] as Assignment;
      const slot = this.scalars[index];
      const planned = slot === undefined ? expandAssignment(assignment, this.assigning, this.budget) : this.scalarValue(slot, assignment.value as Word);
      if (planned instanceof Promise) return this.assignmentsAfter(planned, index + 1);
      this.addAssignment(planned);
    }
    return this.words();
  }

  /** The environment of a command's later assignments, which see its earlier ones: kept from run to run in each context. */
  private prefixEnvironment(): ContextEnvironment {
    const context = this.running;
    const assigned = (this.assigned ??= new PrefixValues());
    assigned.empty();
    this.prefixEnvironments ??= new WeakMap();
    let environment = this.prefixEnvironments.get(context);
    if (environment === undefined) {
      environment = new ContextEnvironment(this.shell as Expanding, context, assigned, undefined);
      this.prefixEnvironments.set(context, environment);
    }
    this.assigningSubstitutionsBefore = environment.substitutions;
    return environment;
  }

  private scalarValue(slot: ScalarAssignment, value: Word): Eventually<PlannedAssignment> {
    const text = expandWord(value, this.assigning as ContextEnvironment, this.budget);
    if (text instanceof Promise) return this.scalarLater(slot, text);
    slot.value = text;
    return slot;
  }

  private scalarLater(slot: ScalarAssignment, text: Promise<string>): Promise<PlannedAssignment> {
    return text.then((known) => {
      slot.value = known;
      return slot;
    });
  }

  private assignmentsAfter(planned: Promise<PlannedAssignment>, next: number): Promise<PlannedCommand> {
    return planned.then((expanded) => {
      this.addAssignment(expanded);
      return this.assignmentsFrom(next);
    });
  }

  private addAssignment(planned: PlannedAssignment): void {
    this.assignments.push(planned);
    if (this.assigned === undefined) return;
    const value = prefixValue(this.running.state, planned);
    if (value !== undefined) this.assigned.set(planned.name, value);
  }

  private expanding(): ContextEnvironment {
    if (this.environment === undefined) {
      this.environment = plainEnvironment(this.shell as Expanding, this.running);
      this.substitutionsBefore = this.environment.substitutions;
    }
    return this.environment;
  }

  /** The words, all at once into argv when none can be a declaration's operand (most commands). */
  private words(): Eventually<PlannedCommand> {
    if (this.compiled.declares) return this.wordsFrom(0);
    const { words } = this.compiled.command;
    if (words.length === 0) return this.withRedirects();
    const fields = expandWordsInto(words, this.expanding(), this.budget, this.argv);
    if (fields instanceof Promise) return this.redirectsAfter(fields);
    return this.withRedirects();
  }

  private redirectsAfter(pending: Promise<unknown>): Promise<PlannedCommand> {
    return pending.then(() => this.withRedirects());
  }

  /** The words from `from` on, one at a time: an operand written as an assignment is one when the command is a declaration builtin. */
  private wordsFrom(from: number): Eventually<PlannedCommand> {
    const { words } = this.compiled.command;
    const literals = this.compiled.words;
    const { argv, budget } = this;
    for (let index = from; index < words.length; index++) {
      const word = words[index] as Word;
      // `export NAME=$value`, `local a=(1 2)`: operands taken as assignments, unsplit and unglobbed.
      if (word.declaration !== undefined && DECLARATION_BUILTINS.has(argv[0] as string)) {
        const planned = expandAssignment(word.declaration, this.expanding(), budget);
        if (planned instanceof Promise) return this.declarationAfter(planned, index + 1);
        this.addDeclaration(planned);
        continue;
      }
      const literal = literals[index];
      if (literal !== undefined) {
        budget.chargeBytes(literal.bytes);
        argv.push(literal.text);
        continue;
      }
      const fields = expandWordsInto([word], this.expanding(), budget, argv);
      if (fields instanceof Promise) return this.wordsAfter(fields, index + 1);
    }
    return this.withRedirects();
  }

  private declarationAfter(planned: Promise<PlannedAssignment>, next: number): Promise<PlannedCommand> {
    return planned.then((expanded) => {
      this.addDeclaration(expanded);
      return this.wordsFrom(next);
    });
  }

  private wordsAfter(pending: Promise<unknown>, next: number): Promise<PlannedCommand> {
    return pending.then(() => this.wordsFrom(next));
  }

  private addDeclaration(planned: PlannedAssignment): void {
    (this.madeDeclarations ??= new Map()).set(this.argv.length, planned);
    this.argv.push(declarationText(planned));
  }

  private withRedirects(): Eventually<PlannedCommand> {
    const { redirects } = this.compiled.command;
    if (redirects.length === 0) return this.planned(NO_REDIRECTS);
    return this.redirectsPlanned(redirects);
  }

  private redirectsPlanned(redirects: SimpleCommand['redirects']): Eventually<PlannedCommand> {
    const context = this.running;
    return andThen(planRedirects(redirects, this.expanding(), this.budget, context.state, context), (planned) => this.planned(planned));
  }

  private planned(redirects: readonly PlannedRedirect[]): PlannedCommand {
    this.declarations = this.madeDeclarations ?? NO_DECLARATIONS;
    this.redirects = redirects;
    this.substitutionStatus = this.substituted() ? this.running.state.lastStatus : undefined;
    return this;
  }

  /** Whether a command substitution ran in its words: then `$?` is the last one's (it set `$?`, and nothing since has). */
  private substituted(): boolean {
    return (this.environment !== undefined && this.environment.substitutions !== this.substitutionsBefore) || (this.assigned !== undefined && this.assigning !== undefined && this.assigning.substitutions !== this.assigningSubstitutionsBefore);
  }
}

/** A command's prefix assignments made so far, as a later one sees them: what ContextEnvironment reads of them. */
interface AssignedValues {
  get(name: string): string | undefined;
  has(name: string): boolean;
}

/**
 * A command's prefix assignments made so far, in order (a later one of a name hides an earlier):
 * two arrays kept from run to run, where a map would be made for each.
 */
class PrefixValues implements AssignedValues {
  private readonly names: string[] = [];
  private readonly values: string[] = [];

  get(name: string): string | undefined {
    for (let index = this.names.length - 1; index >= 0; index--) if (this.names[index] === name) return this.values[index];
    return undefined;
  }

  has(name: string): boolean {
    return this.names.includes(name);
  }

  set(name: string, value: string): void {
    this.names.push(name);
    this.values.push(value);
  }

  empty(): void {
    empty(this.names);
    empty(this.values);
  }
}

/**
 * Arithmetic in a command's later assignment reads its earlier ones (`a=1 b=2 c=$((a+b))`), as a
 * word there does; what it assigns goes to the shell.
 */
class PrefixArithmeticVariables implements Required<ArithmeticVariables> {
  constructor(
    private readonly assigned: AssignedValues,
    private readonly variables: Required<ArithmeticVariables>,
  ) {}

  get nounset(): boolean {
    return this.variables.nounset;
  }

  get(name: string): string | undefined {
    return this.assigned.get(name) ?? this.variables.get(name);
  }

  set(name: string, value: string): void {
    this.variables.set(name, value);
  }

  isSet(name: string): boolean {
    return this.assigned.has(name) || this.variables.isSet(name);
  }

  isAssociative(name: string): boolean {
    return !this.assigned.has(name) && this.variables.isAssociative(name);
  }

  getElement(name: string, subscript: bigint | string): string | undefined {
    if (!this.assigned.has(name)) return this.variables.getElement(name, subscript);
    return subscript === 0n || subscript === '0' ? this.assigned.get(name) : undefined;
  }

  setElement(name: string, subscript: bigint | string, value: string): void {
    this.variables.setElement(name, subscript, value);
  }
}

/**
 * How words expand in `context`; `assigned` holds a command's prefix assignments made so far. A
 * context's plain environment (no assignments, no one told of substitutions) is made once and
 * kept with the context: it reads the state as it is when asked, so every command run there
 * (a loop's, a function's) shares it rather than making its own.
 */
export function expansionEnvironment(
  shell: Expanding,
  context: Context,
  assigned: ReadonlyMap<string, string> = NO_ASSIGNMENTS,
  onSubstitution?: (status: number) => void,
): ExpansionEnvironment {
  if (assigned !== NO_ASSIGNMENTS || onSubstitution !== undefined) return new ContextEnvironment(shell, context, assigned, onSubstitution);
  return plainEnvironment(shell, context);
}

const plainEnvironments = new WeakMap<Context, ContextEnvironment>();

function plainEnvironment(shell: Expanding, context: Context): ContextEnvironment {
  let environment = plainEnvironments.get(context);
  if (environment === undefined) {
    environment = new ContextEnvironment(shell, context, NO_ASSIGNMENTS, undefined);
    plainEnvironments.set(context, environment);
  }
  return environment;
}

/**
 * How words expand in `context` with its options as they are now, kept as they are while it is
 * used, whatever they become (completion's word lists turn pathname expansion off for it).
 */
export function expansionEnvironmentWithOptions(shell: Expanding, context: Context): ExpansionEnvironment {
  return new ContextEnvironment(shell, context, NO_ASSIGNMENTS, undefined, context.state.options.expansion());
}

/**
 * A context's expansion environment. A class, so that making one is one object, not a closure
 * per operation (a profile of a counting loop showed them); it reads the state when asked, so
 * that one can serve every command of its context.
 */
class ContextEnvironment implements ExpansionEnvironment {
  readonly special: SpecialParameters;
  private readonly state: ShellState;
  /** How many command substitutions ran in it: a command's plan compares the count before and after. */
  substitutions = 0;
  private prefixArithmetic: PrefixArithmeticVariables | undefined;

  constructor(
    private readonly shell: Expanding,
    private readonly context: Context,
    private readonly assigned: AssignedValues,
    private readonly onSubstitution: ((status: number) => void) | undefined,
    private readonly fixedOptions?: ExpansionOptions,
  ) {
    this.state = context.state;
    this.special = new StateSpecialParameters(this.state, shell.interactive);
  }

  get options(): ExpansionOptions {
    return this.fixedOptions ?? this.state.options.expansion();
  }

  get cwd(): string {
    return this.state.cwd;
  }

  lookup(name: string): string | undefined {
    if (this.assigned === NO_ASSIGNMENTS) return this.state.get(name);
    return this.assigned.get(name) ?? this.state.get(name);
  }

  tildePrefix(prefix: string): string | undefined {
    return tildeExpansion(this.state, prefix);
  }

  readDirectory(path: string): readonly string[] | undefined {
    try {
      return readdirSync(fsPath(path), { encoding: 'buffer' }).map(decodeBytes);
    } catch {
      return undefined;
    }
  }

  arithmetic(expression: string, name?: string): string {
    return arithmeticExpansion(expression, this.arithmeticVariables(), name);
  }

  /** Made once per environment: a prefix environment is kept from run to run (CommandPlan.prefixEnvironment). */
  private arithmeticVariables(): Required<ArithmeticVariables> {
    if (this.assigned === NO_ASSIGNMENTS) return this.state.arithmeticVariables();
    return (this.prefixArithmetic ??= new PrefixArithmeticVariables(this.assigned, this.state.arithmeticVariables()));
  }

  assign(name: string, value: string): void {
    this.state.set(name, value);
  }

  entries(name: string): readonly (readonly [string, string])[] | undefined {
    return this.state.entries(name);
  }

  element(name: string, subscript: string): string | undefined {
    if (!this.assigned.has(name)) return this.state.element(name, subscript);
    return Number(subscript) === 0 ? this.assigned.get(name) : undefined;
  }

  assignElement(name: string, subscript: string, value: string): void {
    this.state.assignElement(name, subscript, value);
  }

  attributes(name: string): string | undefined {
    const variable = this.state.lookup(name);
    return variable === undefined ? undefined : [...variable.attributes].sort(byDeclareOrder).join('');
  }

  referenceOf(name: string): string | undefined {
    return this.state.referenceOf(name);
  }

  isCircularReference(name: string): boolean {
    return this.state.isCircularReference(name);
  }

  promptCounts(): { jobs: number; commandNumber: number } {
    return { jobs: this.shell.jobCount(), commandNumber: this.state.commandNumber };
  }

  variableNames(): string[] {
    return this.state.assigned().map(([name]) => name);
  }

  async commandSubstitution(program: Program, maxBytes: number): Promise<string> {
    const { status, output } = await this.shell.capture(program, this.context, maxBytes);
    // `$?` is the substitution's status from here on, within the same command too (bash: `$(false)$?` is 1).
    this.state.lastStatus = status;
    this.substitutions++;
    this.onSubstitution?.(status);
    return output;
  }

  processSubstitution(program: Program, direction: '<' | '>'): string {
    return this.shell.substituteProcess(program, direction, this.context);
  }
}

/**
 * The special parameters of a state, read when used: `$-` is worked out only when read, and `$?`
 * is as a command substitution in the command's words left it.
 */
class StateSpecialParameters implements SpecialParameters {
  constructor(
    private readonly state: ShellState,
    private readonly interactive: boolean,
  ) {}

  get shellPid(): number {
    return this.state.shellPid;
  }

  get lastBackgroundPid(): number | undefined {
    return this.state.lastBackgroundPid;
  }

  get scriptName(): string {
    return this.state.scriptName;
  }

  get positional(): readonly string[] {
    return this.state.positional;
  }

  get lastStatus(): number {
    return this.state.lastStatus;
  }

  get optionFlags(): string {
    return this.state.options.flags(this.interactive);
  }
}

function byDeclareOrder(a: Attribute, b: Attribute): number {
  return ATTRIBUTE_LETTERS.indexOf(a) - ATTRIBUTE_LETTERS.indexOf(b);
}
