import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobStateOf, processStateAfter, type JobProcess } from '../../shell/jobs/job';
import { describeJobState, formatJobLine } from '../../shell/jobs/format';

function proc(state: JobProcess['state']): JobProcess {
  return { pid: 1, command: 'x', state };
}

test('job state: running while any member runs', () => {
  assert.equal(jobStateOf([proc({ kind: 'exited', code: 0 }), proc({ kind: 'running' })]).kind, 'running');
});

test('job state: stopped once none runs and one is stopped', () => {
  assert.deepEqual(jobStateOf([proc({ kind: 'stopped', signal: 20 }), proc({ kind: 'exited', code: 0 })]), { kind: 'stopped', signal: 20 });
});

test('job state: done with the last stage status; 128+N for a signal', () => {
  const done = jobStateOf([proc({ kind: 'exited', code: 3 }), proc({ kind: 'signaled', signal: 13, coreDumped: false })]);
  assert.equal(done.kind === 'done' && done.status, 141);
  const exit3 = jobStateOf([proc({ kind: 'signaled', signal: 13, coreDumped: false }), proc({ kind: 'exited', code: 3 })]);
  assert.equal(exit3.kind === 'done' && exit3.status, 3);
});

test('wait statuses fold into process states; continued means running', () => {
  assert.deepEqual(processStateAfter({ kind: 'continued', pid: 5 }), { kind: 'running' });
  assert.deepEqual(processStateAfter({ kind: 'stopped', pid: 5, signal: 19 }), { kind: 'stopped', signal: 19 });
});

test('job lines read like bash: Done, Exit N, Killed, Running with &', () => {
  assert.equal(describeJobState({ kind: 'done', status: 0, last: { kind: 'exited', code: 0 } }), 'Done');
  assert.equal(describeJobState({ kind: 'done', status: 3, last: { kind: 'exited', code: 3 } }), 'Exit 3');
  assert.equal(describeJobState({ kind: 'done', status: 137, last: { kind: 'signaled', signal: 9, coreDumped: false } }), 'Killed');
  assert.equal(formatJobLine(1, '+', { kind: 'running' }, 'sleep 10'), '[1]+  Running                 sleep 10 &');
  assert.equal(formatJobLine(2, '-', { kind: 'stopped', signal: 20 }, 'vim', 4242), '[2]-  4242 Stopped                 vim');
});
