/**
 * Where a `$(...)` run inside the shell sends its stdout. While only builtins and functions write
 * there, their bytes are kept in memory: no pipe, no drain, no thread per write. The first thing
 * that needs a real descriptor (a program started, `[ -t 1 ]`, `/dev/stdout` named) opens the pipe,
 * and its drain takes everything written from then on, after what memory already holds.
 */
import { native } from '../../native';
import { closeQuietly } from './close';
import { CaptureDrain, type CaptureResult } from './drain';

export class CaptureSink {
  private readonly chunks: Buffer[] = [];
  private retained = 0;
  private total = 0;
  private pipe: { readonly write: number; readonly drain: CaptureDrain } | undefined;

  /** Keeps the first `maxBytes` written, counting the rest, as CaptureDrain does. */
  constructor(private readonly maxBytes: number) {}

  /** The pipe's write end, if something needed a descriptor: writes go there from then on. */
  get descriptor(): number | undefined {
    return this.pipe?.write;
  }

  /** The descriptor, opened now if no one needed one before. */
  open(): number {
    if (this.pipe === undefined) {
      const { read, write } = native.pipe();
      this.pipe = { write, drain: new CaptureDrain(read, this.maxBytes - this.retained) };
    }
    return this.pipe.write;
  }

  /** Bytes of a write made before any descriptor was opened. */
  append(data: Buffer): void {
    this.total += data.length;
    if (this.retained >= this.maxBytes) return;
    const kept = data.length <= this.maxBytes - this.retained ? data : data.subarray(0, this.maxBytes - this.retained);
    this.chunks.push(kept);
    this.retained += kept.length;
  }

  /** The substitution is over: the shell's write end, if one was opened, closes (children may still hold theirs). */
  close(): void {
    if (this.pipe !== undefined) closeQuietly(this.pipe.write);
  }

  /** The output, once closed: what memory holds, then what the pipe carried to EOF, if one was opened. */
  async result(): Promise<CaptureResult> {
    if (this.pipe === undefined) return { data: Buffer.concat(this.chunks, this.retained), totalBytes: this.total, truncated: this.total > this.retained };
    const piped = await this.pipe.drain.done;
    const data = Buffer.concat([...this.chunks, piped.data]);
    const totalBytes = this.total + piped.totalBytes;
    return { data, totalBytes, truncated: totalBytes > data.length };
  }
}
