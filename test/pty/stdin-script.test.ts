// Issue 10, item 9: stdin a terminal and stderr not (`sh -c 'exec quirl 2>err'` in a terminal).
// The shell is not interactive then (as bash decides it), but reads its commands from the
// terminal a line at a time and runs each as it comes, where it used to fail with EAGAIN or wait
// for the end of input.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { spawn } from 'node-pty';
import { REPO } from './harness';

const DEADLINE_MS = 30_000;

test('issue 10 item 9: with stdin a terminal and stderr a file, each line typed runs as it is typed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-stdin-tty-'));
  const errors = join(dir, 'err.log');
  const quirl = `${process.execPath} ${join(REPO, 'bin', 'quirl')}`;
  const pty = spawn('/bin/sh', ['-c', `exec ${quirl} 2>${errors}`], {
    cols: 100,
    rows: 30,
    cwd: dir,
    env: { ...process.env, XDG_CACHE_HOME: dir, HOME: dir },
  });
  let screen = '';
  pty.onData((data) => (screen += data));
  const ended = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  const until = async (what: string, condition: () => boolean): Promise<void> => {
    const deadline = Date.now() + DEADLINE_MS;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    pty.write('echo first-$((1+1))\r');
    await until('the first line to run before any more input', () => screen.includes('first-2'));
    pty.write('echo second\r');
    await until('the second line to run', () => /second\r?\n/.test(screen.replace('echo second', '')));
    pty.write('exit 4\r');
    assert.equal(await ended, 4);
    assert.equal(readFileSync(errors, 'utf8'), '');
  } finally {
    pty.kill();
  }
});
