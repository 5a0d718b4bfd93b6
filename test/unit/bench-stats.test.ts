import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mean, summarize } from '../bench/stats';

test('bench stats: median of an odd count is the middle value, min and max the ends', () => {
  assert.deepEqual(summarize([5, 1, 3]), { n: 3, median: 3, min: 1, max: 5 });
});

test('bench stats: median of an even count is the mean of the middle two', () => {
  assert.deepEqual(summarize([4, 1, 2, 10]), { n: 4, median: 3, min: 1, max: 10 });
  assert.equal(summarize([7]).median, 7);
});

test('bench stats: no samples, or a non-finite one, is an error rather than a figure', () => {
  assert.throws(() => summarize([]), RangeError);
  assert.throws(() => summarize([1, Number.NaN]), RangeError);
  assert.throws(() => mean([]), RangeError);
});

test('bench stats: mean of a run', () => {
  assert.equal(mean([1, 2, 6]), 3);
});
