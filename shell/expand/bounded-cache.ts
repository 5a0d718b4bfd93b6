/**
 * A cache of at most `capacity` entries, the least recently used one dropped first: what the
 * expander keeps of work it would otherwise redo at each expansion (compiled arithmetic and
 * patterns), bounded so that a script generating endless distinct texts cannot grow it.
 */
export class BoundedCache<K, V> {
  /**
   * Each entry with when it was last used. A hit only updates the stamp (a loop alternating
   * between a few expressions touches no map); the oldest stamp is searched for only when a
   * miss finds the cache full, where making the value costs more than the search.
   */
  private readonly entries = new Map<K, { value: V; used: number }>();
  private clock = 0;

  constructor(private readonly capacity: number) {}

  /** The value for `key`, made by `make` on a miss; a `make` that throws caches nothing. */
  get(key: K, make: (key: K) => V): V {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      cached.used = ++this.clock;
      return cached.value;
    }
    const value = make(key);
    if (this.entries.size >= this.capacity) this.dropOldest();
    this.entries.set(key, { value, used: ++this.clock });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private dropOldest(): void {
    let oldest: K | undefined;
    let oldestUse = Infinity;
    for (const [key, entry] of this.entries) {
      if (entry.used < oldestUse) {
        oldest = key;
        oldestUse = entry.used;
      }
    }
    this.entries.delete(oldest as K);
  }
}
