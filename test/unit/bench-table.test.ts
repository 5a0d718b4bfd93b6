import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGoal, formatNumber, judge, type FigureResult, type Goal, type Verdict } from '../bench/model';
import { figureRows, markdownTable } from '../bench/table';

function figure(goal: Goal, samples: Record<string, number[]>, unit = 'ms'): FigureResult {
  return {
    id: 'x',
    title: 'the figure',
    unit,
    goal,
    subjects: Object.entries(samples).map(([subject, s]) => ({ kind: 'measured', subject, samples: s })),
  };
}

function compared(verdict: Verdict): [string, string] {
  return [verdict.kind, verdict.kind === 'unmeasured' ? verdict.reason : verdict.compared];
}

test('bench verdict: a ratio goal compares medians, at the bound included', () => {
  const goal: Goal = { kind: 'ratio', against: 'bash', max: 1.3 };
  assert.equal(judge(figure(goal, { quirl: [13, 1, 99], bash: [10, 9, 11] })).kind, 'met');
  assert.deepEqual(compared(judge(figure(goal, { quirl: [14, 14, 14], bash: [10, 10, 10] }))), ['missed', '1.40×']);
});

test('bench verdict: a rate goal is a lower bound; plus is a difference; absolute is a bound', () => {
  assert.equal(judge(figure({ kind: 'rate', against: 'cat', min: 0.8 }, { quirl: [79], cat: [100] }, 'MiB/s')).kind, 'missed');
  assert.equal(judge(figure({ kind: 'rate', against: 'cat', min: 0.8 }, { quirl: [80], cat: [100] }, 'MiB/s')).kind, 'met');
  assert.deepEqual(compared(judge(figure({ kind: 'plus', against: 'bash', maxDelta: 2 }, { quirl: [7.5], bash: [5] }))), ['missed', '+2.50 ms']);
  assert.equal(judge(figure({ kind: 'absolute', max: 16 }, { quirl: [15.9] }, 'MiB')).kind, 'met');
});

test('bench verdict: unmeasured when Quirl or the reference was skipped or not run', () => {
  const goal: Goal = { kind: 'ratio', against: 'bash', max: 1 };
  assert.deepEqual(judge(figure(goal, { bash: [1] })), { kind: 'unmeasured', reason: 'quirl was not run' });
  const skipped: FigureResult = { ...figure(goal, { quirl: [1] }), subjects: [{ kind: 'measured', subject: 'quirl', samples: [1] }, { kind: 'skipped', subject: 'bash', reason: 'boom' }] };
  assert.deepEqual(judge(skipped), { kind: 'unmeasured', reason: 'bash: boom' });
});

test('bench goals read as the issue states them', () => {
  assert.equal(describeGoal({ kind: 'ratio', against: 'node+readline', max: 1.1 }, 'ms'), '≤ 1.1× node+readline');
  assert.equal(describeGoal({ kind: 'rate', against: 'cat > /dev/null', min: 0.8 }, 'MiB/s'), '≥ 0.8× cat > /dev/null');
  assert.equal(describeGoal({ kind: 'plus', against: 'bash', maxDelta: 2 }, 'ms'), '≤ bash + 2 ms');
  assert.equal(describeGoal({ kind: 'absolute', max: 50 }, 'ms'), '≤ 50 ms');
});

test('bench numbers: about three significant figures, no exponents', () => {
  assert.deepEqual([1234.5, 56.78, 3.14159, 0.000123, -12.34].map(formatNumber), ['1235', '56.8', '3.14', '0.00', '-12.3']);
});

test('bench table: Quirl first with goal and verdict, the reference marked, others compared', () => {
  const rows = figureRows(figure({ kind: 'ratio', against: 'bash', max: 1 }, { bash: [2, 4, 3], quirl: [6, 6, 6], dash: [1.5] }));
  assert.deepEqual(rows, [
    ['the figure', 'quirl', '6.00', '6.00', '6.00', 'ms', '2.00×', '≤ 1× bash', 'missed'],
    ['', 'bash', '3.00', '2.00', '4.00', 'ms', 'reference', '', ''],
    ['', 'dash', '1.50', '1.50', '1.50', 'ms', '0.50×', '', ''],
  ]);
});

test('bench table: a skipped subject shows its reason; a figure without Quirl says so', () => {
  const result: FigureResult = { id: 'ipc', title: 'IPC', unit: 'ms', goal: { kind: 'absolute', max: 50 }, subjects: [{ kind: 'skipped', subject: 'quirl', reason: 'no module' }] };
  assert.deepEqual(figureRows(result), [['IPC', 'quirl', '—', '—', '—', 'ms', 'no module', '≤ 50 ms', 'not measured']]);
});

test('bench table: Markdown with padded columns', () => {
  assert.equal(markdownTable(['a', 'bb'], [['xyz', '1']]), ['| a   | bb |', '|-----|----|', '| xyz | 1  |'].join('\n'));
});
