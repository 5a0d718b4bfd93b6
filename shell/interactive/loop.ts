/**
 * The interactive shell: takes the terminal, then reads, runs and reports, one command at a
 * time. Between commands the line editor owns the terminal (raw mode); while a foreground job
 * runs the editor has let go of it entirely (no read pending, cooked modes), so the job's keys
 * and typed-ahead input reach whoever owns the terminal. In a VS Code terminal it also serves
 * the extension's job requests: a `fg` asked for at the prompt suspends the line being edited,
 * runs as a typed `fg %N` would, and the line comes back after.
 */
import { writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ExitRequest } from '../interp/builtin-api';
import { errorMessage, isShellError } from '../errors';
import { ParseError } from '../syntax/source';
import { ExpansionAbort } from '../control';
import type { Executor } from '../exec/executor';
import { FdTable } from '../exec/fds';
import type { Job } from '../exec/job';
import type { Terminal } from '../exec/terminal';
import { native } from '../../native';
import { SIGNALS } from '../exec/signals';
import type { Context } from '../interp/context';
import type { Interpreter } from '../interp/interpreter';
import { wireShell } from '../wiring';
import { shellContext } from '../interp/scope';
import type { LinkAddress } from '../ipc/address';
import type { IpcClient } from '../ipc/client';
import type { ControlResult } from '../ipc/protocol';
import { CommandOutput } from '../interp/output';
import { ShellState } from '../interp/state';
import { formatJobLine } from '../jobs/format';
import type { JobControl } from '../interp/job-control';
import { parse, parseCommands, type ParseOptions, type Program } from '../syntax';
import { readingFor } from '../interp/script';
import { createCompleter } from './completion';
import { interactiveHost } from './completion-host';
import { DEFAULT_HISTORY_FILE_SIZE, DEFAULT_HISTORY_SIZE, History, LineEditor, historyControl, historyLimit, type EditorTerminal, type HistorySettings, type LineState, type ReadResult } from './editor';
import { historyIgnore } from './history-ignore';
import { expandHistory, historyChars, type HistoryExpansionMemory } from './editor/history-expansion';
import { DEFAULT_PS1, DEFAULT_PS2 } from './prompt';
import { decodePrompt } from '../expand/prompt-escapes';
import { expandText } from '../interp/prompt-expansion';
import type { Startup } from '../invocation';
import { applyStartupOptions, sourceCommand, startupFiles } from './startup-files';
import { OK, refuse } from './control-result';
import type { RemoteShell } from './remote-control';
import { ShellIntegration } from './shell-integration';
import { environmentWithBytes } from '../process-bytes';
import { describeUnexpected } from '../unexpected';
import { hangUpAndDie, hangUpJobs, terminalHungUp } from './hangup';
import { takeTerminal } from './job-control';
import { ignoreInteractiveSignals } from '../launch-signals';

/** The builtins after which an exit leaves stopped jobs without a warning (bash's exit_or_logout). */
const EXIT_AT_ONCE_AFTER: ReadonlySet<string> = new Set(['exit', 'logout', 'jobs']);

/** An extension's `fg` waiting for the prompt to let go of the terminal. */
interface Handover {
  readonly job: Job;
  readonly answer: (result: ControlResult) => void;
}

type Command =
  | { readonly kind: 'program'; readonly program: Program; readonly source: string }
  /** The extension asked for `fg`: the line being edited was suspended, to be edited again after. */
  | { readonly kind: 'foreground'; readonly handover: Handover; readonly line: LineState }
  | { readonly kind: 'eof' }
  | { readonly kind: 'none' };

/** What the shell is doing, as the extension's requests need to know. */
type Activity =
  | { readonly kind: 'prompt' }
  | { readonly kind: 'continuation' }
  /** An extension's `fg` interrupted the prompt; the loop runs it next. */
  | { readonly kind: 'handing-over'; readonly handover: Handover }
  /** A command (or an extension's `fg`) has the terminal. */
  | { readonly kind: 'running' };

