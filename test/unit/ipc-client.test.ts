import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { ResponseError } from 'vscode-jsonrpc/node';
import { takeLinkAddress } from '../../shell/ipc/address';
import { IpcClient, type IpcClientOptions } from '../../shell/ipc/client';
import { Background, Foreground, IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE, PROTOCOL_VERSION, SignalJob, type JobSignal, type JobSnapshot } from '../../shell/ipc/protocol';
import { FakeExtension, FakeHost, job, socketDirectory, waitFor, type FakeExtensionOptions } from '../ipc/fake-extension';

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** A directory, a fake extension in it, and a started client; everything is torn down after. */
async function setUp(
  t: { after(fn: () => unknown): void },
  server: Partial<FakeExtensionOptions> = {},
  client: Partial<IpcClientOptions> = {},
  jobs: JobSnapshot[] = [],
): Promise<{ fake: FakeExtension; host: FakeHost; ipc: IpcClient; logs: string[]; socketPath: string }> {
  const dir = socketDirectory();
  const fake = await FakeExtension.start({ socketPath: dir.socketPath, secret: SECRET, ...server });
  const host = new FakeHost();
  host.jobs = jobs;
  const logs: string[] = [];
  const ipc = new IpcClient({ socketPath: dir.socketPath, secret: SECRET, host, log: (line) => logs.push(line), ...client });
  t.after(async () => {
    ipc.dispose();
    await fake.close();
    dir.remove();
  });
  ipc.start();
  return { fake, host, ipc, logs, socketPath: dir.socketPath };
}

test('ipc: the handshake proves the secret both ways and the client reports connected', async (t) => {
  const { fake, ipc } = await setUp(t);
  await waitFor('connected', () => ipc.status === 'connected');
  const hello = fake.hellos[0];
  assert.equal(hello?.protocolVersion, PROTOCOL_VERSION);
  assert.equal(hello?.pid, process.pid);
  assert.notEqual(hello?.proof, SECRET, 'the secret itself never crosses the socket');
});

test('ipc: an extension that refuses our secret is dropped, retried with backoff, and the shell keeps working', async (t) => {
  const { fake, host, ipc, logs } = await setUp(t, { secret: 'some other terminal' });
  await waitFor('a second attempt', () => fake.hellos.length >= 2);
  assert.notEqual(ipc.status, 'connected');
  assert.match(logs[0] ?? '', /refused the handshake/);
  assert.equal(fake.tables.length, 0, 'no job table goes to a peer that failed the handshake');
  host.change([job(1)]);
  assert.equal(host.listenerCount, 1);
});

test('ipc: an extension that cannot prove the secret is dropped', async (t) => {
  const { fake, ipc, logs } = await setUp(t, { hello: 'wrong-proof' });
  await waitFor('the drop', () => logs.some((line) => line.includes('does not hold')));
  assert.notEqual(ipc.status, 'connected');
  assert.equal(fake.tables.length, 0);
});

test('ipc: an extension on another protocol version is dropped', async (t) => {
  const { fake, ipc, logs } = await setUp(t, { hello: 'wrong-version' });
  await waitFor('the drop', () => logs.some((line) => line.includes(`protocol ${PROTOCOL_VERSION + 1}`)));
  assert.notEqual(ipc.status, 'connected');
  assert.equal(fake.tables.length, 0);
});

test('ipc: a silent extension is dropped at the handshake deadline', async (t) => {
  const started = performance.now();
  const { fake, logs } = await setUp(t, { hello: 'silent' }, { handshakeTimeoutMs: 150 });
  await waitFor('the timeout', () => logs.some((line) => line.includes('no handshake within 150 ms')));
  assert.ok(performance.now() - started >= 140);
  await waitFor('the socket closed', () => fake.closedByPeer >= 1);
});

