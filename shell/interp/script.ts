/**
 * Reading a script as sh does: one complete command at a time, so that the lines before a
 * syntax error run (and the line with the error does not). Lines are joined only while the
 * parser says the input is incomplete (an open quote, a trailing `|` or `\`).
 */
import { ParseError } from '../errors';
import { parse, type Program } from '../syntax';

export function* completeCommands(source: string): Generator<Program, void, void> {
  let chunk = '';
  let chunkLine = 1;
  let line = 1;
  let start = 0;
  while (start < source.length) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline + 1;
    chunk += source.slice(start, end);
    start = end;
    line += 1;
    try {
      const program = parse(chunk, { firstLine: chunkLine });
      chunk = '';
      chunkLine = line;
      yield program;
    } catch (error) {
      if (!(error instanceof ParseError) || !error.incomplete || start >= source.length) throw error;
    }
  }
}
