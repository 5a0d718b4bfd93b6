/**
 * bash's coprocesses: starting one as a background job with pipes to the shell, where the
 * shell's ends of its pipes go, the variables that name them, and disposing of an ended one.
 */
import { native } from '../../native';
import { ShellError } from '../errors';
import { closeQuietly } from '../exec/close';
import type { PipelineSpec, Stage } from '../exec/construct';
import type { FdTable } from '../exec/fds';
import type { Job } from '../exec/job';
import { ExpansionBudget } from '../expand/budget';
import type { Command, Coprocess } from '../syntax/ast';
import type { Context } from './context';
import type { ShellState } from './state';

/** What starting a coprocess needs of the tree walk. */
export interface CoprocessHost {
  say(context: Context, message: string): Promise<void>;
  /** The pipeline stage of `command`; a number is the status of a simple command that cannot run (said already). */
  stageOf(command: Command, context: Context, budget: ExpansionBudget): Promise<Stage | number>;
  /** A ShellError reported where the command's stderr goes, as its status; anything else goes on up. */
  reportFailure(error: unknown, context: Context): Promise<number>;
  /** Starts a background job: `$!` names it. */
  startInBackground(spec: PipelineSpec, context: Context): Promise<Job>;
}

/** The coprocess started last, until it is disposed of (bash keeps one): another is warned of meanwhile. */
export class Coprocesses {
  private last: { readonly job: Job; readonly name: string; readonly dispose: () => void } | undefined;

  constructor(private readonly host: CoprocessHost) {}

  /**
   * bash's `coproc`: the command as a background job whose stdin and stdout are pipes to the
   * shell; NAME holds the shell's ends (read, write), NAME_PID the job's process. Programs the
   * shell starts later do not get those ends (bash makes them close-on-exec). bash keeps one
   * coprocess: starting another while it runs is allowed, with a warning.
   */
  async run(coprocess: Coprocess, context: Context): Promise<number> {
    this.reap();
    const running = this.last;
    if (running !== undefined) await this.host.say(context, `warning: execute_coproc: coproc [${running.job.scriptPid}:${running.name}] still exists`);
    const shellEnds = coprocessDescriptors(context.fds);
    const fds = context.fds.derive();
    const input = native.pipe();
    fds.set(0, input.read, true);
    const output = native.pipe();
    fds.set(1, output.write, true);
    const abandon = (): void => {
      fds.closeOwned();
      closeQuietly(input.write);
      closeQuietly(output.read);
    };
    let job: Job;
    try {
      // bash runs no DEBUG trap for a coprocess's command.
      const { command } = coprocess;
      const untraced: Context = command.kind === 'SimpleCommand' ? { ...context, tracedInShell: new Set([command]) } : context;
      const planned = await this.host.stageOf(command, untraced, new ExpansionBudget());
      // A command that cannot run (said already) is still a coprocess, which ends with its status, as bash's child does.
      const stage: Stage = typeof planned === 'number' ? { kind: 'inShell', command: coprocess.text, redirects: [], run: async () => planned } : planned;
      // The coprocess's ends stay open while it runs in the shell; a program has its own copies.
      const started: Stage = stage.kind === 'inShell' ? { ...stage, run: (table, control) => stage.run(table, control).finally(() => fds.closeOwned()) } : stage;
      job = await this.host.startInBackground({ command: coprocess.text, stages: [started], fds }, context);
      if (stage.kind === 'external') fds.closeOwned();
    } catch (error) {
      abandon();
      return this.host.reportFailure(error, context);
    }
    context.fds.setLasting(shellEnds.read, output.read, true);
    context.fds.setLasting(shellEnds.write, input.write, true);
    setCoprocessVariables(context.state, coprocess.name, shellEnds, job.scriptPid);
    const dispose = (): void => {
      context.fds.dropLasting(shellEnds.read, output.read);
      context.fds.dropLasting(shellEnds.write, input.write);
      unsetCoprocessVariables(context.state, coprocess.name, job.scriptPid);
    };
    this.last = { job, name: coprocess.name, dispose };
    return 0;
  }

  /**
   * An ended coprocess is disposed of as bash's coproc_reap does it, where bash cleans up dead
   * jobs: before an interactive shell's next line, and as another coprocess starts. Its ends are
   * closed and NAME unset; a script may read what it left until then.
   */
  reap(): void {
    const { last } = this;
    if (last === undefined || !last.job.isCompleted()) return;
    this.last = undefined;
    last.dispose();
  }
}

/** bash moves a coprocess's pipes below this, the highest first (its move_to_high_fd). */
const HIGHEST_FD = 63;

/**
 * The descriptor numbers of the shell's ends, as bash picks them: the four highest free below 64
 * go to the two pipes' four ends in turn (its read end, the coprocess's write end, the
 * coprocess's read end, its write end); the shell keeps the first and the last.
 */
export function coprocessDescriptors(fds: FdTable): { readonly read: number; readonly write: number } {
  const free: number[] = [];
  for (let fd = HIGHEST_FD; fd > 2 && free.length < 4; fd -= 1) if (!fds.has(fd)) free.push(fd);
  if (free.length < 4) throw new ShellError('ResourceLimit', 'coproc: no descriptor below 64 is free for its pipes');
  return { read: free[0] as number, write: free[3] as number };
}

/** NAME=(read write) and NAME_PID=pid, as bash sets them. */
export function setCoprocessVariables(state: ShellState, name: string, fds: { readonly read: number; readonly write: number }, pid: number): void {
  state.unset(name);
  state.assignArray(
    name,
    [fds.read, fds.write].map((fd) => ({ key: undefined, value: String(fd), append: false })),
    false,
  );
  state.set(`${name}_PID`, String(pid));
}

/** Unsets NAME and NAME_PID, unless a later coprocess of the same name holds them now. */
export function unsetCoprocessVariables(state: ShellState, name: string, pid: number): void {
  if (state.get(`${name}_PID`) !== String(pid)) return;
  state.unset(name);
  state.unset(`${name}_PID`);
}
