/**
 * A batch of generated values that fast-check can shrink down to the one value that fails.
 * Running a shell per word would be slow, so a property runs whole batches; when one fails, the
 * property notes which of its items disagreed (FailureLog), and shrinking tries those items
 * alone first (then halves, for a failure no single item shows), and from a batch of one,
 * shrinks the item with its own arbitrary.
 */
import fc from 'fast-check';

/** Which items of which batches failed, and how long shrinking may still go on. */
export class FailureLog {
  private readonly failing = new WeakMap<object, readonly number[]>();
  private deadline: number | undefined;

  /** `shrinkMs`: how long shrinking may take after the first failure before it stops with what it has. */
  constructor(private readonly shrinkMs: number) {}

  record(batch: object, indices: readonly number[]): void {
    this.failing.set(batch, indices);
    this.deadline ??= Date.now() + this.shrinkMs;
  }

  indices(batch: object): readonly number[] {
    return this.failing.get(batch) ?? [];
  }

  /** Past the shrinking budget: fast-check then reports the smallest failure found so far. */
  get exhausted(): boolean {
    return this.deadline !== undefined && Date.now() > this.deadline;
  }
}

/** How many single failing items shrinking tries before halving. */
const SINGLES = 8;

export class BatchArbitrary<T> extends fc.Arbitrary<T[]> {
  constructor(
    private readonly item: fc.Arbitrary<T>,
    private readonly size: number,
    private readonly log: FailureLog,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    const items = Array.from({ length: this.size }, () => this.item.generate(mrng, biasFactor));
    return new fc.Value(
      items.map((item) => item.value),
      items,
    );
  }

  canShrinkWithoutContext(_value: unknown): _value is T[] {
    return false;
  }

  shrink(batch: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    const items = context as fc.Value<T>[] | undefined;
    if (items === undefined || items.length === 0 || this.log.exhausted) return fc.Stream.nil();
    const [only] = items;
    if (items.length === 1 && only !== undefined) return this.item.shrink(only.value_, only.context).map((item) => this.batchOf([item]));
    const singles = this.log.indices(batch).slice(0, SINGLES).flatMap((index) => (items[index] === undefined ? [] : [this.batchOf([items[index]])]));
    const middle = Math.ceil(items.length / 2);
    return fc.Stream.of(...singles, this.batchOf(items.slice(0, middle)), this.batchOf(items.slice(middle)));
  }

  private batchOf(items: readonly fc.Value<T>[]): fc.Value<T[]> {
    return new fc.Value(
      items.map((item) => item.value),
      [...items],
    );
  }
}