export interface InteractiveOptions {
  readonly cwd: string;
  readonly scriptName: string;
  /** `quirl -s ARGS` (or `-i ARGS`): the positional parameters. */
  readonly args: string[];
  readonly startup: Startup;
  /** `-i -c STRING`: run it after the start-up files instead of reading commands, then end. */
  readonly command?: string;
  /** The extension's endpoint, in a VS Code terminal. */
  readonly link?: LinkAddress;
}

export async function runInteractive(options: InteractiveOptions): Promise<number> {
  const integration = ShellIntegration.fromEnvironment(process.env);
  const state = ShellState.fromEnvironment(environmentWithBytes(process.env), options.cwd, options.scriptName, options.args, integration?.keep);
  const applied = applyStartupOptions(state.options, options.startup, options.command === undefined ? 's' : 'c');
  if ('error' in applied) {
    writeSync(2, `quirl: ${applied.error}\n`);
    return 2;
  }
  writeSync(1, applied.listing);
  const terminal = takeTerminal((text) => writeSync(2, text));
  // The terminal's own keys never end the shell; `kill -INT $$` at the prompt is ignored too.
  ignoreInteractiveSignals();
  const shell = new InteractiveShell(terminal, options.startup, state, integration, options.command);
  // Node's stderr stream, made now rather than at the first $(...) (a net.Socket's teardown reads
  // process.stderr): on a terminal libuv reopens it for the stream, a descriptor the shell then
  // keeps from its start instead of gaining it later. Node sets it blocking again for children.
  void process.stderr;
  // The terminal is gone (or bash's SIGHUP): every job is told, and the shell dies of it.
  process.on('SIGHUP', () => shell.hangUp());
  // Loaded only in the extension's terminals: the JSON-RPC library and node:crypto cost every other start time.
  const link = options.link === undefined ? undefined : await connectLink(options.link, shell);
  link?.start();
  try {
    return await shell.run();
  } finally {
    link?.dispose();
  }
}

async function connectLink(address: LinkAddress, shell: RemoteShell): Promise<IpcClient> {
  const [{ IpcClient }, { RemoteControl }] = await Promise.all([import('../ipc/client'), import('./remote-control')]);
  return new IpcClient({ ...address, host: new RemoteControl(shell) });
}

class InteractiveShell implements RemoteShell {
  readonly executor: Executor;
  private readonly interpreter: Interpreter;
  private readonly state: ShellState;
  private readonly context: Context;
  private readonly history: History;
  private readonly editor: LineEditor;
  /** Ctrl-D pressed in a row at the prompt, for ignoreeof. */
  private endsOfInput = 0;
  private activity: Activity = { kind: 'running' };
  /** The line an extension's `fg` suspended (or histverify's expansion), edited again at the next prompt. */
  private suspendedLine: LineState | undefined;
  /** History expansion's last substitution and search, for `:&` and `!?string?` `%`. */
  private readonly expansionMemory: HistoryExpansionMemory = {};
  /** READLINE_MARK as the last `bind -x` command left it (the editor has no mark of its own). */
  private mark = 0;

