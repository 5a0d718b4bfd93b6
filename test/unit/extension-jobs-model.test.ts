// The extension's jobs model as tables: tables replace each other by revision, transitions
// (stopped, finished) between two tables, counts, and the change events in order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobsModel, transitions, worthNotifying, type ModelChange } from '../../extension/jobs-model';
import type { JobSnapshot } from '../../shell/ipc/protocol';
import { job } from '../ipc/fake-extension';

const stopped = { kind: 'stopped', signal: 'TSTP' } as const;
const done = { kind: 'done', status: 0 } as const;
const killed = { kind: 'done', status: 143, signal: 'TERM' } as const;

const cases: readonly { name: string; before: JobSnapshot[]; after: JobSnapshot[]; want: string[] }[] = [
  { name: 'no change', before: [job(1)], after: [job(1)], want: [] },
  { name: 'running → stopped', before: [job(1)], after: [job(1, stopped)], want: ['stopped 1'] },
  { name: 'running → done', before: [job(1)], after: [job(1, done)], want: ['finished 1'] },
  { name: 'stopped → killed', before: [job(1, stopped)], after: [job(1, killed)], want: ['finished 1'] },
  { name: 'stopped → running (continued) is no news', before: [job(1, stopped)], after: [job(1)], want: [] },
  { name: 'a job first seen stopped or done is no news', before: [], after: [job(1, stopped), job(2, done)], want: [] },
  { name: 'done stays done', before: [job(1, done)], after: [job(1, done)], want: [] },
  { name: 'a removed job is no news', before: [job(1)], after: [], want: [] },
  { name: 'several at once, in table order', before: [job(1), job(2), job(3)], after: [job(1, done), job(2), job(3, stopped)], want: ['finished 1', 'stopped 3'] },
];

for (const { name, before, after, want } of cases) {
  test(`jobs model: transitions: ${name}`, () => {
    const got = transitions(7, before, after);
    assert.deepEqual(
      got.map((change) => `${change.kind} ${change.job.id}`),
      want,
    );
    assert.ok(got.every((change) => change.pid === 7));
  });
}

test('jobs model: connect, tables by revision, counts, removal, with one event each', () => {
  const model = new JobsModel();
  const events: ModelChange[] = [];
  const unsubscribe = model.onDidChange((change) => events.push(change));

  model.connect(10);
  model.connect(10);
  assert.deepEqual(model.list(), [{ pid: 10, revision: 0, jobs: [] }]);

  assert.equal(model.update(10, { revision: 2, jobs: [job(1), job(2, stopped)] }), true);
  assert.equal(model.update(10, { revision: 1, jobs: [] }), false, 'an older table is ignored');
  assert.equal(model.update(10, { revision: 2, jobs: [] }), false, 'so is a repeated one');
  model.update(20, { revision: 1, jobs: [job(5)] });
  assert.deepEqual(model.counts(), { running: 2, stopped: 1 });
  assert.equal(model.job(10, 2)?.state.kind, 'stopped');
  assert.equal(model.job(10, 3), undefined);

  model.update(10, { revision: 3, jobs: [job(1, killed), job(2, stopped)] });
  assert.deepEqual(model.counts(), { running: 1, stopped: 1 });
  model.remove(10);
  model.remove(10);
  assert.deepEqual(
    model.list().map((shell) => shell.pid),
    [20],
  );

  unsubscribe();
  model.remove(20);
  assert.deepEqual(
    events.map((change) => (change.kind === 'table' ? `table ${change.pid} ${change.transitions.map((item) => item.kind).join(',')}` : `${change.kind} ${change.pid}`)),
    ['connected 10', 'table 10 ', 'table 20 ', 'table 10 finished', 'removed 10'],
  );
});

const news: readonly [string, JobSnapshot, 'stopped' | 'finished', boolean, boolean][] = [
  ['Ctrl-Z in the terminal the user watches', job(1, stopped), 'stopped', true, false],
  ['Ctrl-Z in a terminal out of sight', job(1, stopped), 'stopped', false, true],
  ['a background job stopped reading the terminal', job(1, { kind: 'stopped', signal: 'TTIN' }), 'stopped', true, true],
  ['a background job finishing, watched', job(1, done), 'finished', true, true],
  ['a background job killed, out of sight', job(1, killed), 'finished', false, true],
];

for (const [name, snapshot, kind, watching, expected] of news) {
  test(`jobs model: worth a notification? ${name}: ${expected ? 'yes' : 'no'}`, () => {
    assert.equal(worthNotifying({ kind, pid: 7, job: snapshot }, watching), expected);
  });
}
