/**
 * The interactive shell: takes the terminal, then reads, runs and reports, one command at a
 * time. Between commands the line editor owns the terminal (raw mode); while a foreground job
 * runs the editor has let go of it entirely (no read pending, cooked modes), so the job's keys
 * and typed-ahead input reach whoever owns the terminal.
 */
import { writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BUILTINS, ExitRequest } from '../builtins';
import { ParseError, errorMessage } from '../errors';
import { Executor } from '../exec/executor';
import { FdTable } from '../exec/fds';
import type { Job } from '../exec/job';
import { CommandResolver } from '../exec/resolve';
import { SIGNALS } from '../exec/signals';
import { Terminal } from '../exec/terminal';
import { native } from '../../native';
import { Interpreter, type Context } from '../interp/interpreter';
import { ShellState } from '../interp/state';
import { formatJobLine } from '../jobs/format';
import { parse, type Program } from '../syntax';
import { createCompleter } from './completion';
import { History, LineEditor, historyLimit, type EditorTerminal } from './editor';
import { DEFAULT_PS1, DEFAULT_PS2, renderPrompt } from './prompt';
import { ShellIntegration } from './shell-integration';

type Command =
  | { readonly kind: 'program'; readonly program: Program; readonly source: string }
  | { readonly kind: 'eof' }
  | { readonly kind: 'none' };

export interface InteractiveOptions {
  readonly cwd: string;
  readonly scriptName: string;
}

export async function runInteractive(options: InteractiveOptions): Promise<number> {
  const terminal = Terminal.acquire();
  // The terminal's own keys never signal the shell; `kill -INT $$` at the prompt is ignored too.
  for (const signal of [SIGNALS.SIGINT, SIGNALS.SIGQUIT, SIGNALS.SIGTERM]) native.setSignalDisposition(signal, 'ignore');
  const shell = new InteractiveShell(terminal, options);
  process.on('SIGHUP', () => {
    // The terminal is gone: every job is told, as bash does, and the shell ends.
    shell.hangUpJobs();
    process.exit(128 + SIGNALS.SIGHUP);
  });
  return shell.run();
}

class InteractiveShell {
  private readonly executor: Executor;
  private readonly interpreter: Interpreter;
  private readonly state: ShellState;
  private readonly context: Context;
  private readonly history: History;
  private readonly editor: LineEditor;
  private readonly integration = ShellIntegration.fromEnvironment(process.env);
  private warnedAboutStoppedJobs = false;

  constructor(terminal: Terminal, options: InteractiveOptions) {
    this.executor = new Executor(terminal);
    this.interpreter = new Interpreter(this.executor, new CommandResolver(), true, () => this.history.entries);
    this.state = ShellState.fromEnvironment(process.env, options.cwd, options.scriptName, [], this.integration?.keep);
    // Jobs read the terminal through a blocking descriptor of their own: libuv made fd 0 non-blocking.
    const fds = FdTable.standard();
    fds.set(0, terminal.fd, false);
    this.context = { state: this.state, fds, request: {} };
    const home = this.state.get('HOME') ?? homedir();
    this.history = new History({
      file: this.state.get('HISTFILE') ?? join(home, '.quirl_history'),
      size: historyLimit(this.state.get('HISTSIZE'), 1000),
      fileSize: historyLimit(this.state.get('HISTFILESIZE'), 2000),
      onError: (error) => this.say(`quirl: history: ${errorMessage(error)}\n`),
    });
    this.editor = new LineEditor(editorTerminal(), {
      history: this.history,
      complete: createCompleter({
        cwd: () => this.state.cwd,
        path: () => this.state.get('PATH') ?? '',
        home: () => this.state.get('HOME'),
        builtins: () => [...BUILTINS.keys(), 'dialect'],
        jobs: () => this.executor.jobs.list(),
      }),
    });
  }

  async run(): Promise<number> {
    for (;;) {
      this.reportJobChanges();
      const command = await this.readCommand();
      if (command.kind === 'none') continue;
      if (command.kind === 'eof') {
        this.say('exit\n');
        if (this.mayExit()) break;
        continue;
      }
      // An empty or comment-only line runs nothing: its prompt cycle ends with a bare D.
      if (command.program.body.items.length > 0) this.integration?.commandStarted(command.source);
      try {
        await this.interpreter.runProgram(command.program, this.context);
        this.warnedAboutStoppedJobs = false;
      } catch (error) {
        if (!(error instanceof ExitRequest)) throw error;
        this.state.lastStatus = error.status;
        if (this.mayExit()) break;
      } finally {
        this.integration?.commandFinished(this.state.lastStatus);
      }
    }
    this.hangUpJobs();
    return this.state.lastStatus;
  }

  /** SIGHUP to every job not disowned, and SIGCONT to the stopped ones so they see it. */
  hangUpJobs(): void {
    for (const job of this.executor.jobs.list()) {
      if (!job.hangUpOnExit || job.state.kind === 'done') continue;
      try {
        job.signal(SIGNALS.SIGHUP);
        if (job.state.kind === 'stopped') job.signal(SIGNALS.SIGCONT);
      } catch {
        // The job ended meanwhile.
      }
    }
  }

  /** bash's rule: with stopped jobs, the first exit only warns. */
  private mayExit(): boolean {
    const stopped = this.executor.jobs.list().some((job) => job.state.kind === 'stopped');
    if (!stopped || this.warnedAboutStoppedJobs) return true;
    this.warnedAboutStoppedJobs = true;
    this.say('There are stopped jobs.\n');
    return false;
  }

  /** Reads lines until they form a complete command (PS2 for the continuation lines). */
  private async readCommand(): Promise<Command> {
    let text = '';
    for (;;) {
      const template = text === '' ? (this.state.get('PS1') ?? DEFAULT_PS1) : (this.state.get('PS2') ?? DEFAULT_PS2);
      const prompt = renderPrompt(template, {
        cwd: this.state.cwd,
        home: this.state.get('HOME'),
        uid: process.getuid?.() ?? 1000,
        lastStatus: this.state.lastStatus,
      });
      const result = await this.editor.read(text === '' && this.integration ? this.integration.prompt(prompt, this.state.cwd) : prompt);
      if (result.kind === 'eof') return text === '' ? { kind: 'eof' } : { kind: 'none' };
      if (result.kind === 'interrupted' || result.kind === 'suspended') {
        this.state.lastStatus = 130;
        return { kind: 'none' };
      }
      text += `${result.text}\n`;
      try {
        const program = parse(text);
        this.history.add(text.slice(0, -1));
        return { kind: 'program', program, source: text.slice(0, -1) };
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        if (error.incomplete) continue;
        this.history.add(text.slice(0, -1));
        this.say(`quirl: ${error.message}\n`);
        this.state.lastStatus = error.status;
        return { kind: 'none' };
      }
    }
  }

  /** bash's notifications before a prompt: jobs that finished or stopped since the last one. */
  private reportJobChanges(): void {
    this.executor.watcher.poll();
    const jobs = this.executor.jobs.list();
    for (const job of jobs) {
      if (job.notified || job.state.kind === 'running') continue;
      this.say(`${formatJobLine(job.id, this.interpreter.jobOrder.mark(job, jobs), job.state, job.command)}\n`);
      job.notified = true;
      if (job.state.kind === 'done') this.forget(job);
    }
  }

  private forget(job: Job): void {
    this.executor.jobs.remove(job.id);
    this.interpreter.jobOrder.forget(job.id);
  }

  private say(text: string): void {
    writeSync(2, text);
  }
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
      process.stdin.setRawMode(raw);
    },
  };
}