  constructor(
    terminal: Terminal | undefined,
    private readonly startup: Startup,
    state: ShellState,
    private readonly integration: ShellIntegration | undefined,
    private readonly command: string | undefined,
  ) {
    ({ executor: this.executor, interpreter: this.interpreter } = wireShell({ terminal, interactive: true, history: () => this.currentHistory() }));
    this.state = state;
    state.historyOf = () => this.currentHistory();
    // The first prompt's `\#` is 1 (bash).
    state.commandNumber = 1;
    // An interactive shell keeps a history unless `set +o history` says otherwise (bash).
    state.options.apply({ name: 'history', on: true });
    // And expands history (`!!`) unless started with +H, and edits as emacs does unless started with -o vi (bash).
    const startedWith = (name: string): boolean => startup.options.some((change) => change.name === name);
    if (!startedWith('histexpand')) state.options.apply({ name: 'histexpand', on: true });
    if (!startedWith('vi') && !startedWith('emacs')) state.options.apply({ name: 'emacs', on: true });
    // And expands aliases unless `shopt -u expand_aliases` says otherwise (bash).
    state.options.setShopt('expand_aliases', true);
    // Jobs read the terminal through a blocking descriptor of their own: libuv made fd 0 non-blocking.
    const fds = FdTable.standard();
    if (terminal !== undefined) fds.set(0, terminal.fd, false);
    this.context = shellContext(this.state, fds);
    // bash's defaults, as shell variables that start-up files and commands may change or unset.
    const home = this.state.get('HOME') ?? homedir();
    const defaults: [string, string][] = [
      ['HISTFILE', join(home, '.quirl_history')],
      ['HISTSIZE', String(DEFAULT_HISTORY_SIZE)],
      ['HISTFILESIZE', String(DEFAULT_HISTORY_FILE_SIZE)],
      ['PS1', DEFAULT_PS1],
      ['PS2', DEFAULT_PS2],
    ];
    for (const [name, value] of defaults) if (this.state.get(name) === undefined) this.state.set(name, value);
    // Empty until the start-up files have run: HISTFILE may be set in them.
    this.history = new History({ size: Infinity, onError: (error) => this.say(`quirl: history: ${errorMessage(error)}\n`) });
    const bindings = this.interpreter.keyBindings();
    this.editor = new LineEditor(editorTerminal(), {
      history: this.history,
      vi: () => this.state.options.has('vi'),
      bindings,
      complete: createCompleter(
        interactiveHost(this.interpreter, this.context, this.executor, (text) => this.editor.printAbove(text), () => bindings.settings.completionIgnoreCase),
      ),
    });
  }

  /** The history, its settings brought up to date with the variables first. */
  /** A line read at the prompt goes into the history while `set -o history` is on. */
  private record(line: string): void {
    if (this.state.options.has('history')) this.currentHistory().add(line);
  }

  private currentHistory(): History {
    this.history.configure(this.historySettings());
    return this.history;
  }

  private historySettings(): HistorySettings {
    const file = this.state.get('HISTFILE');
    return {
      file: file === '' ? undefined : file,
      size: historyLimit(this.state.get('HISTSIZE'), DEFAULT_HISTORY_SIZE),
      fileSize: historyLimit(this.state.get('HISTFILESIZE'), DEFAULT_HISTORY_FILE_SIZE),
      control: historyControl(this.state.get('HISTCONTROL')),
      ignore: historyIgnore(this.state.get('HISTIGNORE'), this.state.options.shopted('extglob')),
    };
  }

  /**
   * The start-up files, each run as `. FILE` would be; an error in one is reported and the next
   * goes on. Returns the status to exit with when one of them ran `exit`.
   */
  private async runStartupFiles(): Promise<number | undefined> {
    const files = await startupFiles(this.startup, {
      interactive: true,
      home: this.state.get('HOME') ?? homedir(),
      env: () => this.expandQuietly(this.state.get('ENV') ?? ''),
    });
    for (const file of files) {
      try {
        const program = sourceCommand(file);
        if (program !== undefined) await this.interpreter.runProgram(program, this.context);
      } catch (error) {
        if (error instanceof ExitRequest) return error.status;
        this.hangUpIfTerminalGone();
        this.state.lastStatus = this.reportUnexpected(error);
      }
    }
    return undefined;
  }

  /** The shell's life; at its end, however it comes, the EXIT trap runs (bash), then the jobs are told. */
  async run(): Promise<number> {
    const status = await this.session();
    const final = await this.interpreter.finish(this.context, status).catch((error: unknown) => {
      this.reportUnexpected(error);
      return status;
    });
    this.leaveJobs();
    return final;
  }

  /**
   * bash's exit: stopped jobs are hung up (SIGHUP, then SIGCONT so they see it); running ones are
   * left to run on, the shell letting go of their groups, unless huponexit in a login shell hangs
   * up every job.
   */
  private leaveJobs(): void {
    const jobs = this.executor.jobs.list();
    const hangUpAll = this.startup.login && this.state.options.shopted('huponexit');
    hangUpJobs(hangUpAll ? jobs : jobs.filter((job) => job.state.kind === 'stopped'));
    if (!hangUpAll) for (const job of jobs) if (job.state.kind === 'running') job.leaveRunning();
  }

