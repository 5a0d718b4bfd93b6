/**
 * The interpreter walks the syntax tree: lists, and-or lists, pipelines, and one `runCommand`
 * dispatch over every command kind. Compound commands, functions and builtins run inside the
 * shell; a pipeline's external stages go to the executor as one job, and its in-shell stages run
 * concurrently inside that job, each in a subshell context of its own. Expansion happens where
 * the command runs: a background list expands in the background.
 */
import { KeyBindings } from '../interactive/editor/bindings';
import { functionDefinitionText } from './function-text';
import { applyAssignment, prefixValues, type PlannedAssignment } from './assignment';
import { ExitRequest, type Builtin, type BuiltinLookup } from './builtin-api';
import { BuiltinCall, type BuiltinHost } from './builtin-call';
import type { TrapArrival } from './signal-traps';
import type { CommandHistory } from './command-history';
import { ShellError, isShellError } from '../errors';
import { ParseError } from '../syntax/source';
import type { InShellStage, Stage } from '../exec/construct';
import { applyWithoutBlocking } from '../exec/blocking-opens';
import { describeUnexpected } from '../unexpected';
import { childSettings } from '../exec/child-settings';
import type { ExecutionRequest, Executor } from '../exec/executor';
import { SIGNALS } from '../exec/signals';
import type { FdTable, PlannedRedirect } from '../exec/fds';
import type { Job, StageControl } from '../exec/job';
import type { CommandResolver } from '../exec/resolve';
import { ExpansionBudget } from '../expand/budget';
import { expandWords } from '../expand';
import type { ExpansionEnvironment } from '../expand/types';
import type { AndOr, Clause, Command, CompoundCommand, FunctionDefinition, List, Pipeline, Program, SimpleCommand, Word } from '../syntax/ast';
import { Coprocesses } from './coprocess';
import { parseCommands } from '../syntax';
import { readingFor } from './script';
import { parseErrorReport } from './parse-report';
import { runClause, tested } from './compound';
import { ExpansionAbort, FunctionReturn, Interrupted, LoopControl } from '../control';
import { BROKEN_PIPE_STATUS, BrokenPipe, CommandOutput, WriteFailed } from './output';
import { expansionEnvironment, expansionEnvironmentWithOptions, giveBackPlan, lentPlan, planCommand, type PlannedCommand } from './planning';
import { assignNamedDescriptors, planRedirects, type NamedRedirect } from './redirects';
import type { ShellState } from './state';
import type { Context, StageGate } from './context';
import { JobControl } from './job-control';
import { interruptOf, lastpipeStage, lineInterrupted, lineOf, stageSubshell } from './scope';
import type { Evaluator } from './evaluator';
import { ownsProcessSubstitution, withProcessSubstitutions } from './process-substitution';
import { compiledCommand, compiledList, judgedInside, setsPipeStatus, type CompiledCommand, type CompiledItem, type CompiledList, type CompiledSimple, type LoneCommand } from './compiled';
import { captureOutput, substituteProcess } from './substitution';
import { timePipeline } from './time';
import { TrapRunner } from './trap-runner';
import { JobRunner, killedStatus } from './job-runner';
import { hasCommandSubstitution } from './tree';
import type { CommandCondition } from './traps';
import type { AnnouncedCommand } from './command-text';
import { traceAssignment, tracePrefix, traceWord } from './xtrace';
import { expandText } from './prompt-expansion';
import { andThen, recovering, type Eventually } from '../eventually';

/** What an interpreter is made with (wiring.ts makes it). */
export interface InterpreterOptions {
  /** The builtin table (builtins/index.ts): interp/ imports no builtin. */
  readonly builtins: BuiltinLookup;
  readonly executor: Executor;
  readonly resolver: CommandResolver;
  /** An interactive shell: job control at the prompt, notices, diagnostics that name no line. */
  readonly interactive: boolean;
  readonly history?: () => CommandHistory | undefined;
}

/** How `command` looks a name up: never as a function, and perhaps on another PATH (`command -p`). */
interface CommandLookup {
  readonly skipFunctions?: boolean;
  readonly searchPath?: string;
}

/** The usual lookup: functions first, on $PATH. */
const ANY_COMMAND: CommandLookup = {};

/** Without job control a background job does not read the terminal (POSIX): its stdin is /dev/null. */
const BACKGROUND_STDIN: PlannedRedirect = { kind: 'open', fd: 0, path: '/dev/null', mode: 'read', permissions: 0 };
/** `|&`: the stage's stderr goes where its stdout goes (after its own redirects, as in bash). */
const STDERR_TO_PIPE: PlannedRedirect = { kind: 'dup', fd: 2, source: 1 };


/** How a stage that runs inside the shell names its command: a simple command by its words as written. */
function stageText(command: Command): string {
  return command.kind === 'SimpleCommand' ? command.words.map((word) => word.text).join(' ') : command.text;
}

/** Function calls nested deeper than this fail (bash has FUNCNEST, unset by default, and then dies of the stack). */
const DEFAULT_FUNCTION_NESTING_LIMIT = 1000;

/** How many lists deep a synchronous walk goes on one stack: some thirty frames each, far from Node's limit. */
const LISTS_PER_STACK = 32;

/** How often a command line that runs only inside the shell lets signals, children and the link be heard. */
const YIELD_INTERVAL_MS = 20;
/** How many checkpoints pass between two readings of the clock for YIELD_INTERVAL_MS. */
const STEPS_PER_CLOCK_READING = 8;

/** The fixed, noninteractive command lines of the reference dialects. */
const DIALECTS: Readonly<Record<string, readonly string[]>> = {
  bash: ['bash', '--norc', '--noprofile'],
  zsh: ['zsh', '-f'],
};

/** PIPESTATUS of one command, for each status a command can have: one list each, not one per command. */
const SINGLE_STATUSES: readonly (readonly number[])[] = Array.from({ length: 256 }, (_, status) => Object.freeze([status]));

function statusList(status: number): readonly number[] {
  return SINGLE_STATUSES[status] ?? [status];
}

/** A call's prefix assignments when it has none. */
const NO_PREFIX: readonly (readonly [string, string])[] = [];

/** A builtin's view of the jobs outside any pipeline: all of them. */
const seesEveryJob = (): boolean => true;

export class Interpreter implements BuiltinHost, Evaluator {
  readonly jobControl: JobControl;
  /** `bind`'s table: the interactive shell's line editor reads it; elsewhere bind changes it to no effect, as bash's does. */
  private readonly bindings = new KeyBindings();
  private lastYield = performance.now();
  /** Checkpoints to pass before the next reads the clock. */
  private stepsUntilClock = STEPS_PER_CLOCK_READING;
  /** A builtin's context not in use, for the next builtin (see BuiltinCall). */
  private spareCall: BuiltinCall | undefined;
  /** Lists running inside one another: how deep the synchronous walk may have gone. */
  private listNesting = 0;
  private readonly traps: TrapRunner;
  /** Launching and settling jobs, and the lines a stop holds. */
  private readonly jobs: JobRunner;
  /** `$(...)` and `eval` nesting, for the repeated first character of PS4. */
  private traceLevel = 1;
  /** bash's `coproc`: the coprocess started last. */
  private readonly coprocesses: Coprocesses;

  private readonly builtins: BuiltinLookup;
  readonly executor: Executor;
  readonly resolver: CommandResolver;
  readonly interactive: boolean;
  /** The command history, where there is one (an interactive shell's line editor keeps it). */
  readonly history: () => CommandHistory | undefined;

