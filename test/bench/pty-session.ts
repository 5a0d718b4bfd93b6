// One interactive subject under a PTY, its output on a headless xterm screen, as the PTY tests do
// (test/pty/harness.ts) but for any shell and with only what timing needs: type a line, and wait
// until the next prompt is drawn with the cursor right after it. Every wait has a deadline.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Terminal } from '@xterm/headless';
import * as pty from 'node-pty';
import { allProcs } from '../pty/proc';
import { PROMPT, type Subject } from './subjects';

const COLS = 120;
const ROWS = 40;
const SCROLLBACK = 50_000;
export const DEADLINE_MS = 120_000;
/** The PATH of every session: the system's directories, none of the bench user's own. */
export const SESSION_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export class BenchError extends Error {
  constructor(
    readonly code: 'Timeout' | 'Exited' | 'Unexpected',
    message: string,
  ) {
    super(message);
  }
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

interface Waiter {
  readonly check: () => boolean;
  readonly what: string;
  readonly allowExit: boolean;
  readonly settle: (outcome: number | BenchError) => void;
}

export class PtySession {
  readonly home: string;
  private readonly term: Terminal;
  private readonly proc: pty.IPty;
  private exited = false;
  private waiter: Waiter | undefined;
  /** The row of the last command line typed: the next prompt is drawn below it. */
  private commandRow = -1;

  private constructor(readonly subject: Subject) {
    this.home = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-bench-')));
    writeFileSync(join(this.home, 'history'), '');
    const env: Record<string, string> = {
      PATH: SESSION_PATH,
      HOME: this.home,
      HISTFILE: join(this.home, 'history'),
      LC_ALL: 'C.UTF-8',
      TERM: 'xterm-256color',
      ...subject.interactive.env,
    };
    this.term = new Terminal({ cols: COLS, rows: ROWS, scrollback: SCROLLBACK, allowProposedApi: true });
    const [file, ...args] = subject.interactive.argv;
    this.proc = pty.spawn(file as string, args, { name: 'xterm-256color', cols: COLS, rows: ROWS, cwd: this.home, env });
    this.proc.onData((data) => this.term.write(data, () => this.poll()));
    // Answers to the shell's queries (cursor position, device attributes) go back, as a terminal's would.
    this.term.onData((data) => {
      if (!this.exited) this.proc.write(data);
    });
    this.proc.onExit(() => {
      this.exited = true;
      this.poll();
    });
  }

  /** Starts the subject; resolves once its first prompt is drawn, with the time that took (ms). */
  static async start(subject: Subject): Promise<{ session: PtySession; startedAt: number; promptAt: number }> {
    const startedAt = nowMs();
    const session = new PtySession(subject);
    try {
      const promptAt = await session.prompt();
      return { session, startedAt, promptAt };
    } catch (error) {
      session.kill();
      throw error;
    }
  }

  get pid(): number {
    return this.proc.pid;
  }

  /** Types `line` and Enter; resolves at the time the next prompt is drawn. Returns [typedAt, promptAt]. */
  async run(line: string, timeoutMs = DEADLINE_MS): Promise<[number, number]> {
    this.commandRow = this.cursorRow();
    const typedAt = nowMs();
    this.proc.write(`${line}\r`);
    const promptAt = await this.prompt(timeoutMs, line);
    return [typedAt, promptAt];
  }

  /** Exits the shell politely (`exit`, twice if it warns), then makes sure it and its session are gone. */
  async close(): Promise<void> {
    try {
      if (!this.exited) {
        this.proc.write('exit\r');
        await this.until(() => this.exited, 'the shell to exit', 10_000, true).catch(() => undefined);
      }
    } finally {
      this.kill();
    }
  }

  /** Kills what is left of the session by pid (the shell last) and removes its home. */
  kill(): void {
    for (const p of allProcs()) {
      if (p.sid === this.proc.pid && p.pid !== this.proc.pid && p.state !== 'Z') killQuietly(p.pid);
    }
    if (!this.exited) killQuietly(this.proc.pid);
    this.term.dispose();
    rmSync(this.home, { recursive: true, force: true });
  }

  screenText(): string {
    const buffer = this.term.buffer.active;
    const rows: string[] = [];
    for (let i = buffer.baseY; i < buffer.length; i++) rows.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return rows.join('\n').trimEnd();
  }

  /** The rows between the last command line and the prompt after it (its output), right-trimmed. */
  lastOutput(): string[] {
    const rows: string[] = [];
    for (let i = this.commandRow + 1; i < this.cursorRow(); i++) rows.push(this.term.buffer.active.getLine(i)?.translateToString(true) ?? '');
    return rows;
  }

  private cursorRow(): number {
    const buffer = this.term.buffer.active;
    return buffer.baseY + buffer.cursorY;
  }

  /** A prompt is drawn below the command line with the cursor right after it and nothing typed. */
  private atNewPrompt(): boolean {
    const buffer = this.term.buffer.active;
    const row = buffer.baseY + buffer.cursorY;
    if (row <= this.commandRow) return false;
    const text = buffer.getLine(row)?.translateToString(true) ?? '';
    return text.slice(0, buffer.cursorX).endsWith(PROMPT) && text.slice(buffer.cursorX).trim() === '';
  }

  private async prompt(timeoutMs = DEADLINE_MS, after?: string): Promise<number> {
    if (buffersFull(this.term)) throw new BenchError('Unexpected', 'the scrollback is full: start a new session');
    return this.until(() => this.atNewPrompt(), after === undefined ? 'the first prompt' : `the prompt after ${JSON.stringify(after.slice(0, 60))}`, timeoutMs);
  }

  /** Resolves with the time `check` first held, checked on every screen update; fails if the shell exits first. */
  private until(check: () => boolean, what: string, timeoutMs: number, allowExit = false): Promise<number> {
    if (this.waiter !== undefined) throw new BenchError('Unexpected', `already waiting while asked to wait for ${what}`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new BenchError('Timeout', `${this.subject.name}: timed out after ${timeoutMs} ms waiting for ${what}\n${this.screenText()}`));
      }, timeoutMs);
      this.waiter = {
        check,
        what,
        allowExit,
        settle: (outcome) => {
          clearTimeout(timer);
          if (typeof outcome === 'number') resolve(outcome);
          else reject(outcome);
        },
      };
      this.poll();
    });
  }

  private poll(): void {
    const waiter = this.waiter;
    if (waiter === undefined) return;
    const at = nowMs();
    let outcome: number | BenchError | undefined;
    if (waiter.check()) outcome = at;
    else if (this.exited && !waiter.allowExit) {
      outcome = new BenchError('Exited', `${this.subject.name} exited while waiting for ${waiter.what}\n${this.screenText()}`);
    }
    if (outcome === undefined) return;
    this.waiter = undefined;
    waiter.settle(outcome);
  }
}

function buffersFull(term: Terminal): boolean {
  return term.buffer.active.length >= ROWS + SCROLLBACK - ROWS;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
