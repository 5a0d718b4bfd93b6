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

/** `c1 | c2 | c3`; `negated` is a leading `!`. */
export interface Pipeline {
  readonly kind: 'Pipeline';
  readonly negated: boolean;
  readonly commands: readonly Command[];
  /** The pipeline's own source text, as a job's command line shows it. */
  readonly text: string;
  readonly span: Span;
}

/** One pipeline stage. Compound commands (subshells, groups, if, loops, functions) join here. */
export type Command = SimpleCommand;

/** `NAME=value ... word ... redirect ...` in any interleaving, as POSIX allows. */
export interface SimpleCommand {
  readonly kind: 'SimpleCommand';
  readonly assignments: readonly Assignment[];
  readonly words: readonly Word[];
  /** In source order: they are opened in this order. */
  readonly redirects: readonly Redirect[];
  readonly span: Span;
}

export interface Assignment {
  readonly kind: 'Assignment';
  readonly name: string;
  readonly value: Word;
  readonly span: Span;
}

/** One shell word: adjacent parts with no unquoted blank between them. */
export interface Word {
  readonly kind: 'Word';
  readonly parts: readonly WordPart[];
  /** The word's source text, as error messages quote it (`$x: ambiguous redirect`). */
  readonly text: string;
  readonly span: Span;
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

/** Inside "...": literals (escapes already resolved, all quoted), parameters, substitutions. */
export interface DoubleQuoted {
  readonly kind: 'DoubleQuoted';
  readonly parts: readonly (Literal | ParameterExpansion | CommandSubstitution)[];
  readonly span: Span;
}

/** Special parameters: `?`, `$`, `!`, `#`, `@`, `*`, `-`, and `0`–`9`. */
export type SpecialParameter = '?' | '$' | '!' | '#' | '@' | '*' | '-';

/** `$NAME`, `${NAME}`, `$1`, `${10}`, `$?` ... */
export interface ParameterExpansion {
  readonly kind: 'ParameterExpansion';
  /** A variable name, a positional number as a string ('0', '1', '10'), or a special parameter. */
  readonly name: string;
  readonly braced: boolean;
  readonly span: Span;
}

/** `$(...)` or `` `...` ``. */
export interface CommandSubstitution {
  readonly kind: 'CommandSubstitution';
  readonly program: Program;
  readonly style: 'dollar' | 'backquote';
  readonly span: Span;
}

/** A leading `~` or `~user` (before the first `/`, unquoted). */
export interface Tilde {
  readonly kind: 'Tilde';
  /** Empty for the current user's home. */
  readonly user: string;
  readonly span: Span;
}

export type WordPart = Literal | SingleQuoted | DoubleQuoted | ParameterExpansion | CommandSubstitution | Tilde;

/** `[n]<`, `[n]>`, `[n]>>`, `[n]>|`, `[n]<>` with a file target. */
export interface FileRedirect {
  readonly kind: 'FileRedirect';
  /** The descriptor written before the operator, or null for the operator's default (0 or 1). */
  readonly fd: number | null;
  readonly operator: '<' | '>' | '>>' | '>|' | '<>';
  readonly target: Word;
  readonly span: Span;
}

/** `[n]>&word`, `[n]<&word`: duplicate a descriptor (word is a number) or close it (word is `-`). */
export interface DupRedirect {
  readonly kind: 'DupRedirect';
  readonly fd: number | null;
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

export type Redirect = FileRedirect | DupRedirect | BothRedirect | HereString;
