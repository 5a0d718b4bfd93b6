/**
 * The shell's syntax tree: a closed set of node kinds, each with the span it came from.
 * It grows toward the full POSIX command language by adding kinds to `Command` and `WordPart`;
 * nothing here knows about expansion or execution.
 */

/** A position in the source: 0-based offset, 1-based line and column (in UTF-16 units). */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export interface Span {
  readonly start: Position;
  /** Exclusive. */
  readonly end: Position;
}

/** A whole parsed input: a script, a `-c` string, or one interactive line. */
export interface Program {
  readonly kind: 'Program';
  readonly body: List;
  readonly span: Span;
}

/** Commands separated by `;`, `&` or newlines. */
export interface List {
  readonly kind: 'List';
  readonly items: readonly ListItem[];
  readonly span: Span;
}

/** One and-or list with its terminator: `&` runs it in the background. */
export interface ListItem {
  readonly kind: 'ListItem';
  readonly andOr: AndOr;
  readonly background: boolean;
  readonly span: Span;
}

export type AndOrOperator = '&&' | '||';

/** `p1 && p2 || p3`: evaluated left to right, each step gated by the previous status. */
export interface AndOr {
  readonly kind: 'AndOr';
  readonly first: Pipeline;
  readonly rest: readonly { readonly operator: AndOrOperator; readonly pipeline: Pipeline }[];
  readonly span: Span;
}

/** `time [-p]` before a pipeline: report its real, user and system time (bash's keyword). */
export interface TimeKeyword {
  /** `-p`: POSIX's format (`real 0.00`), not bash's default. */
  readonly posix: boolean;
}

/** `c1 | c2 | c3`; `negated` is a leading `!`. */
export interface Pipeline {
  readonly kind: 'Pipeline';
  readonly negated: boolean;
  readonly time: TimeKeyword | null;
  readonly commands: readonly Command[];
  /** Per stage after the first: `|&` also sends the previous stage's stderr down the pipe (bash). */
  readonly stderrPiped: readonly boolean[];
  /** The pipeline's own source text, as a job's command line shows it. */
  readonly text: string;
  readonly span: Span;
}

/** One pipeline stage. */
export type Command = SimpleCommand | CompoundCommand | FunctionDefinition | Coprocess;

/**
 * bash's `coproc [NAME] command`: the command runs in the background with its stdin and stdout
 * connected to the shell by pipes, whose descriptors are NAME[1] and NAME[0]; NAME (COPROC by
 * default, and always for a simple command) is given only before a compound command.
 */
export interface Coprocess {
  readonly kind: 'Coprocess';
  readonly name: string;
  readonly command: SimpleCommand | CompoundCommand;
  /** What its job shows, as bash prints it: `coproc NAME command`, the command as written. */
  readonly text: string;
  readonly span: Span;
}

/** A compound command with the redirects written after it, applied around each run of its body. */
export interface CompoundCommand {
  readonly kind: 'CompoundCommand';
  readonly clause: Clause;
  /** In source order. */
  readonly redirects: readonly Redirect[];
  /** The command's source text, its redirects included (what a job's process shows). */
  readonly text: string;
  readonly span: Span;
}

export type Clause =
  | BraceGroup
  | Subshell
  | IfClause
  | LoopClause
  | ForClause
  | SelectClause
  | ArithmeticForClause
  | CaseClause
  | ArithmeticCommand
  | ConditionalCommand;

/** `{ list; }`: runs in the current context. */
export interface BraceGroup {
  readonly kind: 'BraceGroup';
  readonly body: List;
  readonly span: Span;
}

/** `( list )`: runs in a copy of the context (a subshell). */
export interface Subshell {
  readonly kind: 'Subshell';
  readonly body: List;
  readonly span: Span;
}

/** `if c; then b; elif c; then b; else b; fi`: `branches` holds the if and each elif. */
export interface IfClause {
  readonly kind: 'IfClause';
  readonly branches: readonly { readonly condition: List; readonly body: List }[];
  readonly otherwise: List | null;
  readonly span: Span;
}

/** `while c; do b; done`, or with `until` the condition's sense reversed. */
export interface LoopClause {
  readonly kind: 'LoopClause';
  readonly until: boolean;
  readonly condition: List;
  readonly body: List;
  readonly span: Span;
}

/** `for NAME in WORDS; do b; done`; `words` null means `"$@"` (no `in`). */
export interface ForClause {
  readonly kind: 'ForClause';
  readonly name: string;
  readonly words: readonly Word[] | null;
  readonly body: List;
  readonly span: Span;
}

