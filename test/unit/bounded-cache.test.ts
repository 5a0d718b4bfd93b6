import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedCache } from '../../shell/expand/bounded-cache';

test('a bounded cache makes a value once and gives it back while it is kept', () => {
  const cache = new BoundedCache<string, { text: string }>(4);
  let made = 0;
  const make = (text: string): { text: string } => {
    made++;
    return { text };
  };
  const first = cache.get('a', make);
  assert.equal(cache.get('a', make), first);
  assert.equal(made, 1);
});

test('a bounded cache drops its least recently used entry when full', () => {
  const cache = new BoundedCache<string, string>(2);
  const made: string[] = [];
  const make = (text: string): string => {
    made.push(text);
    return text.toUpperCase();
  };
  cache.get('a', make);
  cache.get('b', make);
  // `a` was used after `b`: `b` is the one to go.
  cache.get('a', make);
  cache.get('c', make);
  assert.equal(cache.size, 2);
  cache.get('a', make);
  cache.get('b', make);
  assert.deepEqual(made, ['a', 'b', 'c', 'b']);
});

test('a bounded cache keeps nothing for a value whose making failed', () => {
  const cache = new BoundedCache<string, string>(2);
  assert.throws(() => cache.get('x', () => { throw new Error('no'); }), /no/);
  assert.equal(cache.size, 0);
  assert.equal(cache.get('x', () => 'made'), 'made');
});