for (const [name, bytes, reason] of [
  ['an oversized frame', 'Content-Length: 2000000\r\n\r\n{', /a frame of 2000000 bytes/],
  ['a header that never ends', `X-Padding: ${'x'.repeat(10_000)}`, /header longer than/],
  ['a frame without Content-Length', 'Content-Type: x\r\n\r\n{}', /without a valid Content-Length/],
  ['a body that is not JSON', 'Content-Length: 7\r\n\r\n{oops!}', /malformed message/],
] as const) {
  test(`ipc: ${name} drops the extension at once`, async (t) => {
    const { fake, ipc, logs } = await setUp(t, { raw: (socket) => socket.write(bytes) }, { handshakeTimeoutMs: 10_000 });
    // Long before the handshake deadline; the logged reason shows which rule dropped it.
    await waitFor('the socket closed', () => fake.closedByPeer >= 1);
    assert.ok(
      logs.some((line) => reason.test(line)),
      logs.join('\n'),
    );
    assert.notEqual(ipc.status, 'connected');
  });
}

// How soon a table follows a change is measured by test/bench/ipc-latency.ts, not asserted here.
test('ipc: the job table arrives on connect, then after each change, one table per burst', async (t) => {
  const { fake, host } = await setUp(t, {}, {}, [job(1), job(2, { kind: 'stopped', signal: 'TSTP' })]);
  await waitFor('the first table', () => fake.tables.length === 1);
  assert.deepEqual(fake.lastTable?.jobs, host.jobs);

  host.change([job(1, { kind: 'done', status: 0 }), job(2, { kind: 'running' })]);
  host.change([job(2, { kind: 'running' })]);
  await waitFor('the second table', () => fake.tables.length === 2);
  const second = fake.tables[1]!;
  assert.deepEqual(second.params.jobs, [job(2, { kind: 'running' })], 'one table for the burst, its last state: job 1 is gone');
  assert.ok(second.params.revision > (fake.tables[0]?.params.revision ?? Infinity));
  host.change([]);
  await waitFor('the empty table', () => fake.lastTable?.jobs.length === 0);
  assert.equal(fake.tables.length, 3);
});

test('ipc: fg, bg and signal requests reach the host; answers and refusals come back', async (t) => {
  const { fake, host, ipc } = await setUp(t);
  await waitFor('connected', () => ipc.status === 'connected' && fake.connection !== undefined);
  const extension = fake.connection!;
  assert.deepEqual(await extension.sendRequest(Foreground, { id: 1 }), { ok: true });
  assert.deepEqual(await extension.sendRequest(Background, { id: 2 }), { ok: true });
  for (const signal of ['interrupt', 'terminate', 'kill'] as const) {
    assert.deepEqual(await extension.sendRequest(SignalJob, { id: 3, signal }), { ok: true });
  }
  assert.deepEqual(host.calls, ['fg 1', 'bg 2', 'signal 3 interrupt', 'signal 3 terminate', 'signal 3 kill']);

  host.answer = { ok: false, reason: 'job 4 is not the foreground job: job 1 holds the terminal' };
  assert.deepEqual(await extension.sendRequest(Foreground, { id: 4 }), host.answer);

  await assert.rejects(extension.sendRequest(SignalJob, { id: 3, signal: 'hup' as JobSignal }), (error: unknown) => {
    return error instanceof ResponseError && /signal must be one of/.test((error as Error).message);
  });
  await assert.rejects(extension.sendRequest(Foreground, { id: 0 }), /id must be a job number/);
  host.failWith = new Error('terminal gone');
  await assert.rejects(extension.sendRequest(Background, { id: 2 }), /the shell failed: terminal gone/);
  assert.equal(host.calls.length, 7, 'malformed requests never reach the host');
  assert.equal(ipc.status, 'connected', 'a refused or failed request does not end the link');
});

// Whole within 2 s: the wait before a reconnect is at most 1 s (the delay test below proves the cap).
test('ipc: after the extension restarts, the shell reconnects and the table is whole again', async (t) => {
  const dir = socketDirectory();
  t.after(() => dir.remove());
  const host = new FakeHost();
  host.jobs = [job(1)];
  let fake = await FakeExtension.start({ socketPath: dir.socketPath, secret: SECRET });
  const ipc = new IpcClient({ socketPath: dir.socketPath, secret: SECRET, host });
  t.after(async () => {
    ipc.dispose();
    await fake.close();
  });
  ipc.start();
  await waitFor('the first table', () => fake.tables.length === 1);

  await fake.close();
  await waitFor('the client noticed', () => ipc.status !== 'connected');
  host.change([job(1), job(2, { kind: 'stopped', signal: 'TSTP' })]);
  fake = await FakeExtension.start({ socketPath: dir.socketPath, secret: SECRET });
  await waitFor('the table on the new extension', () => fake.tables.length === 1);
  assert.deepEqual(fake.lastTable?.jobs, host.jobs);
});