/**
 * bash's `select NAME [in WORDS]; do b; done`: a numbered menu of the words on stderr, a line read
 * into REPLY, NAME set to the word chosen (empty for any other answer), until `break` or the end of input.
 */
export interface SelectClause {
  readonly kind: 'SelectClause';
  readonly name: string;
  readonly words: readonly Word[] | null;
  readonly body: List;
  readonly span: Span;
}

/** bash's `for ((init; condition; step)); do b; done`; each expression as written. */
export interface ArithmeticForClause {
  readonly kind: 'ArithmeticForClause';
  readonly init: Arithmetic;
  readonly condition: Arithmetic;
  readonly step: Arithmetic;
  readonly body: List;
  readonly span: Span;
}

/** What ends a case item's list: `;;` stops, `;&` falls into the next body, `;;&` tests the next patterns. */
export type CaseTerminator = ';;' | ';&' | ';;&';

export interface CaseItem {
  readonly patterns: readonly Word[];
  readonly body: List;
  readonly terminator: CaseTerminator;
  readonly span: Span;
}

/** `case WORD in PATTERN|PATTERN) list ;; ... esac`. */
export interface CaseClause {
  readonly kind: 'CaseClause';
  readonly subject: Word;
  readonly items: readonly CaseItem[];
  readonly span: Span;
}

/**
 * An arithmetic expression's text as written between its delimiters. Parameter expansion,
 * command substitution and quote removal apply to it first (as inside double quotes), so it is
 * held as a word; the result is then parsed as arithmetic.
 */
export interface Arithmetic {
  readonly kind: 'Arithmetic';
  readonly expression: Word;
  readonly span: Span;
}

/** bash's `(( expression ))`: status 0 when the value is non-zero. */
export interface ArithmeticCommand {
  readonly kind: 'ArithmeticCommand';
  readonly arithmetic: Arithmetic;
  readonly span: Span;
}

/** bash's `[[ expression ]]`: no field splitting or globbing of its words; patterns after `==`. */
export interface ConditionalCommand {
  readonly kind: 'ConditionalCommand';
  readonly expression: ConditionalExpression;
  readonly span: Span;
}

export type ConditionalExpression =
  | { readonly kind: 'CondWord'; readonly word: Word }
  | { readonly kind: 'CondUnary'; readonly operator: string; readonly operand: Word }
  | { readonly kind: 'CondBinary'; readonly operator: string; readonly left: Word; readonly right: Word }
  | { readonly kind: 'CondNot'; readonly operand: ConditionalExpression }
  | { readonly kind: 'CondAnd' | 'CondOr'; readonly left: ConditionalExpression; readonly right: ConditionalExpression }
  | { readonly kind: 'CondGroup'; readonly inner: ConditionalExpression };

/** `name() compound [redirects]` or `function name [()] compound [redirects]`. */
export interface FunctionDefinition {
  readonly kind: 'FunctionDefinition';
  readonly name: string;
  readonly body: CompoundCommand;
  /** The definition's source text (for `type` and `declare -f`). */
  readonly text: string;
  readonly span: Span;
}

/** `NAME=value ... word ... redirect ...` in any interleaving, as POSIX allows. */
export interface SimpleCommand {
  readonly kind: 'SimpleCommand';
  readonly assignments: readonly Assignment[];
  readonly words: readonly Word[];
  /** In source order: they are opened in this order. */
  readonly redirects: readonly Redirect[];
  readonly span: Span;
}

/** `NAME=value`, `NAME+=value`, `NAME[subscript]=value`, `NAME=(...)`, `NAME+=(...)`. */
export interface Assignment {
  readonly kind: 'Assignment';
  readonly name: string;
  /** `NAME[subscript]=`: the subscript as written (expanded, then an index or a key). */
  readonly subscript: Word | null;
  /** `+=`: appends to the value (adds, for an integer variable). */
  readonly append: boolean;
  readonly value: Word | ArrayLiteral;
  readonly span: Span;
}

/** `(a b [k]=v ...)` after `NAME=`: a compound array assignment (bash). */
export interface ArrayLiteral {
  readonly kind: 'ArrayLiteral';
  readonly elements: readonly ArrayElement[];
  readonly text: string;
  readonly span: Span;
}

