/**
 * The interpreter walks the syntax tree: lists, and-or lists, pipelines. For each pipeline it
 * expands every stage first (one expansion budget for the pipeline; no spawn before the NUL
 * check), then runs a lone builtin here, or hands the stages to the executor as one job.
 * Builtins in a pipeline run inside the shell in a subshell context of their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { native } from '../../native';
import { BUILTINS, ExitRequest, type ShellServices } from '../builtins';
import { ShellError, isShellError } from '../errors';
import type { InShellStage, PipelineSpec, Stage } from '../exec/construct';
import { CaptureDrain } from '../exec/drain';
import type { ExecutionRequest, Executor, Outcome } from '../exec/executor';
import { SIGNALS } from '../exec/signals';
import type { FdTable, PlannedRedirect } from '../exec/fds';
import type { Job, StageControl } from '../exec/job';
import type { CommandResolver } from '../exec/resolve';
import { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from '../expand/budget';
import { expandRedirectTarget, expandWord, expandWords } from '../expand';
import type { ExpansionEnvironment } from '../expand/types';
import { formatJobLine } from '../jobs/format';
import { JobOrder } from '../jobs/spec';
import type { AndOr, Pipeline, Program, Redirect, SimpleCommand } from '../syntax/ast';
import { BadDescriptor, BROKEN_PIPE_STATUS, BrokenPipe, CommandOutput } from './output';
import type { ShellState } from './state';

/** Where a command runs: its state, its descriptors, and the request that bounds it. */
export interface Context {
  readonly state: ShellState;
  readonly fds: FdTable;
  readonly request: ExecutionRequest;
}

/** A simple command after expansion. */
interface PlannedCommand {
  readonly argv: string[];
  readonly assignments: (readonly [string, string])[];
  readonly redirects: PlannedRedirect[];
}

/** Without job control a background job does not read the terminal (POSIX): its stdin is /dev/null. */
const BACKGROUND_STDIN: PlannedRedirect = { kind: 'open', fd: 0, path: '/dev/null', mode: 'read' };

/** Builtins whose NAME=value operands expand like assignments (bash's declaration builtins). */
const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(['export']);
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The fixed, noninteractive command lines of the reference dialects. */
const DIALECTS: Readonly<Record<string, readonly string[]>> = {
  bash: ['bash', '--norc', '--noprofile'],
  zsh: ['zsh', '-f'],
};

export class Interpreter implements ShellServices {
  readonly jobOrder = new JobOrder();

  constructor(
    readonly executor: Executor,
    readonly resolver: CommandResolver,
    readonly interactive: boolean,
    /** The command history, where there is one (an interactive shell's line editor keeps it). */
    readonly history: () => readonly string[] = () => [],
  ) {}

  isBuiltin(name: string): boolean {
    return BUILTINS.has(name) || name === 'dialect';
  }

  async runProgram(program: Program, context: Context): Promise<number> {
    for (const item of program.body.items) {
      if (item.background) {
        context.state.lastStatus = await this.runInBackground(item.andOr, context);
      } else {
        context.state.lastStatus = await this.runAndOr(item.andOr, context);
      }
    }
    return context.state.lastStatus;
  }

  private async runAndOr(andOr: AndOr, context: Context): Promise<number> {
    let status = await this.runPipeline(andOr.first, context, false);
    for (const { operator, pipeline } of andOr.rest) {
      context.state.lastStatus = status;
      if ((operator === '&&') === (status === 0)) status = await this.runPipeline(pipeline, context, false);
    }
    return status;
  }

  /** `a | b &` is one background job; `a && b &` runs its list as one in-shell job. */
  private async runInBackground(andOr: AndOr, context: Context): Promise<number> {
    if (andOr.rest.length === 0) return this.runPipeline(andOr.first, context, true);
    const text = [andOr.first.text, ...andOr.rest.map(({ operator, pipeline }) => `${operator} ${pipeline.text}`)].join(' ');
    const stage: InShellStage = {
      kind: 'inShell',
      command: text,
      redirects: [],
      run: (fds) => this.inSubshell(() => this.runAndOr(andOr, { state: context.state.clone(), fds, request: {} })),
    };
    return this.launch({ command: text, stages: [stage], fds: context.fds }, context, true);
  }

  private async runPipeline(pipeline: Pipeline, context: Context, background: boolean): Promise<number> {
    const status = await this.runPipelineStages(pipeline, context, background);
    return pipeline.negated ? (status === 0 ? 1 : 0) : status;
  }

