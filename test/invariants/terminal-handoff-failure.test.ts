// Contract: "Terminal handoff failure: children remain inside the construction guard until
// handoff succeeds. A failed handoff terminates and reaps them. Once handoff succeeds, an RAII
// lease restores Quirl's foreground group and saved termios on success, stop, cancellation,
// wait failure, and unwinding."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = '/usr/bin/script';
const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

test('terminal handoff failure: the lease gives the terminal back on every path, and a failed handoff leaves no child', () => {
  assert.ok(existsSync(SCRIPT), `${SCRIPT} (util-linux's script) is required`);
  const out = join(mkdtempSync(join(tmpdir(), 'quirl-lease-')), 'report.json');
  const command = [process.execPath, '--import', 'tsx', join(__dirname, 'fixtures', 'terminal-lease.ts'), out].map(quote).join(' ');
  const run = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, SHELL: '/bin/sh' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.status, 0, `script failed: ${run.stdout}${run.stderr}`);
  assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), {
    // The job itself checked that its group held the terminal while it ran.
    success: { status: 0, terminalBack: true },
    stop: { kind: 'stopped', terminalBack: true, jobModesKept: true },
    resumed: { status: 4, terminalBack: true },
    cancel: { terminalBack: true },
    handoff: { code: 'TerminalHandoff', childrenLeft: 0, terminalBack: true },
  });
});
