/**
 * The shell's side of a job's pipes: capture drains that read child output continuously while
 * retaining only a byte budget, and here-string writers that feed a stage's stdin. Both are
 * owned by the job: they live while it is stopped and are joined after it ends.
 */
import { Socket } from 'node:net';
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

/** Reads a pipe's read end to EOF, keeping the first `maxBytes` and discarding the rest. */
export class CaptureDrain {
  readonly done: Promise<CaptureResult>;
  private readonly socket: Socket;

  constructor(fd: number, maxBytes: number) {
    // The socket owns the descriptor from here on and closes it when it ends or is destroyed.
    this.socket = new Socket({ fd, readable: true, writable: false });
    const chunks: Buffer[] = [];
    let retained = 0;
    let total = 0;
    this.done = new Promise((resolve) => {
      this.socket.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (retained < maxBytes) {
          const kept = chunk.length <= maxBytes - retained ? chunk : chunk.subarray(0, maxBytes - retained);
          chunks.push(kept);
          retained += kept.length;
        }
      });
      // A read error (the peer vanished) ends the stream like EOF: what was read is the result.
      this.socket.on('error', () => undefined);
      this.socket.on('close', () =>
        resolve({ data: Buffer.concat(chunks, retained), totalBytes: total, truncated: total > retained }),
      );
    });
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