  private async runPipelineStages(pipeline: Pipeline, context: Context, background: boolean): Promise<number> {
    const budget = new ExpansionBudget();
    const substitutionStatus = { value: undefined as number | undefined };
    try {
      const planned: PlannedCommand[] = [];
      for (const command of pipeline.commands) planned.push(await this.plan(command, context, budget, substitutionStatus));
      const only = planned.length === 1 && !background ? planned[0] : undefined;
      if (only !== undefined && only.argv.length === 0) return await this.runAssignments(only, context, substitutionStatus.value ?? 0);
      if (only !== undefined && BUILTINS.has(only.argv[0] as string)) return await this.runBuiltinHere(only, context);
      if (background && !this.interactive) planned[0]?.redirects.unshift(BACKGROUND_STDIN);
      const stages: Stage[] = [];
      for (const command of planned) {
        try {
          stages.push(this.stage(command, context));
        } catch (error) {
          if (!isShellError(error)) throw error;
          await this.reportWithRedirects(error, command, context);
          return error.status;
        }
      }
      return await this.launch({ command: pipeline.text, stages, fds: context.fds }, context, background);
    } catch (error) {
      if (!isShellError(error)) throw error;
      if (!error.reported) await new CommandOutput(context.fds, undefined).err(`quirl: ${error.message}\n`);
      return error.status;
    }
  }

  /**
   * A command that cannot run (not found, not executable) still has its redirects performed, and
   * its message goes to its own stderr: `nosuch 2>err` puts the message in err.
   */
  private async reportWithRedirects(error: ShellError, command: PlannedCommand, context: Context): Promise<void> {
    const fds = context.fds.derive();
    try {
      fds.apply(command.redirects);
    } catch {
      // The redirect's own failure is the lesser news; the message goes to the shell's stderr.
      fds.closeOwned();
      await new CommandOutput(context.fds, undefined).err(`quirl: ${error.message}\n`);
      return;
    }
    try {
      await new CommandOutput(fds, undefined).err(`quirl: ${error.message}\n`);
    } finally {
      for (const writer of fds.writers) writer.cancel();
      fds.closeOwned();
    }
  }

  /** Runs a constructed pipeline in the foreground, or starts it in the background. */
  private async launch(spec: PipelineSpec, context: Context, background: boolean): Promise<number> {
    const errors = new CommandOutput(context.fds, undefined);
    if (background) {
      const job = this.executor.startBackground(spec);
      this.jobOrder.touch(job.id);
      context.state.lastBackgroundPid = job.lastPid;
      if (this.interactive) await errors.err(`[${job.id}] ${job.lastPid ?? ''}\n`);
      return 0;
    }
    return this.settle(await this.executor.executeInteractiveRequest(spec, context.request), errors);
  }

  /**
   * A script on a terminal behaves like `bash FILE` for the person there: Ctrl-Z on its job
   * suspends the whole script (the outer shell sees it stopped, and its `fg` resumes the job
   * where it was), and Ctrl-C or Ctrl-\\ on its job ends the script by the same signal.
   */
  private async settleWithoutJobControl(outcome: Outcome, output: CommandOutput): Promise<number> {
    const { job } = outcome;
    if (outcome.kind === 'stopped') {
      native.kill(process.pid, SIGNALS.SIGSTOP);
      // Continued by the outer shell: the job gets the terminal and its modes back.
      return this.settle(await this.executor.foreground(job), output);
    }
    const last = job.state.kind === 'done' ? job.state.last : undefined;
    if (last?.kind === 'signaled' && (last.signal === SIGNALS.SIGINT || last.signal === SIGNALS.SIGQUIT)) {
      native.setSignalDisposition(last.signal, 'default');
      native.kill(process.pid, last.signal);
    }
    return outcome.status;
  }

  /** `fg`: the job takes the terminal (with its own modes) until it finishes or stops again. */
  async foreground(job: Job, output: CommandOutput, request: ExecutionRequest = {}): Promise<number> {
    return this.settle(await this.executor.foreground(job, request), output);
  }

  /** A foreground job's end: a stopped one becomes current and is reported, as bash does. */
  private async settle(outcome: Outcome, output: CommandOutput): Promise<number> {
    const { job } = outcome;
    if (!this.interactive && this.executor.terminal !== undefined) return this.settleWithoutJobControl(outcome, output);
    if (outcome.kind === 'stopped') {
      this.jobOrder.touch(job.id);
      const mark = this.jobOrder.mark(job, this.executor.jobs.list());
      await output.err(`\n${formatJobLine(job.id, mark, job.state, job.command)}\n`);
      job.notified = true;
    } else {
      this.jobOrder.forget(job.id);
      // The terminal echoed ^C or ^\ but no newline: the next output starts on a line of its own.
      if (this.interactive && job.state.kind === 'done' && job.state.last.kind === 'signaled') {
        const signal = job.state.last.signal;
        if (signal === SIGNALS.SIGINT || signal === SIGNALS.SIGQUIT) await output.err('\n');
      }
    }
    return outcome.status;
  }

