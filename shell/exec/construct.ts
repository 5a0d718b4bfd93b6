/**
 * Pipeline construction as a transaction. Every child and descriptor is owned the moment it
 * exists; the first external stage is a staged leader in a fresh group that runs no guest
 * instruction until the group's anchor has joined and reported ready; every child's group
 * membership is verified, never assumed; the terminal is lent to the group before any guest
 * runs. Any failure unwinds everything (group, each child, pipes, the anchor last) and the
 * original error is what the caller sees. Without job control a job makes no group: each stage is
 * one spawn in the shell's own group, and a failure kills and reaps each child it started.
 */
import type { GroupChoice, PreparedGuest, StagedChild } from '../../native/native';
import { native } from '../../native';
import { errorMessage, isSystemError, ShellError, describeErrno } from '../errors';
import type { JobId } from '../jobs/job';
import { SETUP_TIMEOUT_MS, startAnchor } from './anchor';
import { deferBlockingOpens, deferInShellOpens } from './blocking-opens';
import { inheritsProcess, type ChildSettings } from './child-settings';
import type { ChildWatcher } from './children';
import { FdTable, type PlannedRedirect } from './fds';
import { ProcessGroup } from './group';
import { Job, type StageControl } from './job';
import { fitsPrepared, type PreparedGroup } from './prepared';
import type { Terminal, TerminalLease } from './terminal';
import { SIGNALS } from './signals';

/** A program ready to exec: an absolute path and its argv (after the ENOEXEC rewrite). */
export interface ExecTarget {
  readonly file: string;
  readonly argv: readonly string[];
}

export interface ExternalStage {
  readonly kind: 'external';
  readonly command: string;
  readonly target: ExecTarget;
  readonly env: readonly string[];
  readonly cwd: string;
  readonly redirects: readonly PlannedRedirect[];
  /** What a failed redirect's message starts with (a script's `s.sh: line 3: `); `quirl: ` when absent. */
  readonly where?: string;
  /** What the child gets of its context's state (umask, limits, ignored signals). */
  readonly settings: ChildSettings;
  /** Contained in a group of its own even without job control (the reference dialects' runners). */
  readonly contained?: boolean;
}

export interface InShellStage {
  readonly kind: 'inShell';
  readonly command: string;
  readonly redirects: readonly PlannedRedirect[];
  /** As ExternalStage's. */
  readonly where?: string;
  /** Runs the stage inside the shell with its own descriptor table; resolves to its status. */
  run(fds: FdTable, control: StageControl): Promise<number>;
}

export type Stage = ExternalStage | InShellStage;

export interface PipelineSpec {
  readonly command: string;
  readonly stages: readonly Stage[];
  /** The descriptors the pipeline inherits: stdin of the first stage, stdout of the last, stderr. */
  readonly fds: FdTable;
}

export interface ConstructOptions {
  readonly watcher: ChildWatcher;
  /** Admits the job to the retained table (which may refuse with ResourceLimit). */
  readonly admit: (create: (id: JobId) => Job) => Job;
  /** Takes a job that failed construction back out of the table. */
  readonly discard: (job: Job) => void;
  /** Lend the terminal to the new group before any guest runs (a foreground job). */
  readonly terminal: Terminal | undefined;
  /** A group prepared ahead of need (leader and ready anchor), if the executor keeps one. */
  readonly takePrepared?: () => PreparedGroup | undefined;
  /**
   * Set without job control: the job's processes stay in the shell's group (no leader, anchor or
   * terminal handoff); `ignoreInterrupts` for an asynchronous job, whose programs ignore SIGINT
   * and SIGQUIT (POSIX).
   */
  readonly shellGroup?: { readonly ignoreInterrupts: boolean };
}

export interface Constructed {
  readonly job: Job;
  readonly lease: TerminalLease | undefined;
}

/** Builds and starts a pipeline; on failure nothing it started or opened survives. */
export function constructPipeline(spec: PipelineSpec, options: ConstructOptions): Constructed {
  const transaction = new Transaction(options.watcher);
  const stages = spec.stages.map((stage) => (stage.kind === 'external' ? withDeferredOpens(stage) : deferInShellOpens(stage)));
  try {
    return transaction.run({ ...spec, stages }, options);
  } catch (error) {
    transaction.unwind(options);
    throw error;
  }
}