  /** The start-up files, then the `-c` string or the commands typed; the status to exit with. */
  private async session(): Promise<number> {
    // A signal that came while the shell started (ignored then) is read from libuv's pipe only when
    // the event loop polls, which start-up may not have let it do: one turn now, or the first
    // command line's Ctrl-C listener hears it (seen under load: the line abandoned as if by Ctrl-C).
    await new Promise((resolve) => setImmediate(resolve));
    const exit = await this.runStartupFiles();
    const status = exit ?? (this.command === undefined ? undefined : await this.runCommandString(this.command));
    if (status !== undefined) return status;
    this.history.configure(this.historySettings());
    this.history.load();
    try {
      return await this.loop();
    } finally {
      this.history.close();
    }
  }

  private async loop(): Promise<number> {
    for (;;) {
      try {
        if ((await this.cycle()) === 'end') break;
      } catch (error) {
        // From outside a command: PROMPT_COMMAND, a trap at the prompt, the prompt or the editor.
        if (this.endsShell(error)) break;
      }
    }
    return this.state.lastStatus;
  }

  /** One prompt's cycle: jobs reported, a command read and run. 'end' when the shell is to end. */
  private async cycle(): Promise<'end' | 'next'> {
    this.reportJobChanges();
    const command = await this.readCommand();
    if (command.kind === 'none') return 'next';
    if (command.kind === 'foreground') {
      await this.foregroundHandedOver(command.handover, command.line);
      return 'next';
    }
    if (command.kind === 'eof') {
      // End of input from a terminal that was hung up is the terminal gone, not Ctrl-D.
      this.hangUpIfTerminalGone();
      if (this.ignoresEndOfInput()) return 'next';
      this.say('exit\n');
      // As the command `exit` would (bash).
      this.state.noteCommand('exit');
      return this.mayExit() ? 'end' : 'next';
    }
    this.endsOfInput = 0;
    // An empty or comment-only line runs nothing: its prompt cycle ends with a bare D.
    if (command.program.body.items.length > 0) this.integration?.commandStarted(command.source);
    try {
      await this.interpreter.runProgram(command.program, this.context);
    } catch (error) {
      if (this.endsShell(error)) return 'end';
    } finally {
      this.state.commandNumber += 1;
      this.integration?.commandFinished(this.state.lastStatus);
    }
    return 'next';
  }

  /**
   * An error that reached the loop: `exit` ends the shell (unless stopped jobs hold it, bash's
   * rule); anything else is a fault of the shell, reported, and the next prompt comes. Returns
   * whether the shell ends.
   */
  private endsShell(error: unknown): boolean {
    if (error instanceof ExitRequest) {
      this.state.lastStatus = error.status;
      return this.mayExit();
    }
    this.hangUpIfTerminalGone();
    this.state.lastStatus = this.reportUnexpected(error);
    return false;
  }

  /** How typed commands are read: aliases expanded (expand_aliases), `$'\u...'` decoded to the locale of the moment, extglob as it is. */
  private parseOptions(): ParseOptions {
    return readingFor(() => this.state);
  }

  /** `-i -c STRING`: its commands one at a time, aliases from the start-up files expanded; a syntax error ends it with 2. */
  private async runCommandString(source: string): Promise<number> {
    try {
      for (const program of parseCommands(source, { final: true, ...this.parseOptions() })) {
        await this.interpreter.runProgram(program, this.context);
      }
    } catch (error) {
      if (error instanceof ExitRequest) return error.status;
      if (!(error instanceof ParseError)) return this.reportUnexpected(error);
      this.say(`quirl: -c: ${error.message}\n`);
      return error.status;
    }
    return this.state.lastStatus;
  }

  /** ignoreeof: Ctrl-D at the prompt ends the shell only after IGNOREEOF (10) of them in a row, as in bash. */
  private ignoresEndOfInput(): boolean {
    if (!this.state.options.has('ignoreeof')) return false;
    const value = this.state.get('IGNOREEOF');
    const limit = value === undefined || !/^\d+$/.test(value) ? 10 : Number(value);
    this.endsOfInput += 1;
    if (this.endsOfInput > limit) return false;
    // On a line of its own below the prompt, as bash writes it.
    this.say('\nUse "exit" to leave the shell.\n');
    return true;
  }

