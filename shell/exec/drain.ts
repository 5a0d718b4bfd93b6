/**
 * The shell's side of a job's pipes: capture drains that read child output continuously while
 * retaining only a byte budget, and here-string writers that feed a stage's stdin. Both are
 * owned by the job: they live while it is stopped and are joined after it ends.
 */
import { Socket, type SocketConstructorOpts } from 'node:net';
import { writeSync } from 'node:fs';
import { native } from '../../native';
import { isSystemError } from '../errors';
import { closeQuietly } from './close';

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
 * Writes a here-string into a pipe's write end, then closes it. What fits in the pipe is written
 * at once; a longer text is finished asynchronously, so a large here-string never blocks the
 * shell. A reader that exits early (EPIPE) just ends the writer.
 */
export class HereStringWriter {
  readonly done: Promise<void>;
  private socket: Socket | undefined;
  private fd: number | undefined;

  constructor(fd: number, text: string) {
    this.fd = fd;
    const data = Buffer.from(text, 'utf8');
    native.setBlocking(fd, false);
    const written = writeWhatFits(fd, data);
    if (written === data.length || written < 0) {
      this.close();
      this.done = Promise.resolve();
      return;
    }
    const socket = new Socket({ fd, readable: false, writable: true });
    this.fd = undefined;
    this.socket = socket;
    this.done = new Promise((resolve) => {
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
      socket.end(data.subarray(written));
    });
  }

  /** Abandons the rest of the text and closes the descriptor. */
  cancel(): void {
    this.socket?.destroy();
    this.close();
  }

  private close(): void {
    if (this.fd !== undefined) closeQuietly(this.fd);
    this.fd = undefined;
  }
}

/** Writes without blocking; returns the bytes written, or -1 when the reader is gone. */
function writeWhatFits(fd: number, data: Buffer): number {
  let offset = 0;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset);
    } catch (error) {
      if (isSystemError(error) && error.code === 'EAGAIN') return offset;
      return -1;
    }
  }
  return offset;
}
