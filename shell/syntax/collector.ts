/**
 * The elements of arrays a recursive parser is still building, on one stack: each array's
 * elements lie above the mark taken where it began, and it is made, at its exact length, when it
 * is complete. An empty array that is pushed onto allocates room for 17 elements at once, and most
 * arrays of a syntax tree (a command's words, a list's items) hold one to three.
 */
export class Collector<T> {
  private readonly stack: (T | undefined)[] = [];
  private top = 0;

  /** Where the array begun now starts. */
  mark(): number {
    return this.top;
  }

  add(element: T): void {
    this.stack[this.top++] = element;
  }

  /** How many elements the array begun at `mark` has so far. */
  count(mark: number): number {
    return this.top - mark;
  }

  /** The array begun at `mark`, taken off the stack (whose slots let go of their elements). */
  take(mark: number): T[] {
    const count = this.top - mark;
    // Most arrays hold one element or none: a literal, not a call to slice.
    const taken = count === 0 ? [] : count === 1 ? [this.stack[mark] as T] : (this.stack.slice(mark, this.top) as T[]);
    // A loop, not fill(): the slots are few, and fill is a call into the runtime.
    for (let at = mark; at < this.top; at++) this.stack[at] = undefined;
    this.top = mark;
    return taken;
  }
}
