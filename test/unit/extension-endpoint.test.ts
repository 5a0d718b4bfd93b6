// The extension's endpoint against the shell's real IPC client (scripted JobControlHost): the
// handshake, each kind of bad peer dropped alone, tables into the model, requests both ways.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, statSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { SocketMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import { IpcClient } from '../../shell/ipc/client';
import { linkMessageReader } from '../../shell/ipc/reader';
import { ErrorCode, Goodbye, Hello, JobsChanged, PROTOCOL_VERSION, shellProof, type GoodbyeParams } from '../../shell/ipc/protocol';
import { Endpoint, EndpointError, type EndpointOptions, type ShellPeer } from '../../extension/endpoint';
import { JobsModel } from '../../extension/jobs-model';
import { SecretBook } from '../../extension/secrets';
import { openSocketDirectory, removeSocketDirectory } from '../../extension/socket-dir';
import { FakeHost, job, waitFor } from '../ipc/fake-extension';

/** A Memento stand-in: the book only reads and writes one key. */
function memoryStorage(): { get<T>(key: string): T | undefined; update(key: string, value: unknown): Promise<void> } {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void values.set(key, value),
  };
}

interface Setup {
  readonly endpoint: Endpoint;
  readonly model: JobsModel;
  readonly secrets: SecretBook;
  readonly socketPath: string;
  readonly logs: string[];
  readonly connected: ShellPeer[];
  readonly disconnected: ShellPeer[];
  /** A started real client with its own scripted host, disposed after the test. */
  shell(secret: string, host?: FakeHost): { readonly client: IpcClient; readonly host: FakeHost; readonly logs: string[] };
}

async function setUp(t: TestContext, options: Partial<EndpointOptions> = {}): Promise<Setup> {
  const directory = openSocketDirectory(undefined);
  const model = new JobsModel();
  const secrets = new SecretBook(memoryStorage());
  const logs: string[] = [];
  const connected: ShellPeer[] = [];
  const disconnected: ShellPeer[] = [];
  const endpoint = await Endpoint.listen({
    socketPath: directory.socketPath,
    secrets,
    log: (line) => logs.push(line),
    events: {
      connected: (peer) => {
        connected.push(peer);
        model.connect(peer.pid);
      },
      jobs: (peer, params) => model.update(peer.pid, params),
      disconnected: (peer) => {
        disconnected.push(peer);
        model.remove(peer.pid);
      },
    },
    ...options,
  });
  const clients: IpcClient[] = [];
  t.after(async () => {
    for (const client of clients) client.dispose();
    await endpoint.close();
    removeSocketDirectory(directory.directory);
  });
  return {
    endpoint,
    model,
    secrets,
    socketPath: directory.socketPath,
    logs,
    connected,
    disconnected,
    shell(secret, host = new FakeHost()) {
      const shellLogs: string[] = [];
      const client = new IpcClient({ socketPath: directory.socketPath, secret, host, log: (line) => shellLogs.push(line) });
      clients.push(client);
      client.start();
      return { client, host, logs: shellLogs };
    },
  };
}

/** A raw socket to the endpoint that records when the endpoint hangs up. */
async function rawPeer(t: TestContext, socketPath: string): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = createConnection(socketPath);
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  socket.resume();
  t.after(() => socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed: () => closed };
}

function rpc(t: TestContext, socket: Socket): MessageConnection {
  const connection = createMessageConnection(linkMessageReader(socket), new SocketMessageWriter(socket));
  connection.onError(() => undefined);
  connection.listen();
  t.after(() => connection.dispose());
  return connection;
}

/** A healthy shell linked and answering, to show a bad peer's drop touched nobody else. */
async function healthyShell(setup: Setup): Promise<FakeHost> {
  const { client, host } = setup.shell(setup.secrets.issue());
  await waitFor('the healthy shell linked', () => client.status === 'connected' && setup.model.get(process.pid) !== undefined, 10_000);
  return host;
}

async function stillWorks(setup: Setup, host: FakeHost): Promise<void> {
  assert.deepEqual(await setup.endpoint.foreground(process.pid, 1), { ok: true });
  assert.equal(host.calls.at(-1), 'fg 1');
  assert.deepEqual(setup.endpoint.shells(), [process.pid]);
}

