// End to end: bin/quirl (the bundle: `node esbuild.mjs` first) on a real pty, as VS Code starts it,
// with the OSC 633 sequences parsed out of the raw output. Every wait polls against a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as pty from 'node-pty';

const QUIRL = resolve(__dirname, '..', '..', 'bin', 'quirl');
const DEADLINE_MS = 20_000;
const NONCE = 'e2e-nonce-7f3a';

interface Mark {
  readonly body: string;
  /** Where in the raw output the sequence ended. */
  readonly at: number;
}

class Session {
  output = '';
  private readonly process: pty.IPty;
  private readonly waiters = new Set<() => void>();
  private exited = false;
  private typed = 0;

  constructor(cwd: string) {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, TERM: 'xterm-256color', TERM_PROGRAM: 'vscode', VSCODE_NONCE: NONCE, PS1: '$ ' };
    this.process = pty.spawn(process.execPath, [QUIRL], { cwd, env, cols: 100, rows: 30 });
    this.process.onData((data) => {
      this.output += data;
      for (const waiter of this.waiters) waiter();
    });
    this.process.onExit(() => {
      this.exited = true;
      for (const waiter of this.waiters) waiter();
    });
  }

  get marks(): Mark[] {
    return [...this.output.matchAll(/\x1b\]633;([^\x07]*)\x07/g)].map((match) => ({ body: match[1]!, at: match.index + match[0].length }));
  }

  async until(what: string, check: () => boolean): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolveWait, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what}; output: ${JSON.stringify(this.output)}`));
      }, DEADLINE_MS);
      const waiter = (): void => {
        if (!check() && !this.exited) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        if (check()) resolveWait();
        else reject(new Error(`the shell exited waiting for ${what}; output: ${JSON.stringify(this.output)}`));
      };
      this.waiters.add(waiter);
    });
  }

  /** Waits for the next prompt's B (the editor is reading), then types the line. */
  async type(line: string): Promise<void> {
    // Each prompt has one P;Cwd; its B follows (and comes again when the accepted line is drawn whole).
    await this.until(`prompt ${this.typed + 1}`, () => {
      const marks = this.marks.map((mark) => mark.body);
      const prompt = marks.filter((body) => body.startsWith('P;Cwd=')).length;
      return prompt > this.typed && marks.at(-1) === 'B';
    });
    this.typed += 1;
    this.process.write(`${line}\r`);
  }

  /** Ends the shell whatever state it is in (after a failed wait). */
  kill(): void {
    if (!this.exited) this.process.kill('SIGKILL');
  }

  async close(): Promise<void> {
    this.process.write('exit\r');
    await this.until('exit', () => this.exited);
  }
}

test('quirl under VS Code: marks around a command, the nonce on E and hidden from jobs', async () => {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-osc633-')));
  const session = new Session(home);
  try {
    await session.type('echo hi');
    await session.until('D after echo', () => session.marks.some((mark) => mark.body === 'D;0'));
    await session.type('printenv VSCODE_NONCE');
    await session.until('D after printenv', () => session.marks.filter((mark) => mark.body.startsWith('D;')).length === 2);
    await session.type('');
    await session.until('the bare D of the empty line', () => session.marks.some((mark) => mark.body === 'D'));
    await session.close();

    const bodies = session.marks.map((mark) => mark.body);
    // Rich command detection is announced once, first. An accepted line is drawn whole, prompt and
    // all, before it runs: A and B come again.
    const first = ['P;HasRichCommandDetection=True', `P;Cwd=${home}`, 'A', 'B', 'A', 'B', `E;echo\\x20hi;${NONCE}`, 'C', 'D;0'];
    assert.deepEqual(bodies.slice(0, first.length), first);
    // printenv fails: the nonce is not in its environment.
    const second = ['P', 'A', 'B', 'A', 'B', `E;printenv\\x20VSCODE_NONCE;${NONCE}`, 'C', 'D;1', 'P', 'A', 'B', 'A', 'B', 'D', 'P', 'A', 'B'];
    assert.deepEqual(bodies.slice(first.length, first.length + second.length).map((body) => (body.startsWith('P;') ? 'P' : body)), second);

    // What each command wrote lies between its C and its D.
    const marks = session.marks;
    const between = (from: number): string => session.output.slice(marks[from]!.at, marks[from + 1]!.at).replace(/\x1b\]633;[^\x07]*\x07/g, '');
    assert.equal(between(first.length - 2), 'hi\r\n');
    assert.equal(between(first.length + 6), '');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('quirl under VS Code: a line that does not parse is a command of its own, ended by D with status 2', async () => {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-osc633-')));
  const session = new Session(home);
  try {
    await session.type('echo (');
    await session.until('D after the parse error', () => session.marks.some((mark) => mark.body.startsWith('D')));
    await session.type('true');
    await session.until('D after true', () => session.marks.filter((mark) => mark.body.startsWith('D')).length === 2);
    await session.close();

    const bodies = session.marks.map((mark) => (mark.body.startsWith('P;') ? 'P' : mark.body));
    // VS Code records the line, the error as its output, and status 2, as for any failed command.
    assert.deepEqual(bodies.slice(0, 9), ['P', 'P', 'A', 'B', 'A', 'B', `E;echo\\x20(;${NONCE}`, 'C', 'D;2']);
    const marks = session.marks;
    assert.match(session.output.slice(marks[7]!.at, marks[8]!.at), /syntax error/);
    assert.deepEqual(bodies.slice(9, 17), ['P', 'A', 'B', 'A', 'B', `E;true;${NONCE}`, 'C', 'D;0']);
  } finally {
    session.kill();
    rmSync(home, { recursive: true, force: true });
  }
});
