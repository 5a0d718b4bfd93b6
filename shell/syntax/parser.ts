/**
 * The recursive-descent parser, from tokens to a Program. The grammar (POSIX XCU 2.10, with the
 * bash forms people type):
 *
 *   program   := linebreak list (end | ')' inside `$(`)
 *   list      := [and_or ((';' | '&' | newline) linebreak and_or)* [';' | '&']]
 *   and_or    := pipeline (('&&' | '||') linebreak pipeline)*
 *   pipeline  := ('!' | 'time' ['-p'])* command (('|' | '|&') linebreak command)*
 *   command   := simple | compound redirect* | function
 *   compound  := '{' list '}' | '(' list ')' | if | while | until | for | case | '((' ')' | '[[' ']]'
 *   function  := NAME '(' ')' linebreak compound redirect* | 'function' NAME ['(' ')'] linebreak compound redirect*
 *   simple    := (assignment | redirect)* (word | redirect)*, at least one of them
 *
 * Each token is lexed only when the previous one is consumed, and the parser says whether it may
 * be an assignment: only before a command's first word (POSIX), and never as a redirect target.
 * Reserved words are words in command position; anywhere else they are arguments (`echo if`).
 */
import type {
  AndOr,
  AndOrOperator,
  Arithmetic,
  ArithmeticForClause,
  Assignment,
  CaseClause,
  CaseItem,
  CaseTerminator,
  Clause,
  Command,
  CompoundCommand,
  ConditionalExpression,
  ForClause,
  FunctionDefinition,
  HereDocument,
  IfClause,
  List,
  ListItem,
  LoopClause,
  Pipeline,
  Program,
  Redirect,
  SelectClause,
  SimpleCommand,
  Span,
  TimeKeyword,
  Word,
} from './ast';
import { Collector } from './collector';
import { Lexer, tokenText, type ControlOperator } from './lexer';
import { controlToken, type RedirectToken, type Token } from './token';
import { Scanner } from './scanner';
import type { Substitutions, WordMode } from './words';
import { nestedTooDeep, type ParseError, Source, spanOf, syntaxError, type SourceText } from './source';

/** Deeper nesting of substitutions or compound commands is refused rather than left to exhaust the stack. */
export const MAX_NESTING = 200;

/** Reserved words that close a construct: a list ends before them. */
/** Builtins whose operands may be assignments, parsed as such (`local a=(1 2)`), as bash does. */
export const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);