test('ipc: reconnect delays double from the first to the cap and stay there, then a listening extension is reached', async (t) => {
  // The client's timers run on the test's clock, so the delays are read exactly, whatever the load.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const dir = socketDirectory();
  t.after(() => dir.remove());
  const host = new FakeHost();
  const ipc = new IpcClient({ socketPath: dir.socketPath, secret: SECRET, host, retryDelayMs: { initial: 10, max: 80 } });
  t.after(() => ipc.dispose());
  ipc.start();
  /** The mocked milliseconds from a failed attempt to the next one. */
  const nextDelay = async (): Promise<number> => {
    await settle('the attempt to fail', () => ipc.status === 'waiting');
    let waited = 0;
    while (ipc.status === 'waiting' && waited <= 1000) {
      t.mock.timers.tick(1);
      waited += 1;
    }
    return waited;
  };
  const delays: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) delays.push(await nextDelay());
  assert.deepEqual(delays, [10, 20, 40, 80, 80, 80]);

  const fake = await FakeExtension.start({ socketPath: dir.socketPath, secret: SECRET });
  t.after(() => fake.close());
  // The attempt under way may have failed before the extension listened: one more wait, at most the cap.
  await settle('the attempt to end', () => ipc.status !== 'connecting');
  if (ipc.status === 'waiting') assert.ok((await nextDelay()) <= 80);
  await settle('connected', () => ipc.status === 'connected');
});

/** Waits on real I/O (not on the mocked timers) until `condition` holds. */
async function settle(what: string, condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('ipc: the client stops when the socket directory is gone or open to others', async (t) => {
  const gone = socketDirectory();
  gone.remove();
  const logs: string[] = [];
  const host = new FakeHost();
  const first = new IpcClient({ socketPath: gone.socketPath, secret: SECRET, host, log: (line) => logs.push(line) });
  first.start();
  assert.equal(first.status, 'stopped');
  assert.equal(host.listenerCount, 0, 'a stopped client leaves the host alone');

  const open = socketDirectory();
  t.after(() => open.remove());
  const fake = await FakeExtension.start({ socketPath: open.socketPath, secret: SECRET });
  t.after(() => fake.close());
  chmodSync(open.directory, 0o755);
  const second = new IpcClient({ socketPath: open.socketPath, secret: SECRET, host, log: (line) => logs.push(line) });
  second.start();
  assert.equal(second.status, 'stopped');
  assert.equal(fake.accepted, 0, 'no connection into a directory others can enter');
  assert.match(logs.join('\n'), /is gone[\s\S]*open to other users/);
});

test('ipc: the link address is taken only from an environment the extension prepared, and always removed from it', () => {
  const empty: NodeJS.ProcessEnv = { [IPC_SOCKET_VARIABLE]: '/tmp/x.sock', [IPC_SECRET_VARIABLE]: '', OTHER: 'kept' };
  assert.equal(takeLinkAddress(empty), undefined);
  assert.deepEqual(empty, { OTHER: 'kept' }, 'a half-set link leaves nothing behind either');
  assert.equal(takeLinkAddress({}), undefined);
  const env: NodeJS.ProcessEnv = { [IPC_SOCKET_VARIABLE]: '/nonexistent/x.sock', [IPC_SECRET_VARIABLE]: SECRET, PATH: '/bin' };
  assert.deepEqual(takeLinkAddress(env), { socketPath: '/nonexistent/x.sock', secret: SECRET });
  assert.deepEqual(env, { PATH: '/bin' });
});

test('ipc: dispose ends the link and unsubscribes from the host', async (t) => {
  const { fake, host, ipc } = await setUp(t);
  await waitFor('connected', () => ipc.status === 'connected');
  ipc.dispose();
  assert.equal(ipc.status, 'stopped');
  assert.equal(host.listenerCount, 0);
  await waitFor('the extension saw the close', () => fake.closedByPeer >= 1);
  const accepted = fake.accepted;
  host.change([job(1)]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(fake.accepted, accepted, 'no reconnect after dispose');
});
