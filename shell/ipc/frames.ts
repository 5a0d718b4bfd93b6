/**
 * A byte-level check of the peer's framing (`Content-Length: N\r\n\r\n` then N bytes) that runs
 * before vscode-jsonrpc sees the bytes. The library buffers whatever a header announces and
 * headers without end, so a frame too large to accept must be refused here, before it is held.
 */
import { MAX_FRAME_BYTES, MAX_HEADER_BYTES } from './protocol';

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

export class FrameGuard {
  /** Header bytes seen so far of the frame being read (bounded by MAX_HEADER_BYTES). */
  private header: Buffer = Buffer.alloc(0);
  /** Body bytes still to come of the current frame. */
  private remaining = 0;
  /** Why the stream was refused, once it has been. */
  failure: string | undefined;

  constructor(private readonly maxFrameBytes: number = MAX_FRAME_BYTES) {}

  /** Follows the frames in `chunk`; false (with `failure` set) once the stream breaks the rules. */
  accept(chunk: Buffer): boolean {
    if (this.failure !== undefined) return false;
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining > 0) {
        const taken = Math.min(this.remaining, chunk.length - offset);
        this.remaining -= taken;
        offset += taken;
        continue;
      }
      // Only as much of the chunk as a header could span is copied, so a burst stays linear.
      const window = chunk.subarray(offset, offset + MAX_HEADER_BYTES + HEADER_END.length - this.header.length);
      const seen = Buffer.concat([this.header, window]);
      const end = seen.indexOf(HEADER_END);
      if (end < 0) {
        if (seen.length > MAX_HEADER_BYTES) return this.fail(`a frame header longer than ${MAX_HEADER_BYTES} bytes`);
        this.header = seen;
        return true;
      }
      const length = contentLength(seen.subarray(0, end).toString('latin1'));
      if (length === undefined) return this.fail('a frame without a valid Content-Length');
      if (length > this.maxFrameBytes) return this.fail(`a frame of ${length} bytes (at most ${this.maxFrameBytes} are accepted)`);
      offset += end + HEADER_END.length - this.header.length;
      this.header = Buffer.alloc(0);
      this.remaining = length;
    }
    return true;
  }

  private fail(reason: string): false {
    this.failure = reason;
    return false;
  }
}

function contentLength(header: string): number | undefined {
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    return /^\d{1,10}$/.test(value) ? Number(value) : undefined;
  }
  return undefined;
}