  constructor(options: InterpreterOptions) {
    ({ builtins: this.builtins, executor: this.executor, resolver: this.resolver, interactive: this.interactive } = options);
    this.history = options.history ?? (() => undefined);
    this.traps = new TrapRunner(
      { runSource: (source, context, name, firstLine) => this.runSource(source, context, name, firstLine), abandoned: (error, context) => this.abandoned(error, context) },
      this.executor,
      this.interactive,
    );
    this.jobControl = new JobControl(this.executor);
    this.coprocesses = new Coprocesses({
      say: (context, message) => this.say(context, message),
      stageOf: (command, context, budget) => this.stageOf(command, context, budget),
      reportFailure: (error, context) => this.reportFailure(error, context),
      startInBackground: (spec, context) => this.jobs.startInBackground(spec, context),
    });
    this.jobs = new JobRunner({ checkpoint: (context) => this.checkpoint(context), say: (context, message) => this.say(context, message) }, this.executor, this.jobControl, this.traps, this.interactive);
  }

  isBuiltin(name: string, state: ShellState): boolean {
    return this.builtins.find(name, state.disabledBuiltins) !== undefined || name === 'dialect';
  }

  hasTerminal(): boolean {
    return this.executor.terminal !== undefined;
  }

  beforeExec(): void {
    this.executor.terminal?.reclaim();
    // A group prepared ahead of need would outlive the shell as a stray child of the program.
    this.executor.dispose();
  }

  umaskChanged(): void {
    this.executor.renewPrepared();
  }

  keyBindings(): KeyBindings {
    return this.bindings;
  }

  functionText(state: ShellState, name: string): string | undefined {
    const definition = state.functions.get(name);
    return definition === undefined ? undefined : functionDefinitionText(definition);
  }

  /**
   * Runs a parsed command line. In an interactive shell Ctrl-C during it, or a foreground child
   * killed by SIGINT, abandons the rest of the line with status 130 (bash's rule). A script's
   * start-up file (`quirl -l -c CMD`'s profile) is only abandoned by a fatal error, as bash's is:
   * the shell goes on to CMD.
   */
  async runProgram(program: Program, context: Context, startupFile = false): Promise<number> {
    if (this.interactive) this.coprocesses.reap();
    if (!this.interactive || context.scope.kind !== 'shell') return this.runLine(program.body, context, startupFile);
    return this.jobs.runLine(programText(program), context, (inner) => this.runLine(program.body, inner));
  }

  /** A line's commands: what ends the whole line (Ctrl-C, an abandoning error) is settled here. */
  private async runLine(list: List, context: Context, startupFile = false): Promise<number> {
    try {
      return await this.runList(list, context);
    } catch (error) {
      if (error instanceof Interrupted) {
        context.state.lastStatus = error.status;
        return error.status;
      }
      // The script's output went away: it ends as SIGPIPE would end it.
      if (error instanceof BrokenPipe) throw new ExitRequest(BROKEN_PIPE_STATUS);
      if (!(error instanceof ExpansionAbort)) throw error;
      // A fatal error ends a script; any other only abandons the line.
      if (error.fatal && !this.interactive && !startupFile) {
        if (error.message !== undefined) await this.say(context, error.message);
        throw new ExitRequest(error.status);
      }
      return this.abandoned(error, context);
    } finally {
      // The signals its traps name are listened for once the line is done, not at the next
      // command's checkpoint: a trap the line set is in place when the prompt comes back (a USR1
      // sent then ended the shell by its default).
      this.traps.syncAfterLine(context);
    }
  }

  /** An error that abandoned a command line or more, where it stops: said, if it was not yet, and its status is $?. */
  private async abandoned(error: ExpansionAbort, context: Context): Promise<number> {
    if (error.message !== undefined) await this.say(context, error.message);
    context.state.lastStatus = error.status;
    return error.status;
  }

  runList(list: List, context: Context): Eventually<number> {
    // `set -n` (`quirl -n`): commands are read, not run, so none is compiled either (an interactive
    // shell ignores it, as bash does). Compiling a megabyte of commands never run doubled `-n`'s time.
    if (!this.interactive && context.state.options.has('noexec')) return andThen(this.checkpoint(context), () => context.state.lastStatus);
    // A walk that waits for nothing never unwinds its stack: every so many lists deep (functions
    // calling functions, eval, source), one starts on a fresh stack, from a microtask.
    const fresh = ++this.listNesting % LISTS_PER_STACK === 0;
    let ran: Eventually<number>;
    try {
      const compiled = compiledList(list);
      ran = fresh ? this.runItemsFresh(compiled, context) : this.runItems(compiled, context, 0);
    } catch (error) {
      this.listNesting--;
      throw error;
    }
    if (ran instanceof Promise) return ran.finally(this.leaveList);
    this.listNesting--;
    return ran;
  }

  private readonly leaveList = (): void => {
    this.listNesting--;
  };

  // The hot path's functions hold no closure: V8 allocates a function's captured variables on
  // every call, whichever branch runs, so a closure of a rare branch lives in a method of its own.

  private runItemsFresh(list: CompiledList, context: Context): Promise<number> {
    return Promise.resolve().then(() => this.runItems(list, context, 0));
  }

  /**
   * The list's items from `from` on, each after a checkpoint: synchronously while they complete
   * at once (no closure or promise per item), the rest after the first that waits.
   */
  private runItems(list: CompiledList, context: Context, from: number): Eventually<number> {
    const { items } = list;
    for (let index = from; index < items.length; index++) {
      const checked = this.checkpoint(context);
      const item = items[index] as CompiledItem;
      if (checked instanceof Promise) return this.runItemChecked(checked, item, list, context, index);
      const ran = this.runItem(item, context);
      if (ran instanceof Promise) return this.runItemsAfter(ran, list, context, index + 1);
    }
    return context.state.lastStatus;
  }

  private runItemChecked(checked: Promise<void>, item: CompiledItem, list: CompiledList, context: Context, index: number): Promise<number> {
    return checked.then(() => this.runItemsAfter(this.runItem(item, context), list, context, index + 1));
  }

  private async runItemsAfter(pending: Eventually<void>, list: CompiledList, context: Context, from: number): Promise<number> {
    await pending;
    // An item that waited took time: the next checkpoint reads the clock, as after any long step.
    this.stepsUntilClock = 1;
    return this.runItems(list, context, from);
  }

  private runItem(compiled: CompiledItem, context: Context): Eventually<void> {
    // `set -n`: commands are read, not run (an interactive shell ignores it, as bash does).
    if (context.state.options.has('noexec') && !this.interactive) return;
    const { item } = compiled;
    const status = compiled.kind === 'lone' ? this.runLone(compiled, context) : item.background ? this.runInBackground(item.andOr, context) : this.runAndOr(item.andOr, context);
    if (status instanceof Promise) return this.itemEnded(status, context);
    context.state.lastStatus = status;
  }

  private itemEnded(status: Promise<number>, context: Context): Promise<void> {
    return status.then((ended) => {
      context.state.lastStatus = ended;
    });
  }

  /** A lone command in the foreground, as runPipeline runs it, with what its syntax says worked out already. */
  private runLone(lone: LoneCommand, context: Context): Eventually<number> {
    const status = this.runCompiled(lone.command, context, lone.text);
    if (status instanceof Promise) return this.loneEndedLater(lone, status, context);
    return this.loneEnded(lone, status, context);
  }

  private loneEndedLater(lone: LoneCommand, status: Promise<number>, context: Context): Promise<number> {
    return status.then((ended) => this.loneEnded(lone, ended, context));
  }

  private loneEnded(lone: LoneCommand, status: number, context: Context): Eventually<number> {
    if (lone.setsPipeStatus) context.state.pipeStatus = statusList(status);
    if (status !== 0 && !lone.judgedInside) return this.failedWith(status, context);
    return status;
  }

  /** `set -e` and the ERR trap on a failed command; then its status. */
  private failedWith(status: number, context: Context): Eventually<number> {
    return andThen(this.traps.failed(status, context), () => status);
  }

