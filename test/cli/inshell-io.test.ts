// In-shell commands reading and writing pipes, through the real command line (bin/quirl, the
// bundle): their blocking writes never exhaust libuv's thread pool, and `read` never consumes
// more than the line it returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pty from 'node-pty';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

/** Runs `bin/quirl -c SCRIPT` with `input` on stdin (a pipe) or stdin from a file; a hang fails at the deadline. */
function quirl(script: string, stdin: { input?: string; file?: string } = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'quirl-cache-'));
  try {
    const command = stdin.file === undefined ? [QUIRL, '-c', script] : ['-c', `exec "$0" "$1" -c "$2" < "$3"`, process.execPath, QUIRL, script, stdin.file];
    return spawnSync(stdin.file === undefined ? process.execPath : '/bin/sh', command, {
      encoding: 'utf8',
      input: stdin.input ?? '',
      timeout: 120_000,
      env: { ...process.env, XDG_CACHE_HOME: cache, UV_THREADPOOL_SIZE: '4' },
    });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** `x=$(...)` of `bytes` a's, then `stages` in-shell `echo $x` stages into `cat | wc -c`. */
function echoStages(stages: number, bytes: number): string {
  return `x=$(head -c ${bytes} /dev/zero | tr '\\0' a); ${Array.from({ length: stages }, () => 'echo $x').join(' | ')} | cat | wc -c`;
}

test('five in-shell stages writing more than a pipe holds do not deadlock the shell (issue 11)', () => {
  const result = quirl(echoStages(5, 100_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '100001');
  assert.equal(result.status, 0);
});

test('eight in-shell stages each blocked on a full pipe at once still finish', () => {
  // 8 × 120 KB: every stage's write outgrows its pipe's 64 KiB, within the 1 MiB expansion budget.
  const result = quirl(echoStages(8, 120_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '120001');
});

test('a 16-stage pipeline of in-shell `echo $x` stages does not deadlock', () => {
  const result = quirl(echoStages(16, 60_000));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout.trim(), '60001');
});

test('`read x; cat` over a pipe: read takes one line and cat gets the rest', () => {
  const result = quirl('read x; echo "got $x"; cat', { input: 'a\nb\nc\n' });
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, 'got a\nb\nc\n');
});

test('`read x; cat` on a seekable file: the offset is left just after the line', (t) => {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-read-'));
  t.after(() => rmSync(directory, { recursive: true }));
  const file = join(directory, 'lines');
  writeFileSync(file, `first line\n${'x'.repeat(9000)}\nlast\n`);
  // The second line spans blocks of the file; cat must start exactly after it.
  const result = quirl('read x; echo "got $x"; read -r y; cat', { file });
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, 'got first line\nlast\n');
});

/**
 * Runs `bin/quirl ARGS` on a real terminal: for each step, waits until the output since the last
 * step shows its text, then types its keys; returns all the output once it shows `until`.
 */
async function onTerminal(args: string[], steps: readonly (readonly [string, string])[], until: string): Promise<string> {
  const cache = mkdtempSync(join(tmpdir(), 'quirl-cache-'));
  const terminal = pty.spawn(process.execPath, [QUIRL, ...args], {
    cols: 100,
    rows: 30,
    env: { ...process.env, XDG_CACHE_HOME: cache, PS1: 'prompt$ ', TERM: 'dumb' } as Record<string, string>,
  });
  let output = '';
  let wake: (() => void) | undefined;
  terminal.onData((data) => {
    output += data;
    wake?.();
  });
  const exited = new Promise<void>((resolve) => terminal.onExit(() => resolve()));
  let from = 0;
  const shows = async (text: string): Promise<void> => {
    const deadline = Date.now() + 60_000;
    while (!output.includes(text, from)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${JSON.stringify(text)}; the terminal shows ${JSON.stringify(output)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    from = output.indexOf(text, from) + text.length;
  };
  try {
    for (const [text, keys] of steps) {
      await shows(text);
      terminal.write(keys);
    }
    await shows(until);
    return output;
  } finally {
    terminal.kill('SIGKILL');
    await exited;
    rmSync(cache, { recursive: true, force: true });
  }
}

test('read on a terminal: the prompt, a line typed, and what follows it left for the next reader', async () => {
  const output = await onTerminal(['-c', 'read -p "name? " x; echo "got <$x>"; read y; echo "then <$y>"'], [['name? ', 'ab c\r'], ['got <ab c>', 'more\r']], 'then <more>');
  assert.match(output, /name\? ab c\r?\n/, 'the typed line is echoed');
});

test('read -s on a terminal does not echo, and the terminal echoes again afterwards', async () => {
  const output = await onTerminal(
    ['-c', 'read -s -p "pw? " x; echo "got <$x>"; stty -a'],
    [['pw? ', 'secret\r']],
    'got <secret>',
  );
  assert.doesNotMatch(output.slice(0, output.indexOf('got <')), /secret/);
  const modes = await onTerminal(['-c', 'read -s x; stty -a'], [['', 'hidden\r']], 'isig');
  assert.match(modes, /(^|\s)echo(\s|$)/m, 'echo is back on once read is done');
});

test('read -n 1 on a terminal returns at the first key, without Enter', async () => {
  await onTerminal(['-c', 'read -n 1 x; echo " got <$x>"'], [['', 'q']], 'got <q>');
});

test('read in an interactive shell reads the terminal that libuv made non-blocking', async () => {
  // Typed once the command runs (the line editor has left raw mode), as a person would.
  await onTerminal(['-i'], [['prompt$ ', 'echo ready; read x; echo "got <$x>"\r'], ['ready\r\n', 'typed\r']], 'got <typed>');
});
