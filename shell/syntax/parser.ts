/**
 * The recursive-descent parser, from tokens to a Program. The grammar of this slice of POSIX sh:
 *
 *   program  := linebreak list (end | ')' inside `$(`)
 *   list     := [and_or ((';' | '&' | newline) linebreak and_or)* [';' | '&']]
 *   and_or   := pipeline (('&&' | '||') linebreak pipeline)*
 *   pipeline := ['!'] command ('|' linebreak command)*
 *   command  := (assignment | redirect)* (word | redirect)*, at least one of them
 *
 * Each token is lexed only when the previous one is consumed, and the parser says whether it may
 * be an assignment: only before a command's first word (POSIX), and never as a redirect target.
 */
import type { ParseError } from '../errors';
import type {
  AndOr,
  AndOrOperator,
  Assignment,
  Command,
  List,
  ListItem,
  Pipeline,
  Program,
  Redirect,
  SimpleCommand,
  Span,
  Word,
} from './ast';
import { Lexer, tokenText, type ControlOperator, type Token } from './lexer';
import { Scanner } from './scanner';
import { Source, spanOf, syntaxError, type SourceText } from './source';

/** Deeper nesting of substitutions is refused rather than left to exhaust the stack. */
const MAX_NESTING = 200;

/** Reserved words that open compound commands, which this slice of the language does not have yet. */
const COMPOUND_OPENERS: ReadonlySet<string> = new Set(['if', 'while', 'until', 'for', 'case', '{']);
/** Reserved words that can never begin a command. */
const MISPLACED: ReadonlySet<string> = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', 'esac', '}', '!']);

type RedirectToken = Extract<Token, { kind: 'redirect' }>;

export interface ParseOptions {
  /** The line number of the text's first line, for a chunk of a larger script (default 1). */
  readonly firstLine?: number;
}

/** Parses a whole input. Throws ParseError, whose `incomplete` says whether more input could fix it. */
export function parse(text: string, options: ParseOptions = {}): Program {
  return new Parser(new Scanner(new Source(text, options.firstLine)), null, 0).program();
}

/** A word that is a reserved word where a command starts: one unquoted literal. */
function reservedWord(word: Word): string | undefined {
  const [part, ...more] = word.parts;
  return part?.kind === 'Literal' && !part.quoted && more.length === 0 ? part.value : undefined;
}

class Parser {
  private readonly source: SourceText;
  private readonly lexer: Lexer;
  /** Where this program's text begins: 0, or just inside a `$(`. */
  private readonly begin: number;
  private token: Token;
  /** The last token consumed other than a newline: where a node ends, and what an early end comes after. */
  private last: Token | null = null;

  /** `dollarStart` is the offset of the `$(` whose commands this parser reads, or null at the top. */
  constructor(
    scanner: Scanner,
    private readonly dollarStart: number | null,
    depth: number,
  ) {
    this.source = scanner.source;
    this.begin = scanner.offset;
    if (depth > MAX_NESTING) {
      throw syntaxError(this.source, `command substitutions nested more than ${MAX_NESTING} deep`, this.begin, this.begin);
    }
    this.lexer = new Lexer(scanner, {
      dollar: (inner, start) => new Parser(inner, start, depth + 1).program(),
      backquote: (inner) => new Parser(new Scanner(inner), null, depth + 1).program(),
    });
    this.token = this.lexer.next(true);
  }

  program(): Program {
    this.skipNewlines();
    const body = this.list();
    const t = this.token;
    if (this.dollarStart !== null && t.kind === 'end') {
      throw syntaxError(this.source, "unterminated command substitution `$('", this.dollarStart, t.start, true);
    }
    // The `)` closing a `$(` stays unconsumed: the scanner is already past it, where the word goes on.
    const closes = this.dollarStart === null ? t.kind === 'end' : this.isOperator(')');
    if (!closes) throw this.unexpected();
    return { kind: 'Program', body, span: this.span(this.begin, t.start) };
  }

  private list(): List {
    const start = this.token.start;
    const items: ListItem[] = [];
    while (this.startsCommand()) {
      const itemStart = this.token.start;
      const andOr = this.andOr();
      const background = this.isOperator('&');
      const terminated = background || this.isOperator(';');
      if (terminated) this.advance();
      items.push({ kind: 'ListItem', andOr, background, span: this.span(itemStart, this.lastEnd) });
      if (!terminated && this.token.kind !== 'newline') break;
      this.skipNewlines();
    }
    return { kind: 'List', items, span: this.span(start, items.length === 0 ? start : this.lastEnd) };
  }

