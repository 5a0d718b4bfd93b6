import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeSignal, parseSignal, signalName } from '../../shell/exec/signals';

test('signal names and numbers: TERM, SIGTERM, term and 15 name one signal', () => {
  for (const text of ['TERM', 'SIGTERM', 'term', '15']) assert.equal(parseSignal(text), 15, text);
  assert.equal(parseSignal('0'), 0);
  assert.equal(parseSignal('NOPE'), undefined);
  assert.equal(parseSignal('999'), undefined);
  assert.equal(signalName(9), 'KILL');
});

test('signal descriptions read as bash prints them', () => {
  assert.equal(describeSignal(9), 'Killed');
  assert.equal(describeSignal(15), 'Terminated');
  assert.equal(describeSignal(20), 'Stopped');
  assert.equal(describeSignal(21), 'Stopped (tty input)');
});
