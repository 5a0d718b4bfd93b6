// The VS Code link on a real PTY: Quirl started with the link's variables and a fake extension
// (test/ipc/fake-extension.ts, a real socket server speaking the protocol) as its peer, plus the
// requests the extension sends and reads of the tables it received.
import { test } from 'node:test';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { FakeExtension, socketDirectory, type FakeExtensionOptions } from '../ipc/fake-extension';
import { Background, Foreground, IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE, SignalJob } from '../../shell/ipc/protocol';
import type { ControlResult, JobSignal, JobSnapshot } from '../../shell/ipc/protocol';
import { MODES, withShell, type LaunchMode, type PtyShell } from './harness';
import { procArgv } from './proc';

/** One link: the socket's directory, the variables the shell gets, and the fake extension (once started). */
export class Link {
  readonly secret = randomBytes(16).toString('hex');
  private readonly directory = socketDirectory();
  fake: FakeExtension | undefined;

  get socketPath(): string {
    return this.directory.socketPath;
  }

  get env(): Record<string, string> {
    return { [IPC_SOCKET_VARIABLE]: this.socketPath, [IPC_SECRET_VARIABLE]: this.secret };
  }

  /** Starts (or, after close(), restarts) the extension's end on the same path. */
  async listen(options: Partial<FakeExtensionOptions> = {}): Promise<FakeExtension> {
    rmSync(this.socketPath, { force: true });
    this.fake = await FakeExtension.start({ socketPath: this.socketPath, secret: this.secret, ...options });
    return this.fake;
  }

  get extension(): FakeExtension {
    if (this.fake === undefined) throw new Error('the fake extension is not listening');
    return this.fake;
  }

  /** The jobs of the last table the extension received (none before the first). */
  jobs(): readonly JobSnapshot[] {
    return this.fake?.lastTable?.jobs ?? [];
  }

  job(id: number): JobSnapshot | undefined {
    return this.jobs().find((job) => job.id === id);
  }

  /** Waits until the last table the extension holds satisfies `condition`. */
  async waitForTable(sh: PtyShell, what: string, condition: (jobs: readonly JobSnapshot[]) => boolean): Promise<readonly JobSnapshot[]> {
    await sh.until(() => this.fake?.lastTable !== undefined && condition(this.jobs()), `${what}; the last table: ${JSON.stringify(this.jobs())}`);
    return this.jobs();
  }

  foreground(id: number): Promise<ControlResult> {
    return this.connection().sendRequest(Foreground, { id });
  }

  background(id: number): Promise<ControlResult> {
    return this.connection().sendRequest(Background, { id });
  }

  signal(id: number, signal: JobSignal): Promise<ControlResult> {
    return this.connection().sendRequest(SignalJob, { id, signal });
  }

  async close(): Promise<void> {
    await this.fake?.close();
    this.fake = undefined;
  }

  async remove(): Promise<void> {
    await this.close();
    this.directory.remove();
  }

  /**
   * The extension goes for good (its directory removed): the shell stops trying and holds no
   * socket. For a test whose link was made after the first prompt, the harness's descriptor
   * count would otherwise see the link's socket as new.
   */
  async shutDown(sh: PtyShell): Promise<void> {
    await this.remove();
    await sh.until(() => !sh.fds().some((fd) => fd.target.startsWith('socket:')), 'the shell to close its link to the extension');
  }

  private connection(): NonNullable<FakeExtension['connection']> {
    const connection = this.extension.connection;
    if (connection === undefined) throw new Error('no shell has passed the handshake');
    return connection;
  }
}

export interface LinkTestOptions {
  /** Start the extension's end before the shell (default), or leave it to the body. */
  readonly listen?: boolean;
  readonly fake?: Partial<FakeExtensionOptions>;
  /** More environment for the shell (TERM_PROGRAM=vscode, say). */
  readonly env?: Readonly<Record<string, string>>;
  readonly modes?: readonly LaunchMode[];
}

/** Registers `name` for Quirl in each launch mode, with a link to a fake extension. */
export function linkTest(name: string, body: (sh: PtyShell, link: Link) => Promise<void>, options: LinkTestOptions = {}): void {
  for (const mode of options.modes ?? MODES) {
    test(`${name} [quirl, ${mode}]`, { timeout: 120_000 }, async () => {
      const link = new Link();
      try {
        if (options.listen ?? true) await link.listen(options.fake);
        await withShell('quirl', mode, (sh) => body(sh, link), { ...link.env, ...options.env });
      } finally {
        await link.remove();
      }
    });
  }
}

/** Resolves once the connected shell has sent a first table. */
export async function waitForConnection(sh: PtyShell, link: Link): Promise<void> {
  await sh.until(() => link.fake?.lastTable !== undefined, 'the shell to connect and send its first table');
}

/** Waits until the prompt shows `line` with the cursor `cursor` characters into it. */
/**
 * `count` prompts are on the screen. After a job the tree brought to the foreground stops or ends,
 * the screen from before (the edited line, a notice) can still look right: a new prompt cannot.
 */
export async function waitForPromptsDrawn(sh: PtyShell, count: number, what: string): Promise<void> {
  await sh.until(() => sh.promptCount() === count, `${what}: ${count} prompts on the screen`);
}

export async function waitForEditedLine(sh: PtyShell, line: string, cursor: number, what: string): Promise<void> {
  await sh.until(() => {
    const { row, col } = sh.cursor;
    return sh.row(row) === `${sh.prompt}${line}` && col === sh.prompt.length + cursor;
  }, `${what}: the prompt showing ${JSON.stringify(line)} with the cursor at ${cursor}`);
}

/** Starts `sleep SECONDS &` (SECONDS unique in the test) and returns it once the extension lists it running. */
export async function backgroundSleep(sh: PtyShell, link: Link, seconds: number): Promise<{ id: number; pid: number }> {
  await sh.run(`sleep ${seconds} &`);
  let pid: number | undefined;
  await sh.until(() => {
    pid = sh.byComm('sleep').find((p) => procArgv(p.pid)?.[1] === String(seconds))?.pid;
    return pid !== undefined;
  }, `sleep ${seconds} to start`);
  const jobs = await link.waitForTable(sh, `a running job of pid ${pid}`, (all) => all.some((job) => job.processes[0]?.pid === pid && job.state.kind === 'running'));
  return { id: jobs.find((job) => job.processes[0]?.pid === pid)!.id, pid: pid! };
}