/** One element of an ArrayLiteral: a word, or `[key]=word` / `[key]+=word`. */
export interface ArrayElement {
  readonly key: Word | null;
  readonly append: boolean;
  readonly value: Word;
}

/** One shell word: adjacent parts with no unquoted blank between them. */
export interface Word {
  readonly kind: 'Word';
  readonly parts: readonly WordPart[];
  /** The word's source text, as error messages quote it (`$x: ambiguous redirect`). */
  readonly text: string;
  readonly span: Span;
  /**
   * An operand of a declaration builtin (`declare`, `local`, `export`, `readonly`, `typeset`)
   * written as an assignment: expanded as one (`local a=(1 2)`, `export p=$x` unsplit).
   */
  readonly declaration?: Assignment;
}

/** Text taken as it stands. `quoted` marks a backslash-escaped character (no splitting, no globbing). */
export interface Literal {
  readonly kind: 'Literal';
  readonly value: string;
  readonly quoted: boolean;
  readonly span: Span;
}

export interface SingleQuoted {
  readonly kind: 'SingleQuoted';
  readonly value: string;
  readonly span: Span;
}

/** What may stand inside double quotes, a here-document body or an arithmetic expansion. */
export type QuotedPart = Literal | ParameterExpansion | CommandSubstitution | ArithmeticExpansion;

/** Inside "...": literals (escapes already resolved, all quoted), parameters, substitutions. */
export interface DoubleQuoted {
  readonly kind: 'DoubleQuoted';
  readonly parts: readonly QuotedPart[];
  readonly span: Span;
}

/** `$(( expression ))`. */
export interface ArithmeticExpansion {
  readonly kind: 'ArithmeticExpansion';
  readonly arithmetic: Arithmetic;
  readonly span: Span;
}

/** Special parameters: `?`, `$`, `!`, `#`, `@`, `*`, `-`, and `0`–`9`. */
export type SpecialParameter = '?' | '$' | '!' | '#' | '@' | '*' | '-';

/** `$NAME`, `${NAME}`, `$1`, `${10}`, `$?`, and `${NAME<operator>}` ... */
export interface ParameterExpansion {
  readonly kind: 'ParameterExpansion';
  /** A variable name, a positional number as a string ('0', '1', '10'), or a special parameter. */
  readonly name: string;
  readonly braced: boolean;
  /** `${!NAME...}`: the parameter named by NAME's value is the one expanded (bash). */
  readonly indirect?: boolean;
  /** `${NAME[...]}`: an array element, or all of them (`[@]`, `[*]`). */
  readonly subscript?: Subscript;
  /** What is done to the value; absent for `$NAME` and `${NAME}`. */
  readonly operator?: ParameterOperator;
  readonly span: Span;
}

/** `[@]` and `[*]`: every element (as `$@` and `$*` are every parameter); or one, by its subscript. */
export type Subscript = { readonly kind: 'All'; readonly star: boolean } | { readonly kind: 'Index'; readonly word: Word };

/**
 * The operators of `${...}`. Their words are expanded only when used. Pattern and replacement
 * words, and the message of `?`, are lexed as unquoted text even inside double quotes, as bash
 * lexes them.
 */
export type ParameterOperator =
  /** `${#x}`: the length of the value (the number of parameters for `@` and `*`). */
  | { readonly kind: 'Length' }
  /** `${x-w} ${x=w} ${x?w} ${x+w}`; `colon` (`${x:-w}`...) treats an empty value as unset. */
  | { readonly kind: 'Default'; readonly test: '-' | '=' | '?' | '+'; readonly colon: boolean; readonly word: Word }
  /** `${x#p} ${x##p}` (`side` '#') and `${x%p} ${x%%p}` (`side` '%'). */
  | { readonly kind: 'Trim'; readonly side: '#' | '%'; readonly longest: boolean; readonly pattern: Word }
  /** `${x/p/r}` first, `${x//p/r}` all, `${x/#p/r}` prefix, `${x/%p/r}` suffix. */
  | { readonly kind: 'Replace'; readonly mode: 'first' | 'all' | 'prefix' | 'suffix'; readonly pattern: Word; readonly replacement: Word }
  /** `${x:offset}`, `${x:offset:length}`: arithmetic words. */
  | { readonly kind: 'Substring'; readonly offset: Word; readonly length: Word | null }
  /** `${x^p} ${x^^p} ${x,p} ${x,,p}`; an empty pattern matches every character. */
  | { readonly kind: 'Case'; readonly upper: boolean; readonly all: boolean; readonly pattern: Word }
  /** `${x@Q}`...: `letter` (whatever stands before the `}`) is checked when expanded, as bash does. */
  | { readonly kind: 'Transform'; readonly letter: string }
  /** `${!prefix*}`, `${!prefix@}`: the names of the variables starting with `name`. */
  | { readonly kind: 'Names'; readonly star: boolean }
  /** `${!a[@]}`, `${!a[*]}`: an array's indices or keys. */
  | { readonly kind: 'Keys'; readonly star: boolean }
  /** Text bash accepts when parsing but rejects when expanding (`${x;}: bad substitution`). */
  | { readonly kind: 'Bad'; readonly text: string };

