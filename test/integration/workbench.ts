/**
 * A real VS Code workbench here: code-server (Node 24) on 127.0.0.1 with no auth, and headless
 * Debian Chromium driving its page through playwright-core. Everything lives in one temp folder
 * (HOME, XDG dirs, TMPDIR, the browser profile) and every process carries the run marker, so
 * close() leaves nothing behind on any path. The caller owns the user-data dir and its settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { allProcesses, cmdline, readStat } from '../support/proc';
import { killMarked, markedProcesses, RUN_MARKER_VARIABLE, scratchPrefix } from './processes';
import { codeServerEntry, node24 } from './toolchain';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox', // CI runs as root, where Chromium's sandbox refuses to start.
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface WorkbenchOptions {
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly folder: string | undefined;
  readonly extensionDevelopmentPaths: readonly string[];
  readonly extensionTestsPath: string | undefined;
  readonly marker: string;
  readonly log: (line: string) => void;
  /** Called with the tests' exit code when the extension host reports it (codeAutomationExit). */
  readonly onExit?: (code: number) => void;
}

/**
 * How long code-server keeps a lost page's extension host for the page to reconnect
 * (`--reconnection-grace-time`; 3 hours by default, 5 minutes once another page connects). Short
 * here, so a test can wait past it as a user whose browser crashed and who came back later does.
 */
export const RECONNECTION_GRACE_SECONDS = 10;

export class WorkbenchError extends Error {
  constructor(
    readonly code: 'ServerFailed' | 'ServerTimeout' | 'LeftBehind',
    message: string,
  ) {
    super(message);
    this.name = 'WorkbenchError';
  }
}

