/**
 * Lists being collected one item at a time, each copied out at its exact length when done. An
 * array pushed to from empty grows to 17 slots at its first push, and most of the parser's lists
 * (a command's words, a list's items) hold one to three: collected on one stack per kind, nested
 * lists above the lists they are in, they cost one exact array each.
 */
export class Collected<T> {
  /** Entries from `top` on are stale: left for the next list to overwrite rather than cleared. */
  private readonly stack: T[] = [];
  private top = 0;

  /** Begins a list (inside any list still being collected): its mark. */
  begin(): number {
    return this.top;
  }

  add(item: T): void {
    this.stack[this.top] = item;
    this.top += 1;
  }

  /** How many items the list begun at `mark` holds so far. */
  count(mark: number): number {
    return this.top - mark;
  }

  /** The list begun at `mark`, taken off the stack. */
  end(mark: number): T[] {
    const list = this.stack.slice(mark, this.top);
    this.top = mark;
    return list;
  }
}
