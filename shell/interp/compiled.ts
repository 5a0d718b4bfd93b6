/**
 * The compiled forms of the syntax tree: what a node's syntax alone says about running it, worked
 * out the first time the node runs and kept with it, since a loop's body and a function's are met
 * again on every pass and call. Which path a list's item takes, whether a command owns process
 * substitutions, which of a simple command's words are literal text, and the whole plan of one
 * in which nothing expands. What depends on the state as it runs (functions, builtins, options,
 * traps) is looked at when it runs.
 */
import { byteLength } from '../bytes';
import { literalText } from '../expand';
import { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from '../expand/budget';
import type { Clause, Command, List, ListItem, SimpleCommand } from '../syntax/ast';
import { literalPlan, type PlannedCommand, type SparePlan } from './planning';
import { ownsProcessSubstitution } from './process-substitution';

/** A list's items, each compiled. */
export interface CompiledList {
  readonly items: readonly CompiledItem[];
}

/**
 * An item of a list: a lone command in the foreground (most are: no `&`, `&&`, `||`, `|`, `!` or
 * `time`), which runs straight from here, or any other, which takes the general path.
 */
export type CompiledItem = LoneCommand | OtherItem;

export interface LoneCommand {
  readonly kind: 'lone';
  readonly item: ListItem;
  readonly command: CompiledCommand;
  /** The pipeline's text, as a job shows it. */
  readonly text: string;
  /** See setsPipeStatus and judgedInside below. */
  readonly setsPipeStatus: boolean;
  readonly judgedInside: boolean;
}

export interface OtherItem {
  readonly kind: 'other';
  readonly item: ListItem;
}

/** Any command, as runCommand takes it: a simple one with its words compiled, or another. */
export type CompiledCommand = CompiledSimple | OtherCommand;

/** A simple command: each word's text where it expands to itself. */
export interface CompiledSimple {
  readonly kind: 'SimpleCommand';
  readonly command: SimpleCommand;
  /** It has `<(...)` or `>(...)` of its own, started beside it. */
  readonly processSubstitution: boolean;
  /** Its first line ($LINENO as it expands) and last (where it runs), read once: a span makes a position object on each read. */
  readonly firstLine: number;
  readonly lastLine: number;
  readonly words: readonly (LiteralWord | undefined)[];
  /** A word of it is written as an assignment (`local a=1`): an operand a declaration builtin takes as one. */
  readonly declares: boolean;
  /** Its plan, the same on every run, when it is words of literal text alone (no assignment, redirect or declaration). */
  readonly literal: PlannedCommand | undefined;
  /** A plan object of it not in use, for its next run (see lentPlan). */
  spare: SparePlan | undefined;
}

export interface OtherCommand {
  readonly kind: 'other';
  readonly command: Exclude<Command, SimpleCommand>;
  readonly processSubstitution: boolean;
  /** As CompiledSimple's. */
  readonly firstLine: number;
}


/** A word that expands to its own text, and that text's size as the expansion budget counts it. */
export interface LiteralWord {
  readonly text: string;
  readonly bytes: number;
}

/** Compound commands whose failure is their own, judged by `set -e` where they end (the others' were judged inside). */
const JUDGED_AS_A_WHOLE: ReadonlySet<Clause['kind']> = new Set(['Subshell', 'ArithmeticCommand', 'ConditionalCommand']);

// Kept on the node under a symbol, not in a WeakMap: read for every list run (a loop's body on
// every pass), where a property read costs a fraction of a WeakMap's look-up.
const COMPILED = Symbol('compiled');
const commands = new WeakMap<Command, CompiledCommand>();

export function compiledList(list: List): CompiledList {
  let compiled = (list as { [COMPILED]?: CompiledList })[COMPILED];
  if (compiled === undefined) {
    compiled = { items: list.items.map(compileItem) };
    Object.defineProperty(list, COMPILED, { value: compiled });
  }
  return compiled;
}

export function compiledCommand(command: SimpleCommand): CompiledSimple;
export function compiledCommand(command: Command): CompiledCommand;
export function compiledCommand(command: Command): CompiledCommand {
  let compiled = commands.get(command);
  if (compiled === undefined) {
    compiled = command.kind === 'SimpleCommand' ? compileSimple(command) : { kind: 'other', command, processSubstitution: ownsProcessSubstitution(command), firstLine: command.span.start.line };
    commands.set(command, compiled);
  }
  return compiled;
}

/** Its status is PIPESTATUS when it is alone in its pipeline: a simple command's or a subshell's (a brace group, loop or `if` leaves its last pipeline's). */
export function setsPipeStatus(command: Command): boolean {
  return command.kind !== 'CompoundCommand' || command.clause.kind === 'Subshell';
}

/** A compound command other than ( ), (( )) and [[ ]]: its failure was judged inside, by the command that failed. */
export function judgedInside(command: Command): boolean {
  return command.kind === 'CompoundCommand' && !JUDGED_AS_A_WHOLE.has(command.clause.kind);
}

function compileItem(item: ListItem): CompiledItem {
  const { andOr } = item;
  const pipeline = andOr.first;
  const only = pipeline.commands.length === 1 ? pipeline.commands[0] : undefined;
  if (item.background || andOr.rest.length > 0 || pipeline.negated || pipeline.time !== null || only === undefined) return { kind: 'other', item };
  return { kind: 'lone', item, command: compiledCommand(only), text: pipeline.text, setsPipeStatus: setsPipeStatus(only), judgedInside: judgedInside(only) };
}

/** Words are measured with no limit here: the budget of each run is charged with their bytes. */
function compileSimple(command: SimpleCommand): CompiledSimple {
  const measuring = new ExpansionBudget(Number.MAX_SAFE_INTEGER);
  const words = command.words.map((word): LiteralWord | undefined => {
    const text = literalText(word, measuring);
    return text === undefined ? undefined : { text, bytes: byteLength(text) };
  });
  const declares = command.words.some((word) => word.declaration !== undefined);
  const literal = declares ? undefined : planOfLiterals(command, words);
  const { span } = command;
  return { kind: 'SimpleCommand', command, processSubstitution: ownsProcessSubstitution(command), firstLine: span.start.line, lastLine: span.end.line, words, declares, literal, spare: undefined };
}

function planOfLiterals(command: SimpleCommand, words: readonly (LiteralWord | undefined)[]): PlannedCommand | undefined {
  if (command.assignments.length > 0 || command.redirects.length > 0 || words.length === 0) return undefined;
  const argv: string[] = [];
  let bytes = 0;
  for (const word of words) {
    if (word === undefined) return undefined;
    argv.push(word.text);
    bytes += word.bytes;
  }
  // One that passes the limit takes the general path, which fails as the limit says.
  if (bytes > PIPELINE_EXPANSION_LIMIT) return undefined;
  return literalPlan(argv);
}
