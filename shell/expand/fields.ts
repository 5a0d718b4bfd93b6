/**
 * Assembles a word's fields from its expanded fragments. Unquoted expansion results are split on
 * IFS as they arrive; every fragment is checked for NUL bytes and charged to the budget before it
 * is appended; each field keeps which of its text was quoted, for pathname expansion.
 */
import { joinText } from '../bytes';
import { ShellError } from '../errors';
import type { ExpansionBudget } from './budget';

/** A run of a field's text; `quoted` text is matched literally by pathname expansion. */
export interface Segment {
  readonly text: string;
  readonly quoted: boolean;
}

export type Field = readonly Segment[];

export function fieldText(field: Field): string {
  return field.length === 1 ? field[0]!.text : field.reduce((text, segment) => joinText(text, segment.text), '');
}

const IFS_WHITESPACE = ' \t\n';

/** How the IFS variable splits unquoted expansion results, and joins "$*". */
export class FieldSeparators {
  /** Matches one delimiter: a run of IFS white space, or one other IFS character. */
  readonly pattern: RegExp;
  /** Whether IFS's first character, which joins the elements of an unquoted `$@`, is white space. */
  readonly joinsWithWhitespace: boolean;

  private constructor(chars: string) {
    this.joinsWithWhitespace = IFS_WHITESPACE.includes(chars[0]!);
    const whitespace = [...chars].filter((c) => IFS_WHITESPACE.includes(c));
    const others = [...chars].filter((c) => !IFS_WHITESPACE.includes(c));
    const alternatives = [];
    if (whitespace.length > 0) alternatives.push(`[${whitespace.map(codePointEscape).join('')}]+`);
    if (others.length > 0) alternatives.push(`[${others.map(codePointEscape).join('')}]`);
    this.pattern = new RegExp(alternatives.join('|'), 'gu');
  }

  /** The last IFS asked for: words expand one after another under the same IFS, and a RegExp per word showed in profiles. */
  private static cached: { readonly chars: string; readonly separators: FieldSeparators } | undefined;

  /** Unset IFS splits on space, tab and newline; an empty IFS does not split at all (null). */
  static fromIfs(ifs: string | undefined): FieldSeparators | null {
    if (ifs === '') return null;
    const chars = ifs ?? IFS_WHITESPACE;
    if (FieldSeparators.cached?.chars !== chars) FieldSeparators.cached = { chars, separators: new FieldSeparators(chars) };
    return FieldSeparators.cached.separators;
  }
}

/** What "$*" puts between the positional parameters: the first character of IFS. */
export function parameterJoiner(ifs: string | undefined): string {
  if (ifs === undefined) return ' ';
  const first = ifs.codePointAt(0);
  return first === undefined ? '' : String.fromCodePoint(first);
}

function codePointEscape(c: string): string {
  return `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

export class FieldBuilder {
  private readonly fields: Field[] = [];
  /** The field being built, or null between fields. Adjacent fragments of the same quoting share a segment. */
  private current: { text: string; quoted: boolean }[] | null = null;
  /**
   * Whether the last thing appended was IFS white space that ended a field: one other IFS
   * character right after it belongs to the same delimiter (`a , b` is two fields, not three).
   */
  private closedByWhitespace = false;

  /**
   * `separators` null: no splitting (an empty IFS, or a word that is never split). `origin` is the
   * word's source text, for error messages.
   */
  /** Everything appended so far, joined: all that a builder made by forText keeps. */
  private joined = '';

  constructor(
    private readonly budget: ExpansionBudget,
    private readonly separators: FieldSeparators | null,
    private readonly origin: string,
    private readonly keepsFields = true,
  ) {}

  /**
   * A builder for a step whose result is only its text (a piece of a word that is one field or a
   * string): what is appended is checked and charged as ever, but no field or segment is made.
   */
  static forText(budget: ExpansionBudget, origin: string): FieldBuilder {
    return new FieldBuilder(budget, null, origin, false);
  }

  /** Starts a field if none is open: quotes make a field even when they are empty (`""`). */
  open(): void {
    if (!this.keepsFields) return;
    this.current ??= [];
    this.closedByWhitespace = false;
  }

  /** Appends text as it is: a literal, a quoted expansion, a tilde's home directory. */
  append(text: string, quoted: boolean): void {
    rejectNul(text, this.origin);
    this.push(text, quoted);
  }

  /**
   * Appends text that was checked and charged already, as append or appendExpansion did (an
   * unquoted empty text is no fragment): what a plan read before it met a value to split.
   */
  appendCharged(text: string, quoted: boolean): void {
    if (!quoted && text === '') return;
    this.keep(text, quoted);
  }

  /** Appends an expansion's result: quoted, as it is; unquoted, split on IFS and open to pathname expansion. */
  appendExpansion(text: string, quoted: boolean): void {
    if (quoted) {
      this.append(text, true);
      return;
    }
    rejectNul(text, this.origin);
    if (this.separators === null) {
      // An unquoted empty expansion makes no field of its own.
      if (text !== '') this.push(text, false);
      return;
    }
    const { pattern } = this.separators;
    let start = 0;
    pattern.lastIndex = 0;
    for (let delimiter = pattern.exec(text); delimiter !== null; delimiter = pattern.exec(text)) {
      if (delimiter.index > start) this.push(text.slice(start, delimiter.index), false);
      this.delimit(IFS_WHITESPACE.includes(delimiter[0][0]!));
      start = pattern.lastIndex;
    }
    if (start < text.length) this.push(text.slice(start), false);
  }

  /**
   * Ends one element of a list (`$@`, `$*`, `${!p@}`) before the next. Quoted, each element is a
   * field. Unquoted, bash joins the elements with IFS's first character and splits the result:
   * so between them comes that character, and when it is not white space an empty element is
   * an empty field (`set -- a '' b; IFS=-; echo $@` has three fields). An empty IFS joins nothing.
   */
  close(): void {
    if (this.separators === null) this.end();
    else this.delimit(this.separators.joinsWithWhitespace);
  }

  private end(): void {
    if (this.current !== null) this.fields.push(this.current);
    this.current = null;
    this.closedByWhitespace = false;
  }

  finish(): Field[] {
    this.end();
    return this.fields;
  }

  /** A forText builder's text: everything appended, joined. */
  text(): string {
    return this.joined;
  }

  /**
   * POSIX field splitting: IFS white space ends the open field (and makes none when none is
   * open); any other IFS character ends one, even an empty one, unless it follows white space
   * that already did.
   */
  private delimit(whitespace: boolean): void {
    if (whitespace) {
      if (this.current === null) return;
      this.end();
      this.closedByWhitespace = true;
      return;
    }
    if (this.current !== null || !this.closedByWhitespace) {
      this.open();
      this.end();
    }
    this.closedByWhitespace = false;
  }

  /** The contract's budget: charged before the fragment is appended, so the first byte over never is. */
  private push(text: string, quoted: boolean): void {
    this.budget.charge(text);
    this.keep(text, quoted);
  }

  private keep(text: string, quoted: boolean): void {
    if (!this.keepsFields) {
      this.joined = joinText(this.joined, text);
      return;
    }
    const field = (this.current ??= []);
    const last = field.at(-1);
    if (last?.quoted === quoted) last.text = joinText(last.text, text);
    else field.push({ text, quoted });
    this.closedByWhitespace = false;
  }

}

/** A fragment of the word written `origin` may not hold a NUL byte: it is invalid command data. */
export function rejectNul(text: string, origin: string): void {
  if (text.includes('\0')) {
    throw new ShellError('InvalidCommandData', `${origin}: the expansion contains a NUL byte, which is invalid command data`);
  }
}
