import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobStateOf, processStateAfter, type JobProcess } from '../../shell/jobs/job';
import { describeJobState, formatJobLine, formatJobLong } from '../../shell/jobs/format';

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
  assert.equal(
    formatJobLong(2, '-', { kind: 'stopped', signal: 20 }, [{ pid: 4242, command: 'vim', state: { kind: 'stopped', signal: 20 } }], 'vim'),
    '[2]-  4242 Stopped                 vim\n',
  );
});

test('jobs -l reads like bash: a row per process, %5d PIDs, a later state only where it differs, | before later commands', () => {
  const stopped = { kind: 'stopped', signal: 20 } as const;
  // Measured with bash 5.2: `sleep 100 | sleep 101 | cat`, Ctrl-Z, `jobs -l`.
  assert.equal(
    formatJobLong(1, '+', stopped, [
      { pid: 21687, command: 'sleep 100', state: stopped },
      { pid: 21688, command: 'sleep 101', state: { kind: 'stopped', signal: 19 } },
      { pid: 21689, command: 'cat', state: stopped },
    ], 'sleep 100 | sleep 101 | cat'),
    ['[1]+ 21687 Stopped                 sleep 100', '     21688                       | sleep 101', '     21689                       | cat', ''].join('\n'),
  );
  assert.equal(
    formatJobLong(3, ' ', { kind: 'running' }, [
      { pid: 1234567, command: 'sleep 9', state: { kind: 'exited', code: 0 } },
      { pid: 1234568, command: 'cat', state: { kind: 'running' } },
    ], 'sleep 9 | cat'),
    ['[3]  1234567 Running                 sleep 9', '     1234568                       | cat &', ''].join('\n'),
  );
  const done = { kind: 'done', status: 130, last: { kind: 'signaled', signal: 2, coreDumped: false } } as const;
  assert.equal(
    formatJobLong(4, '-', done, [
      { pid: 500, command: 'sleep 1', state: { kind: 'exited', code: 3 } },
      { pid: 501, command: 'sleep 2', state: { kind: 'exited', code: 3 } },
      { pid: 502, command: 'cat', state: { kind: 'signaled', signal: 2, coreDumped: false } },
    ], 'sleep 1 | sleep 2 | cat'),
    ['[4]-   500 Exit 3                  sleep 1', '       501                       | sleep 2', '       502 Interrupt               | cat', ''].join('\n'),
  );
});
