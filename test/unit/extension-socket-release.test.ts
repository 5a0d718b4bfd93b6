// The socket directory at deactivation: gone when no shell needs it; kept for a reload or restart
// while shells live on; and, when they end with the host (the server stopping, or terminals not
// kept), gone as soon as they have ended.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSocketDirectory } from '../../extension/socket-dir';
import { releaseSocketDirectory } from '../../extension/socket-release';
import { socketPathsOfProcesses } from '../../extension/socket-sweep';
import { waitFor } from '../ipc/fake-extension';

function freshDirectory(t: { after: (fn: () => void) => void }): ReturnType<typeof openSocketDirectory> {
  const parent = mkdtempSync(join(tmpdir(), 'quirl-release-test-'));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  return openSocketDirectory(undefined, parent);
}

test('socket release: a directory nobody needs goes at once, whether or not its shells end with the host', async (t) => {
  for (const shellsEnd of [false, true]) {
    const directory = freshDirectory(t);
    const release = await releaseSocketDirectory({ directory, inUse: false, shellsEnd, socketPathsInUse: () => assert.fail('not asked') });
    assert.equal(release, 'removed');
    assert.equal(existsSync(directory.directory), false);
  }
});

test('socket release: in use by shells that outlive the host (a reload), it stays without waiting', async (t) => {
  const directory = freshDirectory(t);
  const started = Date.now();
  assert.equal(await releaseSocketDirectory({ directory, inUse: true, shellsEnd: false, socketPathsInUse: () => assert.fail('not asked') }), 'kept');
  assert.ok(Date.now() - started < 1_000);
  assert.ok(existsSync(directory.directory));
});

test('socket release: shells ending with the host (server stopped, or terminals not kept), it goes once the last shell started with its path has ended', async (t) => {
  const directory = freshDirectory(t);
  // A shell of the window, hung up with the pty host: it ends a moment after the host deactivates.
  const shell = spawn('sleep', ['60'], { env: { ...process.env, QUIRL_IPC_SOCKET: directory.socketPath }, stdio: 'ignore' });
  t.after(() => shell.kill('SIGKILL'));
  await waitFor('the shell started', () => socketPathsOfProcesses()?.has(directory.socketPath) === true, 10_000);
  const released = releaseSocketDirectory({ directory, inUse: true, shellsEnd: true, waitMs: 30_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(existsSync(directory.directory), 'kept while the shell lives');
  shell.kill('SIGHUP');
  assert.equal(await released, 'removed');
  assert.equal(existsSync(directory.directory), false);
});

test('socket release: shells ending with the host, it stays while a shell outlives the wait, a host listens in it, or /proc cannot tell', async (t) => {
  const lingering = freshDirectory(t);
  assert.equal(await releaseSocketDirectory({ directory: lingering, inUse: true, shellsEnd: true, waitMs: 300, socketPathsInUse: () => new Set([lingering.socketPath]) }), 'kept');
  assert.ok(existsSync(lingering.directory));

  const listened = freshDirectory(t);
  const newer = createServer();
  await new Promise<void>((resolve) => newer.listen(listened.socketPath, resolve));
  t.after(() => newer.close());
  assert.equal(await releaseSocketDirectory({ directory: listened, inUse: true, shellsEnd: true, waitMs: 300, socketPathsInUse: () => new Set() }), 'kept');
  assert.ok(existsSync(listened.directory));

  const unknown = freshDirectory(t);
  assert.equal(await releaseSocketDirectory({ directory: unknown, inUse: true, shellsEnd: true, socketPathsInUse: () => undefined }), 'kept');
  assert.ok(existsSync(unknown.directory));
});

test('socket release: a process knows its parent is gone once it has been re-parented', async () => {
  // The middle process starts the watcher and exits once it watches, as a stopped server leaves its extension host.
  const module = JSON.stringify(join(__dirname, '..', '..', 'extension', 'socket-release.ts'));
  const watcher = `import(${module}).then((loaded) => { const { parentGone } = loaded.default ?? loaded; const parent = process.ppid; console.log('at start ' + parentGone(parent)); process.send('watching', () => process.disconnect()); const timer = setInterval(() => { if (parentGone(parent)) { console.log('gone'); clearInterval(timer); } }, 50); });`;
  const middle = `const child = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', '-e', ${JSON.stringify(watcher)}], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }); child.once('message', () => process.exit(0));`;
  const started = spawn(process.execPath, ['-e', middle], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the watcher to see its parent gone', () => output.includes('gone'), 30_000);
  assert.match(output, /^at start false\ngone\n$/);
});
