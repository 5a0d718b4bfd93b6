// The per-terminal secrets: issued fresh, matched by proof only, remembered across a host restart
// through the window's state, forgotten with their terminal; and what a job command takes as a JobRef.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isJobRef } from '../../extension/job-ref';
import { SecretBook } from '../../extension/secrets';
import { shellProof } from '../../shell/ipc/protocol';

function storage(initial?: unknown): { values: Map<string, unknown>; get<T>(key: string): T | undefined; update(key: string, value: unknown): Promise<void> } {
  const values = new Map<string, unknown>(initial === undefined ? [] : [['quirl.ipcSecrets', initial]]);
  return { values, get: <T>(key: string) => values.get(key) as T | undefined, update: async (key, value) => void values.set(key, value) };
}

test('secrets: issued fresh, found by a proof, remembered for the next host, forgotten with the terminal', () => {
  const memento = storage();
  const book = new SecretBook(memento);
  const a = book.issue();
  const b = book.issue();
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.notEqual(a, b);
  assert.equal(book.match('nonce-1', shellProof(b, 'nonce-1')), b);
  assert.equal(book.match('nonce-1', shellProof(b, 'nonce-2')), undefined, 'a proof for another nonce is not accepted');
  assert.equal(book.match('nonce-1', shellProof('unknown', 'nonce-1')), undefined);
  assert.equal(book.match('nonce-1', 42), undefined);

  const restarted = new SecretBook(memento);
  assert.equal(restarted.match('n', shellProof(a, 'n')), a);
  restarted.remove(a);
  assert.equal(restarted.has(a), false);
  assert.deepEqual(memento.values.get('quirl.ipcSecrets'), [b]);
  restarted.add(b);
  assert.deepEqual(memento.values.get('quirl.ipcSecrets'), [b], 'a known secret is not added twice');
});

test('secrets: stored junk is ignored; the book keeps the newest 256', () => {
  const memento = storage(['x', 7, '', null]);
  const book = new SecretBook(memento);
  assert.equal(book.has('x'), true);
  for (let index = 0; index < 300; index += 1) book.add(`s${index}`);
  const kept = memento.values.get('quirl.ipcSecrets') as string[];
  assert.equal(kept.length, 256);
  assert.equal(kept.at(-1), 's299');
  assert.equal(book.has('x'), false);
  assert.equal(book.has('s43'), false);
  assert.equal(book.has('s44'), true);
  assert.equal(new SecretBook(storage({ not: 'a list' })).has('not'), false);
});

const refs: readonly [unknown, boolean][] = [
  [{ shellPid: 10, jobId: 1 }, true],
  [{ kind: 'job', shellPid: 10, jobId: 2 }, true],
  [{ shellPid: 10 }, false],
  [{ shellPid: 0, jobId: 1 }, false],
  [{ shellPid: 10, jobId: 1.5 }, false],
  [{ shellPid: '10', jobId: 1 }, false],
  [undefined, false],
  [null, false],
  ['10:1', false],
];

for (const [value, expected] of refs) {
  test(`job ref: ${JSON.stringify(value)} ${expected ? 'is' : 'is not'} a JobRef`, () => assert.equal(isJobRef(value), expected));
}