  /**
   * PROMPT_COMMAND, run before each primary prompt; $? is kept for the prompt and the next
   * command, as in bash. `exit` in it (or `set -e`'s) goes on up to end the shell.
   */
  private async runPromptCommand(): Promise<void> {
    // An array runs each element in turn, an error in one reported on its own (bash 5.1).
    const commands = (this.state.entries('PROMPT_COMMAND') ?? []).map(([, command]) => command).filter((command) => command.trim() !== '');
    if (commands.length === 0) return;
    const status = this.state.lastStatus;
    try {
      for (const command of commands) {
        // Each element sees the status of the command before the prompt, as bash's do.
        this.state.lastStatus = status;
        try {
          await this.interpreter.runProgram(parse(command, this.parseOptions()), this.context);
        } catch (error) {
          if (error instanceof ExitRequest) throw error;
          this.hangUpIfTerminalGone();
          if (error instanceof ParseError) this.say(`quirl: PROMPT_COMMAND: ${error.message}\n`);
          else this.reportUnexpected(error);
        }
      }
    } finally {
      this.state.lastStatus = status;
    }
  }

  /**
   * A `bind -x` command: it runs with the line in READLINE_LINE, the cursor in READLINE_POINT
   * (in characters) and READLINE_MARK, and what it leaves there is the line edited next (bash).
   * `exit` in it goes on up to end the shell.
   */
  private async runKeyCommand(command: string, line: LineState): Promise<LineState> {
    const { state } = this;
    const text = line.text;
    const cursor = line.cursor ?? text.length;
    state.set('READLINE_LINE', text);
    state.set('READLINE_POINT', String([...text.slice(0, cursor)].length));
    state.set('READLINE_MARK', String(this.mark));
    try {
      await this.interpreter.runProgram(parse(command, this.parseOptions()), this.context);
    } catch (error) {
      if (error instanceof ExitRequest) throw error;
      this.hangUpIfTerminalGone();
      if (error instanceof ParseError) this.say(`quirl: ${error.message}\n`);
      else this.reportUnexpected(error);
    }
    const edited = state.get('READLINE_LINE') ?? '';
    const characters = [...edited];
    const point = (value: string | undefined): number => Math.min(Math.max(Number.parseInt(value ?? '0', 10) || 0, 0), characters.length);
    this.mark = point(state.get('READLINE_MARK'));
    const newCursor = characters.slice(0, point(state.get('READLINE_POINT'))).join('').length;
    for (const name of ['READLINE_LINE', 'READLINE_POINT', 'READLINE_MARK']) {
      try {
        state.unset(name);
      } catch {
        // Made readonly by the command: it stays, as a readonly variable does.
      }
    }
    return { text: edited, cursor: newCursor };
  }

  /** A prompt variable's value as shown: escapes decoded, then expanded (promptvars). */
  private async prompt(template: string): Promise<string> {
    const promptvars = this.state.options.shopted('promptvars');
    const decoded = decodePrompt(
      template,
      {
        cwd: this.state.cwd,
        home: this.state.get('HOME'),
        uid: process.getuid?.() ?? 1000,
        jobs: this.executor.jobs.list().length,
        historyNumber: this.history.base + this.history.entries.length,
        commandNumber: this.state.commandNumber,
        shellName: this.state.scriptName,
        now: new Date(),
      },
      { forExpansion: promptvars, markers: true },
    );
    return promptvars ? this.expandQuietly(decoded) : decoded;
  }

  /** `text` expanded; an error in it is reported and the text is shown as it is, as bash does. */
  private async expandQuietly(text: string): Promise<string> {
    try {
      return await expandText(text, this.interpreter, this.context);
    } catch (error) {
      this.hangUpIfTerminalGone();
      if (isShellError(error)) this.say(`quirl: ${error.message}\n`);
      // `$(( 1/0 ))` in the prompt; one without a message said it already.
      else if (error instanceof ExpansionAbort) {
        if (error.message !== undefined) this.say(`quirl: ${error.message}\n`);
      } else this.reportUnexpected(error);
      return text;
    }
  }

