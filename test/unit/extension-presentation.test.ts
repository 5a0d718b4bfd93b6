// How jobs and processes read in the jobs view (labels, state text with exit status, icons,
// context values the menus match), as tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countsText, jobContextValue, jobIcon, jobLabel, jobNoticeText, jobStateText, newTerminalName, processLabel, processStateText, shellDescription } from '../../extension/presentation';
import type { JobStateSnapshot, ProcessStateSnapshot } from '../../shell/ipc/protocol';
import { job } from '../ipc/fake-extension';

const jobStates: readonly [JobStateSnapshot, string, string, string][] = [
  [{ kind: 'running' }, 'running', 'play-circle', 'quirlJob.running'],
  [{ kind: 'stopped', signal: 'TSTP' }, 'stopped (TSTP)', 'debug-pause', 'quirlJob.stopped'],
  [{ kind: 'done', status: 0 }, 'exit 0', 'pass', 'quirlJob.done'],
  [{ kind: 'done', status: 3 }, 'exit 3', 'error', 'quirlJob.done'],
  [{ kind: 'done', status: 143, signal: 'TERM' }, 'killed by TERM (143)', 'error', 'quirlJob.done'],
];

for (const [state, text, icon, contextValue] of jobStates) {
  test(`presentation: a job ${text}`, () => {
    assert.equal(jobStateText(state), text);
    assert.equal(jobIcon(state), icon);
    assert.equal(jobContextValue({ ...job(1), state }), contextValue);
  });
}

const processStates: readonly [ProcessStateSnapshot, string][] = [
  [{ kind: 'running' }, 'running'],
  [{ kind: 'stopped', signal: 'TTIN' }, 'stopped (TTIN)'],
  [{ kind: 'exited', code: 1 }, 'exit 1'],
  [{ kind: 'signaled', signal: 'SEGV', coreDumped: true }, 'killed by SEGV (core dumped)'],
  [{ kind: 'signaled', signal: 'INT', coreDumped: false }, 'killed by INT'],
];

for (const [state, text] of processStates) {
  test(`presentation: a process ${text}`, () => assert.equal(processStateText(state), text));
}

test('presentation: labels', () => {
  assert.equal(jobLabel(job(2)), '[2] sleep 20');
  assert.equal(jobLabel({ ...job(2), command: 'x'.repeat(3), commandTruncated: true }), '[2] xxx…');
  assert.equal(processLabel({ pid: 42, command: 'cat', state: { kind: 'running' } }), '42 cat');
  assert.equal(processLabel({ pid: null, command: 'echo hi', state: { kind: 'running' } }), 'shell echo hi');
  assert.equal(shellDescription(9, []), 'pid 9 · no jobs');
  assert.equal(shellDescription(9, [job(1)]), 'pid 9');
  assert.equal(countsText({ running: 2, stopped: 1 }), '$(play-circle) 2 $(debug-pause) 1');
});

test('presentation: new Quirl terminals are numbered as they open, the lowest free number first', () => {
  assert.equal(newTerminalName([]), 'Quirl');
  assert.equal(newTerminalName(['bash']), 'Quirl');
  assert.equal(newTerminalName(['bash', 'Quirl']), 'Quirl 2');
  assert.equal(newTerminalName(['Quirl', 'Quirl 2', 'Quirl 4']), 'Quirl 3');
  assert.equal(newTerminalName(['Quirl 2']), 'Quirl');
});

test('presentation: a job notice names the terminal once, then the job and its state', () => {
  assert.equal(jobNoticeText('Quirl 2', 41, { ...job(3), state: { kind: 'done', status: 0 } }), 'Quirl 2: [3] sleep 30 — exit 0');
  assert.equal(jobNoticeText(undefined, 41, { ...job(1), state: { kind: 'stopped', signal: 'TTIN' } }), 'Quirl shell 41: [1] sleep 10 — stopped (TTIN)');
});
