/**
 * The shell's end of the extension link. It connects to the extension's Unix socket, proves it
 * holds the terminal's secret and checks the extension's proof, then publishes the job table on
 * connect and after every change, and answers fg, bg and signal requests through the host (the
 * interactive loop). A peer that fails the handshake, stays silent, or sends a malformed or
 * oversized frame is dropped; a lost link is retried with backoff while the socket's directory
 * exists, unless the extension said goodbye first (the terminal closed). Nothing here throws into the shell: every failure ends one connection, and is logged.
 */
import { createConnection, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  ErrorCodes,
  ResponseError,
  SocketMessageWriter,
  createMessageConnection,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { FrameGuard } from './frames';
import { nodeCrypto } from '../lazy-builtins';
import { linkMessageReader } from './reader';
import { socketDirectoryProblem } from './socket-directory';
import {
  Background,
  ErrorCode,
  Foreground,
  Goodbye,
  Hello,
  JOB_SIGNALS,
  JobsChanged,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  SignalJob,
  extensionProof,
  proofMatches,
  shellProof,
  type ControlResult,
  type GoodbyeParams,
  type HelloResult,
  type JobParams,
  type JobSignal,
  type JobSnapshot,
  type SignalParams,
} from './protocol';

/** What the client asks of the shell; the interactive loop implements it. */
export interface JobControlHost {
  /** The job table now (snapshotJobs of the retained jobs). */
  list(): readonly JobSnapshot[];
  /** Called after any job is added, changes state, or is removed; returns an unsubscribe. */
  onJobsChanged(listener: () => void): () => void;
  /** As `fg %id` typed at the prompt; resolves once the job holds the terminal, or refuses. */
  foreground(id: number): Promise<ControlResult>;
  /** As `bg %id`. */
  background(id: number): Promise<ControlResult>;
  signal(id: number, signal: JobSignal): Promise<ControlResult>;
}

export interface IpcClientOptions {
  readonly socketPath: string;
  readonly secret: string;
  readonly host: JobControlHost;
  /** How long the extension has to answer the hello (default 2 s). */
  readonly handshakeTimeoutMs?: number;
  /** The largest frame accepted from the extension (default MAX_FRAME_BYTES). */
  readonly maxFrameBytes?: number;
  /** Reconnect delays: the first, doubled per failure up to the cap (default 50 ms to 1 s). */
  readonly retryDelayMs?: { readonly initial: number; readonly max: number };
  /** Where diagnostics go (a dropped peer, a lost link); the shell decides whether to show them. */
  readonly log?: (message: string) => void;
}

/**
 * connecting: a connection or handshake is under way; connected: the handshake succeeded;
 * waiting: a retry is scheduled; stopped: disposed, or the socket's directory is gone or unsafe.
 */
export type IpcStatus = 'connecting' | 'connected' | 'waiting' | 'stopped';

const DEFAULT_HANDSHAKE_TIMEOUT_MS = 2000;
// A 1 s cap keeps a restarted extension whole within 2 s: one wait plus a local handshake.
const DEFAULT_RETRY = { initial: 50, max: 1000 } as const;

export class IpcClient {
  private currentStatus: IpcStatus = 'stopped';
  private readonly statusListeners = new Set<(status: IpcStatus) => void>();
  private session: Session | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private unsubscribe: (() => void) | undefined;
  private tablePending = false;
  private revision = 0;
  private started = false;

  constructor(private readonly options: IpcClientOptions) {
    this.retryDelay = this.retry.initial;
  }

  get status(): IpcStatus {
    return this.currentStatus;
  }

  /** Reports each status change (for diagnostics and tests). */
  onStatus(listener: (status: IpcStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.options.host.onJobsChanged(() => this.scheduleTable());
    this.connect();
  }

  /** Ends the link for good; the extension sees the socket close. */
  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const session = this.session;
    this.session = undefined;
    session?.end('the shell closed the link');
    this.setStatus('stopped');
  }

  private get retry(): { readonly initial: number; readonly max: number } {
    return this.options.retryDelayMs ?? DEFAULT_RETRY;
  }

  private connect(): void {
    this.retryTimer = undefined;
    const unusable = socketDirectoryProblem(dirname(this.options.socketPath));
    if (unusable !== undefined) {
      this.log(`not connecting: ${unusable}`);
      this.dispose();
      return;
    }
    this.setStatus('connecting');
    this.session = new Session(this.options, {
      ready: () => this.onReady(),
      ended: (session, reason) => this.onEnded(session, reason),
      farewell: (session, reason) => this.onFarewell(session, reason),
    });
  }

  private onReady(): void {
    this.retryDelay = this.retry.initial;
    this.setStatus('connected');
    this.sendTable();
  }

  /** The extension ends the link for good (the terminal closed): no retry, nothing left to refuse. */
  private onFarewell(session: Session, reason: string): void {
    if (this.session !== session) return;
    this.log(`the extension ended the link: ${reason}`);
    this.dispose();
  }

  private onEnded(session: Session, reason: string): void {
    if (this.session !== session) return;
    this.session = undefined;
    this.log(reason);
    this.setStatus('waiting');
    this.retryTimer = setTimeout(() => this.connect(), this.retryDelay);
    // A pending retry must not keep an exiting shell alive.
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, this.retry.max);
  }

  /** Changes within one turn of the event loop go out as one table, well inside 50 ms. */
  private scheduleTable(): void {
    if (this.tablePending) return;
    this.tablePending = true;
    setImmediate(() => {
      this.tablePending = false;
      this.sendTable();
    });
  }

  private sendTable(): void {
    const session = this.session;
    if (session === undefined || !session.ready) return;
    let jobs: readonly JobSnapshot[];
    try {
      jobs = this.options.host.list();
    } catch (error) {
      this.log(`could not read the job table: ${messageOf(error)}`);
      return;
    }
    this.revision += 1;
    session.send({ revision: this.revision, jobs });
  }

  private setStatus(status: IpcStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private log(message: string): void {
    this.options.log?.(`quirl: ipc: ${message}`);
  }
}

interface SessionEvents {
  ready(): void;
  ended(session: Session, reason: string): void;
  farewell(session: Session, reason: string): void;
}

/** One connection: its socket, framing check, JSON-RPC connection and handshake. */
class Session {
  ready = false;
  private finished = false;
  private readonly socket: Socket;
  private readonly guard: FrameGuard;
  private readonly input = new PassThrough();
  private connection: MessageConnection | undefined;
  private handshakeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: IpcClientOptions,
    private readonly events: SessionEvents,
  ) {
    this.guard = new FrameGuard(options.maxFrameBytes ?? MAX_FRAME_BYTES);
    this.socket = createConnection(options.socketPath);
    // The link never keeps the shell alive; the terminal does.
    this.socket.unref();
    this.socket.on('error', (error) => this.end(`the link failed: ${error.message}`));
    this.socket.on('close', () => this.end('the extension closed the link'));
    this.socket.on('data', (chunk: Buffer) => {
      if (this.guard.accept(chunk)) this.input.write(chunk);
      else this.end(`dropped the extension: it sent ${this.guard.failure}`);
    });
    this.socket.on('connect', () => this.open());
    const timeout = options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS;
    // Counted from the connect call, so a peer that accepts but never answers is dropped too.
    this.handshakeTimer = setTimeout(() => this.end(`dropped the extension: no handshake within ${timeout} ms`), timeout);
    this.handshakeTimer.unref();
  }

  send(params: { revision: number; jobs: readonly JobSnapshot[] }): void {
    this.connection?.sendNotification(JobsChanged, params).catch((error: unknown) => this.end(`could not send the job table: ${messageOf(error)}`));
  }

  end(reason: string): void {
    if (this.finished) return;
    this.finished = true;
    this.ready = false;
    if (this.handshakeTimer !== undefined) clearTimeout(this.handshakeTimer);
    this.connection?.dispose();
    this.input.destroy();
    this.socket.destroy();
    this.events.ended(this, reason);
  }

  private open(): void {
    const connection = createMessageConnection(linkMessageReader(this.input), new SocketMessageWriter(this.socket));
    this.connection = connection;
    connection.onError(([error]: [Error, ...unknown[]]) => this.end(`dropped the extension: it sent a malformed message (${error.message})`));
    connection.onClose(() => this.end('the extension closed the link'));
    connection.onNotification(Goodbye, (params: GoodbyeParams) => {
      if (this.ready) this.events.farewell(this, typeof params?.reason === 'string' ? params.reason : 'no reason given');
    });
    const { host } = this.options;
    connection.onRequest(Foreground, (params: JobParams) => this.control(params, (id) => host.foreground(id)));
    connection.onRequest(Background, (params: JobParams) => this.control(params, (id) => host.background(id)));
    connection.onRequest(SignalJob, (params: SignalParams) =>
      this.control(params, async (id) => {
        const signal = (params as { signal?: unknown } | null)?.signal;
        if (!JOB_SIGNALS.includes(signal as JobSignal)) return invalidParams(`signal must be one of ${JOB_SIGNALS.join(', ')}`);
        return host.signal(id, signal as JobSignal);
      }),
    );
    connection.listen();
    void this.handshake(connection);
  }

  private async handshake(connection: MessageConnection): Promise<void> {
    const nonce = nodeCrypto().randomBytes(32).toString('hex');
    const { secret } = this.options;
    let result: HelloResult;
    try {
      result = await connection.sendRequest(Hello, { protocolVersion: PROTOCOL_VERSION, pid: process.pid, nonce, proof: shellProof(secret, nonce) });
    } catch (error) {
      this.end(`dropped the extension: it refused the handshake (${messageOf(error)})`);
      return;
    }
    if (this.finished) return;
    if (result?.protocolVersion !== PROTOCOL_VERSION) {
      this.end(`dropped the extension: it speaks protocol ${String(result?.protocolVersion)}, not ${PROTOCOL_VERSION}`);
      return;
    }
    if (!proofMatches(extensionProof(secret, nonce), result.proof)) {
      this.end('dropped the extension: it does not hold this terminal’s secret');
      return;
    }
    clearTimeout(this.handshakeTimer);
    this.handshakeTimer = undefined;
    this.ready = true;
    this.events.ready();
  }

  /** Runs an authenticated, well-formed job request through the host; a host failure is an error reply. */
  private async control(params: unknown, run: (id: number) => Promise<ControlResult | ResponseError<void>>): Promise<ControlResult | ResponseError<void>> {
    if (!this.ready) return new ResponseError(ErrorCode.NotReady, 'the handshake has not completed');
    const id = (params as { id?: unknown } | null)?.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return invalidParams('id must be a job number');
    try {
      return await run(id);
    } catch (error) {
      return new ResponseError(ErrorCodes.InternalError, `the shell failed: ${messageOf(error)}`);
    }
  }
}

function invalidParams(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}


function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