  /**
   * The terminal is gone: the jobs are told and the shell dies of SIGHUP. Members too: the
   * programs of a top-level `<(list)` have groups of their own, which the terminal's hang-up misses.
   */
  hangUp(): never {
    hangUpAndDie(this.executor.everyJob());
  }

  private hangUpIfTerminalGone(): void {
    const { terminal } = this.executor;
    if (terminal !== undefined && terminalHungUp(terminal.fd)) this.hangUp();
  }

  /** Reports an error no command handled; returns the status the command gets. */
  private reportUnexpected(error: unknown): number {
    const report = describeUnexpected(error, this.state.get('QUIRL_DEBUG') !== undefined);
    this.say(`quirl: ${report.message}\n`);
    return report.status;
  }

  /**
   * bash's rule: with stopped jobs (or running ones, with checkjobs), an exit that does not come
   * right after `jobs` or another exit (`exit`, `logout`, Ctrl-D) only warns, and fails, so that a
   * second bare `exit` says 1; checkjobs lists the jobs too. Commands that name nothing (`x=1`, a
   * function's definition) come between nothing, as in bash.
   */
  private mayExit(): boolean {
    this.executor.watcher.poll();
    const jobs = this.executor.jobs.list();
    const checkJobs = this.state.options.shopted('checkjobs');
    const stopped = jobs.some((job) => job.state.kind === 'stopped');
    const running = checkJobs && jobs.some((job) => job.state.kind === 'running');
    if ((!stopped && !running) || EXIT_AT_ONCE_AFTER.has(this.state.previousBuiltin ?? '')) return true;
    // As bash: the warning counts as an exit just run, whatever ended up here, so the next exit goes.
    this.state.previousBuiltin = this.state.currentBuiltin = 'exit';
    this.say(stopped ? 'There are stopped jobs.\n' : 'There are running jobs.\n');
    if (checkJobs) this.say(jobs.map((job) => `${formatJobLine(job.id, this.jobControl.mark(job, jobs), job.state, job.command)}\n`).join(''));
    this.state.lastStatus = 1;
    return false;
  }

  /** Reads lines until they form a complete command (PS2 for the continuation lines). */
  private async readCommand(): Promise<Command> {
    let text = '';
    /** The quote the lines so far left open, for history expansion of the next. */
    let quoting: "'" | '"' | undefined;
    // After a `bind -x` command: the line it left, edited again at the same prompt.
    let resumed: { readonly line: LineState; readonly prompt: string } | undefined;
    for (;;) {
      const primary = text === '';
      if (primary && resumed === undefined) await this.runPromptCommand();
      const resumedPrompt = resumed !== undefined;
      const prompt = resumed?.prompt ?? (await this.prompt((primary ? this.state.get('PS1') : this.state.get('PS2')) ?? ''));
      const initial = resumed?.line ?? (primary ? this.suspendedLine : undefined);
      resumed = undefined;
      if (primary) this.suspendedLine = undefined;
      this.activity = { kind: primary ? 'prompt' : 'continuation' };
      let result: ReadResult;
      let ended: Activity;
      try {
        result = await this.editor.read(this.marked(prompt, primary, resumedPrompt), initial);
      } catch (error) {
        // EIO from a terminal that was hung up: the shell ends as on SIGHUP, which may come later.
        this.hangUpIfTerminalGone();
        // Any other failure to read is reported and taken as the end of input: reading again would fail again.
        this.reportUnexpected(error);
        return { kind: 'eof' };
      } finally {
        ended = this.endRead();
      }
      if (result.kind === 'suspended') {
        const line = { text: result.text, cursor: result.cursor };
        return ended.kind === 'handing-over' ? { kind: 'foreground', handover: ended.handover, line } : { kind: 'none' };
      }
      if (result.kind === 'shell-command') {
        resumed = { line: await this.runKeyCommand(result.command, { text: result.text, cursor: result.cursor }), prompt };
        continue;
      }
      if (result.kind === 'eof') return primary ? { kind: 'eof' } : { kind: 'none' };
      if (result.kind === 'interrupted') {
        this.state.lastStatus = 130;
        // `trap CMD INT` runs at the prompt too, then the prompt comes again (bash); `exit` in it goes on up to end the shell.
        await this.interpreter.trapAtPrompt(SIGNALS.SIGINT, this.context);
        return { kind: 'none' };
      }
      const line = this.historyExpanded(result.text, primary, quoting);
      if (line === undefined) return { kind: 'none' };
      text += `${line}\n`;
      try {
        const program = parse(text, this.parseOptions());
        this.record(text.slice(0, -1));
        return { kind: 'program', program, source: text.slice(0, -1) };
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        if (error.incomplete) {
          quoting = openQuote(text, error.span.start.offset);
          continue;
        }
        this.record(text.slice(0, -1));
        // A command of its own for VS Code (E, C, D;2), as the failed line is one for the user.
        this.integration?.commandStarted(text.slice(0, -1));
        this.say(`quirl: ${error.message}\n`);
        this.state.lastStatus = error.status;
        this.integration?.commandFinished(error.status);
        return { kind: 'none' };
      }
    }
  }

