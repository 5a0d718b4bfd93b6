/**
 * Process substitution (bash's `<(list)` and `>(list)`). The list runs beside the command whose
 * word names it, in a subshell context of its own whose stdout (`<(...)`) or stdin (`>(...)`) is
 * one end of a pipe; the word is `/dev/fd/N`, N the shell's descriptor for the other end, which
 * the command's programs get as N and its builtins open by that name. The list's programs are
 * members of the command's job, or of no job at the top level: never listed, never given the
 * terminal. When the command ends the shell closes its ends, so a list writing sees EPIPE and a
 * list reading sees EOF, and waits for the lists to end, so nothing they started outlives it.
 */
import { native } from '../../native';
import { Interrupted } from '../control';
import { closeQuietly } from '../exec/close';
import type { FdTable } from '../exec/fds';
import type { Assignment, Command, ConditionalExpression, Redirect, SimpleCommand, Word, WordPart } from '../syntax/ast';
import { assignmentWords, operatorWords } from './tree';
import type { CommandSubstitutions, Context } from './context';
import { interruptOf, substitutionSubshell } from './scope';

/** The process substitutions of one command: their pipes' shell ends and their lists. */
export class ProcessSubstitutions implements CommandSubstitutions {
  /** The command's descriptors: the context's, and each substitution's end as itself. */
  readonly fds: FdTable;
  private ends: number[] = [];
  private readonly lists: Promise<unknown>[] = [];
  /** Set by keep(): the lists run on beside the shell. */
  private detached = false;
  /** Aborted when Ctrl-C abandons the line through the command's job rather than the shell. */
  private readonly abandoned = new AbortController();

  constructor(private readonly context: Context) {
    this.fds = context.fds.derive();
  }

  /**
   * `exec` made the command's redirects (`derived`, a table derived from fds) the context's own.
   * The substitutions' ends leave the table, as bash closes its /dev/fd/N after the command (one
   * another descriptor names, `exec 3<&63`, stays open as that one); and the lists are no longer
   * waited for: a descriptor the shell keeps now holds them open, as long as it likes.
   */
  keep(derived: FdTable): void {
    derived.apply(this.ends.map((fd) => ({ kind: 'close', fd })));
    this.context.fds.adopt(derived);
    for (const fd of this.ends) this.context.fds.takeOrClose(fd);
    this.ends = [];
    this.detached = true;
  }

  /**
   * Starts `run` (the list) beside the command and returns the word: the name of the shell's
   * end of the pipe. The list gets the command's descriptors, not the other substitutions'
   * ends, so that none of those is held open by another's programs.
   */
  start(direction: '<' | '>', run: (context: Context) => Promise<number>): string {
    const pipe = native.pipe();
    const [kept, given] = direction === '<' ? [pipe.read, pipe.write] : [pipe.write, pipe.read];
    this.ends.push(kept);
    this.fds.set(kept, kept, false);
    const fds = this.context.fds.derive();
    fds.set(direction === '<' ? 1 : 0, given, true);
    const signal = AbortSignal.any([abortOf(this.context), this.abandoned.signal]);
    this.lists.push(run(substitutionSubshell(this.context, fds, signal)).finally(() => fds.closeOwned()));
    return `/dev/fd/${kept}`;
  }

  /**
   * Ctrl-C went to the command's job, which died of it, and the line is abandoned: the lists end
   * too, as they would had the shell got the Ctrl-C (their programs have groups of their own).
   */
  abandon(): void {
    this.abandoned.abort();
  }

  /** The command has ended: its ends close, and the lists are waited for (unless kept). */
  async end(): Promise<void> {
    for (const fd of this.ends) closeQuietly(fd);
    if (!this.detached) await Promise.allSettled(this.lists);
  }
}

/** Runs `run` as the command of `context` with room for process substitutions, ended with it. */
export async function withProcessSubstitutions(context: Context, run: (context: Context) => Promise<number>): Promise<number> {
  const substitutions = new ProcessSubstitutions(context);
  try {
    return await run({ ...context, fds: substitutions.fds, processSubstitutions: substitutions });
  } catch (error) {
    if (error instanceof Interrupted) substitutions.abandon();
    throw error;
  } finally {
    await substitutions.end();
  }
}

