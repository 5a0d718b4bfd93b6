/**
 * Running the shell's traps: the DEBUG, ERR and RETURN traps of shell conditions, the signal
 * traps of the top-level shell (run between commands, in its context), and the EXIT trap, once,
 * as the shell or a subshell ends. A trap's command runs as `eval` runs its text (TrapHost).
 */
import { native } from '../../native';
import { ExitRequest } from './builtin-api';
import { ExpansionAbort } from '../control';
import type { Eventually } from '../eventually';
import type { Executor } from '../exec/executor';
import type { AnnouncedCommand } from './command-text';
import type { Context } from './context';
import { DEADLY, SignalTraps, type TrapArrival } from './signal-traps';
import type { CommandCondition } from './traps';

/** What running a trap needs of the tree walk. */
export interface TrapHost {
  /** `source` run as `eval` runs it, in `context`; `name` says where a syntax error was, its lines from `firstLine`. */
  runSource(source: string, context: Context, name: string, firstLine?: number): Promise<number>;
  /** An error that abandoned the trap's command, where it stops: said, if it was not yet, and its status is $?. */
  abandoned(error: ExpansionAbort, context: Context): Promise<number>;
}

export class TrapRunner {
  /** The top-level shell's signal traps, listened for while they are set. */
  private readonly signalTraps: SignalTraps;
  /** The shell's own top-level context, once a command has run in it: where signal traps run. */
  private topContext: Context | undefined;
  /** A trap's command is running: signal traps wait (bash runs none inside another trap). */
  private inTrap = false;
  private exited = false;
  /** The executor's count of reaped children at the last checkpoint. */
  private reapedAtCheckpoint = 0;

  constructor(
    private readonly host: TrapHost,
    private readonly executor: Executor,
    interactive: boolean,
  ) {
    this.signalTraps = new SignalTraps(interactive ? [] : DEADLY);
  }

  /** After a command line: the signals its traps name are listened for from now on. */
  syncAfterLine(context: Context): void {
    if (this.hearsSignalTraps(context)) this.signalTraps.sync(context.state.traps);
  }

  /**
   * Whether the top-level shell traps `signal`, which ended a foreground job: a trap's command is
   * noted to run (an ignored signal runs nothing).
   */
  trappedAtTop(signal: number): boolean {
    const trapped = this.topContext?.state.traps.get(signal);
    if (trapped === undefined) return false;
    if (trapped.kind === 'command') this.signalTraps.note(signal);
    return true;
  }

  /** A signal whose trap is to run once the command running now lets it (a loop's next pass). */
  note(signal: number): void {
    this.signalTraps.note(signal);
  }

  /** A wait for the next signal with a trap to run in `context`, or undefined where none can come: what ends a `wait`. */
  trappedSignal(context: Context): TrapArrival | undefined {
    return this.hearsSignalTraps(context) && !this.inTrap ? this.signalTraps.nextTrapped() : undefined;
  }

  /**
   * A command failed where `set -e` and the ERR trap apply: the trap runs (in a function only
   * with `set -E`), then `set -e` ends the shell or subshell with the status. Both apply inside
   * other traps' commands too, as in bash.
   */
  failed(status: number, context: Context): Eventually<void> {
    const { state } = context;
    if (context.conditional === true) return;
    const exitIfErrexit = (): void => {
      if (state.options.has('errexit')) throw new ExitRequest(status);
    };
    if (state.traps.command('ERR') === undefined) return exitIfErrexit();
    state.lastStatus = status;
    return this.runConditionTrap('ERR', context).then(exitIfErrexit);
  }

  /**
   * Before a command (a simple one, a `for` pass, `case`, `(( ))`, `[[ ]]`): BASH_COMMAND names
   * it, except inside a trap. True when the DEBUG trap is to run now; synchronous, so that a
   * shell without one awaits nothing for it.
   */
  announce(command: AnnouncedCommand, context: Context): boolean {
    if (context.state.trapsRunning === 0) context.state.announced = command;
    return this.debugTrapDue(context);
  }

  /** Whether the DEBUG trap is to run before a command now. */
  debugTrapDue(context: Context): boolean {
    return context.state.traps.command('DEBUG') !== undefined && !context.state.runningConditions.has('DEBUG');
  }

  /** The DEBUG trap, before the command just announced; its status is not the command's `$?`. */
  runDebugTrap(context: Context): Promise<void> {
    return this.runConditionTrap('DEBUG', context);
  }

  /** The trap of a shell condition, if one is set and it is not running already. */
  async runConditionTrap(condition: CommandCondition, context: Context): Promise<void> {
    const command = context.state.traps.command(condition);
    const { runningConditions } = context.state;
    if (command === undefined || runningConditions.has(condition)) return;
    runningConditions.add(condition);
    try {
      // bash counts the lines of an ERR or DEBUG trap from the line of the command that ran it.
      await this.runTrap(command, context, condition === 'RETURN' ? undefined : context.state.lineNumber);
    } finally {
      runningConditions.delete(condition);
    }
  }