  /**
   * The prompt with VS Code's marks when the shell runs in its terminal: a new primary prompt starts
   * a cycle, one drawn again after a `bind -x` command does not, and PS2 is a continuation.
   */
  private marked(prompt: string, primary: boolean, resumed: boolean): string {
    const { integration } = this;
    if (integration === undefined) return prompt;
    if (!primary) return integration.continuationPrompt(prompt);
    return resumed ? integration.samePrompt(prompt) : integration.prompt(prompt, this.state.cwd);
  }

  /**
   * A line read, history expanded while `set -H` is on, as bash does: the expanded line is shown
   * and run; undefined when nothing is to run: an error was reported (with histreedit the line
   * comes back to edit), a `:p` line was shown and kept in history, or histverify put the expanded
   * line back to edit.
   */
  private historyExpanded(line: string, primary: boolean, quoting: "'" | '"' | undefined): string | undefined {
    if (!this.state.options.has('histexpand')) return line;
    const { entries, base } = this.currentHistory();
    const context = { entries, base, chars: historyChars(this.state.get('histchars')), extglob: this.state.options.shopted('extglob'), quoting };
    const expansion = expandHistory(line, context, this.expansionMemory);
    switch (expansion.kind) {
      case 'unchanged':
        return line;
      case 'error':
        this.say(`quirl: ${expansion.message}\n`);
        if (primary && this.state.options.shopted('histreedit')) this.suspendedLine = { text: line };
        return undefined;
      case 'expanded':
        if (expansion.print) {
          this.say(`${expansion.line}\n`);
          this.record(expansion.line);
          return undefined;
        }
        if (primary && this.state.options.shopted('histverify')) {
          this.suspendedLine = { text: expansion.line };
          return undefined;
        }
        this.say(`${expansion.line}\n`);
        return expansion.line;
    }
  }

  /**
   * bash's notifications before a prompt: jobs that finished or stopped since the last one.
   * `write` puts them above a prompt being edited instead.
   */
  private reportJobChanges(write: (text: string) => void = (text) => this.say(text)): void {
    const notices = this.jobControl.notices();
    if (notices !== '') write(notices);
  }

  // ---- the extension's requests (RemoteShell) ----

  get jobControl(): JobControl {
    return this.interpreter.jobControl;
  }

  /**
   * At the prompt: the read is suspended (`fg %N` shown on the prompt as if typed, raw mode left,
   * input paused) and the loop runs the job as `fg %N` would; the answer comes once the job
   * holds the terminal.
   * Anywhere else the terminal is not the shell's to give, and the request is refused.
   */
  foreground(job: Job): Promise<ControlResult> {
    const activity = this.activity;
    if (activity.kind !== 'prompt') return Promise.resolve(this.holdsTerminal(job) ? OK : refuse(this.busyReason(activity)));
    return new Promise((answer) => {
      this.activity = { kind: 'handing-over', handover: { job, answer } };
      if (!this.editor.interrupt(`fg %${job.id}`)) {
        this.activity = activity;
        answer(refuse('the shell is not at its prompt'));
      }
    });
  }

