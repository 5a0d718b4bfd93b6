/**
 * The protocol between a Quirl shell and the VS Code extension: every message both sides may
 * send, the handshake proofs, and the limits. Both sides import this module, so it must never
 * import `vscode`. The extension listens on a Unix socket in a directory only the user can open
 * and passes its path and a per-terminal secret in the environment; the shell connects, proves
 * it holds the secret, checks the extension's proof in return, then publishes its job table.
 */
import type * as Crypto from 'node:crypto';
import { NotificationType, RequestType } from 'vscode-jsonrpc/node';

/**
 * node:crypto, loaded at the handshake: not evaluated into the shell's start-up snapshot for the
 * starts that have no link (shell/lazy-builtins.ts says why; this layer imports nothing of the shell).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- require() of a built-in is what defers it
const nodeCrypto = (): typeof Crypto => require('node:crypto') as typeof Crypto;

/** Bumped on any incompatible change; both sides refuse a peer whose version differs. */
export const PROTOCOL_VERSION = 1;

/** The environment variables that carry the socket path and the secret. */
export { IPC_ENVIRONMENT_VARIABLES, IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE } from './address';

/** The largest frame body either side accepts; a larger one drops the peer. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** A frame's headers are a line or two; more than this without a blank line is not a frame. */
export const MAX_HEADER_BYTES = 8 * 1024;

/** A process's state as the jobs view shows it; signals by name ('TSTP'), not by number. */
export type ProcessStateSnapshot =
  | { readonly kind: 'running' }
  | { readonly kind: 'stopped'; readonly signal: string }
  | { readonly kind: 'exited'; readonly code: number }
  | { readonly kind: 'signaled'; readonly signal: string; readonly coreDumped: boolean };

export type JobStateSnapshot =
  | { readonly kind: 'running' }
  | { readonly kind: 'stopped'; readonly signal: string }
  /** `status` is the job's $? (128+N for a signal); `signal` names the one that ended it. */
  | { readonly kind: 'done'; readonly status: number; readonly signal?: string };

export interface ProcessSnapshot {
  /** null for a stage that runs inside the shell. */
  readonly pid: number | null;
  readonly command: string;
  readonly state: ProcessStateSnapshot;
}

/** One job, as plain JSON. */
export interface JobSnapshot {
  /** The job number (%N). */
  readonly id: number;
  /** The command line as typed, cut to MAX_COMMAND_LENGTH (with `commandTruncated` set). */
  readonly command: string;
  readonly commandTruncated: boolean;
  /** null for a job run wholly inside the shell. */
  readonly pgid: number | null;
  readonly state: JobStateSnapshot;
  readonly processes: readonly ProcessSnapshot[];
}

/** Command text is cut so the whole table stays far below MAX_FRAME_BYTES. */
export const MAX_COMMAND_LENGTH = 256;

/** The signals the extension may send, by intent rather than by platform number. */
export type JobSignal = 'interrupt' | 'terminate' | 'kill';
export const JOB_SIGNALS: readonly JobSignal[] = ['interrupt', 'terminate', 'kill'];

/** A job-control request's outcome; a refusal is an answer, not a protocol error. */
export type ControlResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface HelloParams {
  readonly protocolVersion: number;
  readonly pid: number;
  /** Fresh per connection, so a proof cannot be replayed to the shell. */
  readonly nonce: string;
  /** shellProof(secret, nonce). */
  readonly proof: string;
}

export interface HelloResult {
  readonly protocolVersion: number;
  /** extensionProof(secret, nonce). */
  readonly proof: string;
}

export interface JobsParams {
  /** Increases with every table the shell sends in its lifetime; an older one can be ignored. */
  readonly revision: number;
  readonly jobs: readonly JobSnapshot[];
}

export interface JobParams {
  readonly id: number;
}

export interface SignalParams {
  readonly id: number;
  readonly signal: JobSignal;
}