/** The stage as it is, or with its FIFO redirects moved into the child (see deferBlockingOpens). */
function withDeferredOpens(stage: ExternalStage): ExternalStage {
  const deferred = deferBlockingOpens(stage);
  return deferred === stage ? stage : { ...stage, ...deferred };
}

class Transaction {
  private readonly tables: FdTable[] = [];
  private readonly children: number[] = [];
  private staged: StagedChild | undefined;
  /** The leader's guest, when the leader is a prepared helper (it is sent at release). */
  private preparedGuest: PreparedGuest | undefined;
  private group: ProcessGroup | undefined;
  private lease: TerminalLease | undefined;
  private job: Job | undefined;

  constructor(private readonly watcher: ChildWatcher) {}

  run(spec: PipelineSpec, options: ConstructOptions): Constructed {
    // Admission first: a full table refuses the job before anything is spawned or opened.
    const job = options.admit((id) => new Job(id, spec.command, this.watcher));
    this.job = job;
    const tables = this.stageTables(spec);
    const shellGroup = options.shellGroup;
    const leaderIndex = shellGroup !== undefined ? -1 : spec.stages.findIndex((stage) => stage.kind === 'external');
    const starters: (() => void)[] = [];

    if (leaderIndex >= 0) {
      const leader = spec.stages[leaderIndex] as ExternalStage;
      const guest: PreparedGuest = { ...spawnOptions(leader, tables[leaderIndex] as FdTable), foregroundTtyChildFd: null };
      // A prepared helper was started with the process's settings, and passes them on to its guest.
      const prepared = fitsPrepared(guest) && inheritsProcess(leader.settings) ? options.takePrepared?.() : undefined;
      const staged = prepared?.staged ?? native.spawnStaged({ ...guest, ...leader.settings, group: { kind: 'new' } });
      this.staged = staged;
      this.children.push(staged.pid);
      // A prepared group's anchor is already there: owned before anything can fail.
      if (prepared !== undefined) {
        this.preparedGuest = guest;
        this.group = new ProcessGroup(staged.pid, prepared.anchor);
      }
      verifyGroup(staged.pid, staged.pid, leader.command);
      this.group ??= new ProcessGroup(staged.pid, startAnchor(staged.pid));
      job.adoptGroup(this.group);
      // The terminal is lent before any guest runs, so no stage can be stopped by SIGTTIN/SIGTTOU.
      if (options.terminal !== undefined) this.lease = options.terminal.lend(staged.pid, undefined);
    }

    spec.stages.forEach((stage, index) => {
      const table = tables[index] as FdTable;
      if (stage.kind === 'inShell') {
        starters.push(job.addInShell(stage.command, (control) => this.runInShell(stage, table, control)));
        return;
      }
      if (index === leaderIndex) {
        job.addExternal((this.staged as StagedChild).pid, stage.command);
        return;
      }
      const group: GroupChoice = shellGroup !== undefined ? { kind: 'shell' } : { kind: 'join', pgid: (this.group as ProcessGroup).pgid };
      const pid = spawnStage(stage, table, group, shellGroup?.ignoreInterrupts === true);
      this.children.push(pid);
      if (group.kind === 'join') verifyGroup(pid, group.pgid, stage.command);
      job.addExternal(pid, stage.command);
      table.closeOwned();
    });

    if (this.staged !== undefined) {
      const staged = this.staged;
      this.staged = undefined;
      releaseLeader(staged, spec.stages[leaderIndex] as ExternalStage, this.preparedGuest);
      (tables[leaderIndex] as FdTable).closeOwned();
    }
    for (const table of tables) for (const writer of table.writers) job.own(writer);
    // Committed: from here on the job owns every child and task.
    this.children.length = 0;
    this.tables.length = 0;
    for (const start of starters) start();
    return { job, lease: this.lease };
  }