  holdsTerminal(job: Job): boolean {
    const { terminal } = this.executor;
    if (terminal === undefined || job.pgid === undefined) return false;
    try {
      return native.tcgetpgrp(terminal.fd) === job.pgid;
    } catch {
      return false;
    }
  }

  tellAtPrompt(text: string): void {
    if (this.isEditing()) this.editor.printAbove(text);
  }

  reportWhenSettled(job: Job): void {
    const stop = job.onChange((changed) => {
      if (changed.state.kind === 'running') return;
      stop();
      // Outside the watcher's poll that reported the change: reporting polls again.
      setImmediate(() => {
        if (this.isEditing()) this.reportJobChanges((text) => this.editor.printAbove(text));
      });
    });
  }

  private isEditing(): boolean {
    return this.activity.kind === 'prompt' || this.activity.kind === 'continuation';
  }

  /** The read ended: the shell is no longer at a prompt. Returns what it was doing. */
  private endRead(): Activity {
    const ended = this.activity;
    this.activity = { kind: 'running' };
    return ended;
  }

  private busyReason(activity: Exclude<Activity, { kind: 'prompt' }>): string {
    switch (activity.kind) {
      case 'continuation':
        return 'the shell is reading the rest of a command; finish it or press Ctrl-C first';
      case 'handing-over':
        return `job ${activity.handover.job.id} is being brought to the foreground`;
      case 'running': {
        const holder = this.executor.jobs.list().find((job) => this.holdsTerminal(job));
        return holder === undefined ? 'a command is running in the terminal' : `job ${holder.id} (${holder.command}) is in the foreground`;
      }
    }
  }

  /**
   * An extension's `fg`, run as a typed `fg %N` runs (a command of its own for VS Code: E, C,
   * then D with its status). The suspended line is edited again at the next prompt.
   */
  private async foregroundHandedOver({ job, answer }: Handover, line: LineState): Promise<void> {
    this.suspendedLine = line;
    if (job.state.kind === 'done') {
      answer(refuse(`job ${job.id} has finished`));
      this.say(`quirl: fg: job ${job.id} has finished\n`);
      return;
    }
    this.integration?.commandStarted(`fg %${job.id}`);
    try {
      writeSync(1, `${job.command}\n`);
      // foreground() gives the job the terminal (and continues it) before it first waits.
      const finished = this.interpreter.foreground(job, new CommandOutput(this.context.fds, undefined));
      if (job.pgid === undefined || this.holdsTerminal(job)) answer(OK);
      this.state.lastStatus = await finished;
    } catch (error) {
      if (!isShellError(error)) throw error;
      answer(refuse(`job ${job.id} could not take the terminal: ${error.message}`));
      this.say(`quirl: fg: ${error.message}\n`);
      this.state.lastStatus = error.status;
    } finally {
      // A no-op once answered: the request never stays unanswered.
      answer(refuse(`job ${job.id} did not take the terminal`));
      this.integration?.commandFinished(this.state.lastStatus);
    }
  }

  private say(text: string): void {
    try {
      writeSync(2, text);
    } catch {
      // stderr is gone (a hung-up terminal): there is no one to tell.
    }
  }
}

/** The quote left open where the parser found a quoted string unterminated (`'`, `$'`, `"` or `$"` at `offset`). */
function openQuote(text: string, offset: number): "'" | '"' | undefined {
  const quote = text[offset] === '$' ? text[offset + 1] : text[offset];
  return quote === "'" || quote === '"' ? quote : undefined;
}

/** The editor's view of the terminal: Node's tty streams, with raw mode through libuv. */
function editorTerminal(): EditorTerminal {
  return {
    input: process.stdin,
    write: (text) => {
      writeSync(1, text);
    },
    columns: () => process.stdout.columns ?? 80,
    rows: () => process.stdout.rows ?? 24,
    onResize: (listener) => {
      process.stdout.on('resize', listener);
      return () => process.stdout.off('resize', listener);
    },
    setRawMode: (raw) => {
      // Commands read from a pipe or a file (`quirl -i <script`) have no modes to set.
      if (process.stdin.isTTY) process.stdin.setRawMode(raw);
    },
  };
}