  /**
   * Called between commands: now and then lets the event loop run (SIGCHLD, the IPC link, a
   * SIGINT handler), so that a loop of builtins cannot starve it; then acts on a pending Ctrl-C.
   * It waits for nothing otherwise: a loop of builtins runs synchronously between its yields.
   */
  checkpoint(context: Context): Eventually<void> {
    // The clock is read only every so many checkpoints: most steps take microseconds.
    if (--this.stepsUntilClock > 0) return this.checkStage(context);
    this.stepsUntilClock = STEPS_PER_CLOCK_READING;
    if (performance.now() - this.lastYield < YIELD_INTERVAL_MS) return this.checkStage(context);
    return this.yieldThenCheck(context);
  }

  private yieldThenCheck(context: Context): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve)).then(() => {
      this.lastYield = performance.now();
      return this.checkStage(context);
    });
  }

  private checkStage(context: Context): Eventually<void> {
    const { scope } = context;
    if (scope.kind !== 'stage') return this.checkLine(context);
    return this.checkStageGate(scope.gate, context);
  }

  /** A stage of a stopped job waits here until it is continued; one of a killed job ends. */
  private checkStageGate(gate: StageGate, context: Context): Promise<void> {
    return gate.whileRunning().then(() => {
      if (gate.signal.aborted) throw new Interrupted(killedStatus(gate.signal));
      return this.checkLine(context);
    });
  }

  private checkLine(context: Context): Eventually<void> {
    const going = lineOf(context.scope)?.backgroundJob;
    if (going?.abortSignal.aborted === true) throw new Interrupted(killedStatus(going.abortSignal));
    if (this.traps.trapsMayBePending(context)) return this.trapsThenCheck(context);
    return this.checkInterrupt(context);
  }

  private trapsThenCheck(context: Context): Promise<void> {
    return this.traps.runPendingTraps(context).then(() => this.checkInterrupt(context));
  }

  private checkInterrupt(context: Context): Eventually<void> {
    if (lineInterrupted(context.scope)) return this.interrupted(context);
  }

  /** Ctrl-C ends the line here. */
  private async interrupted(context: Context): Promise<never> {
    if (this.jobs.takeInterrupt()) {
      // The terminal echoed ^C but no newline: the prompt comes on a line of its own.
      await new CommandOutput(context.fds, undefined).err('\n');
    }
    throw new Interrupted(128 + SIGNALS.SIGINT);
  }

  private runAndOr(andOr: AndOr, context: Context): Eventually<number> {
    if (andOr.rest.length === 0) return this.runPipeline(andOr.first, context, false);
    // Every pipeline but the last is tested, so `set -e` ignores its failure.
    const status = this.runPipeline(andOr.first, tested(context), false);
    return status instanceof Promise ? status.then((ended) => this.andOrFrom(andOr, context, 0, ended)) : this.andOrFrom(andOr, context, 0, status);
  }

  /** The and-or list's pipelines from `from` on, the one before having ended with `previous`. */
  private andOrFrom(andOr: AndOr, context: Context, from: number, previous: number): Eventually<number> {
    const { rest } = andOr;
    for (let index = from; index < rest.length; index++) {
      const { operator, pipeline } = rest[index] as AndOr['rest'][number];
      context.state.lastStatus = previous;
      if ((operator === '&&') !== (previous === 0)) continue;
      const status = this.runPipeline(pipeline, index === rest.length - 1 ? context : tested(context), false);
      if (status instanceof Promise) return status.then((ended) => this.andOrFrom(andOr, context, index + 1, ended));
      previous = status;
    }
    return previous;
  }

  /**
   * `a | b &` of external commands is one background job of processes. Anything the shell must
   * run itself (an and-or list, a compound command, a function, words with `$(...)` to expand)
   * becomes one background job with an in-shell stage, which expands and runs it there.
   */
  private async runInBackground(andOr: AndOr, context: Context): Promise<number> {
    const { first } = andOr;
    if (andOr.rest.length === 0 && first.time === null && !this.needsShellInBackground(first, context.state)) {
      return this.runPipeline(first, context, true);
    }
    const text = andOrText(andOr);
    // A lone pipeline's simple commands are traced here; bash forks a whole and-or list first.
    const tracedInShell = andOr.rest.length === 0 ? await this.traceInShell(first, context) : undefined;
    const stage: InShellStage = {
      kind: 'inShell',
      command: text,
      redirects: this.interactive ? [] : [BACKGROUND_STDIN],
      run: (fds, control) => this.inSubshell(text, fds, control, context, (inner) => this.runAndOr(andOr, { ...inner, tracedInShell })),
    };
    return this.jobs.launch({ command: text, stages: [stage], fds: context.fds }, context, true);
  }

  /** The DEBUG trap of each simple command of `pipeline`, run in the shell before the job that runs them starts. */
  private async traceInShell(pipeline: Pipeline, context: Context): Promise<ReadonlySet<SimpleCommand>> {
    const simple = pipeline.commands.filter((command) => command.kind === 'SimpleCommand');
    for (const command of simple) if (this.announce(command, context)) await this.runDebugTrap(context);
    return new Set(simple);
  }

  private needsShellInBackground(pipeline: Pipeline, state: ShellState): boolean {
    return pipeline.commands.some(
      (command) =>
        command.kind !== 'SimpleCommand' ||
        hasCommandSubstitution(command) ||
        // A function's body runs in the shell; the name is checked as written (it is rarely quoted).
        (command.words[0] !== undefined && state.functions.has(command.words[0].text)),
    );
  }

  private runPipeline(pipeline: Pipeline, context: Context, background: boolean): Eventually<number> {
    const inner = pipeline.negated ? tested(context) : context;
    const status =
      pipeline.time === null
        ? this.runPipelineStages(pipeline, inner, background)
        : timePipeline(pipeline.time, async () => this.runPipelineStages(pipeline, inner, background), new CommandOutput(context.fds, undefined));
    if (status instanceof Promise) return status.then((ended) => this.pipelineEnded(pipeline, ended, context, background));
    return this.pipelineEnded(pipeline, status, context, background);
  }

  private pipelineEnded(pipeline: Pipeline, status: number, context: Context, background: boolean): Eventually<number> {
    // PIPESTATUS: a job's stages set it as they end; a brace group, loop or `if` leaves its last pipeline's.
    const only = pipeline.commands.length === 1 ? pipeline.commands[0] : undefined;
    if (only !== undefined && setsPipeStatus(only)) context.state.pipeStatus = statusList(status);
    if (pipeline.negated) return status === 0 ? 1 : 0;
    if (status !== 0 && !background && !(only !== undefined && judgedInside(only))) return andThen(this.traps.failed(status, context), () => status);
    return status;
  }

  /**
   * Before a command (a simple one, a `for` pass, `case`, `(( ))`, `[[ ]]`): BASH_COMMAND names
   * it, except inside a trap. True when the DEBUG trap is to run now; synchronous, so that a
   * shell without one awaits nothing for it.
   */
  announce(command: AnnouncedCommand, context: Context): boolean {
    return this.traps.announce(command, context);
  }

  /** The DEBUG trap, before the command just announced; its status is not the command's `$?`. */
  runDebugTrap(context: Context): Promise<void> {
    return this.traps.runDebugTrap(context);
  }

  /**
   * A trapped signal the line editor took as a key (Ctrl-C at the prompt): its trap runs now, in
   * the shell's context, and the prompt is drawn again after it.
   */
  trapAtPrompt(signal: number, context: Context): Promise<void> {
    return this.traps.trapAtPrompt(signal, context);
  }

  /** The shell's EXIT trap, once, as it ends; returns the status the shell ends with (see TrapRunner.finish). */
  finish(context: Context, status: number): Promise<number> {
    return this.traps.finish(context, status);
  }

  /**
   * `fg`: the job takes the terminal (with its own modes) until it finishes or stops again. A job
   * that holds a line resumes the line in the foreground, which `fg` then waits for.
   */
  foreground(job: Job, output: CommandOutput, request: ExecutionRequest = {}): Promise<number> {
    return this.jobs.foreground(job, output, request);
  }

  /** announce for a simple command: false where the shell ran its DEBUG trap before starting this job. */
  private announceSimple(command: SimpleCommand, context: Context): boolean {
    return this.announce(command, context) && context.tracedInShell?.has(command) !== true;
  }

  /**
   * A function's body or a sourced file: it runs without the traps it does not inherit, `return`
   * ends it, and the RETURN trap (its own, or inherited with `set -T`) runs as it ends, in its
   * context, before those traps come back (bash's execute_function and source).
   */
  private runReturning<A, B, C>(context: Context, withheld: readonly CommandCondition[], run: ReturningRun<A, B, C>, a: A, b: B, c: C): Eventually<number> {
    const { traps } = context.state;
    const taken = traps.withhold(withheld);
    // As a `finally`, without a closure for a body that completes at once (most function calls).
    let status: Eventually<number>;
    try {
      status = this.returning(context, run, a, b, c);
    } catch (error) {
      traps.restore(taken);
      throw error;
    }
    if (status instanceof Promise) return status.finally(() => traps.restore(taken));
    traps.restore(taken);
    return status;
  }

  /** The body's status, or the one `return` gave, after the RETURN trap. */
  private returning<A, B, C>(context: Context, run: ReturningRun<A, B, C>, a: A, b: B, c: C): Eventually<number> {
    let status: Eventually<number>;
    try {
      status = run.call(this, a, b, c);
    } catch (error) {
      status = returned(error);
    }
    if (status instanceof Promise) return status.catch(returned).then((ended) => this.afterReturn(ended, context));
    return this.afterReturn(status, context);
  }

  private afterReturn(status: number, context: Context): Eventually<number> {
    if (context.state.traps.command('RETURN') === undefined) return status;
    return this.traps.runConditionTrap('RETURN', context).catch(trapReturned).then(() => status);
  }

  /** `.` / `source`: the file's text runs here, and `return` ends it; DEBUG is not inherited without `set -T`. */
  async runFile(text: string, name: string, context: Context): Promise<number> {
    return this.runReturning(context, context.state.options.has('functrace') ? [] : ['DEBUG'], this.runSource, text, context, name);
  }

  private runPipelineStages(pipeline: Pipeline, context: Context, background: boolean): Eventually<number> {
    const { commands } = pipeline;
    const only = commands.length === 1 && !background ? commands[0] : undefined;
    if (commands.length === 0) return 0;
    if (only !== undefined) return this.runCommand(only, context, pipeline.text);
    return this.runJob(pipeline, context, background);
  }

  /** A pipeline of more than one command, or one in the background: a job of its stages. */
  private async runJob(pipeline: Pipeline, context: Context, background: boolean): Promise<number> {
    const { commands } = pipeline;
    const budget = new ExpansionBudget();
    // shopt lastpipe, without job control (bash's rule): the last command runs in the shell itself.
    const { options } = context.state;
    const jobControl = options.has('monitor') || (this.interactive && this.executor.terminal !== undefined);
    const lastHere = !background && options.shopted('lastpipe') && !jobControl;
    let escaped: { readonly error: unknown } | undefined;
    try {
      const stages: Stage[] = [];
      for (const [index, command] of commands.entries()) {
        const stage =
          lastHere && index === commands.length - 1
            ? this.currentShellStage(command, context, (error) => (escaped = { error }))
            : await this.stageOf(command, context, budget);
        if (typeof stage === 'number') return stage;
        stages.push(pipeline.stderrPiped[index] === true ? { ...stage, redirects: [...stage.redirects, STDERR_TO_PIPE] } : stage);
      }
      if (background && !this.interactive && stages[0] !== undefined) {
        stages[0] = { ...stages[0], redirects: [BACKGROUND_STDIN, ...stages[0].redirects] };
      }
      const status = await this.jobs.launch({ command: pipeline.text, stages, fds: context.fds }, context, background);
      if (escaped !== undefined) throw escaped.error;
      return status;
    } catch (error) {
      return this.reportFailure(error, context);
    }
  }

  /** A pipeline stage of `command`; a number is the status of a simple command that cannot run. */
  private async stageOf(command: Command, context: Context, budget: ExpansionBudget): Promise<Stage | number> {
    // A simple command with `<(...)` expands in its own stage, whose pipes the lists then get (bash).
    return command.kind === 'SimpleCommand' && !ownsProcessSubstitution(command) ? this.simpleStage(command, context, budget) : this.compoundStage(command, context);
  }

  /** A pipeline stage of a simple command, expanded now; a number is the status of one that cannot run. */
  private async simpleStage(command: SimpleCommand, context: Context, budget: ExpansionBudget): Promise<Stage | number> {
    // Its expansion, its diagnostics and $LINENO are of its own line (the stages start after the last is expanded).
    const line = command.span.start.line;
    context.state.lineNumber = line;
    if (this.announceSimple(command, context)) await this.runDebugTrap(context);
    const planned = await planCommand(this, compiledCommand(command), context, budget);
    const end = command.span.end.line;
    context.state.lineNumber = end;
    const name = planned.argv[0];
    const text = planned.argv.join(' ');
    if (name === undefined || context.state.functions.has(name) || this.builtins.find(name, context.state.disabledBuiltins) !== undefined) {
      const visible = new Set(this.jobControl.list().map((job) => job.id));
      return {
        kind: 'inShell',
        command: text,
        redirects: planned.redirects,
        where: this.whereIn(context),
        run: (fds, control) =>
          this.inSubshell(text, fds, control, context, (inner) => {
            inner.state.lineNumber = end;
            return this.runPlanned({ ...planned, redirects: [] }, inner, text, (job) => visible.has(job.id));
          }),
      };
    }
    try {
      return this.externalStage(planned, context);
    } catch (error) {
      if (!isShellError(error)) throw error;
      await this.reportWithRedirects(error, planned, context);
      return error.status;
    }
  }

  /**
   * The last stage of a pipeline under lastpipe: `command` runs in the shell's own state (not a
   * copy), beside the stages before it. What ends it other than a status (`exit`, `break`,
   * `return`) is handed to `escape`, to go on in the shell once the job is over.
   */
  private currentShellStage(command: Command, context: Context, escape: (error: unknown) => void): InShellStage {
    const text = stageText(command);
    return {
      kind: 'inShell',
      command: text,
      redirects: [],
      run: async (fds, control) => {
        try {
          return await this.runCommand(command, lastpipeStage(context, fds, control), text);
        } catch (error) {
          escape(error);
          return context.state.lastStatus;
        }
      },
    };
  }

  /** A stage that runs `command` inside the shell, expanding it there. */
  private compoundStage(command: Command, context: Context): InShellStage {
    const text = stageText(command);
    return {
      kind: 'inShell',
      command: text,
      redirects: [],
      run: (fds, control) => this.inSubshell(text, fds, control, context, (inner) => this.runCommand(command, inner, text)),
    };
  }

  /**
   * A subshell context for an in-shell stage: a copy of the state, the stage's descriptors, the
   * job's abort. `exit` ends it; a broken pipe ends it as SIGPIPE would; a fault is reported
   * on its stderr, naming nothing it cannot know, and ends it with the fault's status.
   */
  private async inSubshell(
    command: string,
    fds: FdTable,
    control: StageControl,
    parent: Context,
    run: (context: Context) => Eventually<number>,
  ): Promise<number> {
    const context = stageSubshell(parent, fds, control);
    try {
      return await this.asSubshell(context, () => run(context), control);
    } catch (error) {
      // A fault of the shell in a stage is said on the stage's stderr, naming it, and ends only the stage.
      const report = describeUnexpected(error, context.state.get('QUIRL_DEBUG') !== undefined);
      await this.say(context, `${command}: ${report.message}`);
      return report.status;
    }
  }

  /** Runs `run` as a subshell's body: `exit`, `return` and `break` end it, as a subshell process would end. */
  async asSubshell(context: Context, run: () => Eventually<number>, control?: StageControl): Promise<number> {
    const status = await this.subshellBody(context, run, control);
    if (context.state.traps.command('EXIT') === undefined) return status;
    return this.subshellBody(context, () => this.traps.runExitTrap(context, status), control);
  }

  private async subshellBody(context: Context, run: () => Eventually<number>, control?: StageControl): Promise<number> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ExitRequest) return error.status;
      if (error instanceof BrokenPipe) return BROKEN_PIPE_STATUS;
      if (error instanceof FunctionReturn) return error.status;
      if (error instanceof LoopControl) return context.state.lastStatus;
      // Ctrl-C in a subshell of the line itself (`$( )`, `( )`) abandons the line, not just the subshell.
      if (error instanceof Interrupted && lineInterrupted(context.scope)) throw error;
      if (error instanceof Interrupted) return error.status;
      if (error instanceof ExpansionAbort) return this.abandoned(error, context);
      if (control?.signal.aborted === true && isShellError(error, 'Cancelled')) return killedStatus(control.signal);
      return this.reportFailure(error, context);
    }
  }

  /** One command of any kind, in `context`; `text` is its source as a job would show it. */
  runCommand(command: Command, context: Context, text: string): Eventually<number> {
    return this.runCompiled(compiledCommand(command), context, text);
  }

  private runCompiled(compiled: CompiledCommand, context: Context, text: string): Eventually<number> {
    context.state.lineNumber = compiled.firstLine;
    if (compiled.processSubstitution) return this.runWithProcessSubstitutions(compiled, context, text);
    return this.runCommandHere(compiled, context, text);
  }

  private runWithProcessSubstitutions(compiled: CompiledCommand, context: Context, text: string): Promise<number> {
    return withProcessSubstitutions(context, async (inner) => this.runCommandHere(compiled, inner, text));
  }

  private runCommandHere(compiled: CompiledCommand, context: Context, text: string): Eventually<number> {
    if (compiled.kind === 'SimpleCommand') return this.runSimpleCommand(compiled, context, text);
    const { command } = compiled;
    switch (command.kind) {
      case 'CompoundCommand':
        return this.runCompound(command, context);
      case 'FunctionDefinition':
        context.state.defineFunction(command);
        return 0;
      case 'Coprocess':
        return this.coprocesses.run(command, context);
    }
  }

  private runSimpleCommand(compiled: CompiledSimple, context: Context, text: string): Eventually<number> {
    let status: Eventually<number>;
    try {
      status = this.announceSimple(compiled.command, context) ? this.planAndRunAfterDebugTrap(compiled, context, text) : this.planAndRun(compiled, context, text);
    } catch (error) {
      return this.reportFailure(error, context);
    }
    return status instanceof Promise ? this.reportingFailure(status, context) : status;
  }

  private planAndRunAfterDebugTrap(compiled: CompiledSimple, context: Context, text: string): Promise<number> {
    return this.runDebugTrap(context).then(() => this.planAndRun(compiled, context, text));
  }

  private reportingFailure(status: Promise<number>, context: Context): Promise<number> {
    return status.catch((error: unknown) => this.reportFailure(error, context));
  }

  /** The command expanded (a command of literal words has its plan already), then run. */
  private planAndRun(compiled: CompiledSimple, context: Context, text: string): Eventually<number> {
    const planned = compiled.literal ?? lentPlan(this, compiled, context);
    if (planned instanceof Promise) return this.runWhenPlanned(compiled, planned, context, text);
    const status = this.runAtLastLine(compiled, planned, context, text);
    // A run that ended at once is over with its plan: the command keeps it for its next run.
    if (!(status instanceof Promise)) giveBackPlan(compiled, planned);
    return status;
  }

  private runWhenPlanned(compiled: CompiledSimple, planned: Promise<PlannedCommand>, context: Context, text: string): Promise<number> {
    return planned.then((expanded) => this.runAtLastLine(compiled, expanded, context, text));
  }

  private runAtLastLine(compiled: CompiledSimple, planned: PlannedCommand, context: Context, text: string): Eventually<number> {
    // Expanded at its first line, it runs at its last: there a multi-line command's diagnostics and `eval` are (bash).
    context.state.lineNumber = compiled.lastLine;
    return this.runPlanned(planned, context, text);
  }

  /** An expanded simple command: assignments alone, a function, a builtin, or a program (`command` skips functions). */
  private runPlanned(planned: PlannedCommand, context: Context, text: string, sees?: (job: Job) => boolean, lookup: CommandLookup = ANY_COMMAND): Eventually<number> {
    // `$_`: this command's last argument, for the next one (its own words are expanded already).
    context.state.lastArgument = planned.argv.at(-1) ?? '';
    if (context.state.options.has('xtrace')) return this.traceThenRun(planned, context, text, sees, lookup);
    return this.runTraced(planned, context, text, sees, lookup);
  }

  private traceThenRun(planned: PlannedCommand, context: Context, text: string, sees: ((job: Job) => boolean) | undefined, lookup: CommandLookup): Promise<number> {
    return this.trace(planned, context).then(() => this.runTraced(planned, context, text, sees, lookup));
  }

  /** An expanded simple command, after `set -x` showed it. */
  private runTraced(planned: PlannedCommand, context: Context, text: string, sees: ((job: Job) => boolean) | undefined, lookup: CommandLookup): Eventually<number> {
    const name = planned.argv[0];
    if (name === undefined) return this.runAssignments(planned, context);
    const definition = lookup.skipFunctions === true ? undefined : context.state.functions.get(name);
    const builtin = definition === undefined ? this.builtins.find(name, context.state.disabledBuiltins) : undefined;
    context.state.noteCommand(builtin !== undefined ? name : undefined);
    const { lastArgument } = context.state;
    if (definition !== undefined) return this.lastArgumentAgain(this.callFunction(definition, planned, context), lastArgument, context.state);
    if (builtin !== undefined) return this.lastArgumentAgain(this.runBuiltinHere(builtin, planned, context, sees), lastArgument, context.state);
    return this.runExternal(planned, context, text, lookup);
  }

  /** A function or builtin ended (`f a b`, `eval`, `.`): `$_` is its own last argument again, not that of a command it ran (bash binds it as a command ends). */
  private lastArgumentAgain(status: Eventually<number>, lastArgument: string, state: ShellState): Eventually<number> {
    if (status instanceof Promise) return this.lastArgumentWhenEnded(status, lastArgument, state);
    state.lastArgument = lastArgument;
    return status;
  }

  private lastArgumentWhenEnded(status: Promise<number>, lastArgument: string, state: ShellState): Promise<number> {
    return status.then((ended) => {
      state.lastArgument = lastArgument;
      return ended;
    });
  }

  /** A program: its job in the foreground. */
  private async runExternal(planned: PlannedCommand, context: Context, text: string, lookup: CommandLookup): Promise<number> {
    let stage: Stage;
    try {
      stage = this.externalStage(planned, context, lookup.searchPath);
    } catch (error) {
      if (!isShellError(error)) throw error;
      await this.reportWithRedirects(error, planned, context);
      return error.status;
    }
    return this.jobs.launch({ command: text, stages: [stage], fds: context.fds }, context, false);
  }

  /**
   * A diagnostic on the context's stderr. A script's and a `-c` string's say where, as bash's
   * do (`s.sh: line 3: nosuch: command not found`); an interactive shell's say `quirl: `.
   */
  say(context: Context, message: string): Promise<void> {
    return new CommandOutput(context.fds, undefined, this.whereIn(context)).err(`quirl: ${message}\n`);
  }

  /** Where a diagnostic in `context` says it happened: nowhere (`quirl: `) in an interactive shell. */
  private whereIn({ state }: Context): string | undefined {
    return this.wherePlace(state.sourceName(), state.lineNumber);
  }

  /** Where a diagnostic made at `lineNumber` of `sourceName` says it happened. */
  wherePlace(sourceName: string, lineNumber: number): string | undefined {
    return this.interactive || lineNumber === 0 ? undefined : `${sourceName}: line ${lineNumber}: `;
  }

  /** A ShellError reported where the command's stderr goes, as its status; anything else goes on up. */
  private async reportFailure(error: unknown, context: Context): Promise<number> {
    if (!isShellError(error)) throw error;
    if (error.code === 'FatalExpansion') throw new ExpansionAbort(error.message, error.status, true);
    if (!error.reported) await this.say(context, error.message);
    // bash abandons the rest of the line after a bad substitution; the next line runs.
    // So after a failed assignment (`r=2` to a readonly r, `a[-9]=x`).
    if (error.code === 'BadSubstitution' || error.code === 'AssignmentError') throw new ExpansionAbort(undefined, error.status);
    return error.status;
  }

  /**
   * A command that cannot run (not found, not executable) still has its redirects performed, and
   * its message goes to its own stderr: `nosuch 2>err` puts the message in err.
   */
  private async reportWithRedirects(error: ShellError, command: PlannedCommand, context: Context): Promise<void> {
    try {
      await this.withRedirects(command.redirects, context, async (inner) => {
        await this.say(inner, error.message);
        return 0;
      });
    } catch {
      // The redirect's own failure is the lesser news; the message goes to the shell's stderr.
      await this.say(context, error.message);
    }
  }

  /**
   * Runs `run` with `redirects` applied to a derived descriptor table; whatever they opened is
   * closed after, and writers of here-documents the body did not read are abandoned.
   */
  withRedirects(redirects: readonly PlannedRedirect[], context: Context, run: (context: Context) => Eventually<number>): Eventually<number> {
    if (redirects.length === 0) return run(context);
    return this.withRedirectsApplied(redirects, context, run);
  }

  private async withRedirectsApplied(redirects: readonly PlannedRedirect[], context: Context, run: (context: Context) => Eventually<number>): Promise<number> {
    const fds = context.fds.overlay();
    let named: NamedRedirect[] = [];
    try {
      await applyWithoutBlocking(fds, redirects, context.scope.request.signal ?? interruptOf(context.scope), this.whereIn(context));
      named = assignNamedDescriptors(redirects, context.state);
      return await run({ ...context, fds });
    } catch (error) {
      // An error that abandons the line is said on the stderr it happened with, as bash says it
      // where it happens: `{ echo ${x?}; } 2>/dev/null` says nothing.
      if (!(error instanceof ExpansionAbort) || error.message === undefined) throw error;
      await this.say({ ...context, fds }, error.message);
      throw new ExpansionAbort(undefined, error.status, error.fatal);
    } finally {
      // bash's `{NAME}>file` stays open after the command (unless shopt varredir_close).
      if (!context.state.options.shopted('varredir_close')) for (const redirect of named) context.fds.keep(redirect.fd, fds);
      for (const writer of fds.writers) writer.cancel();
      fds.closeOwned();
    }
  }

  private externalStage(command: PlannedCommand, context: Context, searchPathOverride?: string): Stage {
    const name = command.argv[0] as string;
    let argv = command.argv;
    let redirects = command.redirects;
    if (name === 'dialect') ({ argv, redirects } = dialectCommand(command));
    const state = context.state;
    const prefix = prefixValues(state, command.assignments);
    const searchPath = searchPathOverride ?? prefix.findLast(([variable]) => variable === 'PATH')?.[1] ?? state.get('PATH') ?? '';
    return {
      kind: 'external',
      command: command.argv.join(' '),
      target: this.resolver.resolve(argv, searchPath, state.cwd, state.commands),
      env: state.environment(prefix),
      cwd: state.cwd,
      redirects,
      where: this.whereIn(context),
      settings: childSettings(state),
      contained: name === 'dialect',
    };
  }

  /** A compound command with its redirects, performed around each run of it. */
  runCompound(command: CompoundCommand, context: Context): Eventually<number> {
    if (command.redirects.length === 0) return this.runClauseReporting(command.clause, context);
    return this.runCompoundRedirected(command, context);
  }

  private runCompoundRedirected(command: CompoundCommand, context: Context): Eventually<number> {
    return recovering(
      () =>
        planRedirects(command.redirects, this.expansionEnvironment(context), new ExpansionBudget(), context.state, context).then((redirects) =>
          this.withRedirects(redirects, context, (inner) => this.runClauseReporting(command.clause, inner)),
        ),
      (error) => this.reportFailure(error, context),
    );
  }

  /** A clause whose own failure (`(( 1/0 ))`) is reported where its context sends stderr (its redirects'). */
  private runClauseReporting(clause: Clause, context: Context): Eventually<number> {
    let status: Eventually<number>;
    try {
      status = runClause(this, clause, context);
    } catch (error) {
      return this.reportFailure(error, context);
    }
    return status instanceof Promise ? this.reportingFailure(status, context) : status;
  }

  /**
   * `name args`: the body runs in the caller's context with new positional parameters and a
   * frame for `local`; prefix assignments (`x=1 f`) are exported for the call only, as in bash.
   */
  private callFunction(definition: FunctionDefinition, planned: PlannedCommand, context: Context): Eventually<number> {
    const { state } = context;
    const limit = functionNestingLimit(state);
    if (state.functionDepth >= limit) return this.nestedTooDeep(definition, limit, context);
    const positional = state.positional;
    // A function's body is outside the caller's loops: `break` there only complains (bash).
    const loopDepth = state.loopDepth;
    state.loopDepth = 0;
    const prefix = planned.assignments.length === 0 ? NO_PREFIX : prefixValues(state, planned.assignments);
    // One array for $@ and the call's frame: neither is changed in place (`set --` and `shift` replace $@).
    const args = planned.argv.slice(1);
    state.enterFunction(definition, args);
    // As `finishing` would, but with no closure for a call that completes at once (most calls).
    let status: Eventually<number>;
    try {
      // By index: no iterator for the empty list of most calls.
      for (let index = 0; index < prefix.length; index++) {
        const [name, value] = prefix[index] as (typeof prefix)[number];
        state.makeLocal(name);
        state.export(name, value);
      }
      state.positional = args;
      status = this.runReturning(context, uninherited(state.options), this.runFunctionBody, definition, planned, context);
    } catch (error) {
      leaveCall(state, positional, loopDepth);
      throw error;
    }
    if (status instanceof Promise) return callEndedLater(status, state, positional, loopDepth);
    leaveCall(state, positional, loopDepth);
    return status;
  }

  /** A function's body in its call, after the DEBUG trap where `set -T` runs it again as the body begins (bash). */
  private runFunctionBody(definition: FunctionDefinition, planned: PlannedCommand, context: Context): Eventually<number> {
    if (this.traps.debugTrapDue(context)) return this.runBodyAfterDebugTrap(definition, planned, context);
    return this.runBodyWithRedirects(definition, planned, context);
  }

  // These two hold no closure of the common path (see the note at runItemsFresh).

  private runBodyAfterDebugTrap(definition: FunctionDefinition, planned: PlannedCommand, context: Context): Promise<number> {
    return this.runDebugTrap(context).then(() => this.runBodyWithRedirects(definition, planned, context));
  }

  private runBodyWithRedirects(definition: FunctionDefinition, planned: PlannedCommand, context: Context): Eventually<number> {
    if (planned.redirects.length === 0) return this.runCompound(definition.body, context);
    return this.runBodyRedirected(definition, planned, context);
  }

  private runBodyRedirected(definition: FunctionDefinition, planned: PlannedCommand, context: Context): Eventually<number> {
    return this.withRedirectsApplied(planned.redirects, context, (inner) => this.runCompound(definition.body, inner));
  }

  /** bash abandons the whole command the runaway call is part of, not just the innermost call. */
  private async nestedTooDeep(definition: FunctionDefinition, limit: number, context: Context): Promise<never> {
    await this.say(context, `${definition.name}: maximum function nesting level exceeded (${limit})`);
    throw new Interrupted(1);
  }

  /**
   * A builtin in `context`. A write to a pipe whose reader is gone ends a subshell or a script as
   * SIGPIPE ends a process (the error goes on up); only an interactive shell's own command line
   * reports it and goes on, as bash, which survives it there.
   */
  private runBuiltinHere(builtin: Builtin, command: PlannedCommand, context: Context, sees?: (job: Job) => boolean): Eventually<number> {
    const restore = command.assignments.length === 0 ? undefined : context.state.assignTemporarily(prefixValues(context.state, command.assignments));
    let status: Eventually<number>;
    try {
      status = command.redirects.length === 0 ? this.runBuiltin(builtin, command, context, sees) : this.runBuiltinRedirected(builtin, command, context, sees);
      status = status instanceof Promise ? this.builtinEndedLater(status, context) : this.builtinEnded(status, context);
      if (status instanceof Promise) status = this.builtinFailureCaught(status, command.argv[0] as string, context);
    } catch (error) {
      status = this.builtinFailed(error, command.argv[0] as string, context);
    }
    if (restore === undefined) return status;
    if (status instanceof Promise) return status.finally(restore);
    restore();
    return status;
  }

  private runBuiltinRedirected(builtin: Builtin, command: PlannedCommand, context: Context, sees: ((job: Job) => boolean) | undefined): Promise<number> {
    return this.withRedirectsApplied(command.redirects, context, (inner) => this.runBuiltin(builtin, command, inner, sees, context.fds));
  }

  private builtinEndedLater(status: Promise<number>, context: Context): Promise<number> {
    return status.then((ended) => this.builtinEnded(ended, context));
  }

  private builtinFailureCaught(status: Promise<number>, name: string, context: Context): Promise<number> {
    return status.catch((error: unknown) => this.builtinFailed(error, name, context));
  }

  /** Ctrl-C ended the builtin (a `read`): the rest of the line is abandoned too. */
  private builtinEnded(status: number, context: Context): Eventually<number> {
    if (interruptOf(context.scope)?.aborted !== true) return status;
    return this.checkedThen(status, context);
  }

  private checkedThen(status: number, context: Context): Eventually<number> {
    const checked = this.checkpoint(context);
    return checked instanceof Promise ? checked.then(() => status) : status;
  }

  /** A write error of a builtin: said, status 1; a broken pipe in a subshell or script ends it, going on up. */
  private async builtinFailed(error: unknown, name: string, context: Context): Promise<number> {
    const endsContext = error instanceof BrokenPipe && (context.scope.kind === 'stage' || context.state.isSubshell || !this.interactive);
    if (!endsContext && (error instanceof BrokenPipe || error instanceof WriteFailed)) {
      await this.say(context, `${name}: write error: ${error.message.replace(/^write error: /, '')}`);
      return 1;
    }
    throw error;
  }

  /** A builtin the shell runs for a command of its own (`select` reads its answer with `read`). */
  runBuiltinWith(argv: string[], context: Context): Eventually<number> {
    const builtin = this.builtins.find(argv[0] as string, context.state.disabledBuiltins);
    if (builtin === undefined) throw new Error(`${argv[0]} is not a builtin`);
    return this.runBuiltin(builtin, { argv, assignments: [], declarations: new Map(), redirects: [], substitutionStatus: undefined }, context);
  }

  private runBuiltin(builtin: Builtin, command: PlannedCommand, context: Context, sees: (job: Job) => boolean = seesEveryJob, outerFds = context.fds): Eventually<number> {
    // A builtin run within this one (`eval`, `command`, a trap) takes another context.
    const call = this.spareCall ?? new BuiltinCall(this);
    this.spareCall = undefined;
    const status = builtin(call.start(command, context, sees, outerFds));
    if (!(status instanceof Promise)) this.spareCall = call;
    return status;
  }

  /** BuiltinHost: the jobs the shell knows of. */
  listJobs(): Job[] {
    return this.jobControl.list();
  }

  /** BuiltinHost: `command`'s argv as a builtin or a program, never a function, with no redirects (the builtin's are in place). */
  async runWithoutFunctions(command: PlannedCommand, argv: readonly string[], context: Context, sees: (job: Job) => boolean, searchPath?: string): Promise<number> {
    return this.runPlanned({ ...command, argv: [...argv], redirects: [] }, context, argv.join(' '), sees, { skipFunctions: true, searchPath });
  }

  /** BuiltinHost: a wait for the next trapped signal of `context`'s shell (see BuiltinContext.trappedSignal). */
  trappedSignal(context: Context): TrapArrival | undefined {
    return this.traps.trappedSignal(context);
  }

  /** `words` expanded in `context` as a command's are; pathname expansion only with `glob` (completion's word lists). */
  async expandWordsIn(context: Context, words: readonly Word[], glob: boolean): Promise<string[]> {
    // This environment keeps the options as they are when it is made.
    const { options } = context.state;
    const noglob = options.has('noglob');
    options.apply({ name: 'noglob', on: noglob || !glob });
    const env = expansionEnvironmentWithOptions(this, context);
    options.apply({ name: 'noglob', on: noglob });
    return expandWords(words, env, new ExpansionBudget());
  }

  /** What a builtin waits on and gives up on: its stage's job, or the line's Ctrl-C. */
  builtinControl(context: Context): Pick<StageControl, 'whileRunning' | 'signal'> | undefined {
    const { scope } = context;
    if (scope.kind === 'stage') return scope.gate;
    const interrupt = interruptOf(scope);
    return interrupt === undefined ? undefined : { whileRunning: async () => undefined, signal: interrupt };
  }

  /**
   * `eval`, `.` and a trap's command: the source's commands one at a time in `context`. A syntax
   * error stops it with status 2.
   */
  async runSource(source: string, context: Context, name?: string, triggerLine?: number): Promise<number> {
    let status = 0;
    // An `eval` string's lines count on from the eval's line, an ERR or DEBUG trap's from the command
    // trapped (`triggerLine`); a signal's, EXIT's and RETURN's from 1 (bash).
    const firstLine = triggerLine ?? (name === undefined && context.state.lineNumber > 0 ? context.state.lineNumber : 1);
    // Once the source has run, BASH_COMMAND names the `eval` or `.` again (bash's parse_and_execute).
    const { announced } = context.state;
    try {
      // `eval` nests for PS4 as `$(...)` does.
      if (name === undefined) this.traceLevel++;
      try {
        const warn = (message: string): void => this.warn(context, name, message);
        for (const program of parseCommands(source, { final: true, warn, firstLine, ...readingFor(() => context.state) })) {
          status = await this.runSourced(program, context);
        }
      } finally {
        if (name === undefined) this.traceLevel--;
      }
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      await new CommandOutput(context.fds, undefined).err(parseErrorReport(error, source, firstLine, this.parseErrorPlace(context, name)));
      return error.status;
    } finally {
      context.state.announced = announced;
    }
    return status;
  }

  /**
   * One complete command of an `eval` string, sourced file or trap: an error that abandons a
   * command line abandons only this one, and the next runs, as in bash's parse_and_execute; a
   * fatal one in a script goes on up to end it.
   */
  private async runSourced(program: Program, context: Context): Promise<number> {
    try {
      return await this.runList(program.body, context);
    } catch (error) {
      if (!(error instanceof ExpansionAbort) || (error.fatal && !this.interactive)) throw error;
      return this.abandoned(error, context);
    }
  }

  /**
   * What a syntax error in an `eval` string (no `name`) or a sourced file starts with: a script's
   * says its file (`s.sh: eval: `, `./lib.sh: `), an interactive shell's `quirl: ` first (bash).
   */
  private parseErrorPlace(context: Context, name: string | undefined): string {
    if (this.interactive) return `quirl: ${name === undefined ? 'eval' : name}: `;
    return name === undefined ? `${context.state.sourceName()}: eval: ` : name === 'trap' ? 'quirl: trap: ' : `${name}: `;
  }

  private warn(context: Context, name: string | undefined, message: string): void {
    void new CommandOutput(context.fds, undefined).err(`quirl: ${name === undefined ? '' : `${name}: `}${message}\n`);
  }

  /** `NAME=value ... [redirects]` with no command: redirects are performed, variables set. */
  private runAssignments(command: PlannedCommand, context: Context): Eventually<number> {
    if (command.redirects.length === 0) return this.assignFrom(command, context, 0);
    return this.assignRedirected(command, context);
  }

  private assignRedirected(command: PlannedCommand, context: Context): Eventually<number> {
    return andThen(this.withRedirectsApplied(command.redirects, context, () => 0), () => this.assignFrom(command, context, 0));
  }

  /** The command's assignments from `from` on, each after the warnings of the one before are said. */
  private assignFrom(command: PlannedCommand, context: Context, from: number): Eventually<number> {
    const { assignments } = command;
    for (let index = from; index < assignments.length; index++) {
      const warnings = applyAssignment(context.state, assignments[index] as PlannedAssignment);
      if (warnings.length > 0) return this.warnedThenAssign(warnings, command, context, index + 1);
    }
    return command.substitutionStatus ?? 0;
  }

  private warnedThenAssign(warnings: readonly string[], command: PlannedCommand, context: Context, from: number): Promise<number> {
    return this.sayEach(context, warnings).then(() => this.assignFrom(command, context, from));
  }

  private async sayEach(context: Context, messages: readonly string[]): Promise<void> {
    for (const message of messages) await this.say(context, message);
  }

  /** `set -x`: the expanded command on stderr after PS4, its words quoted to be read back. */
  private async trace(planned: PlannedCommand, context: Context): Promise<void> {
    const ps4 = context.state.get('PS4') ?? '+ ';
    const prefix = tracePrefix(/[$`]/.test(ps4) ? await this.expandUntraced(ps4, context) : ps4, this.traceLevel);
    // Each assignment on a line of its own, then the command (bash).
    const lines = planned.assignments.map(tracedAssignment);
    if (planned.argv.length > 0) lines.push(planned.argv.map(traceWord).join(' '));
    await new CommandOutput(context.fds, undefined).err(lines.map((line) => `${prefix}${line}\n`).join(''));
  }

  /**
   * PS4 expanded with `set -x` off, as bash expands it: a `$(...)` in it is not traced, which
   * would expand PS4 again, without end. An error in it leaves PS4 as written.
   */
  private async expandUntraced(ps4: string, context: Context): Promise<string> {
    const { options } = context.state;
    options.apply({ name: 'xtrace', on: false });
    try {
      return await expandText(ps4, this, context);
    } catch {
      return ps4;
    } finally {
      options.apply({ name: 'xtrace', on: true });
    }
  }

  /** The jobs the shell knows of (`\j`). */
  jobCount(): number {
    return this.jobControl.list().length;
  }

  /** How words expand in `context` (see planning.ts). */
  expansionEnvironment(context: Context, assigned?: ReadonlyMap<string, string>, onSubstitution?: (status: number) => void): ExpansionEnvironment {
    return expansionEnvironment(this, context, assigned, onSubstitution);
  }

  /** `<(list)`, `>(list)`: the list started beside the command of `context`, ended with it (see process-substitution.ts). */
  substituteProcess(program: Program, direction: '<' | '>', context: Context): string {
    return substituteProcess(this, program, direction, context);
  }

  /** `$(...)`: runs `program` in a subshell context with stdout captured within `maxBytes`. */
  capture(program: Program, context: Context, maxBytes: number): Promise<{ status: number; output: string }> {
    return captureOutput(this, program, context, maxBytes);
  }

  /** Runs `run` one level deeper for `set -x`'s PS4 (`$(...)` and `eval`). */
  async traceNested<T>(run: () => Promise<T>): Promise<T> {
    this.traceLevel++;
    try {
      return await run();
    } finally {
      this.traceLevel--;
    }
  }
}

/** An and-or list as a job shows it: its pipelines as written, joined by their operators. */
function andOrText(andOr: AndOr): string {
  return [andOr.first.text, ...andOr.rest.map(({ operator, pipeline }) => `${operator} ${pipeline.text}`)].join(' ');
}

/** A command line as `jobs` lists a line held by a stop: its lists, with their terminators. */
function programText(program: Program): string {
  return program.body.items.map((item, index, items) => `${andOrText(item.andOr)}${item.background ? ' &' : index < items.length - 1 ? ';' : ''}`).join(' ');
}

/** `return` ends a function's body or a sourced file with its status. */
function returned(error: unknown): number {
  if (error instanceof FunctionReturn) return error.status;
  throw error;
}

/** `return` in the RETURN trap ends only the trap (bash loops on it). */
function trapReturned(error: unknown): void {
  if (!(error instanceof FunctionReturn)) throw error;
}

/** What uninherited gives, made once, not at every call. */
const WITHHELD_ALL: readonly CommandCondition[] = ['DEBUG', 'RETURN', 'ERR'];
const WITHHELD_UNDER_T: readonly CommandCondition[] = ['ERR'];
const WITHHELD_UNDER_E: readonly CommandCondition[] = ['DEBUG', 'RETURN'];
const WITHHELD_NONE: readonly CommandCondition[] = [];

/** The traps a function runs without: DEBUG and RETURN unless `set -T`, ERR unless `set -E` (bash). */
function uninherited(options: ShellState['options']): readonly CommandCondition[] {
  const errtrace = options.has('errtrace');
  if (options.has('functrace')) return errtrace ? WITHHELD_NONE : WITHHELD_UNDER_T;
  return errtrace ? WITHHELD_UNDER_E : WITHHELD_ALL;
}

/**
 * What runReturning runs, with its arguments passed on (a function's body, a sourced file's text):
 * a method, not a closure made for each call.
 */
type ReturningRun<A, B, C> = (this: Interpreter, a: A, b: B, c: C) => Eventually<number>;

/** callFunction's end for a body that waited: out of callFunction, which would otherwise make this closure's variables on every call. */
function callEndedLater(status: Promise<number>, state: ShellState, positional: string[], loopDepth: number): Promise<number> {
  return status.finally(() => leaveCall(state, positional, loopDepth));
}

/** A function call ends: the caller's positional parameters and loops again, the call's frame gone. */
function leaveCall(state: ShellState, positional: string[], loopDepth: number): void {
  state.positional = positional;
  state.loopDepth = loopDepth;
  state.leaveFunction();
}

/** FUNCNEST when it is a positive number, as in bash; otherwise Quirl's default. */
function functionNestingLimit(state: ShellState): number {
  const value = Number(state.get('FUNCNEST'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_FUNCTION_NESTING_LIMIT;
}

/** `dialect bash ARGS` / `dialect zsh ARGS`: the real shell, noninteractive, stdin at EOF. */
function dialectCommand(command: PlannedCommand): { argv: string[]; redirects: PlannedRedirect[] } {
  const dialect = command.argv[1];
  const prefix = dialect === undefined ? undefined : DIALECTS[dialect];
  if (prefix === undefined) {
    throw new ShellError('Usage', `dialect: ${dialect === undefined ? 'a dialect is required' : `${dialect}: unknown dialect`} (bash or zsh)`);
  }
  return {
    argv: [...prefix, ...command.argv.slice(2)],
    // Last, so that it wins: a compatibility runner never reads the terminal or the shell's stdin.
    redirects: [...command.redirects, { kind: 'open', fd: 0, path: '/dev/null', mode: 'read', permissions: 0 }],
  };
}

/** An assignment as `set -x` shows it. */
function tracedAssignment(assignment: PlannedAssignment): string {
  switch (assignment.kind) {
    case 'scalar':
      return traceAssignment(assignment.name, assignment.value);
    case 'element':
      return traceAssignment(`${assignment.name}[${assignment.subscript}]`, assignment.value);
    case 'array':
      return `${assignment.name}=(${assignment.elements.map((element) => traceWord(element.value)).join(' ')})`;
  }
}
