/**
 * A syntax error said as bash says it: where, `line N: `, the message, and for an unexpected
 * token a second line quoting the line it is on (`./lib.sh: line 2: syntax error near unexpected
 * token `fi'` then `./lib.sh: line 2: `fi'`). bash names no line for a script read from stdin.
 */
import type { ParseError } from '../syntax/source';

export function parseErrorReport(error: ParseError, source: string | undefined, firstLine: number, where: string, lined = true): string {
  const line = error.span.start.line;
  const place = lined ? `${where}line ${line}: ` : where;
  const message = error.message.replace(/^line \d+, column \d+: /, '');
  const text = source?.split('\n')[line - firstLine];
  const quoted = message.startsWith('syntax error near unexpected token') && text !== undefined ? `${place}\`${text}'\n` : '';
  return `${place}${message}\n${quoted}`;
}
