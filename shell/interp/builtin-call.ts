/**
 * One run of a builtin: the BuiltinContext it is given. A class, so that a loop of builtins (`[`,
 * `:`, `local`) makes one object per call, not a dozen closures; its output is made only when
 * the builtin asks for it (most never write).
 */
import type { Job, StageControl } from '../exec/job';
import type { FdTable } from '../exec/fds';
import type { Word } from '../syntax/ast';
import { prefixValues, type PlannedAssignment } from './assignment';
import type { BuiltinContext, ShellServices } from './builtin-api';
import type { Context } from './context';
import { CommandOutput } from './output';
import type { PlannedCommand } from './planning';
import type { TrapArrival } from './signal-traps';
import type { ShellState } from './state';

/** What a builtin's run asks of the interpreter. */
export interface BuiltinHost extends ShellServices {
  listJobs(): Job[];
  runSource(source: string, context: Context, name?: string): Promise<number>;
  runFile(source: string, name: string, context: Context): Promise<number>;
  /** `command`'s argv run as a builtin or program, never a function. */
  runWithoutFunctions(command: PlannedCommand, argv: readonly string[], context: Context, sees: (job: Job) => boolean, searchPath?: string): Promise<number>;
  trappedSignal(context: Context): TrapArrival | undefined;
  expandWordsIn(context: Context, words: readonly Word[], glob: boolean): Promise<string[]>;
  builtinControl(context: Context): Pick<StageControl, 'whileRunning' | 'signal'> | undefined;
  /** Where a diagnostic made at `lineNumber` of `sourceName` says it happened. */
  wherePlace(sourceName: string, lineNumber: number): string | undefined;
}

const NO_ASSIGNMENTS: readonly (readonly [string, string])[] = [];

/**
 * A builtin's context. The interpreter keeps one for the next builtin when a run ended at once
 * (see start): a builtin that returns its status at once is done with its context, and one that
 * waits (async) keeps its own, since that is then never reused.
 */
export class BuiltinCall implements BuiltinContext {
  argv!: readonly string[];
  state!: ShellState;
  declarations!: ReadonlyMap<number, PlannedAssignment>;
  assignments!: readonly (readonly [string, string])[];
  readonly shell: ShellServices;
  private madeOutput: CommandOutput | undefined;
  private command!: PlannedCommand;
  private context!: Context;
  private sees!: (job: Job) => boolean;
  private outerFds!: FdTable;
  // The place a diagnostic names is where the builtin started, though it runs other lines (`eval`, `.`).
  private sourceName!: string;
  private lineNumber!: number;

  constructor(private readonly host: BuiltinHost) {
    this.shell = host;
  }

  /** This context for a run of the builtin `command` names, in `context`. */
  start(command: PlannedCommand, context: Context, sees: (job: Job) => boolean, outerFds: FdTable): this {
    this.command = command;
    this.context = context;
    this.sees = sees;
    this.outerFds = outerFds;
    this.argv = command.argv;
    this.state = context.state;
    this.declarations = command.declarations;
    this.assignments = command.assignments.length === 0 ? NO_ASSIGNMENTS : prefixValues(context.state, command.assignments);
    this.madeOutput = undefined;
    this.sourceName = context.state.sourceName();
    this.lineNumber = context.state.lineNumber;
    return this;
  }

  get output(): CommandOutput {
    return (this.madeOutput ??= new CommandOutput(this.context.fds, this.host.builtinControl(this.context), this.host.wherePlace(this.sourceName, this.lineNumber)));
  }

  jobs(): Job[] {
    return this.host.listJobs().filter(this.sees);
  }

  run(source: string, name?: string): Promise<number> {
    return this.host.runSource(source, this.context, name);
  }

  runFile(source: string, name: string): Promise<number> {
    return this.host.runFile(source, name, this.context);
  }

  runCommand(argv: readonly string[], searchPath?: string): Promise<number> {
    return this.host.runWithoutFunctions(this.command, argv, this.context, this.sees, searchPath);
  }

  keepRedirects(): void {
    // Redirects naming the command's own process substitutions (exec 3< <(list)) are kept with them.
    const substitutions = this.context.processSubstitutions;
    if (substitutions !== undefined && substitutions.fds === this.outerFds) substitutions.keep(this.context.fds);
    else this.outerFds.adopt(this.context.fds);
  }

  trappedSignal(): TrapArrival | undefined {
    return this.host.trappedSignal(this.context);
  }

  expandWords(words: readonly Word[], glob: boolean): Promise<string[]> {
    return this.host.expandWordsIn(this.context, words, glob);
  }
}
