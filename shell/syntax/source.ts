/**
 * Source text, the positions its offsets stand for, and the syntax errors that point there. The
 * parser works in plain offsets and turns them into line/column positions only when it builds a
 * node or an error.
 */
import { ShellError } from '../errors';
import type { Position, Span } from './ast';

export interface SourceText {
  readonly text: string;
  /**
   * Whether more input could follow `text`. False inside a closed backquote substitution, whose
   * end is fixed by the closing backquote, so nothing that ends early there is "incomplete".
   */
  readonly open: boolean;
  position(offset: number): Position;
  /** The span made last over this text, given again to a node that covers the same (see spanOf). */
  latestSpan: SourceSpan | null;
}

/** How many positions a Source keeps to give again (a power of two). */
const RECENT_POSITIONS = 64;

/** A whole input: a script, a `-c` string, or the lines an interactive user has typed so far. */
export class Source implements SourceText {
  readonly open = true;
  latestSpan: SourceSpan | null = null;
  private readonly lineStarts: number[] = [0];
  /** The line of the latest position asked for. */
  private recentLine = 0;
  /** Positions made lately, each in the slot of its offset modulo RECENT_POSITIONS. */
  private readonly recentPositions: (Position | undefined)[] = new Array<Position | undefined>(RECENT_POSITIONS).fill(undefined);

  constructor(
    readonly text: string,
    /** The line number of the text's first line (a chunk of a script read line by line). */
    private readonly firstLine = 1,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  position(offset: number): Position {
    // Nodes share boundaries (a word and its only part, a command and its first word) and are
    // made near one another: a position made lately is given again, not made anew.
    const slot = offset & (RECENT_POSITIONS - 1);
    const recent = this.recentPositions[slot];
    if (recent !== undefined && recent.offset === offset) return recent;
    const line = this.lineIndex(offset);
    const position = { offset, line: line + this.firstLine, column: offset - this.lineStarts[line]! + 1 };
    this.recentPositions[slot] = position;
    return position;
  }

  /** The index of the last line starting at or before `offset`. */
  private lineIndex(offset: number): number {
    const starts = this.lineStarts;
    // The parser asks mostly about the line it asked about last, or the next one: try those first.
    const recent = this.recentLine;
    if (starts[recent]! <= offset) {
      if (recent + 1 === starts.length || offset < starts[recent + 1]!) return recent;
      if (recent + 2 === starts.length || offset < starts[recent + 2]!) return (this.recentLine = recent + 1);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return (this.recentLine = low);
  }
}

/**
 * The inside of a `` `...` `` substitution once its backslash escapes are resolved. Each of its
 * offsets maps back to where that character was written, so spans and errors point into the
 * enclosing source.
 */
export class EmbeddedSource implements SourceText {
  readonly open = false;
  latestSpan: SourceSpan | null = null;

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

/**
 * The stretch `start..end` of an enclosing source read on its own (an arithmetic expression, a
 * subscript): an EmbeddedSource whose origins run on one by one from `start`, with no array of them.
 */
export class SlicedSource implements SourceText {
  readonly open = false;
  latestSpan: SourceSpan | null = null;
  readonly text: string;

  constructor(
    private readonly enclosing: SourceText,
    private readonly start: number,
    end: number,
  ) {
    this.text = enclosing.text.slice(start, end);
  }

  position(offset: number): Position {
    return this.enclosing.position(this.start + offset);
  }
}

/**
 * A span kept as the offsets it covers: its line/column positions are worked out when read. Most
 * spans are never read (a megabyte of `-n` made ~300,000 positions, a fifth of the parse's garbage);
 * the few that are (a command's line for LINENO, an error's) are given from the source's cache.
 */
export class SourceSpan implements Span {
  constructor(
    private readonly source: SourceText,
    readonly from: number,
    readonly to: number,
  ) {}

  get start(): Position {
    return this.source.position(this.from);
  }

  get end(): Position {
    return this.source.position(this.to);
  }
}

/**
 * The span of `start..end`. Nodes made one after another often cover the same text (a word and its
 * only part; a command, its pipeline and its and-or list): they share one span.
 */
export function spanOf(source: SourceText, start: number, end: number): Span {
  const latest = source.latestSpan;
  if (latest !== null && latest.from === start && latest.to === end) return latest;
  return (source.latestSpan = new SourceSpan(source, start, end));
}

/**
 * A syntax error with where it happened; `incomplete` means more input could complete it. Input
 * nested past a limit of the parser fails the same way (status 2) with the code ResourceLimit.
 */
export class ParseError extends ShellError {
  readonly span: Span;
  readonly incomplete: boolean;

  constructor(message: string, span: Span, incomplete: boolean, code: 'ParseError' | 'ResourceLimit' = 'ParseError') {
    super(code, `line ${span.start.line}, column ${span.start.column}: ${message}`, { status: 2 });
    this.name = 'ParseError';
    this.span = span;
    this.incomplete = incomplete;
  }
}

/** Input nested past the parser's `limit`: a ParseError with the code ResourceLimit at `start..end`. */
export function nestedTooDeep(source: SourceText, what: string, limit: number, start: number, end: number): ParseError {
  return new ParseError(`${what} nested more than ${limit} deep`, spanOf(source, start, end), false, 'ResourceLimit');
}

/** A ParseError over `start..end`; `incomplete` only holds where more input could still follow. */
export function syntaxError(source: SourceText, message: string, start: number, end: number, incomplete = false): ParseError {
  return new ParseError(message, spanOf(source, start, end), incomplete && source.open);
}