export class Workbench {
  private constructor(
    private current: { readonly page: Page; readonly context: BrowserContext },
    private readonly server: ChildProcess,
    private readonly scratch: string,
    private readonly url: string,
    private readonly options: WorkbenchOptions,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get page(): Page {
    return this.current.page;
  }

  /** Settles with a reason when code-server ends (to race against the tests). */
  serverExited(): Promise<string> {
    return new Promise((resolve) => {
      if (this.server.exitCode !== null || this.server.signalCode !== null) resolve(`code-server exited (${this.server.exitCode ?? this.server.signalCode})`);
      else this.server.once('exit', (code, signal) => resolve(`code-server exited (${code ?? signal})`));
    });
  }

  static async open(options: WorkbenchOptions): Promise<Workbench> {
    const scratch = mkdtempSync(join(tmpdir(), `${scratchPrefix(options.marker)}-`));
    let server: ChildProcess | undefined;
    let current: { page: Page; context: BrowserContext } | undefined;
    try {
      const env = isolatedEnvironment(scratch, options.marker);
      server = spawn(
        node24,
        [
          codeServerEntry,
          '--bind-addr', '127.0.0.1:0',
          '--auth', 'none',
          '--config', join(scratch, 'code-server.yaml'),
          '--user-data-dir', options.userDataDir,
          '--extensions-dir', options.extensionsDir,
          '--disable-telemetry',
          '--disable-update-check',
          '--disable-workspace-trust',
          '--reconnection-grace-time', String(RECONNECTION_GRACE_SECONDS),
          // A built server ignores the workbench's `payload` (extension dev and test paths) without it.
          '--vscode-option', 'enable-smoke-test-driver',
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const url = workbenchUrl(await listeningAddress(server, options.log), options);
      current = await openBrowser(scratch, url, options, env);
      return new Workbench(current, server, scratch, url, options, env);
    } catch (error) {
      await closeAll(current?.context, server, scratch, options.marker);
      throw error;
    }
  }

  /**
   * The browser dies at once (SIGKILL of its whole process tree: nothing closed, nothing said to
   * code-server); past code-server's reconnection grace, which has then ended the old page's
   * extension host, a new browser opens the same workbench URL, as a person whose browser crashed
   * comes back. It starts with none of the dead browser's storage, where the web workbench keeps
   * the window's state (extensions' workspaceState among it): a browser killed so need not have
   * written it, and a person may come back in another browser. The new page gets its own host.
   */
  async crashBrowser(): Promise<void> {
    const hosts = extensionHostsOf(this.server.pid ?? -1);
    if (hosts.length === 0) throw new Error('code-server runs no extension host to outlive the browser');
    const profile = browserProfile(this.scratch);
    const browser = allProcesses().filter((stat) => cmdline(stat.pid).some((arg) => arg.includes(profile)));
    for (const { pid } of browser) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await eventuallyGone(browser.map(({ pid }) => pid));
    await eventuallyGone(hosts, (RECONNECTION_GRACE_SECONDS + 120) * 1000, 'code-server\'s extension hosts outlived the reconnection grace');
    rmSync(profile, { recursive: true, force: true });
    this.current = await openBrowser(this.scratch, this.url, this.options, this.env);
  }

  /**
   * Closes the browser and stops code-server as a person does (SIGTERM), then fails if its
   * processes outlive it or its extension hosts left a socket folder (`quirl-*`) in its temp dir.
   */
  async close(): Promise<void> {
    let leftBehind: string | undefined;
    try {
      await closeBrowser(this.current.context);
      this.server.kill('SIGTERM');
      const running = await processesLeft(this.options.marker, this.server.pid);
      leftBehind = running.length === 0 ? socketFoldersIn(join(this.scratch, 'tmp')) : `still running ${STOP_DEADLINE_MS / 1000} s after code-server's SIGTERM: ${running.join('; ')}`;
    } finally {
      await closeAll(undefined, this.server, this.scratch, this.options.marker);
    }
    if (leftBehind !== undefined) throw new WorkbenchError('LeftBehind', leftBehind);
  }
}

function browserProfile(scratch: string): string {
  return join(scratch, 'browser');
}

/** Chromium on the workbench page, with the test hooks the extension host reports through. */
async function openBrowser(scratch: string, url: string, options: WorkbenchOptions, env: NodeJS.ProcessEnv): Promise<{ page: Page; context: BrowserContext }> {
  const context = await chromium.launchPersistentContext(browserProfile(scratch), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // The extension host's console arrives here as console.log's arguments (format string first).
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => options.log(`[${String(type)}] ${Array.isArray(args) ? format(...(args as unknown[])) : String(args)}`));
    await page.exposeFunction('codeAutomationExit', (code: unknown) => options.onExit?.(typeof code === 'number' ? code : 1));
    // Generous: on a loaded 2-core machine the workbench's scripts alone can take a minute.
    await page.goto(url, { timeout: 180_000 });
    return { page, context };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** Waits (generously) until none of `pids` runs; zombies count as gone. */
async function eventuallyGone(pids: readonly number[], timeoutMs = 20_000, what = 'the browser\'s processes outlived SIGKILL'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (pids.some((pid) => isAlive(pid))) {
    if (Date.now() > end) throw new Error(`${what}: ${pids.filter(isAlive).join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The extension hosts code-server (`serverPid`) runs: processes under it started as `--type=extensionHost`. */
function extensionHostsOf(serverPid: number): number[] {
  const processes = allProcesses();
  const parentOf = new Map(processes.map((stat) => [stat.pid, stat.ppid]));
  const under = (pid: number): boolean => {
    for (let parent = parentOf.get(pid); parent !== undefined && parent > 1; parent = parentOf.get(parent)) if (parent === serverPid) return true;
    return false;
  };
  return processes.filter((stat) => isAlive(stat.pid) && under(stat.pid) && cmdline(stat.pid).includes('--type=extensionHost')).map((stat) => stat.pid);
}

function isAlive(pid: number): boolean {
  const state = readStat(pid)?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** HOME, XDG and TMPDIR in the scratch folder; no VS Code variables of a surrounding editor. */
function isolatedEnvironment(scratch: string, marker: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VSCODE_') && name !== 'ELECTRON_RUN_AS_NODE' && name !== 'TERM_PROGRAM') env[name] = value;
  }
  const dirs = { HOME: 'home', XDG_CONFIG_HOME: 'config', XDG_DATA_HOME: 'data', XDG_CACHE_HOME: 'cache', XDG_STATE_HOME: 'state', XDG_RUNTIME_DIR: 'run', TMPDIR: 'tmp' };
  for (const [name, dir] of Object.entries(dirs)) {
    const path = join(scratch, dir);
    mkdirSync(path, { mode: 0o700 });
    env[name] = path;
  }
  env[RUN_MARKER_VARIABLE] = marker;
  return env;
}

/** code-server prints the address it bound (port 0 picks a free one, with no race). */
function listeningAddress(server: ChildProcess, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new WorkbenchError('ServerTimeout', `code-server did not listen within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output += text;
      if (process.env.QUIRL_IT_VERBOSE) log(text.trimEnd());
      const match = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new WorkbenchError('ServerFailed', `code-server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** The workbench page; `payload` carries the development and test paths as remote URIs. */
function workbenchUrl(address: string, options: WorkbenchOptions): string {
  const remote = (path: string): string => `vscode-remote://remote${path}`;
  const payload: [string, string][] = [
    ...options.extensionDevelopmentPaths.map((path): [string, string] => ['extensionDevelopmentPath', remote(path)]),
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];
  if (options.extensionTestsPath !== undefined) payload.push(['extensionTestsPath', remote(options.extensionTestsPath)]);
  const url = new URL(address);
  if (options.folder !== undefined) url.searchParams.set('folder', options.folder);
  url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** Generous: an extension host has 5 s to deactivate after it notices its server gone. */
const STOP_DEADLINE_MS = 30_000;

/** Waits until no process of the run but the browser's is left; those still running at the deadline. */
async function processesLeft(marker: string, serverPid: number | undefined): Promise<string[]> {
  const end = Date.now() + STOP_DEADLINE_MS;
  const isBrowser = (command: string): boolean => /\/chrom(e|ium)[^/ ]*$/.test(command.split(' ')[0] ?? '');
  for (;;) {
    // This launcher's own helpers (tsx's esbuild service) carry the marker too and live as long as it does;
    // code-server's processes are never its children but code-server itself.
    const ownHelpers = new Set(allProcesses().filter((stat) => stat.ppid === process.pid && stat.pid !== serverPid).map((stat) => stat.pid));
    const left = markedProcesses(marker).filter((stray) => !isBrowser(stray.command) && !ownHelpers.has(stray.pid));
    if (left.length === 0 || Date.now() > end) return left.map((stray) => `${stray.pid} ${stray.command}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The Quirl socket folders left in a stopped server's temp dir, described; undefined when none. */
function socketFoldersIn(tmp: string): string | undefined {
  const left = readdirSync(tmp).filter((name) => name.startsWith('quirl-'));
  return left.length === 0 ? undefined : `code-server stopped, and its temp dir still holds ${left.join(', ')}`;
}

/** A polite close so Chromium flushes nothing half-written. */
async function closeBrowser(context: BrowserContext | undefined): Promise<void> {
  await Promise.race([context?.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

async function closeAll(context: BrowserContext | undefined, server: ChildProcess | undefined, scratch: string, marker: string): Promise<void> {
  await closeBrowser(context);
  // Then no survivors, whatever happened.
  server?.kill('SIGKILL');
  await killMarked(marker);
  rmSync(scratch, { recursive: true, force: true });
}