  private andOr(): AndOr {
    const start = this.token.start;
    const first = this.pipeline();
    const rest: { operator: AndOrOperator; pipeline: Pipeline }[] = [];
    for (let t = this.token; t.kind === 'control' && (t.operator === '&&' || t.operator === '||'); t = this.token) {
      this.advance();
      this.skipNewlines();
      rest.push({ operator: t.operator, pipeline: this.pipeline() });
    }
    return { kind: 'AndOr', first, rest, span: this.span(start, this.lastEnd) };
  }

  private pipeline(): Pipeline {
    const start = this.token.start;
    const negated = this.token.kind === 'word' && reservedWord(this.token.word) === '!';
    if (negated) this.advance();
    const commands = [this.command()];
    while (this.isOperator('|')) {
      this.advance();
      this.skipNewlines();
      commands.push(this.command());
    }
    const end = this.lastEnd;
    return { kind: 'Pipeline', negated, commands, text: this.source.text.slice(start, end), span: this.span(start, end) };
  }

  private command(): Command {
    const t = this.token;
    const word = t.kind === 'word' ? reservedWord(t.word) : undefined;
    if (this.isOperator('(') || (word !== undefined && COMPOUND_OPENERS.has(word))) {
      throw syntaxError(this.source, `unsupported compound command \`${tokenText(t)}'`, t.start, t.end);
    }
    if (!this.startsCommand() || (word !== undefined && MISPLACED.has(word))) throw this.unexpected();
    return this.simpleCommand();
  }

  private simpleCommand(): SimpleCommand {
    const start = this.token.start;
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let t = this.token; ; t = this.token) {
      if (t.kind === 'assignment') {
        assignments.push(t.assignment);
        this.advance(true);
      } else if (t.kind === 'word') {
        words.push(t.word);
        this.advance(false);
      } else if (t.kind === 'redirect') {
        redirects.push(this.redirect(t, words.length === 0));
      } else {
        break;
      }
    }
    return { kind: 'SimpleCommand', assignments, words, redirects, span: this.span(start, this.lastEnd) };
  }

  /** A redirect and its target word; `assignmentsAfter` says how to lex the token after it. */
  private redirect(t: RedirectToken, assignmentsAfter: boolean): Redirect {
    if (t.operator === '<<' || t.operator === '<<-') {
      throw syntaxError(this.source, `here-documents are not supported: \`${t.operator}'`, t.start, t.end);
    }
    this.advance(false);
    const target = this.token;
    if (target.kind !== 'word') throw this.unexpected();
    this.advance(assignmentsAfter);
    const span = this.span(t.start, target.end);
    const { fd } = t;
    switch (t.operator) {
      case '<&':
      case '>&':
        return { kind: 'DupRedirect', fd, operator: t.operator, target: target.word, span };
      case '&>':
      case '&>>':
        return { kind: 'BothRedirect', operator: t.operator, target: target.word, span };
      case '<<<':
        return { kind: 'HereString', fd, target: target.word, span };
      default:
        return { kind: 'FileRedirect', fd, operator: t.operator, target: target.word, span };
    }
  }

  private startsCommand(): boolean {
    const t = this.token;
    return t.kind === 'word' || t.kind === 'assignment' || t.kind === 'redirect' || this.isOperator('(');
  }

  private isOperator(operator: ControlOperator): boolean {
    return this.token.kind === 'control' && this.token.operator === operator;
  }

  private advance(assignments = true): void {
    if (this.token.kind !== 'newline') this.last = this.token;
    this.token = this.lexer.next(assignments);
  }

  private skipNewlines(): void {
    while (this.token.kind === 'newline') this.advance();
  }

  private get lastEnd(): number {
    return this.last?.end ?? this.begin;
  }

  private span(start: number, end: number): Span {
    return spanOf(this.source, start, end);
  }

  private unexpected(): ParseError {
    const t = this.token;
    if (t.kind === 'end') {
      const after = this.last === null ? '' : ` after \`${tokenText(this.last)}'`;
      return syntaxError(this.source, `syntax error: unexpected end of input${after}`, t.start, t.end, true);
    }
    return syntaxError(this.source, `syntax error near unexpected token \`${tokenText(t)}'`, t.start, t.end);
  }
}
