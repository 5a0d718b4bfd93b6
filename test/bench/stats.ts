// Summaries of repeated timings: median, min and max of a sample list, and ratios between them.

export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** Median (mean of the middle two for an even count), min and max; an empty list is a bug. */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError('summarize: no samples');
  if (samples.some((value) => !Number.isFinite(value))) throw new RangeError(`summarize: a sample is not finite: ${samples.join(', ')}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { n: sorted.length, median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/** The arithmetic mean of one run's inner repetitions (one sample of a figure). */
export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean: no values');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