  private stage(command: PlannedCommand, context: Context): Stage {
    const name = command.argv[0];
    const text = command.argv.join(' ');
    if (name === undefined) {
      return { kind: 'inShell', command: text, redirects: command.redirects, run: async () => 0 };
    }
    if (BUILTINS.has(name)) {
      const visible = new Set(this.executor.jobs.list().map((job) => job.id));
      return {
        kind: 'inShell',
        command: text,
        redirects: command.redirects,
        run: (fds, control) =>
          this.inSubshell(() =>
            this.runBuiltin(command, { state: context.state.clone(), fds, request: context.request }, control, (job) => visible.has(job.id)),
          ),
      };
    }
    let argv = command.argv;
    let redirects = command.redirects;
    if (name === 'dialect') ({ argv, redirects } = dialectCommand(command));
    const state = context.state;
    const searchPath = command.assignments.findLast(([variable]) => variable === 'PATH')?.[1] ?? state.get('PATH') ?? '';
    return {
      kind: 'external',
      command: text,
      target: this.resolver.resolve(argv, searchPath, state.cwd),
      env: state.environment(command.assignments),
      cwd: state.cwd,
      redirects,
    };
  }

  /** A subshell context ends with `exit` or with its last status; a broken pipe ends it as SIGPIPE would. */
  private async inSubshell(run: () => Promise<number>): Promise<number> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ExitRequest) return error.status;
      if (error instanceof BrokenPipe) return BROKEN_PIPE_STATUS;
      throw error;
    }
  }

  private async runBuiltinHere(command: PlannedCommand, context: Context): Promise<number> {
    const name = command.argv[0] as string;
    const fds = context.fds.derive();
    try {
      fds.apply(command.redirects);
      return await this.runBuiltin(command, { ...context, fds }, undefined);
    } catch (error) {
      if (error instanceof BrokenPipe || error instanceof BadDescriptor) {
        await new CommandOutput(context.fds, undefined).err(`quirl: ${name}: write error: ${error.message.replace(/^write error: /, '')}\n`);
        return 1;
      }
      throw error;
    } finally {
      for (const writer of fds.writers) writer.cancel();
      fds.closeOwned();
    }
  }

  private runBuiltin(
    command: PlannedCommand,
    context: Context,
    control: StageControl | undefined,
    sees: (job: Job) => boolean = () => true,
  ): Promise<number> {
    const builtin = BUILTINS.get(command.argv[0] as string);
    if (builtin === undefined) throw new Error(`${command.argv[0]} is not a builtin`);
    return builtin({
      argv: command.argv,
      state: context.state,
      output: new CommandOutput(context.fds, control),
      shell: this,
      jobs: () => this.executor.jobs.list().filter(sees),
    });
  }

  /** `NAME=value ... [redirects]` with no command: redirects are performed, variables set. */
  private async runAssignments(command: PlannedCommand, context: Context, status: number): Promise<number> {
    const fds = context.fds.derive();
    try {
      fds.apply(command.redirects);
    } finally {
      for (const writer of fds.writers) writer.cancel();
      fds.closeOwned();
    }
    for (const [name, value] of command.assignments) context.state.set(name, value);
    return status;
  }

  private async plan(
    command: SimpleCommand,
    context: Context,
    budget: ExpansionBudget,
    substitutionStatus: { value: number | undefined },
  ): Promise<PlannedCommand> {
    const assignments: (readonly [string, string])[] = [];
    // Each assignment sees the ones before it (`a=1 b=$a cmd`); the words do not (`x=1 echo $x`).
    const assigned = new Map<string, string>();
    const assigning = this.expansionEnvironment(context, substitutionStatus, assigned);
    for (const assignment of command.assignments) {
      const value = await expandWord(assignment.value, assigning, budget);
      assignments.push([assignment.name, value] as const);
      assigned.set(assignment.name, value);
    }
    const environment = this.expansionEnvironment(context, substitutionStatus, new Map());
    const argv: string[] = [];
    for (const word of command.words) {
      // `export NAME=$value` takes its operands as assignments: no splitting, no globbing.
      if (argv.length > 0 && DECLARATION_BUILTINS.has(argv[0] as string) && ASSIGNMENT_WORD.test(word.text)) {
        argv.push(await expandWord(word, environment, budget));
      } else {
        argv.push(...(await expandWords([word], environment, budget)));
      }
    }
    const redirects: PlannedRedirect[] = [];
    for (const redirect of command.redirects) redirects.push(await this.planRedirect(redirect, environment, budget, context));
    return { argv, assignments, redirects };
  }

  private async planRedirect(
    redirect: Redirect,
    environment: ExpansionEnvironment,
    budget: ExpansionBudget,
    context: Context,
  ): Promise<PlannedRedirect> {
    switch (redirect.kind) {
      case 'FileRedirect': {
        const target = await expandRedirectTarget(redirect.target, environment, budget);
        const input = redirect.operator === '<' || redirect.operator === '<>';
        const fd = redirect.fd ?? (input ? 0 : 1);
        const mode = { '<': 'read', '>': 'write', '>|': 'write', '>>': 'append', '<>': 'readWrite' } as const;
        return { kind: 'open', fd, path: resolvePath(context.state.cwd, target), mode: mode[redirect.operator], target };
      }
      case 'BothRedirect': {
        const target = await expandRedirectTarget(redirect.target, environment, budget);
        return { kind: 'both', path: resolvePath(context.state.cwd, target), append: redirect.operator === '&>>', target };
      }
      case 'DupRedirect': {
        const target = await expandRedirectTarget(redirect.target, environment, budget);
        const fd = redirect.fd ?? (redirect.operator === '<&' ? 0 : 1);
        if (target === '-') return { kind: 'close', fd };
        if (/^\d+$/.test(target)) return { kind: 'dup', fd, source: Number(target) };
        // bash: `>&file` with no descriptor number means `&>file`.
        if (redirect.operator === '>&' && redirect.fd === null) {
          return { kind: 'both', path: resolvePath(context.state.cwd, target), append: false, target };
        }
        throw new ShellError('RedirectFailed', `${target}: ambiguous redirect`);
      }
      case 'HereString':
        return { kind: 'hereString', fd: redirect.fd ?? 0, text: await expandWord(redirect.target, environment, budget) };
    }
  }

  private expansionEnvironment(
    context: Context,
    substitutionStatus: { value: number | undefined },
    assigned: ReadonlyMap<string, string>,
  ): ExpansionEnvironment {
    const { state } = context;
    return {
      lookup: (name) => assigned.get(name) ?? state.get(name),
      special: {
        lastStatus: state.lastStatus,
        shellPid: state.shellPid,
        lastBackgroundPid: state.lastBackgroundPid,
        scriptName: state.scriptName,
        positional: state.positional,
        optionFlags: this.interactive ? 'i' : '',
      },
      homeOf: (user) => (user === '' ? state.get('HOME') : homeDirectoryOf(user)),
      cwd: state.cwd,
      readDirectory: (path) => {
        try {
          return readdirSync(path);
        } catch {
          return undefined;
        }
      },
      commandSubstitution: async (program, maxBytes) => {
        const { status, output } = await this.capture(program, context, maxBytes);
        substitutionStatus.value = status;
        return output;
      },
    };
  }

  /** `$(...)`: runs `program` in a subshell context with stdout captured within `maxBytes`. */
  private async capture(program: Program, context: Context, maxBytes: number): Promise<{ status: number; output: string }> {
    const pipe = native.pipe();
    const fds = context.fds.derive();
    fds.set(1, pipe.write, true);
    // One byte past the budget tells an over-long output from one that fits exactly.
    const drain = new CaptureDrain(pipe.read, maxBytes + 1);
    let status: number;
    try {
      status = await this.inSubshell(() => this.runProgram(program, { state: context.state.clone(), fds, request: context.request }));
    } catch (error) {
      drain.cancel();
      throw error;
    } finally {
      fds.closeOwned();
    }
    const result = await drain.done;
    if (result.totalBytes > maxBytes) {
      throw new ShellError(
        'ResourceLimit',
        `expansion exceeds the pipeline limit of ${PIPELINE_EXPANSION_LIMIT} bytes (a command substitution produced more than the ${maxBytes} left)`,
      );
    }
    return { status, output: result.data.toString('utf8') };
  }
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
    redirects: [...command.redirects, { kind: 'open', fd: 0, path: '/dev/null', mode: 'read' }],
  };
}

function homeDirectoryOf(user: string): string | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const fields = line.split(':');
      if (fields[0] === user) return fields[5];
    }
  } catch {
    // No passwd database: ~user stays as typed.
  }
  return undefined;
}
