/**
 * Asking the host that listens on the socket to hand it over (protocol.ts, Handover): a newer host
 * of the same window whose page came back after the browser went away, while code-server kept the
 * old host listening and linked to the shells this window's terminals run.
 */
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { SocketMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { linkMessageReader } from '../shell/ipc/reader';
import { Handover, PROTOCOL_VERSION, hostProof, type ControlResult } from '../shell/ipc/protocol';

/** What a host knows of its window's terminals: the secrets issued for them, and their process ids. */
export interface WindowTerminals {
  readonly secrets: readonly string[];
  readonly pids: readonly number[];
}

/** The listening host's answer; a lost link, an error or no answer in time is a refusal. */
export function askHandover(socketPath: string, window: WindowTerminals, timeoutMs: number): Promise<ControlResult> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    const connection = createMessageConnection(linkMessageReader(socket), new SocketMessageWriter(socket));
    let done = false;
    const finish = (result: ControlResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      connection.dispose();
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
    socket.on('error', (error) => finish({ ok: false, reason: error.message }));
    socket.on('close', () => finish({ ok: false, reason: 'the listening host closed the link' }));
    connection.onError(() => finish({ ok: false, reason: 'the listening host sent a malformed message' }));
    connection.listen();
    const nonce = randomBytes(32).toString('hex');
    connection.sendRequest(Handover, { protocolVersion: PROTOCOL_VERSION, nonce, proofs: window.secrets.map((secret) => hostProof(secret, nonce)), pids: window.pids }).then(
      (answer: unknown) => finish(isOk(answer) ? { ok: true } : { ok: false, reason: reasonOf(answer) }),
      (error: unknown) => finish({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
    );
  });
}

function isOk(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true;
}

function reasonOf(answer: unknown): string {
  const reason = typeof answer === 'object' && answer !== null ? (answer as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' ? reason : 'the listening host gave no reason';
}