  /** Undoes a partial construction; the caller rethrows its original error. */
  unwind(options: ConstructOptions): void {
    this.lease?.release();
    this.group?.terminateOnce();
    for (const pid of this.children) {
      try {
        native.kill(pid, SIGNALS.SIGKILL);
      } catch {
        // Already gone; the reap below collects it.
      }
    }
    if (this.staged !== undefined) native.abandonStaged(this.staged);
    for (const pid of this.children) {
      this.watcher.unwatch(pid);
      try {
        native.reapKilled(pid);
      } catch {
        // Reaped already (ECHILD); nothing is left of it.
      }
    }
    for (const table of this.tables) {
      for (const writer of table.writers) writer.cancel();
      table.closeOwned();
    }
    if (this.group !== undefined) {
      this.watcher.unwatch(this.group.anchor.pid);
      this.group.release();
    }
    if (this.job !== undefined) options.discard(this.job);
  }

  /** Each stage's descriptor table: pipes between stages, then its redirects in source order. */
  private stageTables(spec: PipelineSpec): FdTable[] {
    const tables = spec.stages.map(() => spec.fds.derive());
    // Every table is owned before the first pipe exists, so a failure part-way closes them all.
    this.tables.push(...tables);
    for (let index = 0; index + 1 < tables.length; index += 1) {
      const pipe = native.pipe();
      (tables[index] as FdTable).set(1, pipe.write, true);
      (tables[index + 1] as FdTable).set(0, pipe.read, true);
    }
    spec.stages.forEach((stage, index) => (tables[index] as FdTable).apply(stage.redirects, stage.where));
    return tables;
  }

  private async runInShell(stage: InShellStage, table: FdTable, control: StageControl): Promise<number> {
    try {
      return await stage.run(table, control);
    } finally {
      table.closeOwned();
    }
  }
}

function spawnOptions(stage: ExternalStage, table: FdTable) {
  return {
    file: stage.target.file,
    argv: stage.target.argv,
    env: stage.env,
    // As bash, each command finds its own path in `_`.
    programInEnvironment: true,
    cwd: inProcessDirectory(stage.cwd) ? null : stage.cwd,
    fds: table.childFds(),
  };
}

/**
 * Whether `cwd` is where this process is: its child starts there without a chdir, as a fork
 * of bash starts in bash's own directory. The shell never changes the process's directory
 * (each context keeps its own), so this holds until a `cd`. process.cwd() is Node's cached
 * value; a directory it cannot name (removed, or bytes that are not UTF-8) never matches.
 */
function inProcessDirectory(cwd: string): boolean {
  try {
    return process.cwd() === cwd;
  } catch {
    return false;
  }
}

function spawnStage(stage: ExternalStage, table: FdTable, group: GroupChoice, ignoreInterrupts: boolean): number {
  try {
    return native.spawn({ ...spawnOptions(stage, table), ...stage.settings, group, ignoreInterrupts });
  } catch (error) {
    throw spawnError(stage, error);
  }
}

function releaseLeader(staged: StagedChild, leader: ExternalStage, preparedGuest: PreparedGuest | undefined): void {
  try {
    if (preparedGuest === undefined) native.releaseStaged(staged, SETUP_TIMEOUT_MS);
    else native.releasePrepared(staged, preparedGuest, SETUP_TIMEOUT_MS);
  } catch (error) {
    throw spawnError(leader, error);
  }
}

function verifyGroup(pid: number, pgid: number, command: string): void {
  let actual: number;
  try {
    actual = native.getpgid(pid);
  } catch (error) {
    throw new ShellError('SpawnFailed', `${command}: cannot verify its process group: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (actual !== pgid) {
    throw new ShellError('SpawnFailed', `${command}: joined process group ${actual}, not ${pgid}`);
  }
}

function spawnError(stage: ExternalStage, error: unknown): ShellError {
  if (!isSystemError(error)) return new ShellError('SpawnFailed', `${stage.target.argv[0]}: ${errorMessage(error)}`);
  const name = stage.target.argv[0] ?? stage.target.file;
  // The shell's directory is gone (removed under it): the program exists, it cannot start there.
  if (error.syscall === 'chdir') {
    return new ShellError('SpawnFailed', `${name}: cannot run in ${error.path ?? stage.cwd}: ${describeErrno(error.code)}`, { cause: error });
  }
  const code = error.code === 'ENOENT' ? 'CommandNotFound' : 'SpawnFailed';
  return new ShellError(code, `${name}: ${describeErrno(error.code)}`, { cause: error });
}

