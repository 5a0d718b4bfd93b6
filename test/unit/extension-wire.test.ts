// A shell's job table is taken only in the protocol's shape; each way of breaking it is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJobsParams } from '../../extension/wire';
import { job } from '../ipc/fake-extension';

const good = {
  revision: 4,
  jobs: [
    job(1),
    { ...job(2), pgid: null, state: { kind: 'done', status: 130, signal: 'INT' } },
    { ...job(3), state: { kind: 'stopped', signal: 'TSTP' }, processes: [{ pid: null, command: 'echo', state: { kind: 'signaled', signal: 'KILL', coreDumped: false } }] },
  ],
};

test('wire: a table of the protocol is taken as it is', () => {
  assert.equal(parseJobsParams(good), good);
  assert.deepEqual(parseJobsParams({ revision: 0, jobs: [] }), { revision: 0, jobs: [] });
});

const broken: readonly [string, unknown][] = [
  ['null', null],
  ['no revision', { jobs: [] }],
  ['a negative revision', { revision: -1, jobs: [] }],
  ['jobs not a list', { revision: 1, jobs: {} }],
  ['a job id of 0', { revision: 1, jobs: [{ ...job(1), id: 0 }] }],
  ['a fractional pgid', { revision: 1, jobs: [{ ...job(1), pgid: 1.5 }] }],
  ['a command that is not text', { revision: 1, jobs: [{ ...job(1), command: 42 }] }],
  ['an unknown job state', { revision: 1, jobs: [{ ...job(1), state: { kind: 'zombie' } }] }],
  ['a state named after an Object method', { revision: 1, jobs: [{ ...job(1), state: { kind: 'toString' } }] }],
  ['a stopped job without its signal', { revision: 1, jobs: [{ ...job(1), state: { kind: 'stopped' } }] }],
  ['a done job without status', { revision: 1, jobs: [{ ...job(1), state: { kind: 'done' } }] }],
  ['processes not a list', { revision: 1, jobs: [{ ...job(1), processes: null }] }],
  ['a process without pid', { revision: 1, jobs: [{ ...job(1), processes: [{ command: 'x', state: { kind: 'running' } }] }] }],
  ['a signaled process without coreDumped', { revision: 1, jobs: [{ ...job(1), processes: [{ pid: 1, command: 'x', state: { kind: 'signaled', signal: 'INT' } }] }] }],
];

for (const [name, value] of broken) {
  test(`wire: ${name} is refused`, () => assert.equal(parseJobsParams(value), undefined));
}
