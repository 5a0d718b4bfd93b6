/**
 * A cursor over source text that removes line continuations (backslash-newline) as it reads, as
 * POSIX token recognition does everywhere except inside single quotes and comments.
 */
import type { SourceText } from './source';

/** ASCII characters that end a run (Scanner.run): 1 at the code of each; any other character goes on. */
export type StopSet = Uint8Array;

export function stopSet(characters: string): StopSet {
  const stops = new Uint8Array(0x80);
  for (let i = 0; i < characters.length; i += 1) stops[characters.charCodeAt(i)] = 1;
  return stops;
}

export class Scanner {
  /** Index of the next character in `source.text`. */
  private at = 0;
  /** Where the most recent line continuation ended: input ending right there is incomplete. */
  private continuationEnd = -1;

  constructor(readonly source: SourceText) {}

  get offset(): number {
    return this.at;
  }

  /**
   * Moves to `offset`: back, to retry a lookahead another way, or ahead, past text the caller read
   * straight from the source (the inside of single quotes).
   */
  seek(offset: number): void {
    this.at = offset;
  }

  /** The next character after any line continuations (a surrogate pair counts as one); '' at the end. */
  peek(): string {
    // peekRaw() written out: asked for nearly every character read, so one call, not two.
    const text = this.source.text;
    const length = text.length;
    let at = this.at;
    // Nothing is read past the end, here or in run(): V8 compiles reads in bounds, and the first
    // read past the end (at the end of every nested text) throws the compiled code away.
    while (at + 1 < length && text.charCodeAt(at) === 0x5c && text.charCodeAt(at + 1) === 0x0a) {
      at += 2;
      this.at = at;
      this.continuationEnd = at;
    }
    if (at >= length) return '';
    const code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff && at + 1 < length) return text.slice(at, at + 2);
    return text[at]!;
  }

  next(): string {
    const c = this.peek();
    this.at += c.length;
    return c;
  }

  /** The next character exactly as written: inside single quotes and after a backslash. */
  peekRaw(): string {
    const text = this.source.text;
    if (this.at >= text.length) return '';
    const code = text.charCodeAt(this.at);
    if (code >= 0xd800 && code <= 0xdbff && this.at + 1 < text.length) return text.slice(this.at, this.at + 2);
    return text[this.at]!;
  }

  nextRaw(): string {
    const c = this.peekRaw();
    this.at += c.length;
    return c;
  }

  /**
   * Consumes the run of characters at the scanner up to the first of `stops` (see stopSet), as
   * written ('' if none). `stops` must hold `\`, so a run never spans a line continuation.
   */
  run(stops: StopSet): string {
    const text = this.source.text;
    const start = this.at;
    let at = start;
    // Index and char code, not a sticky RegExp: no match array and no lookup per run.
    for (; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code < 0x80 && stops[code] === 1) break;
    }
    this.at = at;
    return text.slice(start, at);
  }

  /** Skips blanks (spaces and tabs) and the line continuations among them; the next character, as peek() gives it. */
  skipBlanks(): string {
    let c = this.peek();
    while (c === ' ' || c === '\t') {
      this.at += 1;
      c = this.peek();
    }
    return c;
  }

  /** Skips a comment: everything up to, not including, the next newline. */
  skipLine(): void {
    const newline = this.source.text.indexOf('\n', this.at);
    this.at = newline === -1 ? this.source.text.length : newline;
  }

  /** Whether the input ended right after a line continuation (`echo a \` then newline, then nothing). */
  endsInContinuation(): boolean {
    return this.at === this.source.text.length && this.continuationEnd === this.at;
  }
}
