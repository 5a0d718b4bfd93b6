// The real-PTY harness: a shell under node-pty, its output on an @xterm/headless screen (what a
// person would see), keys typed into it, and process truth from /proc (the terminal's foreground
// group, the shell's group, its children and their states, its descriptors). Every wait polls a
// condition against a deadline; nothing sleeps for a fixed time.
//
// Two launch modes: `direct` (node-pty starts the shell: it leads the PTY's session and its group
// is orphaned) and `under-bash` (node-pty starts `bash --norc --noprofile -i`, which starts the
// shell as one of its jobs, so terminal-stop signals are real). At the end, `close()` exits the
// shell (and the outer bash, which must be back at its prompt owning the terminal), kills what is
// left, and fails when any process the test started remains or a zombie was left unreaped.
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { mkdtempSync, realpathSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Terminal } from '@xterm/headless';
import * as pty from 'node-pty';
import { allProcs, describeProc, mustStat, procArgv, procFds, procHasEnv, procStat, type OpenFd, type ProcInfo } from './proc';

export type ShellKind = 'quirl' | 'bash';
export type LaunchMode = 'direct' | 'under-bash';

export const REPO = resolve(__dirname, '..', '..');
export const BASH = '/usr/bin/bash';
export const COLS = 100;
export const ROWS = 30;
export const DEFAULT_TIMEOUT_MS = 20_000;
const SCROLLBACK = 100_000;

/** The shells under test: QUIRL_PTY_SHELLS=quirl,bash (the default) or a subset. */
export const SHELLS: readonly ShellKind[] = (() => {
  const wanted = (process.env.QUIRL_PTY_SHELLS ?? 'quirl,bash').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of wanted) if (name !== 'quirl' && name !== 'bash') throw new Error(`QUIRL_PTY_SHELLS: unknown shell ${name}`);
  return wanted as ShellKind[];
})();
export const MODES: readonly LaunchMode[] = ['direct', 'under-bash'];

/** argv of the shell under test: Quirl as a user starts it, bin/quirl by its #! line (from the start-up snapshot). */
export function shellArgv(shell: ShellKind): string[] {
  return shell === 'quirl' ? [join(REPO, 'bin', 'quirl')] : [BASH, '--norc', '--noprofile', '-i'];
}

/** The name a shell gives itself in its error messages (`bash: fg: %9: no such job`). */
export function shellName(shell: ShellKind): string {
  return shell;
}

export const KEYS = {
  Enter: '\r',
  'Ctrl-C': '\x03',
  'Ctrl-Z': '\x1a',
  'Ctrl-D': '\x04',
  'Ctrl-\\': '\x1c',
} as const;
export type Key = keyof typeof KEYS;

const PROMPT_CHAR = process.getuid?.() === 0 ? '#' : '$';

