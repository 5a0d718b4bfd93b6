/**
 * Listeners in a copy-on-write array. A retained job keeps its few listeners for its whole life:
 * a Set's hash table, or the spare slots of an array grown by push, cost more than they do (the
 * bench's live heap per retained job). Notifying walks the array of that moment, so a listener
 * may add or remove listeners as it runs.
 */
export class Listeners<T> {
  private current: readonly ((value: T) => void)[] = [];

  /** Adds `listener` (once, as a Set would) and returns what removes it. */
  add(listener: (value: T) => void): () => void {
    if (!this.current.includes(listener)) this.current = [...this.current, listener];
    return () => {
      this.current = this.current.filter((other) => other !== listener);
    };
  }

  notify(value: T): void {
    for (const listener of this.current) listener(value);
  }
}