test('endpoint: the socket directory is private (0700) and reused by the next host; an open one is refused', () => {
  const first = openSocketDirectory(undefined);
  try {
    assert.equal(statSync(first.directory).mode & 0o777, 0o700);
    assert.equal(first.fresh, true);
    const again = openSocketDirectory(first.directory);
    assert.deepEqual(again, { ...first, fresh: false });
    // A directory others may enter is not reused: a fresh private one is made instead.
    chmodSync(first.directory, 0o755);
    const other = openSocketDirectory(first.directory);
    try {
      assert.notEqual(other.directory, first.directory);
      assert.equal(other.fresh, true);
      assert.equal(statSync(other.directory).mode & 0o777, 0o700);
    } finally {
      removeSocketDirectory(other.directory);
    }
  } finally {
    removeSocketDirectory(first.directory);
  }
});

test('endpoint: a shell with a terminal secret passes the handshake and its table reaches the model', async (t) => {
  const setup = await setUp(t);
  const secret = setup.secrets.issue();
  const host = new FakeHost();
  host.jobs = [job(1), job(2, { kind: 'stopped', signal: 'TSTP' })];
  const { client } = setup.shell(secret, host);
  await waitFor('connected', () => client.status === 'connected', 10_000);
  assert.deepEqual(setup.connected, [{ pid: process.pid, secret }]);
  await waitFor('the first table', () => setup.model.get(process.pid)?.jobs.length === 2, 10_000);
  assert.deepEqual(setup.model.get(process.pid)?.jobs, host.jobs);

  host.change([job(2, { kind: 'running' })]);
  await waitFor('the changed table', () => setup.model.get(process.pid)?.jobs.length === 1, 10_000);
  assert.deepEqual(
    setup.model.get(process.pid)?.jobs.map((entry) => entry.id),
    [2],
  );
  assert.deepEqual(setup.model.counts(), { running: 1, stopped: 0 });
});

test('endpoint: fg, bg and signal requests round-trip; a refusal comes back as the shell gave it', async (t) => {
  const setup = await setUp(t);
  const host = await healthyShell(setup);
  assert.deepEqual(await setup.endpoint.foreground(process.pid, 3), { ok: true });
  assert.deepEqual(await setup.endpoint.background(process.pid, 4), { ok: true });
  assert.deepEqual(await setup.endpoint.signal(process.pid, 5, 'kill'), { ok: true });
  host.answer = { ok: false, reason: 'job 2 holds the terminal' };
  assert.deepEqual(await setup.endpoint.signal(process.pid, 6, 'interrupt'), { ok: false, reason: 'job 2 holds the terminal' });
  assert.deepEqual(host.calls, ['fg 3', 'bg 4', 'signal 5 kill', 'signal 6 interrupt']);

  host.failWith = new Error('boom');
  await assert.rejects(setup.endpoint.foreground(process.pid, 1), (error: unknown) => error instanceof EndpointError && error.code === 'ShellFailed' && /boom/.test(error.message));
  await assert.rejects(setup.endpoint.foreground(process.pid + 1, 1), (error: unknown) => error instanceof EndpointError && error.code === 'NoShell');
});

test('endpoint: a shell with a wrong secret is refused and keeps retrying while a good shell works', async (t) => {
  const setup = await setUp(t);
  const host = await healthyShell(setup);
  const stranger = setup.shell('not any terminal’s secret');
  await waitFor('two refusals', () => setup.logs.filter((line) => line.includes('does not hold the secret')).length >= 2, 10_000);
  assert.notEqual(stranger.client.status, 'connected');
  assert.ok(stranger.logs.some((line) => /refused the handshake/.test(line)), stranger.logs.join('\n'));
  assert.equal(setup.connected.length, 1);
  await stillWorks(setup, host);
});

test('endpoint: a hello on another protocol version is refused and the peer cut', async (t) => {
  const setup = await setUp(t);
  const host = await healthyShell(setup);
  const peer = await rawPeer(t, setup.socketPath);
  const secret = setup.secrets.issue();
  const nonce = 'n'.repeat(32);
  const hello = rpc(t, peer.socket).sendRequest(Hello, { protocolVersion: PROTOCOL_VERSION + 1, pid: 4242, nonce, proof: shellProof(secret, nonce) });
  await assert.rejects(hello, (error: unknown) => (error as { code?: number }).code === ErrorCode.HandshakeRefused && /protocol 2/.test(String(error)));
  await waitFor('the cut', peer.closed, 10_000);
  await stillWorks(setup, host);
});

