/**
 * The two kinds of array a shell variable can hold, as bash keeps them: an indexed array is
 * sparse and always read in index order; an associative one is read in the order of bash's own
 * hash table (FNV-1 buckets, newest first within a bucket), so that `"${!m[@]}"` lists keys in
 * the order bash lists them.
 */
import { encodeText } from '../bytes';

export class IndexedArray {
  readonly kind = 'indexed';
  private elements = new Map<number, string>();
  /** Whether the map's insertion order is index order (appending keeps it so). */
  private ordered = true;
  private highest = -1;

  static of(values: readonly string[]): IndexedArray {
    const array = new IndexedArray();
    values.forEach((value, index) => array.set(index, value));
    return array;
  }

  get size(): number {
    return this.elements.size;
  }

  /** The index after the highest one set (`a+=(x)` and `a[${#a[@]}]` append there). */
  get end(): number {
    return this.highest + 1;
  }

  get(index: number): string | undefined {
    return this.elements.get(index);
  }

  set(index: number, value: string): void {
    if (!this.elements.has(index) && index < this.highest) this.ordered = false;
    this.elements.set(index, value);
    if (index > this.highest) this.highest = index;
  }

  delete(index: number): void {
    this.elements.delete(index);
    if (index === this.highest) this.highest = this.elements.size === 0 ? -1 : Math.max(...this.elements.keys());
  }

  /** [index, value] pairs in index order. */
  entries(): [number, string][] {
    if (!this.ordered) {
      this.elements = new Map([...this.elements].sort(([a], [b]) => a - b));
      this.ordered = true;
    }
    return [...this.elements];
  }

  values(): string[] {
    return this.entries().map(([, value]) => value);
  }

  clone(): IndexedArray {
    const copy = new IndexedArray();
    for (const [index, value] of this.entries()) copy.set(index, value);
    return copy;
  }
}

/** bash's ASSOC_HASH_BUCKETS, and its table growth: ×4 once entries reach twice the buckets. */
const INITIAL_BUCKETS = 1024;
const GROW_FACTOR = 2;
const GROW_MULTIPLIER = 4;

export class AssociativeArray {
  readonly kind = 'associative';
  /** Insertion order; the hash order is derived from it when the keys are listed. */
  private readonly elements = new Map<string, string>();
  private order: string[] | undefined;

  get size(): number {
    return this.elements.size;
  }

  get(key: string): string | undefined {
    return this.elements.get(key);
  }

  set(key: string, value: string): void {
    if (!this.elements.has(key)) this.order = undefined;
    this.elements.set(key, value);
  }

  delete(key: string): void {
    if (this.elements.delete(key)) this.order = undefined;
  }

  /** [key, value] pairs in bash's order. */
  entries(): [string, string][] {
    this.order ??= hashOrder([...this.elements.keys()]);
    return this.order.map((key) => [key, this.elements.get(key) as string]);
  }

  values(): string[] {
    return this.entries().map(([, value]) => value);
  }

  clone(): AssociativeArray {
    const copy = new AssociativeArray();
    for (const [key, value] of this.elements) copy.set(key, value);
    return copy;
  }
}

export type ShellArray = IndexedArray | AssociativeArray;

/** bash's hash_string: 32-bit FNV-1 over the key's bytes. */
function fnv1(key: string): number {
  let hash = 2166136261;
  for (const byte of encodeText(key)) hash = (Math.imul(hash, 16777619) ^ byte) >>> 0;
  return hash;
}

/** The keys, inserted in `insertionOrder` into a table like bash's, read bucket by bucket. */
function hashOrder(insertionOrder: readonly string[]): string[] {
  let buckets: string[][] = Array.from({ length: INITIAL_BUCKETS }, () => []);
  let count = 0;
  const insert = (table: string[][], key: string): void => {
    (table[fnv1(key) & (table.length - 1)] as string[]).unshift(key);
  };
  for (const key of insertionOrder) {
    if (count >= buckets.length * GROW_FACTOR) {
      const grown: string[][] = Array.from({ length: buckets.length * GROW_MULTIPLIER }, () => []);
      for (const bucket of buckets) for (const moved of bucket) insert(grown, moved);
      buckets = grown;
    }
    insert(buckets, key);
    count += 1;
  }
  return buckets.flat();
}