/** `$(...)` or `` `...` ``. */
export interface CommandSubstitution {
  readonly kind: 'CommandSubstitution';
  readonly program: Program;
  readonly style: 'dollar' | 'backquote';
  readonly span: Span;
}

/** A leading `~` or `~user` (before the first `/` or `:`, unquoted). */
export interface Tilde {
  readonly kind: 'Tilde';
  /** Empty for the current user's home. */
  readonly user: string;
  /**
   * Outside assignments, bash 5.2 takes the rest of a prefix ended by `:` up to a `/` with it:
   * where the user has a home, that rest follows it as written (`~root:$x` is `/root:$x`);
   * otherwise it expands as the word's other parts do. Absent where no `:` ended the prefix.
   */
  readonly tail?: Word;
  readonly span: Span;
}

/**
 * `<(list)` or `>(list)` (bash): the list runs beside the command, and the word is the name of a
 * pipe to it, `/dev/fd/N`.
 */
export interface ProcessSubstitution {
  readonly kind: 'ProcessSubstitution';
  /** `<`: the command reads what the list writes; `>`: the list reads what the command writes. */
  readonly direction: '<' | '>';
  readonly program: Program;
  readonly span: Span;
}

export type WordPart =
  | Literal
  | SingleQuoted
  | DoubleQuoted
  | ParameterExpansion
  | CommandSubstitution
  | ArithmeticExpansion
  | Tilde
  | ProcessSubstitution;

/** `[n]<`, `[n]>`, `[n]>>`, `[n]>|`, `[n]<>` with a file target. */
export interface FileRedirect {
  readonly kind: 'FileRedirect';
  /** The descriptor written before the operator, or null for the operator's default (0 or 1). */
  readonly fd: number | null;
  /** bash's `{NAME}>file`: the shell picks a descriptor of 10 or more and puts its number in NAME. */
  readonly varname?: string;
  readonly operator: '<' | '>' | '>>' | '>|' | '<>';
  readonly target: Word;
  readonly span: Span;
}

/** `[n]>&word`, `[n]<&word`: duplicate a descriptor (word is a number) or close it (word is `-`). */
export interface DupRedirect {
  readonly kind: 'DupRedirect';
  readonly fd: number | null;
  /** `{NAME}>&N` picks a new descriptor as FileRedirect's does; `{NAME}>&-` closes the one NAME holds. */
  readonly varname?: string;
  readonly operator: '>&' | '<&';
  readonly target: Word;
  readonly span: Span;
}

/** `&>word`, `&>>word`: stdout and stderr to one file (bash). */
export interface BothRedirect {
  readonly kind: 'BothRedirect';
  readonly operator: '&>' | '&>>';
  readonly target: Word;
  readonly span: Span;
}

/** `[n]<<< word`: the expanded word plus a newline on descriptor n (default 0). */
export interface HereString {
  readonly kind: 'HereString';
  readonly fd: number | null;
  readonly target: Word;
  readonly span: Span;
}

/**
 * `[n]<<WORD` / `[n]<<-WORD`: the lines after the command's line, up to WORD alone on a line.
 * The body is read when the parser reaches the end of that line, after the node exists, so the
 * parser fills `body` in then; nothing else writes it.
 */
export interface HereDocument {
  readonly kind: 'HereDocument';
  readonly fd: number | null;
  /** `<<-`: leading tabs are stripped from each body line and the delimiter line. */
  readonly stripTabs: boolean;
  readonly delimiter: string;
  /** Any quoting in the delimiter word: the body is taken literally, without expansion. */
  readonly literal: boolean;
  body: Word;
  readonly span: Span;
}

export type Redirect = FileRedirect | DupRedirect | BothRedirect | HereString | HereDocument;