for (const [name, bytes, reason] of [
  ['garbage', 'this is not a frame\r\n\r\n', /without a valid Content-Length/],
  ['an oversized frame', 'Content-Length: 2000000\r\n\r\n{', /a frame of 2000000 bytes/],
  ['a header that never ends', `X-Padding: ${'x'.repeat(10_000)}`, /header longer than/],
  ['a body that is not JSON', 'Content-Length: 7\r\n\r\n{oops!}', /malformed message/],
] as const) {
  test(`endpoint: ${name} drops that peer only`, async (t) => {
    const setup = await setUp(t);
    const host = await healthyShell(setup);
    const peer = await rawPeer(t, setup.socketPath);
    peer.socket.write(bytes);
    await waitFor('the cut', peer.closed, 10_000);
    assert.ok(
      setup.logs.some((line) => reason.test(line)),
      setup.logs.join('\n'),
    );
    await stillWorks(setup, host);
  });
}

test('endpoint: a silent peer is cut at the handshake deadline', async (t) => {
  const setup = await setUp(t, { handshakeTimeoutMs: 200 });
  const peer = await rawPeer(t, setup.socketPath);
  await waitFor('the cut', peer.closed, 10_000);
  assert.ok(setup.logs.some((line) => line.includes('no handshake within 200 ms')));
});

test('endpoint: a job table before the handshake, or one that does not fit the protocol, drops the peer', async (t) => {
  const setup = await setUp(t);
  const early = await rawPeer(t, setup.socketPath);
  void rpc(t, early.socket).sendNotification(JobsChanged, { revision: 1, jobs: [] });
  await waitFor('the early table cut', early.closed, 10_000);
  assert.ok(setup.logs.some((line) => line.includes('before the handshake')));

  const secret = setup.secrets.issue();
  const nonce = 'm'.repeat(32);
  const lying = await rawPeer(t, setup.socketPath);
  const connection = rpc(t, lying.socket);
  const answer = await connection.sendRequest(Hello, { protocolVersion: PROTOCOL_VERSION, pid: 4243, nonce, proof: shellProof(secret, nonce) });
  assert.equal(answer.protocolVersion, PROTOCOL_VERSION);
  assert.deepEqual(setup.model.get(4243)?.jobs, []);
  void connection.sendNotification(JobsChanged, { revision: 1, jobs: [{ id: 'one' }] } as never);
  await waitFor('the ill-typed table cut', lying.closed, 10_000);
  assert.ok(setup.logs.some((line) => line.includes('does not fit the protocol')));
  assert.equal(setup.model.get(4243), undefined, 'the dropped shell left the model');
  assert.deepEqual(setup.disconnected, [{ pid: 4243, secret }]);
});

test('endpoint: a job table that crosses the goodbye is taken, and the link stays until the shell closes it', async (t) => {
  const setup = await setUp(t);
  const secret = setup.secrets.issue();
  const nonce = 'g'.repeat(32);
  const peer = await rawPeer(t, setup.socketPath);
  const connection = rpc(t, peer.socket);
  let goodbye: string | undefined;
  connection.onNotification(Goodbye, (params: GoodbyeParams) => {
    goodbye = params.reason;
  });
  await connection.sendRequest(Hello, { protocolVersion: PROTOCOL_VERSION, pid: 4244, nonce, proof: shellProof(secret, nonce) });
  setup.endpoint.drop(4244, 'its terminal closed');
  // Sent before the shell read the goodbye, as a shell's table goes out on its own schedule.
  void connection.sendNotification(JobsChanged, { revision: 1, jobs: [job(1)] });
  await waitFor('the crossing table taken', () => setup.model.get(4244)?.jobs.length === 1, 10_000);
  await waitFor('the goodbye read', () => goodbye !== undefined, 10_000);
  assert.equal(goodbye, 'its terminal closed');
  assert.equal(peer.closed(), false, 'the endpoint cut the link before the shell closed it');
  peer.socket.end();
  await waitFor('the shell gone from the model', () => setup.model.get(4244) === undefined, 10_000);
  assert.deepEqual(setup.logs, ['shell 4244: its terminal closed']);
});

