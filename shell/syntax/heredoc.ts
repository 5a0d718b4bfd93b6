/**
 * Here-document bodies: the lines after the line that opened them, up to the delimiter alone on
 * a line (after leading tabs, for `<<-`). An unquoted delimiter makes the body expand as double
 * quotes do, `"` excepted; a quoted one takes it as written.
 */
import type { HereDocument, Span, Word } from './ast';
import type { LexerOptions } from './lexer';
import { Scanner } from './scanner';
import { EmbeddedSource, SlicedSource, spanOf, syntaxError } from './source';
import { WordLexer, type Substitutions } from './words';

/** Reads the body at the scanner (just past the opening line's newline) and leaves the scanner after its delimiter line. */
export function readHereDocumentBody(scanner: Scanner, document: HereDocument, substitutions: Substitutions, options: LexerOptions): Word {
  const source = scanner.source;
  const text = source.text;
  const bodyStart = scanner.offset;
  let at = bodyStart;
  // Most bodies are the text from bodyStart to `end` as written, read in place. Once a line loses
  // its leading tabs (`<<-`) or the input ends without a newline, the body is built instead, with
  // the offset each of its characters was written at.
  let end = bodyStart;
  let built: { body: string; origins: number[] } | null = null;
  for (;;) {
    if (at >= text.length) {
      const wanted = `(wanted \`${document.delimiter}')`;
      if (options.final !== true) {
        throw syntaxError(source, `here-document not closed ${wanted}`, document.span.start.offset, at, true);
      }
      options.warn?.(`warning: here-document at line ${document.span.start.line} delimited by end-of-file ${wanted}`);
      break;
    }
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    let lineStart = at;
    if (document.stripTabs) while (text[lineStart] === '\t') lineStart += 1;
    const lineBegin = at;
    at = newline === -1 ? text.length : newline + 1;
    // Compared in place: no copy of each line to hold against the delimiter.
    if (lineEnd - lineStart === document.delimiter.length && text.startsWith(document.delimiter, lineStart)) break;
    if (built === null && lineStart === lineBegin && newline !== -1) {
      end = at;
      continue;
    }
    built ??= { body: text.slice(bodyStart, end), origins: offsets(bodyStart, end) };
    built.body += text.slice(lineStart, at);
    for (let index = lineStart; index < at; index += 1) built.origins.push(index);
    // A last line cut off by the end of the input still ends in a newline, as bash reads it.
    if (newline === -1) {
      built.body += '\n';
      built.origins.push(at);
    }
  }
  scanner.seek(at);
  if (built === null) {
    if (document.literal) return literalBody(text.slice(bodyStart, end), spanOf(source, bodyStart, end));
    return new WordLexer(new Scanner(new SlicedSource(source, bodyStart, end)), substitutions).hereDocumentWord();
  }
  const { body, origins } = built;
  origins.push(Math.min((origins.at(-1) as number) + 1, text.length));
  if (document.literal) return literalBody(body, spanOf(source, origins[0] as number, origins.at(-1) as number));
  return new WordLexer(new Scanner(new EmbeddedSource(body, origins, source)), substitutions).hereDocumentWord();
}

/** `start, start + 1, ... end - 1`. */
function offsets(start: number, end: number): number[] {
  const list: number[] = [];
  for (let offset = start; offset < end; offset += 1) list.push(offset);
  return list;
}

/** A quoted delimiter's body: its text as written, one quoted literal. */
function literalBody(body: string, span: Span): Word {
  return { kind: 'Word', parts: body === '' ? [] : [{ kind: 'Literal', value: body, quoted: true, span }], text: body, span };
}