/** Single-quotes a word for a POSIX shell. */
export function shq(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface ScreenView {
  /** Every row, scrollback first, right-trimmed. */
  readonly rows: readonly string[];
  /** The visible rows only. */
  readonly screen: readonly string[];
  /** Cursor row as an index into `rows`, and its column. */
  readonly cursorRow: number;
  readonly cursorCol: number;
}

interface Waiter {
  readonly check: () => boolean;
  readonly resolve: () => void;
}

/** Every shell started by this process (one test file): for the file's final check. */
const startedShells: { sid: number; marker: string }[] = [];

/** Live processes of any test of this file: there must be none once the file is done. */
export function straysOfThisFile(): ProcInfo[] {
  const sids = new Set(startedShells.map((s) => s.sid));
  return allProcs().filter(
    (p) => !(p.state === 'Z' && p.ppid === 1) && (sids.has(p.sid) || startedShells.some((s) => procHasEnv(p.pid, s.marker))),
  );
}

/** Launches that never drew a first prompt: later starts of the same kind fail at once with it. */
const failedLaunches = new Map<string, string>();

export class PtyShell {
  readonly shell: ShellKind;
  readonly mode: LaunchMode;
  /** The temporary HOME; the shell runs in its subdirectory `work`. */
  readonly home: string;
  readonly work: string;
  readonly marker: string;
  /** The prompt of the shell under test as drawn (PS1='\w\$ ' with cwd ~/work). */
  readonly prompt: string;
  static readonly OUTER_PROMPT = `outer${PROMPT_CHAR} `;

  private readonly term: Terminal;
  private readonly proc: pty.IPty;
  private exitInfo: { exitCode: number; signal?: number } | undefined;
  private readonly waiters = new Set<Waiter>();
  private readonly interval: NodeJS.Timeout;
  private pendingWrites = 0;
  /** Prompt occurrences counted in rows that have scrolled off (those rows no longer change). */
  private readonly scrolledCounts = new Map<string, { upTo: number; count: number }>();
  private shellPidValue = 0;
  private baselineFds: OpenFd[] = [];
  private promptsWaited = 0;
  private typedSincePrompt = false;
  private closed = false;
  private shellExited = false;

  private constructor(shell: ShellKind, mode: LaunchMode, extraEnv: Readonly<Record<string, string>>) {
    this.shell = shell;
    this.mode = mode;
    this.home = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-pty-')));
    this.work = join(this.home, 'work');
    mkdirSync(this.work);
    writeFileSync(join(this.home, 'history'), '');
    this.marker = `QUIRL_PTY_MARK=${randomBytes(8).toString('hex')}`;
    this.prompt = `~/work${PROMPT_CHAR} `;
    const env: Record<string, string> = {
      PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: this.home,
      HISTFILE: join(this.home, 'history'),
      LC_ALL: 'C.UTF-8',
      TERM: 'xterm-256color',
      PS1: '\\w\\$ ',
      [this.marker.split('=')[0] as string]: this.marker.split('=')[1] as string,
      ...extraEnv,
    };
    this.term = new Terminal({ cols: COLS, rows: ROWS, scrollback: SCROLLBACK, allowProposedApi: true });
    const argv = mode === 'direct' ? shellArgv(shell) : [BASH, '--norc', '--noprofile', '-i'];
    if (mode === 'under-bash') env.PS1 = 'outer\\$ ';
    this.proc = pty.spawn(argv[0] as string, argv.slice(1), { name: 'xterm-256color', cols: COLS, rows: ROWS, cwd: this.work, env });
    this.proc.onData((data) => {
      this.pendingWrites++;
      this.term.write(data, () => {
        this.pendingWrites--;
        this.poll();
      });
    });
    // Answers to the shell's queries (cursor position, device attributes) go back, as a terminal's would.
    this.term.onData((data) => {
      if (this.exitInfo === undefined) this.proc.write(data);
    });
    this.proc.onExit((info) => {
      this.exitInfo = info;
      this.poll();
    });
    this.interval = setInterval(() => this.poll(), 25);
  }

  /**
   * Starts a shell and waits for its first prompt; the fd baseline is taken there. `extraEnv` is
   * added to the session's environment (the VS Code link's variables, for one); `beforeOutput`
   * runs before any of the shell's output is read (to see the marks of its first prompt).
   */
  static async start(shell: ShellKind, mode: LaunchMode, extraEnv: Readonly<Record<string, string>> = {}, beforeOutput?: (sh: PtyShell) => void): Promise<PtyShell> {
    const key = `${shell} ${mode}`;
    const earlier = failedLaunches.get(key);
    if (earlier !== undefined) throw new Error(`an earlier ${key} launch never drew its first prompt:\n${earlier}`);
    const sh = new PtyShell(shell, mode, extraEnv);
    // In the same tick as the spawn: nothing the shell wrote has been read yet.
    beforeOutput?.(sh);
    startedShells.push({ sid: sh.sessionId, marker: sh.marker });
    try {
      if (mode === 'direct') {
        sh.shellPidValue = sh.proc.pid;
      } else {
        await sh.waitForOuterPrompt(1);
        const argv = shellArgv(shell);
        sh.type(`PS1='\\w\\$ ' ${argv.map(shq).join(' ')}\r`);
      }
      await sh.waitForPrompt(1);
      if (mode === 'under-bash') sh.shellPidValue = sh.findInnerShell(shellProgram(shell));
      sh.baselineFds = procFds(sh.shellPid);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failedLaunches.set(key, message);
      await sh.forceKill();
      throw error;
    }
    return sh;
  }

  get shellPid(): number {
    return this.shellPidValue;
  }

  /** The PTY's session: node-pty's child leads it (the shell, or the outer bash). */
  get sessionId(): number {
    return this.proc.pid;
  }

  get outerPid(): number | undefined {
    return this.mode === 'under-bash' ? this.proc.pid : undefined;
  }

  get exited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** How the PTY's process ended (an exit code, or the signal that killed it); undefined while it runs. */
  get exitStatus(): { readonly exitCode: number; readonly signal?: number } | undefined {
    return this.exitInfo;
  }

  /**
   * Closes the PTY's master side and nothing else, as closing a VS Code terminal or losing an
   * ssh connection does: the kernel hangs the terminal up (SIGHUP to the session's leader, EIO
   * and EOF to its readers). node-pty's destroy() would send SIGHUP itself too.
   */
  closeTerminal(): void {
    (this.proc as unknown as { _socket: { destroy(): void } })._socket.destroy();
  }

  /** Resizes the terminal, as a person dragging its window does: the kernel sends SIGWINCH to its foreground group. */
  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** Sends `signal` to the shell under test. */
  signalShell(signal: NodeJS.Signals): void {
    process.kill(this.shellPid, signal);
  }

  /** Waits until the PTY's process has ended by itself (the test ends without exiting it again). */
  async waitForExit(what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ readonly exitCode: number; readonly signal?: number }> {
    await this.until(() => this.exitInfo !== undefined && this.pendingWrites === 0, what, timeoutMs, true);
    this.shellExited = true;
    return this.exitInfo as { exitCode: number; signal?: number };
  }

  // ---- input ----

  type(text: string): void {
    if (this.exitInfo !== undefined) throw new Error(`cannot type ${JSON.stringify(text)}: the PTY's process has exited`);
    this.typedSincePrompt = true;
    this.proc.write(text);
  }

  press(key: Key): void {
    this.type(KEYS[key]);
  }

  // ---- the screen ----

  view(): ScreenView {
    const buffer = this.term.buffer.active;
    const rows: string[] = [];
    for (let i = 0; i < buffer.length; i++) rows.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return { rows, screen: rows.slice(buffer.baseY), cursorRow: buffer.baseY + buffer.cursorY, cursorCol: buffer.cursorX };
  }

  /** The visible screen as text, rows right-trimmed, trailing empty rows dropped. */
  screenText(): string {
    const buffer = this.term.buffer.active;
    const rows: string[] = [];
    for (let i = buffer.baseY; i < buffer.length; i++) rows.push(buffer.getLine(i)?.translateToString(true) ?? '');
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
    return rows.join('\n');
  }

  /** A row's text (index into scrollback + screen). */
  row(index: number): string {
    return this.term.buffer.active.getLine(index)?.translateToString(true) ?? '';
  }

  private rowIsWrapped(index: number): boolean {
    return this.term.buffer.active.getLine(index)?.isWrapped ?? false;
  }

  get cursor(): { row: number; col: number } {
    const buffer = this.term.buffer.active;
    return { row: buffer.baseY + buffer.cursorY, col: buffer.cursorX };
  }

  /** How many times `text` occurs in the rows drawn so far (a prompt counted once per drawing). */
  countOnScreen(text: string): number {
    const buffer = this.term.buffer.active;
    if (buffer.length >= ROWS + SCROLLBACK) throw new Error('the scrollback is full: prompt counts would be wrong');
    let cached = this.scrolledCounts.get(text) ?? { upTo: 0, count: 0 };
    if (cached.upTo > buffer.baseY) cached = { upTo: 0, count: 0 }; // the scrollback was cleared
    let count = cached.count;
    for (let i = cached.upTo; i < buffer.baseY; i++) count += occurrences(this.row(i), text);
    this.scrolledCounts.set(text, { upTo: buffer.baseY, count });
    for (let i = buffer.baseY; i < buffer.length; i++) count += occurrences(this.row(i), text);
    return count;
  }

  /** Number of prompts of the shell under test drawn so far. */
  promptCount(): number {
    return this.countOnScreen(this.prompt);
  }

  /** The cursor sits right after `prompt` on its row (nothing typed after it yet). */
  cursorAfter(prompt: string): boolean {
    const { row, col } = this.cursor;
    const text = this.row(row);
    return text.slice(0, col).endsWith(prompt) && text.slice(col).trim() === '';
  }

  describeScreen(): string {
    const { row, col } = this.cursor;
    const buffer = this.term.buffer.active;
    const lines = this.screenText()
      .split('\n')
      .map((line, i) => `${String(i).padStart(2)}|${line}`);
    return `--- screen (cursor at row ${row - buffer.baseY}, col ${col}; ${this.exitInfo === undefined ? 'running' : `exited ${JSON.stringify(this.exitInfo)}`}) ---\n${lines.join('\n')}\n--- end of screen ---`;
  }

  /** Calls `handler` with the body of each OSC `id` sequence written from now on (VS Code's 633 marks). */
  onOsc(id: number, handler: (data: string) => void): void {
    this.term.parser.registerOscHandler(id, (data) => {
      handler(data);
      return true;
    });
  }

  // ---- waiting ----

  private poll(): void {
    for (const waiter of [...this.waiters]) {
      let done: boolean;
      try {
        done = waiter.check();
      } catch {
        done = true; // the waiter reports its own error
      }
      if (done) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /**
   * Waits until `condition` holds on the screen (a RegExp is tested against the visible text).
   * Fails with the screen when the deadline passes or when the PTY's process exits first.
   */
  async waitForScreen(condition: RegExp | ((view: ScreenView) => boolean), what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    const test = condition instanceof RegExp ? () => condition.test(this.screenText()) : () => condition(this.view());
    await this.until(test, what, timeoutMs);
  }

  /** Waits for a condition that may be about anything (screen or /proc), re-checked on output and every 25 ms. */
  async until(condition: () => boolean, what: string, timeoutMs = DEFAULT_TIMEOUT_MS, allowExit = false): Promise<void> {
    let failure: Error | undefined;
    const check = (): boolean => {
      try {
        if (condition()) return true;
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        return true;
      }
      if (!allowExit && this.exitInfo !== undefined && this.pendingWrites === 0) {
        failure = new Error(`the PTY's process exited while waiting for ${what}\n${this.describeScreen()}`);
        return true;
      }
      return false;
    };
    if (check()) {
      if (failure !== undefined) throw failure;
      return;
    }
    await new Promise<void>((resolveWait, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${this.describeScreen()}`));
      }, timeoutMs);
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          if (failure !== undefined) reject(failure);
          else resolveWait();
        },
      };
      this.waiters.add(waiter);
    });
  }

  /**
   * Waits until the nth prompt of the shell under test is drawn and the cursor sits right after it.
   * More prompts than n is a failure (a shell that draws an extra prompt has a bug).
   */
  async waitForPrompt(n: number, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.until(
      () => {
        const count = this.promptCount();
        if (count > n) throw new Error(`expected prompt ${n}, but ${count} prompts are on the screen\n${this.describeScreen()}`);
        return count === n && this.cursorAfter(this.prompt);
      },
      `prompt ${n} (${JSON.stringify(this.prompt)}) with the cursor after it`,
      timeoutMs,
    );
    this.promptsWaited = n;
    this.typedSincePrompt = false;
  }

  /** Waits for the prompt after the last one waited for. */
  async nextPrompt(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.waitForPrompt(this.promptsWaited + 1, timeoutMs);
  }

  /**
   * The shell is at its latest prompt with nothing typed: nothing was typed since that prompt was
   * waited for (the screen alone can lag behind what the shell has read), and it is still drawn.
   */
  atPrompt(): boolean {
    return !this.typedSincePrompt && this.promptCount() === this.promptsWaited && this.cursorAfter(this.prompt);
  }

  /**
   * Types a command line and Enter at the prompt, waits for the next prompt, and returns the rows
   * printed in between (the text before the prompt on its own row included, when output did not
   * end in a newline).
   */
  async run(command: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string[]> {
    if (!this.atPrompt()) throw new Error(`run(${JSON.stringify(command)}): the shell is not at prompt ${this.promptsWaited}\n${this.describeScreen()}`);
    const start = this.cursor.row;
    this.type(`${command}\r`);
    await this.nextPrompt(timeoutMs);
    return this.outputBetween(start);
  }

  /**
   * The rows after the command line that starts at row `start`, up to the prompt at the cursor,
   * right-trimmed. A reverse-video `%` that ends a row is the shell's mark of output that did not
   * end in a newline (zsh's PROMPT_SP, which Quirl draws too), not output: it is left out.
   */
  outputBetween(start: number): string[] {
    let first = start + 1;
    while (first <= this.cursor.row && this.rowIsWrapped(first)) first++;
    const end = this.cursor.row;
    const out: string[] = [];
    for (let i = first; i < end; i++) out.push(this.outputRow(i));
    if (end >= first) {
      const last = this.row(end).slice(0, this.cursor.col);
      const before = last.slice(0, last.length - this.prompt.length).trimEnd();
      if (before !== '') out.push(before);
    }
    // The mark ends the row above a prompt that starts its own row.
    const promptAtColumnZero = this.cursor.col === this.prompt.length;
    if (out.length > 0 && end - 1 >= first && promptAtColumnZero && this.partialLineMark(end - 1)) {
      out[out.length - 1] = (out[out.length - 1] as string).slice(0, -1);
    }
    return out;
  }

  private outputRow(index: number): string {
    return this.row(index).trimEnd();
  }

  /** The row's last visible cell is a reverse-video `%`. */
  partialLineMark(index: number): boolean {
    const line = this.term.buffer.active.getLine(index);
    if (line === undefined) return false;
    const text = line.translateToString(true).trimEnd();
    if (!text.endsWith('%')) return false;
    const cell = line.getCell(text.length - 1);
    return cell !== undefined && cell.isInverse() !== 0;
  }

  /**
   * A marker on the cursor's row that follows the row when rows are inserted above it or the
   * screen scrolls, as the markers VS Code's shell integration puts on prompts do. Its row is
   * undefined once the row is gone.
   */
  trackCursorRow(): () => number | undefined {
    const marker = this.term.registerMarker(0);
    if (marker === undefined) throw new Error('xterm made no marker for the cursor row');
    return () => (marker.isDisposed ? undefined : marker.line);
  }

  /** Whether a row continues the one above it (autowrap, not a newline). */
  wraps(index: number): boolean {
    return this.rowIsWrapped(index);
  }

  /** The row the cursor is on now: output of a command starts after it. */
  markRow(): number {
    return this.cursor.row;
  }

  private async waitForOuterPrompt(n: number, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.until(
      () => this.countOnScreen(PtyShell.OUTER_PROMPT) >= n && this.cursorAfter(PtyShell.OUTER_PROMPT),
      `outer bash prompt ${n} (${JSON.stringify(PtyShell.OUTER_PROMPT)})`,
      timeoutMs,
    );
  }

  /** The outer bash's child started as `program`: its argv names it (bin/quirl execs node, which keeps the script's path). */
  private findInnerShell(program: string): number {
    const outer = this.proc.pid;
    const children = allProcs().filter((p) => p.ppid === outer && procArgv(p.pid)?.includes(program) === true);
    if (children.length !== 1) {
      throw new Error(`expected one ${program} child of the outer bash (pid ${outer}), found ${children.length}:\n${this.describeProcesses()}`);
    }
    return (children[0] as ProcInfo).pid;
  }

  // ---- process truth ----

  /** The terminal's foreground process group, as /proc/<shell>/stat field 8 reports it. */
  tpgid(): number {
    return mustStat(this.shellPid).tpgid;
  }

  /** The shell's own process group (field 5). */
  shellPgid(): number {
    return mustStat(this.shellPid).pgid;
  }

  /** Every process this test started that still exists: its session's, and any carrying its marker. */
  processes(): ProcInfo[] {
    return allProcs().filter((p) => p.sid === this.sessionId || procHasEnv(p.pid, this.marker));
  }

  /** Processes started by the shell under test (not the shell, not the outer bash). */
  jobProcesses(): ProcInfo[] {
    return this.processes().filter((p) => p.pid !== this.shellPid && p.pid !== this.proc.pid);
  }

  /** The live processes of the test whose command name is `comm` (e.g. 'sleep'). */
  byComm(comm: string): ProcInfo[] {
    return this.jobProcesses().filter((p) => p.comm === comm && p.state !== 'Z');
  }

  /** Zombies whose parent is the shell under test: children it has not reaped. */
  unreapedChildren(): ProcInfo[] {
    return allProcs().filter((p) => p.ppid === this.shellPid && p.state === 'Z');
  }

  describeProcesses(): string {
    const list = this.processes();
    return list.length === 0 ? '(no processes)' : list.map(describeProc).join('\n');
  }

  /** The shell's open descriptors now, and at its first prompt. */
  fds(): OpenFd[] {
    return procFds(this.shellPid);
  }

  get firstPromptFds(): readonly OpenFd[] {
    return this.baselineFds;
  }

  /** `stty -a` of the PTY, read from outside (no job control involved): the modes in force now. */
  ttyModes(): Set<string> {
    const device = procFds(this.shellPid).find((f) => f.fd === 0)?.target;
    if (device === undefined || !device.startsWith('/dev/pts/')) throw new Error(`the shell's stdin is not a pts: ${device}`);
    const result = spawnSync('stty', ['-a', '-F', device], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`stty -a -F ${device}: ${result.stderr}`);
    return sttyFlags(result.stdout);
  }

  // ---- the end ----

  /**
   * Exits the shell (and the outer bash), then checks that nothing the test started is left: no
   * process of its session or with its marker, no zombie with a live parent. `bodyFailed`: the
   * test already failed, so the shell is ended by force and only that failure is reported.
   */
  async close(bodyFailed = false): Promise<string[]> {
    if (this.closed) return [];
    this.closed = true;
    const problems: string[] = [];
    try {
      if (bodyFailed) {
        await this.forceKill();
      } else {
        await this.exitPolitely(problems);
      }
      const left = await this.leftovers();
      if (left.length > 0) {
        problems.push(`processes left after the shell ended:\n${left.map(describeProc).join('\n')}`);
        this.killPids(left.map((p) => p.pid));
        await this.leftovers();
      }
    } finally {
      clearInterval(this.interval);
      if (this.exitInfo === undefined) this.proc.kill('SIGKILL');
      this.term.dispose();
      rmSync(this.home, { recursive: true, force: true });
    }
    return bodyFailed ? [] : problems;
  }

  /**
   * The end-of-session checks at the last prompt (no unreaped child, no descriptor beyond those
   * at the first prompt); returns what is wrong.
   */
  sessionChecks(): string[] {
    const problems: string[] = [];
    const zombies = this.unreapedChildren();
    if (zombies.length > 0) problems.push(`unreaped children of the shell at its last prompt:\n${zombies.map(describeProc).join('\n')}`);
    const end = this.fds();
    if (end.length > this.baselineFds.length) {
      const known = new Set(this.baselineFds.map((f) => `${f.fd} ${f.target}`));
      const added = end.filter((f) => !known.has(`${f.fd} ${f.target}`)).map((f) => `${f.fd} -> ${f.target}`);
      problems.push(`the shell has ${end.length} descriptors at the end, ${this.baselineFds.length} at its first prompt; new: ${added.join(', ')}`);
    }
    return problems;
  }

  /**
   * Types `command` (exit, Ctrl-D...) and waits until the shell under test has ended; under bash,
   * until the outer bash is back at its prompt with the terminal in its own group.
   */
  async exitShell(input = 'exit\r', timeoutMs = 10_000): Promise<void> {
    const shellPid = this.shellPid;
    this.type(input);
    await this.until(() => isGone(shellPid), `the shell (pid ${shellPid}) to end after ${JSON.stringify(input)}`, timeoutMs, true);
    this.shellExited = true;
    if (this.mode === 'under-bash') {
      await this.until(() => this.cursorAfter(PtyShell.OUTER_PROMPT), 'the outer bash prompt after the shell ended', timeoutMs);
      const outer = mustStat(this.proc.pid);
      if (outer.tpgid !== outer.pgid) {
        throw new Error(`after the shell ended the terminal's foreground group is ${outer.tpgid}, not the outer bash's ${outer.pgid}\n${this.describeScreen()}`);
      }
    }
  }

  private async exitPolitely(problems: string[]): Promise<void> {
    try {
      if (!this.shellExited) {
        if (!this.atPrompt()) throw new Error(`the test did not end at a prompt\n${this.describeScreen()}`);
        problems.push(...this.sessionChecks());
        await this.exitShell();
      }
      // A test that closed the terminal ended the outer bash too.
      if (this.mode === 'under-bash' && this.exitInfo === undefined) this.type('exit\r');
      await this.until(() => this.exitInfo !== undefined, "the PTY's process to exit", 10_000, true);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      await this.forceKill();
    }
  }

  /** Processes of the test still alive after a bounded wait (they may be handling SIGHUP). */
  private async leftovers(): Promise<ProcInfo[]> {
    const live = (): ProcInfo[] => this.processes().filter((p) => !(p.state === 'Z' && p.ppid === 1));
    try {
      await this.until(() => live().length === 0, 'every process of the test to end', 10_000, true);
      return [];
    } catch {
      return live();
    }
  }

  private killPids(pids: number[]): void {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /** Kills every process of the test by pid, the PTY's own last, and waits for them to go. */
  async forceKill(): Promise<void> {
    this.killPids(this.processes().map((p) => p.pid));
    if (this.exitInfo === undefined) {
      try {
        this.proc.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
    try {
      await this.until(() => this.exitInfo !== undefined, "the PTY's process to be killed", 10_000, true);
    } catch {
      // reported by the leftover check
    }
  }
}

function shellProgram(shell: ShellKind): string {
  return shellArgv(shell)[0] as string;
}

function isGone(pid: number): boolean {
  const info = procStat(pid);
  return info === undefined || info.state === 'Z';
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The flags of `stty -a` output: `echo`, `-echo`, `icanon`, ... (settings like `rows 30` left out). */
export function sttyFlags(output: string): Set<string> {
  const flags = new Set<string>();
  for (const line of output.split('\n').slice(1)) for (const word of line.split(/[\s;]+/)) if (/^-?[a-z0-9]+$/.test(word)) flags.add(word);
  return flags;
}

/**
 * Runs `body` with a started shell and closes it whatever happens; a test fails when the body
 * fails or when the end-of-test checks find something left behind.
 */
export async function withShell(
  shell: ShellKind,
  mode: LaunchMode,
  body: (sh: PtyShell) => Promise<void>,
  extraEnv: Readonly<Record<string, string>> = {},
  beforeOutput?: (sh: PtyShell) => void,
): Promise<void> {
  const sh = await PtyShell.start(shell, mode, extraEnv, beforeOutput);
  let failure: unknown;
  try {
    await body(sh);
  } catch (error) {
    failure = error;
  }
  const problems = await sh.close(failure !== undefined);
  if (failure !== undefined) throw failure;
  if (problems.length > 0) throw new Error(`end-of-test checks (${shell}, ${mode}):\n${problems.join('\n\n')}`);
}

export interface PtyTestOptions {
  /** The shells this scenario is about (default: every shell under test). */
  readonly shells?: readonly ShellKind[];
  readonly timeoutMs?: number;
}

/** Registers `name` once per shell under test and launch mode: `name [quirl, under-bash]`. */
export function ptyTest(name: string, body: (sh: PtyShell) => Promise<void>, options: PtyTestOptions = {}): void {
  for (const shell of SHELLS) {
    if (options.shells !== undefined && !options.shells.includes(shell)) continue;
    for (const mode of MODES) {
      test(`${name} [${shell}, ${mode}]`, { timeout: options.timeoutMs ?? 120_000 }, () => withShell(shell, mode, body));
    }
  }
}

/**
 * The file's last check: no process of any of its tests is left, and no zombie with a live
 * parent (a zombie whose parent is pid 1 has exited: this machine's pid 1 does not reap orphans).
 */
export function checkFileLeavesNothing(): void {
  after(async () => {
    const deadline = Date.now() + 10_000;
    let strays = straysOfThisFile();
    while (strays.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      strays = straysOfThisFile();
    }
    if (strays.length > 0) {
      for (const p of strays) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      throw new Error(`processes left by this file's tests:\n${strays.map(describeProc).join('\n')}`);
    }
  });
}
