// The launch paths and Ctrl-C while the shell starts (issue 23 item 1). node's own start-up resets
// every signal its parent left ignored before any JavaScript runs (PlatformInit's
// ResetSignalHandlers; only an embedder can skip it, with kNoDefaultSignalHandling), so only a
// launcher that runs before node, bin/quirl's /bin/sh lines, can cover that moment: `npm start` and
// the VS Code profile (QUIRL_RUNTIME) go through it; `node bin/quirl` cannot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { dirname, join } from 'node:path';

const REPO = join(__dirname, '..', '..');
const QUIRL = join(REPO, 'bin', 'quirl');
const NODE_DIR = dirname(process.execPath);
const SIGINT = 2;

/** The shell's own command line, NULs as spaces: `--snapshot-blob` there means bin/quirl's sh lines started node. */
const COMMAND_LINE = 'tr "\\0" " " < /proc/$$/cmdline; echo';

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 60_000,
    cwd: REPO,
    env: { PATH: `${NODE_DIR}:/usr/bin:/bin`, HOME: '/nonexistent-home', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Whether the SigIgn mask of /proc/<pid>/status in `status` holds SIGINT. */
function ignoresInterrupt(status: string): boolean {
  const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  assert.ok(mask !== undefined, status);
  return (BigInt(`0x${mask}`) & (1n << BigInt(SIGINT - 1))) !== 0n;
}

test('launch: node resets a SIGINT its parent left ignored before any JavaScript runs (so node bin/quirl cannot cover its start-up)', () => {
  const script = "process.stdout.write(require('node:fs').readFileSync('/proc/self/status', 'utf8'))";
  const result = run('/bin/sh', ['-c', `trap '' INT; cat /proc/self/status; echo ---; exec "$0" -e "$1"`, process.execPath, script]);
  const [sh, node] = result.stdout.split('---\n');
  assert.ok(sh !== undefined && node !== undefined, result.stderr);
  assert.equal(ignoresInterrupt(sh), true, 'sh ignores SIGINT and passes that on through exec');
  assert.equal(ignoresInterrupt(node), false, "node's start-up put the default back");
});

test('launch: npm start runs bin/quirl through its sh lines (it starts node from the snapshot, which only they do)', () => {
  const result = run('npm', ['start', '--silent', '--', '-c', COMMAND_LINE]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /--snapshot-blob \S+ bin\/quirl -c /, result.stdout);
});

test('launch: QUIRL_RUNTIME (the VS Code profile\'s) names the runtime bin/quirl starts, without the snapshot, and the shell drops it', () => {
  const result = run(QUIRL, ['-c', `${COMMAND_LINE}; echo "runtime: \${QUIRL_RUNTIME-unset}"`], { QUIRL_RUNTIME: process.execPath });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, `${process.execPath} ${QUIRL} -c ${COMMAND_LINE}; echo "runtime: \${QUIRL_RUNTIME-unset}" \nruntime: unset\n`);
});
