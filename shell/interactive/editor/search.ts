/**
 * Reverse incremental search through history (C-r). Typing refines the query and keeps the
 * current match while it still matches; C-r steps to an older entry that matches (skipping
 * repeats of the line shown). Every step is kept on a stack, so Backspace undoes the last one,
 * query character or C-r alike, as in Emacs.
 */
import { editBuffer, type EditBuffer } from './buffer';

interface Match {
  /** Index into the history entries. */
  readonly entry: number;
  /** Where the query starts in it (its last occurrence). */
  readonly position: number;
}

interface Step {
  readonly query: string;
  /** The match shown; after a failed step, the last one that succeeded. */
  readonly match: Match | undefined;
  readonly failed: boolean;
}

export class ReverseSearch {
  private readonly steps: Step[] = [{ query: '', match: undefined, failed: false }];

  /**
   * @param original the line being edited, shown until something matches and restored on cancel
   * @param previousQuery the last search's query, which C-r on an empty query searches for again
   */
  constructor(
    private readonly entries: readonly string[],
    private readonly original: EditBuffer,
    private readonly previousQuery: string,
  ) {}

  private get current(): Step {
    return this.steps.at(-1)!;
  }

  get query(): string {
    return this.current.query;
  }

  /** The entry shown, for history browsing to continue from. */
  get matchedEntry(): number | undefined {
    return this.current.match?.entry;
  }

  /** The prompt to show instead of the caller's. */
  get label(): string {
    return `(${this.current.failed ? 'failed ' : ''}reverse-i-search)\`${this.current.query}': `;
  }

  /** The matched line with the cursor at the match, or the original line while nothing matched. */
  get buffer(): EditBuffer {
    const { match } = this.current;
    return match === undefined ? this.original : editBuffer(this.entries[match.entry]!, match.position);
  }

  /** Adds to the query. */
  type(text: string): void {
    const query = this.current.query + text;
    this.push(query, this.find(query, this.current.match?.entry ?? this.entries.length - 1, undefined));
  }

  /** C-r: the next older match. */
  next(): void {
    const { query, match } = this.current;
    if (query === '') {
      if (this.previousQuery !== '') this.push(this.previousQuery, this.find(this.previousQuery, this.entries.length - 1, undefined));
      return;
    }
    const shown = match === undefined ? undefined : this.entries[match.entry];
    this.push(query, this.find(query, (match?.entry ?? this.entries.length) - 1, shown));
  }

  /** Undoes the last step. */
  backspace(): void {
    if (this.steps.length > 1) this.steps.pop();
  }

  private push(query: string, match: Match | undefined): void {
    this.steps.push(match === undefined ? { query, match: this.current.match, failed: true } : { query, match, failed: false });
  }

  /** The newest entry at or before `from` that contains `query` and is not `skip`. */
  private find(query: string, from: number, skip: string | undefined): Match | undefined {
    for (let entry = from; entry >= 0; entry -= 1) {
      const text = this.entries[entry]!;
      if (text === skip) continue;
      const position = text.lastIndexOf(query);
      if (position >= 0) return { entry, position };
    }
    return undefined;
  }
}