const CLOSERS: ReadonlySet<string> = new Set(['then', 'elif', 'else', 'fi', 'do', 'done', 'esac', '}']);
/** Reserved words that can never begin a pipeline's stage (`!` begins only a whole pipeline, as in bash). */
const MISPLACED: ReadonlySet<string> = new Set([...CLOSERS, 'in', ']]', '!']);
/** Operators that end a case item's list. */
const CASE_TERMINATORS: ReadonlySet<string> = new Set([';;', ';&', ';;&']);
const CONDITIONAL_UNARY: ReadonlySet<string> = new Set([
  '-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x',
  '-G', '-L', '-N', '-O', '-S', '-n', '-o', '-v', '-z', '-R',
]);
const CONDITIONAL_BINARY: ReadonlySet<string> = new Set([
  '=', '==', '!=', '=~', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef',
]);
/** Reserved words that open a compound command's clause. */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(['{', 'if', 'while', 'until', 'for', 'select', 'case', '[[']);
/** A coprocess's name. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A function name: any plain word that could not be mistaken for something else (bash is this lax). */
const FUNCTION_NAME = /^[^\s$`'"\\=|&;<>()]+$/;


/** Where one parse collects the arrays of its tree, shared by the parsers of its substitutions (see Collector). */
interface Collectors {
  readonly items: Collector<ListItem>;
  readonly commands: Collector<Command>;
  readonly assignments: Collector<Assignment>;
  readonly words: Collector<Word>;
  readonly redirects: Collector<Redirect>;
}

function collectors(): Collectors {
  return { items: new Collector(), commands: new Collector(), assignments: new Collector(), words: new Collector(), redirects: new Collector() };
}

export interface ParseOptions {
  /** The line number of the text's first line, for a chunk of a larger script (default 1). */
  readonly firstLine?: number;
  /** See LexerOptions: the input is all there is (an unclosed here-document ends at its end). */
  readonly final?: boolean;
  /**
   * The alias table, where aliases are expanded (an interactive shell): a command's first word
   * that names one is replaced by its text as it is read, as bash does.
   */
  readonly aliases?: (name: string) => string | undefined;
  readonly warn?: (message: string) => void;
  /**
   * Whether the locale is UTF-8 as each word is read: `$'\u00e9'` is decoded then, as bash's
   * parser does, into é there and kept as `\u00E9` elsewhere. Unset: UTF-8.
   */
  readonly utf8Locale?: () => boolean;
  /**
   * Whether shopt extglob is on as each word is read: bash's parser reads `@(a|b)` as a word
   * only then, so `shopt -s extglob; echo @(a)` on one line is a syntax error. Unset: off.
   */
  readonly extglob?: () => boolean;
}

/** Parses a whole input. Throws ParseError, whose `incomplete` says whether more input could fix it. */
export function parse(text: string, options: ParseOptions = {}): Program {
  return new Parser(new Scanner(new Source(text, options.firstLine)), null, 0, options, collectors()).program();
}

/**
 * The complete commands of a script one at a time, each parsed only when the one before it has
 * run (as sh reads a script): the lines before a syntax error run, and the parse stays linear in
 * the script's length however long its compound commands are.
 */
export function* parseCommands(text: string, options: ParseOptions = {}): Generator<Program, void, void> {
  const parser = new Parser(new Scanner(new Source(text, options.firstLine)), null, 0, options, collectors());
  for (let program = parser.completeCommand(); program !== null; program = parser.completeCommand()) yield program;
}

/** A word that is a reserved word where a command starts: one unquoted literal. */
function reservedWord(word: Word): string | undefined {
  // Indexed, not destructured: asked of nearly every token, and a rest pattern allocates.
  const part = word.parts.length === 1 ? word.parts[0] : undefined;
  return part?.kind === 'Literal' && !part.quoted ? part.value : undefined;
}

/** The delimiter of a here-document as written after quote removal, and whether any of it was quoted. */
function hereDocumentDelimiter(word: Word): { delimiter: string; literal: boolean } {
  let delimiter = '';
  let literal = false;
  for (const part of word.parts) {
    if (part.kind === 'Literal') {
      delimiter += part.value;
      literal ||= part.quoted;
    } else if (part.kind === 'SingleQuoted') {
      delimiter += part.value;
      literal = true;
    } else if (part.kind === 'DoubleQuoted') {
      literal = true;
      for (const inner of part.parts) delimiter += inner.kind === 'Literal' ? inner.value : sourceOf(inner.span, word);
    } else {
      // `$x` in a delimiter is not expanded: it stands for itself, as written.
      delimiter += sourceOf(part.span, word);
    }
  }
  return { delimiter, literal };
}

function sourceOf(span: Span, word: Word): string {
  const offset = word.span.start.offset;
  return word.text.slice(span.start.offset - offset, span.end.offset - offset);
}

class Parser {
  private readonly source: SourceText;
  private readonly lexer: Lexer;
  private readonly substitutions: Substitutions;
  /** Tokens an alias put in place of a word, read before the source goes on. */
  private readonly queued: Token[] = [];
  /** The last alias expanded ended in a blank: the word after its text is checked for an alias too. */
  private aliasNextWord = false;
  /** Where this program's text begins: 0, or just inside a `$(`. */
  private readonly begin: number;
  private token: Token;
  /** The last token consumed other than a newline: where a node ends, and what an early end comes after. */
  private last: Token | null = null;
  /** How deeply compound commands and substitutions nest here. */
  private depth: number;
  /** Whether the list item read last ended in `;` or `&` (a field, not a pair returned per item). */
  private terminated = false;

  /** `dollarStart` is the offset of the `$(` whose commands this parser reads, or null at the top. */
  constructor(
    scanner: Scanner,
    private readonly dollarStart: number | null,
    depth: number,
    private readonly options: ParseOptions,
    private readonly collect: Collectors,
  ) {
    this.source = scanner.source;
    this.begin = scanner.offset;
    this.depth = depth;
    if (depth > MAX_NESTING) {
      throw nestedTooDeep(this.source, 'commands', MAX_NESTING, this.begin, this.begin);
    }
    // Options already without a first line (a nested parser's) are passed on as they are, not copied again.
    const nested: ParseOptions = options.firstLine === undefined ? options : { ...options, firstLine: undefined };
    this.substitutions = {
      dollar: (inner, start) => new Parser(inner, start, this.depth + 1, nested, collect).program(),
      backquote: (inner) => new Parser(new Scanner(inner), null, this.depth + 1, nested, collect).program(),
      utf8Locale: options.utf8Locale ?? (() => true),
      extglob: options.extglob ?? (() => false),
    };
    this.lexer = new Lexer(scanner, this.substitutions, { final: options.final, warn: options.warn });
    this.token = this.lexer.next(true);
  }

  /** The next token: one an alias put in place of a word first, then the source's. */
  private nextToken(assignments: boolean, words: WordMode = 'plain'): Token {
    return this.queued.length === 0 ? this.lexer.next(assignments, words) : this.queued.shift()!;
  }

  /**
   * At a command's first word: while it is an unquoted word naming an alias, the alias's tokens
   * take its place (a name is not replaced again within its own expansion). They stand where the
   * word was written, so a job shows the line as typed.
   */
  private expandAliases(): void {
    const lookup = this.options.aliases;
    if (lookup === undefined) return;
    // Made at the first alias: most commands' first word names none.
    let replaced: Set<string> | undefined;
    for (;;) {
      const t = this.token;
      const name = t.kind === 'word' ? reservedWord(t.word) : undefined;
      const value = name === undefined || replaced?.has(name) === true ? undefined : lookup(name);
      if (name === undefined || value === undefined) return;
      (replaced ??= new Set()).add(name);
      this.aliasNextWord = /[ \t]$/.test(value);
      const tokens = this.aliasTokens(value, t);
      this.queued.unshift(...tokens.slice(1));
      this.token = tokens[0] ?? this.nextToken(true);
    }
  }

  /** An alias's text as tokens, each placed where the word it replaces was written. */
  private aliasTokens(value: string, at: Token): Token[] {
    const lexer = new Lexer(new Scanner(new Source(value)), this.substitutions, { final: true });
    const tokens: Token[] = [];
    let assignments = true;
    for (let t = lexer.next(true); t.kind !== 'end'; t = lexer.next(assignments)) {
      tokens.push({ ...t, start: at.start, end: at.end });
      // As in a command: assignments only before its first word, and again after an operator.
      if (t.kind === 'word') assignments = false;
      else if (t.kind === 'control' || t.kind === 'newline') assignments = true;
    }
    return tokens;
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

  /** The next complete command (an and-or list and its line's other lists), or null at the end. */
  completeCommand(): Program | null {
    this.skipNewlines();
    const start = this.token.start;
    if (this.token.kind === 'end') return null;
    const mark = this.collect.items.mark();
    for (;;) {
      if (!this.startsCommand()) throw this.unexpected();
      this.collect.items.add(this.listItem());
      if (!this.terminated || this.atLineEnd()) break;
    }
    if (!this.atLineEnd()) throw this.unexpected();
    const end = this.lastEnd;
    const body: List = { kind: 'List', items: this.collect.items.take(mark), span: this.span(start, end) };
    return { kind: 'Program', body, span: this.span(start, end) };
  }

  private list(): List {
    const start = this.token.start;
    const mark = this.collect.items.mark();
    while (this.startsCommand()) {
      this.collect.items.add(this.listItem());
      if (!this.terminated && this.token.kind !== 'newline') break;
      this.skipNewlines();
    }
    const empty = this.collect.items.count(mark) === 0;
    return { kind: 'List', items: this.collect.items.take(mark), span: this.span(start, empty ? start : this.lastEnd) };
  }

  /** A list that must hold a command (`if`'s condition, a loop's body...); `what` names the place. */
  private compoundList(what: string): List {
    this.skipNewlines();
    const list = this.list();
    if (list.items.length === 0) throw this.unexpected(what);
    return list;
  }

  /** A list item; `terminated` then says whether a `;` or `&` ended it. */
  private listItem(): ListItem {
    const itemStart = this.token.start;
    const andOr = this.andOr();
    const background = this.isOperator('&');
    this.terminated = background || this.isOperator(';');
    if (this.terminated) this.advance();
    return { kind: 'ListItem', andOr, background, span: this.span(itemStart, this.lastEnd) };
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
    let negated = false;
    let time: TimeKeyword | null = null;
    for (let word = this.reserved(); word === '!' || (word === 'time' && time === null); word = this.reserved()) {
      this.advance();
      if (word === '!') {
        negated = !negated;
        continue;
      }
      const posix = this.reserved() === '-p';
      if (posix) this.advance();
      time = { posix };
      // `time` alone times nothing, as in bash.
      if (!this.startsCommand() || this.closer() !== undefined) {
        return this.pipelineNode(start, negated, time, [], []);
      }
    }
    const first = this.command();
    if (!this.isOperator('|') && !this.isOperator('|&')) return this.pipelineNode(start, negated, time, [first], []);
    const mark = this.collect.commands.mark();
    this.collect.commands.add(first);
    const stderrPiped: boolean[] = [];
    while (this.isOperator('|') || this.isOperator('|&')) {
      stderrPiped.push(this.isOperator('|&'));
      this.advance();
      this.skipNewlines();
      this.collect.commands.add(this.command());
    }
    return this.pipelineNode(start, negated, time, this.collect.commands.take(mark), stderrPiped);
  }

  private pipelineNode(start: number, negated: boolean, time: TimeKeyword | null, commands: Command[], stderrPiped: boolean[]): Pipeline {
    const end = this.lastEnd;
    return { kind: 'Pipeline', negated, time, commands, stderrPiped, text: this.source.text.slice(start, end), span: this.span(start, end) };
  }

  private command(): Command {
    this.expandAliases();
    const word = this.reserved();
    if (word === 'function') return this.functionKeyword();
    if (word === 'coproc') return this.nested(() => this.coprocess());
    const start = this.token.start;
    const clause = this.clause(word);
    if (clause !== null) return this.withRedirects(clause, start);
    if (!this.startsCommand() || (word !== undefined && MISPLACED.has(word))) throw this.unexpected();
    return this.simpleCommand();
  }

  /**
   * bash's `coproc [NAME] command`: a word before a compound command names the coprocess; before
   * anything else it is the simple command's first word (and the name is COPROC).
   */
  private coprocess(): Command {
    const start = this.token.start;
    this.advance();
    let name = 'COPROC';
    const first = this.token;
    const word = this.reserved();
    if (word !== undefined && VARIABLE_NAME.test(word) && !CLAUSE_OPENERS.has(word) && !MISPLACED.has(word)) {
      this.advance(false);
      if (this.startsClause()) name = word;
      else {
        // Not a name after all: the word begins the simple command, whose next token is already read.
        this.queued.unshift(this.token);
        this.token = first;
      }
    }
    const commandStart = this.token.start;
    const clause = this.clause(this.reserved());
    let command: Command;
    if (clause !== null) command = this.withRedirects(clause, commandStart);
    else if (this.startsCommand() && !MISPLACED.has(this.reserved() ?? '')) command = this.simpleCommand();
    else throw this.unexpected();
    if (command.kind !== 'SimpleCommand' && command.kind !== 'CompoundCommand') throw this.unexpected(undefined, first);
    const end = this.lastEnd;
    return { kind: 'Coprocess', name, command, text: `coproc ${name} ${this.source.text.slice(commandStart, end)}`, span: this.span(start, end) };
  }

  /** Whether a compound command's clause begins at the current token. */
  private startsClause(): boolean {
    if (this.isOperator('(')) return true;
    const word = this.reserved();
    return word !== undefined && CLAUSE_OPENERS.has(word);
  }

  /** A compound command's clause at the current token, or null where none starts. */
  private clause(word: string | undefined): Clause | null {
    if (!this.isOperator('(') && (word === undefined || !CLAUSE_OPENERS.has(word))) return null;
    // One level deeper, entered here rather than through nested(): no closure per compound command.
    this.enter();
    const clause = this.clauseAt(word);
    this.depth -= 1;
    return clause;
  }

  /** The clause that `(` or the reserved word `word` (one of CLAUSE_OPENERS) opens. */
  private clauseAt(word: string | undefined): Clause {
    if (this.isOperator('(')) return this.arithmeticCommand() ?? this.subshell();
    switch (word) {
      case '{':
        return this.braceGroup();
      case 'if':
        return this.ifClause();
      case 'while':
      case 'until':
        return this.loopClause(word === 'until');
      case 'for':
        return this.forClause();
      case 'select':
        return this.selectClause();
      case 'case':
        return this.caseClause();
      default:
        return this.conditionalCommand();
    }
  }

  /**
   * One level of compound commands deeper, refused past MAX_NESTING; the caller steps back out
   * after (no try/finally: an error ends the whole parse).
   */
  private enter(): void {
    if (this.depth >= MAX_NESTING) {
      throw nestedTooDeep(this.source, 'commands', MAX_NESTING, this.token.start, this.token.end);
    }
    this.depth += 1;
  }

  private nested<T>(parse: () => T): T {
    this.enter();
    const parsed = parse();
    this.depth -= 1;
    return parsed;
  }

  /** The clause, written from `start`, with the redirects after it. */
  private withRedirects(clause: Clause, start: number): CompoundCommand {
    const mark = this.collect.redirects.mark();
    for (let t = this.token; t.kind === 'redirect'; t = this.token) this.collect.redirects.add(this.redirect(t, false));
    const redirects = this.collect.redirects.take(mark);
    const end = this.lastEnd;
    return { kind: 'CompoundCommand', clause, redirects, text: this.source.text.slice(start, end), span: this.span(start, end) };
  }

  private braceGroup(): Clause {
    const start = this.token.start;
    this.advance();
    const body = this.compoundList('{');
    this.expectReserved('}', '{', start);
    return { kind: 'BraceGroup', body, span: this.span(start, this.lastEnd) };
  }

  private subshell(): Clause {
    const start = this.token.start;
    this.advance();
    const body = this.compoundList('(');
    if (!this.isOperator(')')) throw this.token.kind === 'end' ? this.unclosed('(', ')', start) : this.unexpected();
    this.advance(false);
    return { kind: 'Subshell', body, span: this.span(start, this.lastEnd) };
  }

  /** `(( ... ))` at a `(` token; null (nothing consumed) where it is `( (` instead. */
  private arithmeticCommand(): Clause | null {
    const start = this.token.start;
    if (!this.arithmeticFollows()) return null;
    const arithmetic = this.lexer.arithmetic(start);
    if (arithmetic === null) return null;
    this.consumedRaw(arithmetic.span.end.offset);
    return { kind: 'ArithmeticCommand', arithmetic, span: arithmetic.span };
  }

  /** Whether the `(` token just read is directly followed by another `(`. */
  private arithmeticFollows(): boolean {
    return this.token.kind === 'control' && this.source.text[this.token.end] === '(';
  }

  /** The lexer read raw text up to `end` past the current token: the next token starts there. */
  private consumedRaw(end: number): void {
    this.last = controlToken(')', end - 1, end);
    this.token = this.nextToken(false);
  }

  private ifClause(): Clause {
    const start = this.token.start;
    this.advance();
    const branches: { condition: List; body: List }[] = [];
    let otherwise: List | null = null;
    for (;;) {
      const condition = this.compoundList('if');
      this.expectReserved('then', 'if', start);
      branches.push({ condition, body: this.compoundList('then') });
      const word = this.reserved();
      if (word === 'elif') {
        this.advance();
        continue;
      }
      if (word === 'else') {
        this.advance();
        otherwise = this.compoundList('else');
      }
      this.expectReserved('fi', 'if', start);
      return { kind: 'IfClause', branches, otherwise, span: this.span(start, this.lastEnd) } satisfies IfClause;
    }
  }

  private loopClause(until: boolean): Clause {
    const start = this.token.start;
    const keyword = until ? 'until' : 'while';
    this.advance();
    const condition = this.compoundList(keyword);
    const body = this.doGroup(keyword, start);
    return { kind: 'LoopClause', until, condition, body, span: this.span(start, this.lastEnd) } satisfies LoopClause;
  }

  /** `do list done`, closing the construct `keyword` opened at `start`. */
  private doGroup(keyword: string, start: number): List {
    this.skipNewlines();
    this.expectReserved('do', keyword, start);
    const body = this.compoundList('do');
    this.expectReserved('done', keyword, start);
    return body;
  }

  /** A `for` or `select` loop's body: `do list done`, or bash's `{ list; }` in its place. */
  private forBody(keyword: string, start: number): List {
    this.skipNewlines();
    if (this.reserved() !== '{') return this.doGroup(keyword, start);
    const brace = this.token.start;
    this.advance();
    const body = this.compoundList('{');
    this.expectReserved('}', '{', brace);
    return body;
  }

  private forClause(): Clause {
    const start = this.token.start;
    this.advance(false);
    if (this.isOperator('(') && this.arithmeticFollows()) return this.arithmeticFor(start);
    const { name, words } = this.loopHead();
    const body = this.forBody('for', start);
    return { kind: 'ForClause', name, words, body, span: this.span(start, this.lastEnd) } satisfies ForClause;
  }

  /** bash's `select NAME [in WORDS]; do list; done`, read as `for` is. */
  private selectClause(): Clause {
    const start = this.token.start;
    this.advance(false);
    const { name, words } = this.loopHead();
    const body = this.forBody('select', start);
    return { kind: 'SelectClause', name, words, body, span: this.span(start, this.lastEnd) } satisfies SelectClause;
  }

  /** `NAME [in WORDS]` and what ends it, of `for` and `select`. */
  private loopHead(): { name: string; words: Word[] | null } {
    const t = this.token;
    if (t.kind !== 'word' && t.kind !== 'assignment') throw this.unexpected();
    // Any word parses; an invalid name is a runtime error of the loop, status 1 (bash).
    const name = t.kind === 'word' ? (reservedWord(t.word) ?? t.word.text) : tokenText(t);
    this.advance(false);
    this.skipNewlines();
    let words: Word[] | null = null;
    if (this.reserved() === 'in') {
      this.advance(false);
      words = [];
      for (let w = this.token; w.kind === 'word'; w = this.token) {
        words.push(w.word);
        this.advance(false);
      }
      if (!this.isOperator(';') && this.token.kind !== 'newline') throw this.unexpected();
      this.advance();
    } else if (this.isOperator(';')) {
      this.advance();
    }
    return { name, words };
  }

  private arithmeticFor(start: number): Clause {
    const open = this.token.start;
    const parts = this.lexer.arithmeticFor(open);
    this.consumedRaw(parts.end);
    if (parts.expressions.length !== 3) {
      throw syntaxError(this.source, 'syntax error: `for ((\' needs three expressions separated by `;\'', open, parts.end);
    }
    const [init, condition, step] = parts.expressions as [Arithmetic, Arithmetic, Arithmetic];
    if (this.isOperator(';')) this.advance();
    const body = this.forBody('for', start);
    return { kind: 'ArithmeticForClause', init, condition, step, body, span: this.span(start, this.lastEnd) } satisfies ArithmeticForClause;
  }

  private caseClause(): Clause {
    const start = this.token.start;
    this.advance(false);
    const subjectToken = this.token;
    if (subjectToken.kind !== 'word') throw this.unexpected();
    this.advance(false);
    this.skipNewlines(false);
    if (this.reserved() !== 'in') throw this.token.kind === 'end' ? this.unclosed('case', 'in', start) : this.unexpected();
    this.advance(false);
    this.skipNewlines(false);
    const items: CaseItem[] = [];
    while (this.reserved() !== 'esac') {
      if (this.token.kind === 'end') throw this.unclosed('case', 'esac', start);
      items.push(this.caseItem());
    }
    this.advance(false);
    return { kind: 'CaseClause', subject: subjectToken.word, items, span: this.span(start, this.lastEnd) } satisfies CaseClause;
  }

  private caseItem(): CaseItem {
    const start = this.token.start;
    if (this.isOperator('(')) this.advance(false);
    const mark = this.collect.words.mark();
    for (;;) {
      const t = this.token;
      if (t.kind !== 'word') throw this.unexpected();
      this.collect.words.add(t.word);
      this.advance(false);
      if (!this.isOperator('|')) break;
      this.advance(false);
    }
    if (!this.isOperator(')')) throw this.unexpected();
    const patterns = this.collect.words.take(mark);
    this.advance();
    this.skipNewlines();
    const body = this.list();
    let terminator: CaseTerminator = ';;';
    const t = this.token;
    if (t.kind === 'control' && CASE_TERMINATORS.has(t.operator)) {
      terminator = t.operator as CaseTerminator;
      this.advance(false);
    } else if (this.reserved() !== 'esac') {
      throw this.unexpected();
    }
    this.skipNewlines(false);
    return { patterns, body, terminator, span: this.span(start, this.lastEnd) };
  }

  private conditionalCommand(): Clause {
    const start = this.token.start;
    this.advance(false);
    const expression = this.conditionalOr();
    if (this.reserved() !== ']]') throw this.token.kind === 'end' ? this.unclosed('[[', ']]', start) : this.conditionalError();
    this.advance(false);
    return { kind: 'ConditionalCommand', expression, span: this.span(start, this.lastEnd) };
  }

  private conditionalOr(): ConditionalExpression {
    let left = this.conditionalAnd();
    while (this.isOperator('||')) {
      this.advance(false);
      this.skipNewlines(false);
      left = { kind: 'CondOr', left, right: this.conditionalAnd() };
    }
    return left;
  }

  private conditionalAnd(): ConditionalExpression {
    let left = this.conditionalTerm();
    while (this.isOperator('&&')) {
      this.advance(false);
      this.skipNewlines(false);
      left = { kind: 'CondAnd', left, right: this.conditionalTerm() };
    }
    return left;
  }

  private conditionalTerm(): ConditionalExpression {
    this.skipNewlines(false);
    const word = this.reserved();
    if (word === '!') {
      this.advance(false);
      return { kind: 'CondNot', operand: this.nested(() => this.conditionalTerm()) };
    }
    if (this.isOperator('(')) {
      this.advance(false);
      const inner = this.nested(() => this.conditionalOr());
      if (!this.isOperator(')')) throw this.conditionalError();
      this.advance(false);
      return { kind: 'CondGroup', inner };
    }
    const first = this.conditionalWord();
    const unary = reservedWord(first);
    if (unary !== undefined && CONDITIONAL_UNARY.has(unary)) {
      // A unary operator takes the next word whatever it is (bash): `[[ -z ]]` is an error, not a test of "-z".
      const t = this.token;
      if (t.kind === 'word' && !this.atConditionalEnd()) return { kind: 'CondUnary', operator: unary, operand: this.conditionalWord() };
      if (t.kind === 'end') throw this.unexpected();
      const message = `syntax error in conditional expression: unexpected argument \`${tokenText(t)}' to conditional unary operator \`${unary}'`;
      throw syntaxError(this.source, message, t.start, t.end);
    }
    const operator = this.conditionalOperator();
    if (operator === undefined) return { kind: 'CondWord', word: first };
    const right = operator === '=~' ? this.lexer.regexWord() : null;
    if (operator === '=~') {
      this.token = this.nextToken(false);
      // No pattern: the error names what stands there instead (at the end, more input may give one).
      if (right === null) throw this.conditionalError();
      return { kind: 'CondBinary', operator, left: first, right };
    }
    return { kind: 'CondBinary', operator, left: first, right: this.conditionalWord() };
  }

  /** A binary operator at the current token (consumed), or undefined where none stands. */
  private conditionalOperator(): string | undefined {
    const t = this.token;
    let operator: string | undefined;
    if (t.kind === 'redirect' && t.fd === null && (t.operator === '<' || t.operator === '>')) operator = t.operator;
    else if (t.kind === 'word') operator = reservedWord(t.word);
    if (operator === undefined || !CONDITIONAL_BINARY.has(operator)) return undefined;
    // `=~`'s right side is lexed by its own rules: the token after the operator must not be read yet.
    if (operator === '=~') this.last = t;
    // A pattern's: bash reads extglob groups in it even with the option off.
    else if (operator === '=' || operator === '==' || operator === '!=') {
      this.last = t;
      this.token = this.nextToken(false, 'pattern');
    } else this.advance(false);
    return operator;
  }

  private atConditionalEnd(): boolean {
    return this.reserved() === ']]';
  }

  private conditionalWord(): Word {
    const t = this.token;
    if (t.kind !== 'word' || this.atConditionalEnd()) throw this.conditionalError();
    this.advance(false);
    return t.word;
  }

  private conditionalError(): ParseError {
    const t = this.token;
    if (t.kind === 'end') return this.unexpected();
    return syntaxError(this.source, `syntax error in conditional expression near \`${tokenText(t)}'`, t.start, t.end);
  }

  /** `function NAME [()] compound`. */
  private functionKeyword(): FunctionDefinition {
    const start = this.token.start;
    this.advance(false);
    const t = this.token;
    const name = t.kind === 'word' ? reservedWord(t.word) : undefined;
    if (name === undefined || !FUNCTION_NAME.test(name)) throw this.unexpected();
    this.advance(false);
    if (this.isOperator('(')) {
      this.advance(false);
      if (!this.isOperator(')')) throw this.unexpected();
      this.advance(false);
    }
    return this.functionBody(name, start);
  }

  /** After `NAME ()`: the body, a compound command with its own redirects. */
  private functionBody(name: string, start: number): FunctionDefinition {
    this.skipNewlines();
    const word = this.reserved();
    const bodyStart = this.token.start;
    const clause = this.clause(word);
    if (clause === null) throw this.unexpected();
    const body = this.withRedirects(clause, bodyStart);
    const end = this.lastEnd;
    return { kind: 'FunctionDefinition', name, body, text: this.source.text.slice(start, end), span: this.span(start, end) };
  }

  private simpleCommand(): Command {
    const start = this.token.start;
    const { assignments, words, redirects } = this.collect;
    const assignmentsMark = assignments.mark();
    const wordsMark = words.mark();
    const redirectsMark = redirects.mark();
    // After `declare`, `local`, `export`...: operands shaped like assignments are read as ones.
    let declaring = false;
    for (let t = this.token; ; t = this.token) {
      if (t.kind === 'assignment' && words.count(wordsMark) > 0) {
        const { assignment } = t;
        const text = this.source.text.slice(t.start, t.end);
        words.add({ kind: 'Word', parts: [{ kind: 'Literal', value: text, quoted: true, span: assignment.span }], text, span: assignment.span, declaration: assignment });
        this.advance(true);
      } else if (t.kind === 'assignment') {
        assignments.add(t.assignment);
        this.advance(true);
        // The command's first word may follow its assignments: an alias there too (bash).
        if (this.token.kind === 'word' && words.count(wordsMark) === 0) this.expandAliases();
      } else if (t.kind === 'word') {
        words.add(t.word);
        const first = words.count(wordsMark) === 1;
        if (first) declaring = DECLARATION_BUILTINS.has(t.word.text);
        this.advance(declaring);
        if (first && assignments.count(assignmentsMark) === 0 && redirects.count(redirectsMark) === 0 && this.isOperator('(')) {
          words.take(wordsMark);
          return this.functionDefinition(t.word, start);
        }
        // An alias whose text ends in a blank makes the word after it open to aliases too.
        if (this.aliasNextWord && this.queued.length === 0) {
          this.aliasNextWord = false;
          this.expandAliases();
        }
      } else if (t.kind === 'redirect') {
        redirects.add(this.redirect(t, words.count(wordsMark) === 0 || declaring));
      } else {
        break;
      }
    }
    return {
      kind: 'SimpleCommand',
      assignments: assignments.take(assignmentsMark),
      words: words.take(wordsMark),
      redirects: redirects.take(redirectsMark),
      span: this.span(start, this.lastEnd),
    } satisfies SimpleCommand;
  }

  /** `NAME ( ) compound`: the current token is the `(`. */
  private functionDefinition(nameWord: Word, start: number): FunctionDefinition {
    const name = reservedWord(nameWord);
    const open = this.token;
    this.advance(false);
    // bash wants the `)` on the same line: nothing typed after `echo (` can complete it.
    if (!this.isOperator(')')) throw this.unexpected(undefined, this.atLineEnd() ? open : this.token);
    if (name === undefined || !FUNCTION_NAME.test(name)) {
      throw syntaxError(this.source, `\`${nameWord.text}': not a valid function name`, start, this.token.end);
    }
    this.advance(false);
    return this.functionBody(name, start);
  }

  /** A redirect and its target word; `assignmentsAfter` says how to lex the token after it. */
  private redirect(t: RedirectToken, assignmentsAfter: boolean): Redirect {
    this.advance(false);
    const target = this.token;
    if (target.kind !== 'word') throw this.unexpected();
    const span = this.span(t.start, target.end);
    const { fd } = t;
    if (t.operator === '<<' || t.operator === '<<-') {
      const { delimiter, literal } = hereDocumentDelimiter(target.word);
      const document: HereDocument = {
        kind: 'HereDocument',
        fd,
        stripTabs: t.operator === '<<-',
        delimiter,
        literal,
        body: target.word,
        span,
      };
      // Registered before the next token is read: that token may be the newline the body follows.
      this.lexer.expectHereDocument(document);
      this.advance(assignmentsAfter);
      return document;
    }
    this.advance(assignmentsAfter);
    // `{NAME}`: the lexer gives one only to file and duplicating operators, as bash takes it.
    const { varname } = t;
    switch (t.operator) {
      case '<&':
      case '>&':
        return { kind: 'DupRedirect', fd, varname, operator: t.operator, target: target.word, span };
      case '&>':
      case '&>>':
        return { kind: 'BothRedirect', operator: t.operator, target: target.word, span };
      case '<<<':
        return { kind: 'HereString', fd, target: target.word, span };
      default:
        return { kind: 'FileRedirect', fd, varname, operator: t.operator, target: target.word, span };
    }
  }

  private atLineEnd(): boolean {
    return this.token.kind === 'newline' || this.token.kind === 'end';
  }

  private startsCommand(): boolean {
    const t = this.token;
    if (t.kind === 'word') return this.closer() === undefined;
    return t.kind === 'assignment' || t.kind === 'redirect' || this.isOperator('(');
  }

  /** The current token as a reserved word, if it is a plain word. */
  private reserved(): string | undefined {
    return this.token.kind === 'word' ? reservedWord(this.token.word) : undefined;
  }

  /** The current token, if it is a reserved word that closes a construct. */
  private closer(): string | undefined {
    const word = this.reserved();
    return word !== undefined && CLOSERS.has(word) ? word : undefined;
  }

  private expectReserved(word: string, construct: string, start: number): void {
    if (this.reserved() === word) {
      this.advance();
      return;
    }
    if (this.token.kind === 'end') throw this.unclosed(construct, word, start);
    throw this.unexpected();
  }

  private isOperator(operator: ControlOperator): boolean {
    return this.token.kind === 'control' && this.token.operator === operator;
  }

  private advance(assignments = true): void {
    if (this.token.kind !== 'newline') this.last = this.token;
    this.token = this.nextToken(assignments);
  }

  private skipNewlines(assignments = true): void {
    while (this.token.kind === 'newline') this.advance(assignments);
  }

  private get lastEnd(): number {
    return this.last?.end ?? this.begin;
  }

  private span(start: number, end: number): Span {
    return spanOf(this.source, start, end);
  }

  /** The input ended inside `construct` (opened at `start`), which `closer` would have closed. */
  private unclosed(construct: string, closer: string, start: number): ParseError {
    const line = this.source.position(start).line;
    const t = this.token;
    return syntaxError(this.source, `syntax error: unexpected end of input: \`${construct}' on line ${line} is not closed by \`${closer}'`, t.start, t.end, true);
  }

  private unexpected(where?: string, t: Token = this.token): ParseError {
    if (t.kind === 'end') {
      const after = this.last === null ? '' : ` after \`${tokenText(this.last)}'`;
      return syntaxError(this.source, `syntax error: unexpected end of input${after}`, t.start, t.end, true);
    }
    const inside = where === undefined ? '' : ` (\`${where}' needs a command)`;
    return syntaxError(this.source, `syntax error near unexpected token \`${tokenText(t)}'${inside}`, t.start, t.end);
  }
}
