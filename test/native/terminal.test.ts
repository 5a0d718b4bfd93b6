// Terminal ownership on a real pseudo-terminal, through util-linux `script`: handing the
// foreground to a job and taking it back from the background (SIGTTOU blocked around the calls),
// termios round trips, and a staged leader that takes the terminal before it execs its guest.
// Ctrl-Z/Ctrl-C, orphaned and non-orphaned shells, and jobs reading the terminal are the PTY
// harness's (node-pty).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const SCRIPT = '/usr/bin/script';
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

test(
  'on a pty: tcsetpgrp hands the terminal to a job and takes it back from the background, termios round-trips, a staged leader takes the terminal before exec',
  (t) => {
    // util-linux is essential on Debian, and .ci/run makes sure of it: never skip this test.
    assert.ok(existsSync(SCRIPT), `${SCRIPT} (util-linux's script) is required`);
    const dir = mkdtempSync(path.join(tmpdir(), 'quirl-terminal-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'report.json');
    const fixture = path.join(__dirname, 'fixtures', 'terminal.ts');
    const command = [process.execPath, '--import', 'tsx', fixture, out].map(quote).join(' ');
    const run = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], {
      cwd: path.join(__dirname, '..', '..'),
      env: { ...process.env, SHELL: '/bin/sh' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 0, `script failed: ${run.error?.message ?? ''}${run.stdout}${run.stderr}`);
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), {
      foregroundAtStart: true,
      termiosRoundTrip: true,
      handedToJob: true,
      tcsetattrFromBackground: 'ok',
      takenBackFromBackground: true,
      stagedBeforeRelease: true,
      stagedRelease: 'ok',
      stagedForeground: true,
      stagedGuestMask: '0000000000000000',
    });
  },
);
