/**
 * A stand-in for the extension's endpoint: a real Unix-socket server speaking the protocol module,
 * plus a scriptable JobControlHost and a deadline-bound wait, for the IPC client tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResponseError, SocketMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import type { JobControlHost } from '../../shell/ipc/client';
import { linkMessageReader } from '../../shell/ipc/reader';
import {
  ErrorCode,
  Hello,
  JobsChanged,
  PROTOCOL_VERSION,
  extensionProof,
  proofMatches,
  shellProof,
  type ControlResult,
  type HelloParams,
  type HelloResult,
  type JobSignal,
  type JobSnapshot,
  type JobsParams,
} from '../../shell/ipc/protocol';

/** How the fake answers a hello. */
export type HelloBehaviour = 'answer' | 'silent' | 'wrong-proof' | 'wrong-version';

export interface FakeExtensionOptions {
  readonly socketPath: string;
  readonly secret: string;
  readonly hello?: HelloBehaviour;
  /** Takes over each accepted socket instead of speaking the protocol (for raw frames). */
  readonly raw?: (socket: Socket) => void;
}

export class FakeExtension {
  readonly hellos: HelloParams[] = [];
  readonly tables: { readonly at: number; readonly params: JobsParams }[] = [];
  readonly sockets = new Set<Socket>();
  /** The connection of the last shell that passed the handshake. */
  connection: MessageConnection | undefined;
  accepted = 0;
  closedByPeer = 0;

  private constructor(
    private readonly server: Server,
    private readonly options: FakeExtensionOptions,
  ) {}

  static async start(options: FakeExtensionOptions): Promise<FakeExtension> {
    const server = createServer();
    const fake = new FakeExtension(server, options);
    server.on('connection', (socket) => fake.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.socketPath, resolve);
    });
    return fake;
  }

  get lastTable(): JobsParams | undefined {
    return this.tables[this.tables.length - 1]?.params;
  }

  /** Stops listening and cuts every link, as a dying extension host would. */
  async close(): Promise<void> {
    this.connection?.dispose();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.accepted += 1;
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.closedByPeer += 1;
    });
    if (this.options.raw !== undefined) {
      // Read and discard the shell's bytes, or the socket never sees the shell hang up.
      socket.resume();
      this.options.raw(socket);
      return;
    }
    const connection = createMessageConnection(linkMessageReader(socket), new SocketMessageWriter(socket));
    connection.onRequest(Hello, (params: HelloParams) => this.answerHello(connection, params));
    connection.onNotification(JobsChanged, (params: JobsParams) => {
      this.tables.push({ at: performance.now(), params });
    });
    connection.onError(() => socket.destroy());
    socket.on('close', () => connection.dispose());
    connection.listen();
  }

  private answerHello(connection: MessageConnection, params: HelloParams): HelloResult | ResponseError<void> | Promise<HelloResult> {
    this.hellos.push(params);
    const { secret, hello = 'answer' } = this.options;
    if (hello === 'silent') return new Promise<HelloResult>(() => undefined);
    if (params.protocolVersion !== PROTOCOL_VERSION || !proofMatches(shellProof(secret, params.nonce), params.proof)) {
      return new ResponseError(ErrorCode.HandshakeRefused, 'the shell does not hold the secret');
    }
    if (hello === 'wrong-version') return { protocolVersion: PROTOCOL_VERSION + 1, proof: extensionProof(secret, params.nonce) };
    if (hello === 'wrong-proof') return { protocolVersion: PROTOCOL_VERSION, proof: extensionProof(`${secret}-not`, params.nonce) };
    this.connection = connection;
    return { protocolVersion: PROTOCOL_VERSION, proof: extensionProof(secret, params.nonce) };
  }
}

/** A host whose table and answers the test sets; records every call. */
export class FakeHost implements JobControlHost {
  jobs: JobSnapshot[] = [];
  readonly calls: string[] = [];
  answer: ControlResult = { ok: true };
  failWith: Error | undefined;
  private readonly listeners = new Set<() => void>();

  list(): readonly JobSnapshot[] {
    return this.jobs;
  }

  onJobsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Replaces the table and tells the client, as the loop does on a job change. */
  change(jobs: JobSnapshot[]): void {
    this.jobs = jobs;
    for (const listener of this.listeners) listener();
  }

  foreground(id: number): Promise<ControlResult> {
    return this.record(`fg ${id}`);
  }

  background(id: number): Promise<ControlResult> {
    return this.record(`bg ${id}`);
  }

  signal(id: number, signal: JobSignal): Promise<ControlResult> {
    return this.record(`signal ${id} ${signal}`);
  }

  private async record(call: string): Promise<ControlResult> {
    this.calls.push(call);
    if (this.failWith !== undefined) throw this.failWith;
    return this.answer;
  }
}

export function job(id: number, state: JobSnapshot['state'] = { kind: 'running' }): JobSnapshot {
  return {
    id,
    command: `sleep ${id}0`,
    commandTruncated: false,
    pgid: 1000 + id,
    state,
    processes: [{ pid: 1000 + id, command: `sleep ${id}0`, state: { kind: 'running' } }],
  };
}

/** A private directory (0700, as the extension makes it) with a socket path inside. */
export function socketDirectory(): { readonly directory: string; readonly socketPath: string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-ipc-'));
  return { directory, socketPath: join(directory, 'ext.sock'), remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** Resolves once `condition` holds; fails with `what` at the deadline (generous: the machine may be loaded). */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