  /** A trap's command, run as `eval` would run it, its lines from `firstLine`; `$?` and $LINENO are as they were before it. */
  private async runTrap(text: string, context: Context, firstLine?: number): Promise<void> {
    const status = context.state.lastStatus;
    // The command trapped is still where it was: a function it calls was called from its line.
    const { lineNumber } = context.state;
    const wasInTrap = this.inTrap;
    this.inTrap = true;
    context.state.trapsRunning++;
    try {
      await this.host.runSource(text, { ...context, conditional: false }, 'trap', firstLine);
    } finally {
      this.inTrap = wasInTrap;
      context.state.trapsRunning--;
      context.state.lineNumber = lineNumber;
    }
    context.state.lastStatus = status;
  }

  /**
   * Whether runPendingTraps has anything to do: the top-level shell, out of a trap, listening for a
   * signal. Synchronous, so that a command with no traps set awaits nothing here.
   */
  trapsMayBePending(context: Context): boolean {
    if (!this.hearsSignalTraps(context)) return false;
    this.topContext = context;
    this.signalTraps.sync(context.state.traps);
    return !this.inTrap && (this.signalTraps.listening || this.signalTraps.waiting);
  }

  /** Whether `context` is the shell's own, where its signal traps run (a subshell's are never heard). */
  private hearsSignalTraps({ state, scope }: Context): boolean {
    return !state.isSubshell && scope.kind !== 'stage';
  }

  /** Signals that arrived for the top-level shell's traps run here, between commands, in its context. */
  async runPendingTraps(context: Context): Promise<void> {
    const { state } = context;
    if (this.signalTraps.listening) {
      // A signal sent a moment ago (`kill -USR1 $$`) reaches its listener through the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      // One a job sent before it ended needs the loop to poll again: the end was seen from a
      // poll callback (SIGCHLD's), whose turn reaches its check phase before the next poll.
      const { reaped } = this.executor.watcher;
      if (reaped !== this.reapedAtCheckpoint) {
        this.reapedAtCheckpoint = reaped;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const deadly = this.signalTraps.takeDeadly();
    if (deadly !== undefined) await this.dieOf(deadly, context);
    for (const signal of this.signalTraps.take()) {
      const command = state.traps.command(signal);
      if (command !== undefined) await this.runTrap(command, context);
    }
  }

  /**
   * A trapped signal the line editor took as a key (Ctrl-C at the prompt): its trap runs now, in
   * the shell's context, and the prompt is drawn again after it. `exit` in it goes on up; an error
   * that abandons the trap's command was said where it was caught (runSource).
   */
  async trapAtPrompt(signal: number, context: Context): Promise<void> {
    const command = context.state.traps.command(signal);
    if (command !== undefined) await this.runTrap(command, context);
  }

  /**
   * The shell's EXIT trap, once: at the end of a script or `-c` string, at `exit`, at `set -e`'s
   * exit, and before dying of a signal. `exit` in the trap sets the status. Returns the status the
   * shell ends with.
   */
  async finish(context: Context, status: number): Promise<number> {
    if (this.exited) return status;
    this.exited = true;
    if (this.trapsMayBePending(context)) await this.runPendingTraps(context).catch(() => undefined);
    return this.runExitTrap(context, status);
  }

  /** Runs the context's EXIT trap, if set (a subshell's own, or the shell's). */
  async runExitTrap(context: Context, status: number): Promise<number> {
    const command = context.state.traps.command('EXIT');
    if (command === undefined) return status;
    context.state.traps.set('EXIT', undefined);
    context.state.lastStatus = status;
    context.state.trapsRunning++;
    try {
      await this.host.runSource(command, { ...context, conditional: false }, 'trap');
    } catch (error) {
      // `exit N` in it, or `set -e`'s exit with the failed command's status.
      if (error instanceof ExitRequest) return error.status;
      if (!(error instanceof ExpansionAbort)) throw error;
      // A fatal error (runSource settles the others) ends the trap; the shell ends as it was ending (bash).
      await this.host.abandoned(error, context);
    } finally {
      context.state.trapsRunning--;
    }
    return status;
  }

  /**
   * A deadly signal with no trap while an EXIT trap was set: the trap runs, then the shell dies of
   * the signal (main's default death, or the system's), and nothing more of it runs meanwhile.
   */
  private async dieOf(signal: number, context: Context): Promise<never> {
    await this.finish(context, 128 + signal).catch(() => undefined);
    this.signalTraps.release(signal);
    // As a script killed by the signal does (main.ts): its jobs go too, then it dies of the signal at once.
    this.executor.terminateAll();
    this.executor.dispose();
    native.setSignalDisposition(signal, 'default');
    native.kill(process.pid, signal);
    return new Promise<never>(() => undefined);
  }

}
