/**
 * Source text and the positions its offsets stand for. The parser works in plain offsets and turns
 * them into line/column positions only when it builds a node or an error.
 */
import { ParseError } from '../errors';
import type { Position, Span } from './ast';

export interface SourceText {
  readonly text: string;
  /**
   * Whether more input could follow `text`. False inside a closed backquote substitution, whose
   * end is fixed by the closing backquote, so nothing that ends early there is "incomplete".
   */
  readonly open: boolean;
  position(offset: number): Position;
}

/** A whole input: a script, a `-c` string, or the lines an interactive user has typed so far. */
export class Source implements SourceText {
  readonly open = true;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly text: string,
    /** The line number of the text's first line (a chunk of a script read line by line). */
    private readonly firstLine = 1,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  position(offset: number): Position {
    // The last line starting at or before `offset`.
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { offset, line: low + this.firstLine, column: offset - this.lineStarts[low]! + 1 };
  }
}

/**
 * The inside of a `` `...` `` substitution once its backslash escapes are resolved. Each of its
 * offsets maps back to where that character was written, so spans and errors point into the
 * enclosing source.
 */
export class EmbeddedSource implements SourceText {
  readonly open = false;

  /** `origins[i]` is the enclosing offset of `text[i]`; it has one more entry, for the end. */
  constructor(
    readonly text: string,
    private readonly origins: readonly number[],
    private readonly enclosing: SourceText,
  ) {}

  position(offset: number): Position {
    return this.enclosing.position(this.origins[offset]!);
  }
}

export function spanOf(source: SourceText, start: number, end: number): Span {
  return { start: source.position(start), end: source.position(end) };
}

/** A ParseError over `start..end`; `incomplete` only holds where more input could still follow. */
export function syntaxError(source: SourceText, message: string, start: number, end: number, incomplete = false): ParseError {
  return new ParseError(message, spanOf(source, start, end), incomplete && source.open);
}
