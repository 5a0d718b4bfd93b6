/**
 * A syntax error in an `eval` string or a sourced file, said as bash says it: where, `line N: `,
 * the message, and for an unexpected token a second line quoting the line it is on
 * (`./lib.sh: line 2: syntax error near unexpected token `fi'` then `./lib.sh: line 2: `fi'`).
 */
import type { ParseError } from '../errors';

export function parseErrorReport(error: ParseError, source: string, firstLine: number, where: string): string {
  const line = error.span.start.line;
  const message = error.message.replace(/^line \d+, column \d+: /, '');
  const text = source.split('\n')[line - firstLine];
  const quoted = message.startsWith('syntax error near unexpected token') && text !== undefined ? `${where}line ${line}: \`${text}'\n` : '';
  return `${where}line ${line}: ${message}\n${quoted}`;
}
