// Stale socket directories (quirl-XXXXXX under the temp dir) are swept only when ours, private,
// idle, holding nothing but a dead socket, and known to no live process; everything else stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_IDLE_MS, socketDirectoryAt, socketPathsOfProcesses, sweepSocketDirectories } from '../../extension/socket-sweep';
import { waitFor } from '../ipc/fake-extension';

/** A socket file nobody listens on: its listener was killed outright. */
function deadSocket(path: string): void {
  const killed = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
  assert.equal(killed.signal, 'SIGKILL');
}

function makeDirectory(parent: string, name: string, mode = 0o700): string {
  const directory = join(parent, name);
  mkdirSync(directory);
  chmodSync(directory, mode);
  return directory;
}

function age(...paths: string[]): void {
  const old = (Date.now() - 2 * MIN_IDLE_MS) / 1000;
  for (const path of paths) utimesSync(path, old, old);
}

test('socket sweep: only our private, idle, dead directories go; live, known, young, open and foreign ones stay', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'quirl-sweep-test-'));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  const directories: Record<string, string> = {};
  for (const name of ['dead', 'empty', 'live', 'known', 'young', 'open', 'extra', 'mine']) directories[name] = makeDirectory(parent, `quirl-${name.padEnd(6, 'x').slice(0, 6)}`);
  const socket = (name: string): string => join(directories[name]!, 'ext.sock');
  for (const name of ['dead', 'known', 'young', 'open', 'extra', 'mine']) deadSocket(socket(name));
  writeFileSync(join(directories.extra!, 'notes'), 'not ours to judge');
  chmodSync(directories.open!, 0o755);
  const live = createServer();
  await new Promise<void>((resolve) => live.listen(socket('live'), resolve));
  t.after(() => live.close());
  // A shell of a window whose host is away: started with the path, retrying.
  const shell = spawn('sleep', ['60'], { env: { ...process.env, QUIRL_IPC_SOCKET: socket('known') }, stdio: 'ignore' });
  t.after(() => shell.kill('SIGKILL'));
  await waitFor('the shell started', () => socketPathsOfProcesses()?.has(socket('known')) === true, 10_000);
  const notYoung = Object.entries(directories).filter(([name]) => name !== 'young');
  for (const [name, directory] of notYoung) age(directory, ...(name === 'empty' || name === 'live' ? [] : [socket(name)]));
  // A name mkdtemp did not make for a socket: never looked at.
  const foreign = makeDirectory(parent, 'quirl-itest-abcdef');
  age(foreign);

  const swept = await sweepSocketDirectories({ parent, keep: directories.mine! });
  assert.deepEqual(swept.sort(), [directories.dead!, directories.empty!].sort());
  for (const [name, directory] of Object.entries(directories)) assert.equal(existsSync(directory), name !== 'dead' && name !== 'empty', name);
  assert.ok(existsSync(foreign));
});

test('socket sweep: where live processes\' environments cannot be read, nothing is swept', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'quirl-sweep-test-'));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  const dead = makeDirectory(parent, 'quirl-deaddd');
  deadSocket(join(dead, 'ext.sock'));
  age(dead, join(dead, 'ext.sock'));
  assert.deepEqual(await sweepSocketDirectories({ parent, keep: '/nowhere', socketPathsInUse: () => undefined }), []);
  assert.ok(existsSync(dead));
});

test('socket sweep: a socket path learnt from a shell names a removable directory only when it is a quirl-XXXXXX folder of ours in the temp dir', () => {
  const parent = '/tmp/parent';
  assert.deepEqual(socketDirectoryAt('/tmp/parent/quirl-aB3dE9/ext.sock', parent), { directory: '/tmp/parent/quirl-aB3dE9', socketPath: '/tmp/parent/quirl-aB3dE9/ext.sock', fresh: false });
  for (const foreign of ['/home/u/.ssh/ext.sock', '/tmp/parent/quirl-aB3dE9/other.sock', '/tmp/parent/nested/quirl-aB3dE9/ext.sock', '/tmp/parent/quirl-toolong1/ext.sock', '/tmp/parent/quirl-a/ext.sock']) {
    assert.equal(socketDirectoryAt(foreign, parent), undefined, foreign);
  }
});
