/**
 * The extension's end of the shell link: a Unix-socket server in the private socket directory.
 * Each shell must prove a terminal's secret within the handshake deadline; then its job tables
 * flow in and fg / bg / signal requests flow out by job id. A peer that fails the handshake,
 * stays silent, or sends a malformed, oversized or ill-typed frame is dropped alone; the others
 * and the server carry on.
 */
import { lstatSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { ResponseError, SocketMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import { FrameGuard } from '../shell/ipc/frames';
import { linkMessageReader } from '../shell/ipc/reader';
import {
  Background,
  ErrorCode,
  Foreground,
  Goodbye,
  Handover,
  Hello,
  JobsChanged,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  SignalJob,
  extensionProof,
  hostProof,
  proofMatches,
  type ControlResult,
  type HelloResult,
  type JobSignal,
  type JobsParams,
} from '../shell/ipc/protocol';
import { askHandover, type WindowTerminals } from './handover';
import { socketAnswers } from './socket-dir';
import { parseJobsParams } from './wire';

/** An authenticated shell: its pid (from the hello) and the secret it proved. */
export interface ShellPeer {
  readonly pid: number;
  readonly secret: string;
}

export interface EndpointEvents {
  connected(peer: ShellPeer): void;
  jobs(peer: ShellPeer, params: JobsParams): void;
  disconnected(peer: ShellPeer): void;
  /** A newer host of this window took the socket over (see Handover); this endpoint listens no more. */
  handedOver?(): void;
}

export interface EndpointOptions {
  readonly socketPath: string;
  /** Finds the secret a shell's proof was made with. */
  readonly secrets: { match(nonce: string, proof: unknown): string | undefined };
  readonly events: EndpointEvents;
  /** How long a new peer has to complete the hello (default 2 s). */
  readonly handshakeTimeoutMs?: number;
  /** The largest frame accepted from a shell (default MAX_FRAME_BYTES). */
  readonly maxFrameBytes?: number;
  /** How long a shell has to answer a job request (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** How long a busy socket path is waited for (an old host still closing) before giving up (default 3 s). */
  readonly busyTimeoutMs?: number;
  /**
   * This window's terminals: with them a host still listening on the path (the window's previous
   * page's, kept by code-server) is asked to hand the socket over.
   */
  readonly window?: WindowTerminals;
  readonly log?: (message: string) => void;
}

export type EndpointErrorCode = 'NoShell' | 'ShellGone' | 'ShellTimeout' | 'ShellFailed' | 'SocketInUse';

export class EndpointError extends Error {
  constructor(
    readonly code: EndpointErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_HANDSHAKE_TIMEOUT_MS = 2000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_BUSY_TIMEOUT_MS = 3000;
/** Time for a refusal to reach the shell before its socket is cut. */
const REFUSAL_LINGER_MS = 200;
/**
 * How long a shell told goodbye has to close the link itself before it is cut. Long: a cut that
 * comes before a stalled shell has read the goodbye loses it (the close is seen first), and the
 * shell would then keep knocking; the linger only ever ends a shell that ignores the goodbye.
 */
const GOODBYE_LINGER_MS = 30_000;

export class Endpoint {
  private readonly peers = new Map<number, Peer>();
  private readonly pending = new Set<Peer>();
  /** The paths listened on, each with its server: this host's own, and any its window's terminals name. */
  private readonly servers = new Map<string, Server>();
  /** Paths a newer host of the window took over. */
  private readonly handedOver = new Set<string>();

  private constructor(private readonly options: EndpointOptions) {}

  /** Listens on `options.socketPath`, taking over a socket file a dead host left behind. */
  static async listen(options: EndpointOptions): Promise<Endpoint> {
    const endpoint = new Endpoint(options);
    await endpoint.listenAlso(options.socketPath, options.window);
    return endpoint;
  }

  /**
   * Listens on another path too: one a terminal of this window names, whose shell would otherwise
   * retry there forever (a dead host's socket, or one a host kept by code-server still holds, asked
   * with `window` to hand it over). SocketInUse when another host keeps it.
   */
  async listenAlso(socketPath: string, window: WindowTerminals | undefined): Promise<void> {
    if (this.servers.has(socketPath)) return;
    const server = createServer();
    const busyTimeoutMs = this.options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    let asked = window === undefined || window.pids.length === 0 || window.secrets.length === 0;
    await listenTakingOverStale(server, socketPath, busyTimeoutMs, async () => {
      // Asked once: a host that refuses now is another window's, or one that is closing anyway.
      if (asked) return false;
      asked = true;
      const answer = await askHandover(socketPath, window ?? { secrets: [], pids: [] }, busyTimeoutMs);
      this.log(answer.ok ? `the host listening on ${socketPath} handed it over` : `the host listening on ${socketPath} kept it: ${answer.reason}`);
      return answer.ok;
    });
    server.on('connection', (socket) => this.accept(socket, socketPath));
    server.on('error', (error) => this.log(`the server on ${socketPath} failed: ${error.message}`));
    this.servers.set(socketPath, server);
  }

  /** The paths listened on now. */
  get socketPaths(): readonly string[] {
    return [...this.servers.keys()];
  }

  /** Whether a newer host took `socketPath` over from this one. */
  wasHandedOver(socketPath: string): boolean {
    return this.handedOver.has(socketPath);
  }

  /** The pids of the authenticated shells. */
  shells(): number[] {
    return [...this.peers.keys()];
  }

  foreground(pid: number, jobId: number): Promise<ControlResult> {
    return this.request(pid, (connection) => connection.sendRequest(Foreground, { id: jobId }));
  }

  background(pid: number, jobId: number): Promise<ControlResult> {
    return this.request(pid, (connection) => connection.sendRequest(Background, { id: jobId }));
  }

  signal(pid: number, jobId: number, signal: JobSignal): Promise<ControlResult> {
    return this.request(pid, (connection) => connection.sendRequest(SignalJob, { id: jobId, signal }));
  }

  /** Ends a shell's link for good (its terminal closed): it is told not to reconnect. */
  drop(pid: number, reason: string): void {
    this.peers.get(pid)?.farewell(reason);
  }

  /** Stops listening (removing the socket files) and cuts every link; the directories stay. */
  async close(): Promise<void> {
    const closed = Promise.all([...this.servers.keys()].map((path) => this.stopListening(path)));
    for (const peer of [...this.pending, ...this.peers.values()]) peer.end('the extension is closing');
    await closed;
  }

  private stopListening(socketPath: string): Promise<void> {
    const server = this.servers.get(socketPath);
    if (server === undefined) return Promise.resolve();
    this.servers.delete(socketPath);
    // Closing a listening Unix socket removes its file at once, before the callback.
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * A newer host asks for the socket the request came through: given when it proves the secret of
   * a shell linked through it. The file is gone when the answer leaves, so the newer host can
   * listen at once; those shells, cut without a goodbye, reconnect to it.
   */
  private handover(asking: Peer, nonce: string, proofs: readonly unknown[], pids: readonly unknown[]): ControlResult {
    const through = [...this.pending, ...this.peers.values()].filter((peer) => peer !== asking && peer.via === asking.via);
    const proven = through.some(
      (peer) => peer.authenticated && pids.includes(peer.identity.pid) && proofs.some((proof) => proofMatches(hostProof(peer.identity.secret, nonce), proof)),
    );
    if (!proven) return { ok: false, reason: 'the asking host shows the terminal of no shell linked here, or lacks its secret' };
    void this.stopListening(asking.via);
    this.handedOver.add(asking.via);
    for (const peer of through) peer.end('handed over to a newer extension host of this window');
    this.log(`handed ${asking.via} and its shells over to a newer extension host of this window`);
    this.options.events.handedOver?.();
    return { ok: true };
  }

  private accept(socket: Socket, via: string): void {
    const peer = new Peer(socket, via, this.options, {
      ready: (ready) => this.onReady(ready),
      handover: (asking, nonce, proofs, pids) => this.handover(asking, nonce, proofs, pids),
      jobs: (ready, params) => this.options.events.jobs(ready.identity, params),
      ended: (ended, reason) => this.onEnded(ended, reason),
    });
    this.pending.add(peer);
  }

  private onReady(peer: Peer): void {
    this.pending.delete(peer);
    const identity = peer.identity;
    const previous = this.peers.get(identity.pid);
    this.peers.set(identity.pid, peer);
    // A shell that reconnects before its old link was seen to close: the new link replaces it.
    if (previous !== undefined) previous.end('replaced by a newer connection from the same shell');
    else this.options.events.connected(identity);
  }

  private onEnded(peer: Peer, reason: string): void {
    this.pending.delete(peer);
    if (peer.authenticated) this.log(`shell ${peer.identity.pid}: ${reason}`);
    else this.log(`a peer: ${reason}`);
    if (!peer.authenticated || this.peers.get(peer.identity.pid) !== peer) return;
    this.peers.delete(peer.identity.pid);
    this.options.events.disconnected(peer.identity);
  }

  private async request(pid: number, send: (connection: MessageConnection) => Promise<unknown>): Promise<ControlResult> {
    const peer = this.peers.get(pid);
    if (peer === undefined) throw new EndpointError('NoShell', `no Quirl shell with pid ${pid} is connected`);
    const timeoutMs = this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EndpointError('ShellTimeout', `the shell (pid ${pid}) did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      const answer = await Promise.race([peer.request(send), timeout]);
      if (isControlResult(answer)) return answer;
      throw new EndpointError('ShellFailed', `the shell (pid ${pid}) sent an answer that is not a result`);
    } finally {
      clearTimeout(timer);
    }
  }

  private log(message: string): void {
    this.options.log?.(message);
  }
}

interface PeerEvents {
  ready(peer: Peer): void;
  handover(peer: Peer, nonce: string, proofs: readonly unknown[], pids: readonly unknown[]): ControlResult;
  jobs(peer: Peer, params: JobsParams): void;
  ended(peer: Peer, reason: string): void;
}

/**
 * handshaking until the hello (or a handover request); refused while a refusal (or a handover's
 * answer) goes out; leaving while a goodbye goes out; ended for good.
 */
type PeerState = 'handshaking' | 'ready' | 'refused' | 'leaving' | 'ended';

/** One accepted socket: its frame guard, JSON-RPC connection, handshake deadline and state. */
class Peer {
  private state: PeerState = 'handshaking';
  /** Why this side ends the link (a refusal, a goodbye): the reason reported however it then ends. */
  private refusal: string | undefined;
  /** Who the peer proved to be; kept after the end so the end can be reported. */
  private shell: ShellPeer | undefined;
  private readonly guard: FrameGuard;
  private readonly input = new PassThrough();
  private readonly connection: MessageConnection;
  private timer: NodeJS.Timeout;
  /** Rejecters of the requests awaiting an answer; all fail when the link ends. */
  private readonly inflight = new Set<(error: Error) => void>();

  constructor(
    private readonly socket: Socket,
    /** The socket path the shell connected to. */
    readonly via: string,
    private readonly options: EndpointOptions,
    private readonly events: PeerEvents,
  ) {
    this.guard = new FrameGuard(options.maxFrameBytes ?? MAX_FRAME_BYTES);
    socket.on('error', (error) => this.end(`the link failed: ${error.message}`));
    socket.on('close', () => this.end('the shell closed the link'));
    socket.on('data', (chunk: Buffer) => {
      if (this.guard.accept(chunk)) this.input.write(chunk);
      else this.end(`dropped: it sent ${this.guard.failure}`);
    });
    const connection = createMessageConnection(linkMessageReader(this.input), new SocketMessageWriter(socket));
    this.connection = connection;
    connection.onError(([error]: [Error, ...unknown[]]) => this.end(`dropped: it sent a malformed message (${error.message})`));
    connection.onRequest(Hello, (params: unknown) => this.hello(params));
    connection.onRequest(Handover, (params: unknown) => this.handover(params));
    connection.onNotification(JobsChanged, (params: unknown) => this.table(params));
    connection.listen();
    const timeout = options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS;
    this.timer = setTimeout(() => this.end(`dropped: no handshake within ${timeout} ms`), timeout);
  }

  get authenticated(): boolean {
    return this.shell !== undefined;
  }

  /** The shell's identity; only asked of an authenticated peer. */
  get identity(): ShellPeer {
    if (this.shell === undefined) throw new Error('the peer has not passed the handshake');
    return this.shell;
  }

  request(send: (connection: MessageConnection) => Promise<unknown>): Promise<unknown> {
    if (this.state === 'ended') return Promise.reject(this.gone());
    return new Promise((resolve, reject) => {
      this.inflight.add(reject);
      send(this.connection)
        .then(resolve, (error: unknown) => {
          reject(new EndpointError('ShellFailed', `the shell (pid ${this.identity.pid}) failed: ${error instanceof Error ? error.message : String(error)}`));
        })
        .finally(() => this.inflight.delete(reject));
    });
  }

  /** Tells the shell not to come back, then ends once it closed the link (or the linger passed). */
  farewell(reason: string): void {
    if (this.state !== 'ready') {
      this.end(reason);
      return;
    }
    this.state = 'leaving';
    this.connection.sendNotification(Goodbye, { reason }).catch(() => this.end(reason));
    this.timer = setTimeout(() => this.end(reason), GOODBYE_LINGER_MS);
    this.refusal = reason;
  }

  end(reason: string): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    clearTimeout(this.timer);
    for (const reject of this.inflight) reject(this.gone());
    this.connection.dispose();
    this.input.destroy();
    this.socket.destroy();
    this.events.ended(this, this.refusal ?? reason);
  }

  private gone(): EndpointError {
    return new EndpointError('ShellGone', `the shell (pid ${this.identity.pid}) closed the link`);
  }

  private hello(params: unknown): HelloResult | ResponseError<void> {
    if (this.state !== 'handshaking') return this.refuse('it sent a second hello');
    const hello = params as { protocolVersion?: unknown; pid?: unknown; nonce?: unknown; proof?: unknown } | null;
    if (hello?.protocolVersion !== PROTOCOL_VERSION) return this.refuse(`it speaks protocol ${String(hello?.protocolVersion)}, not ${PROTOCOL_VERSION}`);
    const { pid, nonce, proof } = hello;
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid < 1) return this.refuse('its hello has no valid pid');
    if (typeof nonce !== 'string' || nonce.length < 16 || nonce.length > 256) return this.refuse('its hello has no valid nonce');
    const secret = this.options.secrets.match(nonce, proof);
    if (secret === undefined) return this.refuse(`it (pid ${pid}) does not hold the secret of any Quirl terminal`);
    clearTimeout(this.timer);
    this.state = 'ready';
    this.shell = { pid, secret };
    this.events.ready(this);
    return { protocolVersion: PROTOCOL_VERSION, proof: extensionProof(secret, nonce) };
  }

  private handover(params: unknown): ControlResult | ResponseError<void> {
    if (this.state !== 'handshaking') return this.refuse('it asked for a handover after its handshake');
    const request = params as { protocolVersion?: unknown; nonce?: unknown; proofs?: unknown; pids?: unknown } | null;
    if (request?.protocolVersion !== PROTOCOL_VERSION) return this.refuse(`it speaks protocol ${String(request?.protocolVersion)}, not ${PROTOCOL_VERSION}`);
    const { nonce, proofs, pids } = request;
    if (typeof nonce !== 'string' || nonce.length < 16 || nonce.length > 256 || !Array.isArray(proofs) || proofs.length > 256 || !Array.isArray(pids) || pids.length > 1024) {
      return this.refuse('its handover request is malformed');
    }
    const answer = this.events.handover(this, nonce, proofs, pids);
    // Either way the asking host is done here: it listens now, or falls back to its own socket.
    this.state = 'refused';
    clearTimeout(this.timer);
    this.refusal = answer.ok ? 'a newer host took the socket over' : `dropped: handover refused (${answer.reason})`;
    setTimeout(() => this.end(this.refusal ?? 'handover answered'), REFUSAL_LINGER_MS);
    return answer;
  }

  private table(params: unknown): void {
    // A table may cross the goodbye on the way: the shell has not read it yet, and cutting the
    // link now could lose the goodbye (the shell sees the close first and keeps knocking).
    if (this.state !== 'ready' && this.state !== 'leaving') {
      this.end('dropped: it sent a job table before the handshake');
      return;
    }
    const table = parseJobsParams(params);
    if (table === undefined) this.end('dropped: it sent a job table that does not fit the protocol');
    else this.events.jobs(this, table);
  }

  /** Answers the hello with a refusal, then cuts the link once the answer had time to go out. */
  private refuse(reason: string): ResponseError<void> {
    this.state = 'refused';
    this.refusal = `dropped: ${reason}`;
    clearTimeout(this.timer);
    setTimeout(() => this.end(this.refusal ?? reason), REFUSAL_LINGER_MS);
    return new ResponseError(ErrorCode.HandshakeRefused, `handshake refused: ${reason}`);
  }
}

function isControlResult(value: unknown): value is ControlResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as { ok?: unknown; reason?: unknown };
  return result.ok === true || (result.ok === false && typeof result.reason === 'string');
}

/**
 * Listens on `socketPath`. A socket file nobody answers on is a dead host's: it is removed and
 * the path reused. One somebody answers on is another host: asked to hand it over (`handover`
 * says whether it did), else waited for (an old host still closing) until `busyTimeoutMs`, then
 * SocketInUse.
 */
async function listenTakingOverStale(server: Server, socketPath: string, busyTimeoutMs: number, handover: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    const error = await tryListen(server, socketPath);
    if (error === undefined) return;
    if (error.code !== 'EADDRINUSE') throw error;
    if (!(await socketAnswers(socketPath))) {
      if (lstatSync(socketPath, { throwIfNoEntry: false })?.isSocket()) unlinkSync(socketPath);
      continue;
    }
    if (await handover()) continue;
    if (Date.now() > deadline) throw new EndpointError('SocketInUse', `${socketPath} is in use by another listener`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One attempt; each listener is removed whichever way it ends, so that retries do not pile them up. */
function tryListen(server: Server, socketPath: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      resolve(error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve(undefined);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(socketPath);
  });
}