test('endpoint: a shell that goes away leaves the model; its pending request fails as ShellGone', async (t) => {
  const setup = await setUp(t);
  const secret = setup.secrets.issue();
  const host = new FakeHost();
  host.jobs = [job(1)];
  // An answer that never comes: the link ends while the request waits.
  host.foreground = () => new Promise(() => undefined);
  const { client } = setup.shell(secret, host);
  await waitFor('the table', () => setup.model.get(process.pid)?.jobs.length === 1, 10_000);
  const pending = setup.endpoint.foreground(process.pid, 1);
  await waitFor('the request reached the shell', () => setup.endpoint.shells().length === 1);
  client.dispose();
  await assert.rejects(pending, (error: unknown) => error instanceof EndpointError && error.code === 'ShellGone');
  await waitFor('the shell left', () => setup.model.get(process.pid) === undefined, 10_000);
});

test('endpoint: a restarted host takes over the socket a dead one left; a live listener is not displaced', async (t) => {
  const directory = openSocketDirectory(undefined);
  t.after(() => removeSocketDirectory(directory.directory));
  // A live listener on the path: the endpoint waits, then gives up with SocketInUse.
  const live = createServer();
  await new Promise<void>((resolve) => live.listen(directory.socketPath, resolve));
  const options = { socketPath: directory.socketPath, secrets: new SecretBook(memoryStorage()), events: { connected() {}, jobs() {}, disconnected() {} } };
  await assert.rejects(Endpoint.listen({ ...options, busyTimeoutMs: 300 }), (error: unknown) => error instanceof EndpointError && error.code === 'SocketInUse');
  await new Promise<void>((resolve) => live.close(() => resolve()));
  // A dead host's socket file (a listener killed outright leaves it behind): taken over.
  const killed = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(directory.socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
  assert.equal(killed.signal, 'SIGKILL');
  assert.ok(lstatSync(directory.socketPath).isSocket(), 'the dead listener left its socket file');
  const endpoint = await Endpoint.listen(options);
  t.after(() => endpoint.close());
  const peer = await rawPeer(t, directory.socketPath);
  assert.equal(peer.closed(), false);
});

test('endpoint: waiting out a live listener, retry after retry, leaves no listener behind on the server', async (t) => {
  const directory = openSocketDirectory(undefined);
  t.after(() => removeSocketDirectory(directory.directory));
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  t.after(() => process.off('warning', onWarning));
  // The endpoint asks the live listener whether it answers once per retry: after 12 (past
  // EventEmitter's default limit of 10 listeners), the listener goes and the endpoint takes the path.
  const live = createServer((socket) => {
    socket.destroy();
    answered += 1;
    if (answered === 12) live.close();
  });
  let answered = 0;
  await new Promise<void>((resolve) => live.listen(directory.socketPath, resolve));
  const options = { socketPath: directory.socketPath, secrets: new SecretBook(memoryStorage()), events: { connected() {}, jobs() {}, disconnected() {} } };
  const endpoint = await Endpoint.listen({ ...options, busyTimeoutMs: 120_000 });
  t.after(() => endpoint.close());
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(answered >= 12);
  assert.deepEqual(warnings, []);
});

test('endpoint: after a host restart (a new endpoint on the same path, secrets from the same state) every shell comes back with its table', async (t) => {
  const directory = openSocketDirectory(undefined);
  t.after(() => removeSocketDirectory(directory.directory));
  const state = memoryStorage();
  // Each host reads the secrets afresh from the window's state, as activate() does.
  const start = async (model: JobsModel, secrets = new SecretBook(state)): Promise<Endpoint> =>
    Endpoint.listen({
      socketPath: directory.socketPath,
      secrets,
      events: { connected: (peer) => model.connect(peer.pid), jobs: (peer, params) => model.update(peer.pid, params), disconnected: (peer) => model.remove(peer.pid) },
    });
  const before = new JobsModel();
  const firstSecrets = new SecretBook(state);
  const first = await start(before, firstSecrets);
  const host = new FakeHost();
  host.jobs = [job(1), job(2, { kind: 'stopped', signal: 'TSTP' })];
  const client = new IpcClient({ socketPath: directory.socketPath, secret: firstSecrets.issue(), host });
  t.after(() => client.dispose());
  client.start();
  await waitFor('the first host has the table', () => before.get(process.pid)?.jobs.length === 2, 10_000);

  await first.close();
  await waitFor('the shell saw the host go', () => client.status !== 'connected', 10_000);
  const after = new JobsModel();
  const restarted = Date.now();
  const second = await start(after);
  t.after(() => second.close());
  await waitFor('the restarted host has the table', () => after.get(process.pid)?.jobs.length === 2, 10_000);
  t.diagnostic(`whole again ${Date.now() - restarted} ms after the new endpoint started listening`);
  assert.deepEqual(after.get(process.pid)?.jobs, host.jobs);
});

test('endpoint: a shell whose terminal closed is told goodbye and stays away: no reconnection to refuse, one line in the log', async (t) => {
  const setup = await setUp(t);
  const secret = setup.secrets.issue();
  const { client, logs } = setup.shell(secret);
  await waitFor('the shell linked', () => client.status === 'connected' && setup.model.get(process.pid) !== undefined, 10_000);
  // What activate() does when a terminal closes for good.
  setup.endpoint.drop(process.pid, 'its terminal closed');
  setup.secrets.remove(secret);
  await waitFor('the shell to stop for good', () => client.status === 'stopped', 10_000);
  await waitFor('the shell gone from the model', () => setup.model.get(process.pid) === undefined, 10_000);
  assert.deepEqual(setup.logs, [`shell ${process.pid}: its terminal closed`]);
  assert.ok(logs.some((line) => line.includes('the extension ended the link: its terminal closed')), logs.join('\n'));
});

test('endpoint: a newer host of the window takes the socket over from the host still listening, and the shells move to it', async (t) => {
  const directory = openSocketDirectory(undefined);
  t.after(() => removeSocketDirectory(directory.directory));
  const state = memoryStorage();
  const endpointEvents = (model: JobsModel, handedOver: () => void = () => undefined) => ({
    connected: (peer: ShellPeer) => model.connect(peer.pid),
    jobs: (peer: ShellPeer, params: Parameters<JobsModel['update']>[1]) => model.update(peer.pid, params),
    disconnected: (peer: ShellPeer) => model.remove(peer.pid),
    handedOver,
  });
  const before = new JobsModel();
  const oldSecrets = new SecretBook(state);
  let handedOver = 0;
  const logs: string[] = [];
  const old = await Endpoint.listen({ socketPath: directory.socketPath, secrets: oldSecrets, events: endpointEvents(before, () => (handedOver += 1)), log: (line) => logs.push(line) });
  t.after(() => old.close());
  const secret = oldSecrets.issue();
  const host = new FakeHost();
  host.jobs = [job(1), job(2, { kind: 'stopped', signal: 'TSTP' })];
  const client = new IpcClient({ socketPath: directory.socketPath, secret, host });
  t.after(() => client.dispose());
  client.start();
  await waitFor('the old host has the table', () => before.get(process.pid)?.jobs.length === 2, 10_000);

  // A host whose window shows none of the linked shells' terminals (another window, sharing the secrets) is refused.
  const stranger = Endpoint.listen({ socketPath: directory.socketPath, secrets: new SecretBook(state), events: endpointEvents(new JobsModel()), window: { secrets: [secret], pids: [process.pid + 1] }, busyTimeoutMs: 300 });
  await assert.rejects(stranger, (error: unknown) => error instanceof EndpointError && error.code === 'SocketInUse');
  assert.deepEqual(old.socketPaths, [directory.socketPath]);
  assert.equal(before.get(process.pid)?.jobs.length, 2, 'the old host kept its shell');

  const after = new JobsModel();
  const newer = await Endpoint.listen({ socketPath: directory.socketPath, secrets: new SecretBook(state), events: endpointEvents(after), window: { secrets: [secret], pids: [process.pid] } });
  t.after(() => newer.close());
  await waitFor('the newer host has the table', () => after.get(process.pid)?.jobs.length === 2, 10_000);
  assert.deepEqual(after.get(process.pid)?.jobs, host.jobs);
  assert.deepEqual(old.socketPaths, []);
  assert.equal(old.wasHandedOver(directory.socketPath), true);
  assert.equal(handedOver, 1);
  assert.equal(before.get(process.pid), undefined, 'the old host let the shell go');
  assert.ok(logs.some((line) => line.includes(`handed ${directory.socketPath} and its shells over`)), logs.join('\n'));
  assert.deepEqual(await newer.foreground(process.pid, 1), { ok: true }, 'the shell answers the newer host');
});
