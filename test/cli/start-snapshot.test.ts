// bin/quirl starts node from the start-up snapshot (dist/quirl.blob, built by `npm install` for the
// node that ran it) when it can, and has node run the bundle otherwise. Both must be the same
// shell: what a snapshot holds was made in another process, so nothing of that process (its umask,
// pid, directory, environment) may show. Each guard that sends bin/quirl to the bundle is checked
// in a copy of the install, since node exits, and the shell never starts, on a snapshot it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPO = join(__dirname, '..', '..');
const QUIRL = join(REPO, 'bin', 'quirl');
const BLOB = join(REPO, 'dist', 'quirl.blob');
const NODE_DIR = dirname(process.execPath);

/** The shell's own command line, NULs as spaces: says whether node started from a snapshot. */
const COMMAND_LINE = 'tr "\\0" " " < /proc/$$/cmdline; echo';

function run(argv: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; umask?: string } = {}): SpawnSyncReturns<string> {
  const env = { PATH: `${NODE_DIR}:/usr/bin:/bin`, HOME: '/nonexistent-home', ...options.env };
  // The umask is set by sh and kept across its exec, so the shell starts with it as from a terminal.
  return spawnSync('/bin/sh', ['-c', `umask ${options.umask ?? '022'}; exec "$@"`, 'sh', ...argv], {
    encoding: 'utf8',
    timeout: 60_000,
    env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function fromSnapshot(result: SpawnSyncReturns<string>): boolean {
  return result.stdout.includes('--snapshot-blob');
}

function withTemporary(body: (dir: string) => void): void {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'quirl-snapshot-')));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** bin/quirl, dist/ and the addon copied to `root`, its snapshot's record naming this copy: bin/quirl there starts from the snapshot. */
function copyInstall(root: string): { quirl: string; dist: string } {
  const dist = join(root, 'dist');
  mkdirSync(join(root, 'bin'));
  mkdirSync(dist);
  copyFileSync(QUIRL, join(root, 'bin', 'quirl'));
  chmodSync(join(root, 'bin', 'quirl'), 0o755);
  for (const name of ['quirl.js', 'shell.js', 'quirl.blob', 'quirl.blob.stamp']) cpSync(join(REPO, 'dist', name), join(dist, name), { preserveTimestamps: true });
  // The addon beside the bundle, where a packaged extension has it.
  for (const name of ['quirl_native.node', 'quirl-stage']) copyFileSync(join(REPO, 'native', 'build', 'Release', name), join(dist, name));
  writeFileSync(join(dist, 'quirl.blob.node'), `${process.execPath}\n${dist}\n`);
  return { quirl: join(root, 'bin', 'quirl'), dist };
}

test('snapshot: npm install built dist/quirl.blob for this node, and bin/quirl starts from it', () => {
  assert.ok(existsSync(BLOB), `${BLOB} is missing: esbuild.mjs did not build the start-up snapshot`);
  const result = run([QUIRL, '-c', COMMAND_LINE]);
  assert.equal(result.status, 0, result.stderr);
  assert.ok(fromSnapshot(result), result.stdout);
});

test('snapshot: a shell started from it is the shell the bundle starts (umask, pid, directory, environment, addon, signals)', () => {
  withTemporary((dir) => {
    const probe = [
      'umask',
      'pwd',
      'echo "$HOME $QUIRL_PROBE $0 $# $1"',
      '/bin/echo external | cat',
      'touch made && ls -l made | cut -c1-10',
      "trap 'echo trapped USR1' USR1",
      'kill -USR1 $$',
      'echo "$$ $PPID"',
    ].join('\n');
    const env = { QUIRL_PROBE: 'probe value', HOME: dir };
    const results = [[QUIRL], [process.execPath, QUIRL]].map((launch) => {
      rmSync(join(dir, 'made'), { force: true });
      const result = run([...launch, '-c', `${probe}\n${COMMAND_LINE}`, 'name', 'arg'], { env, cwd: dir, umask: '027' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, '');
      const lines = result.stdout.split('\n');
      // $$ is the process spawned (sh execs bin/quirl, which execs node) and $PPID this test.
      assert.equal(lines[6], `${result.pid} ${process.pid}`);
      return { lines: lines.slice(0, 6), snapshot: fromSnapshot(result) };
    });
    assert.deepEqual(
      results.map((result) => result.snapshot),
      [true, false],
    );
    assert.deepEqual(results[0]!.lines, ['0027', dir, `${dir} probe value name 1 arg`, 'external', '-rw-r-----', 'trapped USR1']);
    assert.deepEqual(results[0]!.lines, results[1]!.lines);
  });
});

test('snapshot: with NODE_OPTIONS (node refuses a snapshot made without its V8 flags), bin/quirl runs the bundle', () => {
  const result = run([QUIRL, '-c', `echo "max $(( 1 + 1 ))"; ${COMMAND_LINE}`], { env: { NODE_OPTIONS: '--max-old-space-size=200' } });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr, '');
  assert.match(result.stdout, /^max 2\n/);
  assert.ok(!fromSnapshot(result), result.stdout);
});

test('snapshot: in a copy of the install, each changed thing sends bin/quirl to the bundle, and the shell runs the same', () => {
  withTemporary((root) => {
    const { quirl, dist } = copyInstall(root);
    const script = `echo copy; ${COMMAND_LINE}`;
    const expectRun = (snapshot: boolean, why: string, env: NodeJS.ProcessEnv = {}): void => {
      const result = run([quirl, '-c', script], { env });
      assert.equal(result.status, 0, `${why}: ${result.stderr}`);
      assert.equal(result.stderr, '', why);
      assert.match(result.stdout, /^copy\n/, why);
      assert.equal(fromSnapshot(result), snapshot, `${why}: ${result.stdout}`);
    };
    expectRun(true, 'the copy as made');

    // Another node first on PATH: a program named node that is not the one that built the snapshot.
    const otherBin = join(root, 'other-bin');
    mkdirSync(otherBin);
    writeFileSync(join(otherBin, 'node'), `#!/bin/sh\nexec ${process.execPath} "$@"\n`, { mode: 0o755 });
    expectRun(false, 'another node on PATH', { PATH: `${otherBin}:${NODE_DIR}:/usr/bin:/bin` });

    // The same node binary with another mtime, as after an upgrade in place.
    const stamp = join(dist, 'quirl.blob.stamp');
    utimesSync(stamp, new Date(0), new Date(0));
    expectRun(false, 'node changed since the snapshot');
    cpSync(join(REPO, 'dist', 'quirl.blob.stamp'), stamp, { preserveTimestamps: true });
    expectRun(true, 'the stamp put back');

    // A bundle rebuilt after the snapshot (esbuild --watch does not rebuild the snapshot).
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dist, 'shell.js'), later, later);
    expectRun(false, 'the bundle newer than the snapshot');
    utimesSync(join(dist, 'shell.js'), new Date(0), new Date(0));
    expectRun(true, 'the bundle older again');

    // The install moved: the snapshot's paths (the addon's, the bundle's) are the old ones.
    writeFileSync(join(dist, 'quirl.blob.node'), `${process.execPath}\n${join(REPO, 'dist')}\n`);
    expectRun(false, 'a snapshot made for another folder');

    // No snapshot at all (a build where node could not make one).
    rmSync(join(dist, 'quirl.blob.node'));
    expectRun(false, 'no record of a snapshot');
  });
});