/** What ends a list early: its command's job killed, or Ctrl-C on the line. */
function abortOf(context: Context): AbortSignal {
  const { scope } = context;
  const signals = [scope.kind === 'stage' ? scope.gate.signal : undefined, scope.request.signal, interruptOf(scope)].filter((signal) => signal !== undefined);
  return signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals);
}

const owning = new WeakMap<Command, boolean>();

/**
 * Whether `command`'s own words (not those of the commands in its body) have a process
 * substitution: its words, assignments and redirect targets; a compound command's redirects and
 * the words of its clause. Cached: this is asked of every command run.
 */
export function ownsProcessSubstitution(command: Command): boolean {
  let owns = owning.get(command);
  if (owns === undefined) {
    owns = command.kind === 'SimpleCommand' ? simpleOwns(command) : wordsOf(command).some(wordHas);
    owning.set(command, owns);
  }
  return owns;
}

const wordHas = (word: Word): boolean => hasSubstitution(word.parts);

/** ownsProcessSubstitution for a simple command, with no list of its words made: every command is asked once, as it is compiled. */
function simpleOwns(command: SimpleCommand): boolean {
  // By index: compiled as it first runs, this runs in V8's interpreter, where for-of makes an iterator.
  const { words, assignments, redirects } = command;
  for (let index = 0; index < words.length; index++) if (hasSubstitution((words[index] as Word).parts)) return true;
  for (let index = 0; index < assignments.length; index++) if (assignmentWords(assignments[index] as Assignment).some(wordHas)) return true;
  for (let index = 0; index < redirects.length; index++) {
    const redirect = redirects[index] as Redirect;
    if (redirect.kind !== 'HereDocument' && hasSubstitution(redirect.target.parts)) return true;
  }
  return false;
}

/** A process substitution among `parts`, or in the word of a `${x:-...}` operator among them (bash: `${x:-<(list)}`). */
function hasSubstitution(parts: readonly WordPart[]): boolean {
  return parts.some((part) => part.kind === 'ProcessSubstitution' || (part.kind === 'ParameterExpansion' && part.operator !== undefined && operatorWords(part.operator).some((word) => hasSubstitution(word.parts))));
}

function wordsOf(command: Exclude<Command, SimpleCommand>): Word[] {
  // A coprocess's command expands where it runs, with its own process substitutions.
  if (command.kind === 'FunctionDefinition' || command.kind === 'Coprocess') return [];
  const { clause } = command;
  const words = redirectWords(command.redirects);
  if (clause.kind === 'ForClause' || clause.kind === 'SelectClause') words.push(...(clause.words ?? []));
  if (clause.kind === 'CaseClause') words.push(clause.subject, ...clause.items.flatMap((item) => item.patterns));
  if (clause.kind === 'ConditionalCommand') words.push(...conditionalWords(clause.expression));
  return words;
}

function redirectWords(redirects: readonly Redirect[]): Word[] {
  return redirects.flatMap((redirect) => (redirect.kind === 'HereDocument' ? [] : [redirect.target]));
}

/** The words of `[[ ]]` in order, walked with a stack of its own: a chain of `&&` may be any length. */
function conditionalWords(expression: ConditionalExpression): Word[] {
  const words: Word[] = [];
  const pending: ConditionalExpression[] = [expression];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    switch (next.kind) {
      case 'CondWord':
        words.push(next.word);
        break;
      case 'CondUnary':
        words.push(next.operand);
        break;
      case 'CondBinary':
        words.push(next.left, next.right);
        break;
      case 'CondNot':
        pending.push(next.operand);
        break;
      case 'CondGroup':
        pending.push(next.inner);
        break;
      case 'CondAnd':
      case 'CondOr':
        pending.push(next.right, next.left);
        break;
    }
  }
  return words;
}
