/**
 * A cache of at most `capacity` entries, the least recently used one dropped first: what the
 * expander keeps of work it would otherwise redo at each expansion (parsed arithmetic, compiled
 * patterns), bounded so that a script generating endless distinct texts cannot grow it.
 */
export class BoundedCache<K, V> {
  /** A Map iterates in insertion order: re-inserting a used entry keeps the oldest first. */
  private readonly entries = new Map<K, V>();
  /** The key used last: the last in the map's order. */
  private newest: K | undefined;

  constructor(private readonly capacity: number) {}

  /** The value for `key`, made by `make` on a miss; a `make` that throws caches nothing. */
  get(key: K, make: (key: K) => V): V {
    const cached = this.entries.get(key);
    // The entry used last is last already: a loop's one expression costs no re-insertion.
    if (cached !== undefined && key === this.newest) return cached;
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      this.newest = key;
      return cached;
    }
    const value = make(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    this.newest = key;
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