/**
 * Shell → extension, first and once per connection. The extension answers with its own proof, or
 * with an error (HANDSHAKE_REFUSED) and closes. Nothing else is accepted before it succeeds.
 */
export const Hello = new RequestType<HelloParams, HelloResult, void>('quirl/hello');

/**
 * Shell → extension: the whole job table, after the handshake and after every change (changes
 * within one turn of the event loop are sent as one table). It replaces whatever the extension
 * held, so a reconnect makes the view whole with one message; a job absent from it was removed.
 */
export const JobsChanged = new NotificationType<JobsParams>('quirl/jobsChanged');

/**
 * Extension → shell: `fg %id`. Only at the prompt: the line being edited is kept and drawn again
 * once the job stops or ends. Answers once the job holds the terminal (not when it ends); refused
 * while a command or another job holds the foreground, on a continuation line, or when the job is
 * unknown or finished. For the job already in the foreground it answers ok.
 */
export const Foreground = new RequestType<JobParams, ControlResult, void>('quirl/foreground');

/** Extension → shell: `bg %id`; ok for a job already running in the background; refused when the job is unknown, done, or in the foreground. */
export const Background = new RequestType<JobParams, ControlResult, void>('quirl/background');

/**
 * Extension → shell: a signal to the whole job (SIGINT, SIGTERM or SIGKILL); a stopped job is then
 * continued so that it acts on it, as `kill %N` does. Refused when the job is unknown or done.
 */
export const SignalJob = new RequestType<SignalParams, ControlResult, void>('quirl/signal');

export interface GoodbyeParams {
  /** Why, for the shell's log. */
  readonly reason: string;
}

/**
 * Extension → shell, just before the extension cuts the link for good (the shell's terminal
 * closed): the shell does not reconnect. A link that ends without it (the extension host stopping
 * or restarting, a handover) is retried.
 */
export const Goodbye = new NotificationType<GoodbyeParams>('quirl/goodbye');

export interface HandoverParams {
  readonly protocolVersion: number;
  /** Fresh per request, so a proof cannot be replayed. */
  readonly nonce: string;
  /** hostProof(secret, nonce) for each terminal secret the asking host knows of its window. */
  readonly proofs: readonly string[];
  /** The process ids of the terminals the asking host's window shows. */
  readonly pids: readonly number[];
}

/**
 * A newer extension host → the host listening on the socket, first and instead of a hello: hand
 * the socket over. The browser side of the window went away and came back to a new page, which
 * got a new host while code-server kept the old one, listening and linked to the shells of the
 * terminals the new page now shows. The asking host proves it holds the secret of a shell the
 * listening host has linked, and shows that shell's terminal (by its pid); the listening host then stops listening, answers ok and cuts every
 * link, and the shells reconnect to the same path, where the newer host listens. Refused (ok false)
 * when no proof matches.
 */
export const Handover = new RequestType<HandoverParams, ControlResult, void>('quirl/handover');

/** JSON-RPC error codes this protocol uses (in the server-defined range). */
export const ErrorCode = {
  HandshakeRefused: -32001,
  NotReady: -32002,
} as const;

/** What the shell sends to show it holds the secret. */
export function shellProof(secret: string, nonce: string): string {
  return proof(secret, 'quirl-shell', nonce);
}

/** What the extension answers to show it holds the secret too. */
export function extensionProof(secret: string, nonce: string): string {
  return proof(secret, 'quirl-extension', nonce);
}

/** Compares proofs in constant time; anything not a proof of the right length fails. */
export function proofMatches(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b);
}

/** What a newer extension host sends to show it holds a terminal's secret too. */
export function hostProof(secret: string, nonce: string): string {
  return proof(secret, 'quirl-host', nonce);
}

// Distinct labels per side, so one side's proof is never a valid answer from the other.
function proof(secret: string, label: string, nonce: string): string {
  return nodeCrypto().createHmac('sha256', secret).update(`${label}\0${nonce}`).digest('hex');
}
