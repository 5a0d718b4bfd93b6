/**
 * The shell's side of a job's pipes: capture drains that read child output continuously while
 * retaining only a byte budget, and here-string writers that feed a stage's stdin. Both are
 * owned by the job: they live while it is stopped and are joined after it ends.
 */
import { Socket, type SocketConstructorOpts } from 'node:net';
import { native, type BlockingOperation } from '../../native';
import { closeQuietly } from './close';
import { encodeText } from '../bytes';

export interface CaptureResult {
  /** The retained bytes: the first `maxBytes` of the stream. */
  readonly data: Buffer;
  /** Every byte the stream carried, retained or not. */
  readonly totalBytes: number;
  readonly truncated: boolean;
}

/**
 * Each drain reads into one buffer of its own, reused for every read: a long stream costs no
 * allocation per chunk, so memory stays at the budget plus this buffer however much flows.
 */
const READ_BUFFER_BYTES = 64 * 1024;

/** net.Socket's constructor takes `onread` (as connect does), though @types/node lists it for connect only. */
interface OnReadOption {
  readonly onread: { readonly buffer: Uint8Array; readonly callback: (length: number, buffer: Uint8Array) => boolean };
}

/** Reads a pipe's read end to EOF, keeping the first `maxBytes` and discarding the rest. */
export class CaptureDrain {
  readonly done: Promise<CaptureResult>;
  private readonly socket: Socket;

  constructor(fd: number, maxBytes: number) {
    const chunks: Buffer[] = [];
    let retained = 0;
    let total = 0;
    // The socket owns the descriptor from here on and closes it when it ends or is destroyed.
    const options: SocketConstructorOpts & OnReadOption = {
      fd,
      readable: true,
      writable: false,
      onread: {
        buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
        callback: (length: number, buffer: Uint8Array) => {
          total += length;
          if (retained < maxBytes) {
            // A copy: the read buffer is overwritten by the next read.
            const kept = Buffer.from(buffer.subarray(0, Math.min(length, maxBytes - retained)));
            chunks.push(kept);
            retained += kept.length;
          }
          return true;
        },
      },
    };
    this.socket = new Socket(options);
    this.done = new Promise((resolve) => {
      // A read error (the peer vanished) ends the stream like EOF: what was read is the result.
      this.socket.on('error', () => undefined);
      this.socket.on('close', () =>
        resolve({ data: Buffer.concat(chunks, retained), totalBytes: total, truncated: total > retained }),
      );
    });
    // With onread there are no 'data' listeners to start the flow: resume does.
    this.socket.resume();
  }

  /** Stops reading and closes the descriptor; `done` resolves with what was read so far. */
  cancel(): void {
    this.socket.destroy();
  }
}

/**
 * Writes a here-string into a pipe's write end, then closes it, on a thread of the addon's own
 * (as every in-shell write to a pipe goes): a large here-string never blocks the shell, and the
 * pipe keeps its flags. A reader that exits early (EPIPE) just ends the writer.
 */
export class HereStringWriter {
  readonly done: Promise<void>;
  private readonly operation: BlockingOperation<void>;

  constructor(fd: number, text: string) {
    this.operation = native.writeAll(fd, encodeText(text));
    // Closed only once the thread is done with it: the number could be reused meanwhile.
    this.done = this.operation.done.then(
      () => closeQuietly(fd),
      () => closeQuietly(fd),
    );
  }

  /** Abandons the rest of the text; the descriptor is closed as the thread stops. */
  cancel(): void {
    this.operation.cancel();
  }
}
