/**
 * What lets a command met again and again (a loop's, a function's) run without allocating: the
 * expander appending to a kept argv, a budget renewed for the next run, the plain-value test by
 * character table, and commands that run within their own run (recursion) keeping their words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExpansionBudget, expandWordsInto } from '../../shell/expand';
import { isPlainValue } from '../../shell/expand/literal';
import { parse, type SimpleCommand } from '../../shell/syntax';
import { runScript } from '../support/shell';

/** The definition isPlainValue's table stands for. */
const PLAIN = /^[\w./:,+=@%-]+$/;

test('isPlainValue: the characters of [\\w./:,+=@%-], not one of IFS, and not empty', () => {
  const values = ['', 'a', 'abc_123', '1/2:3,4+5=6@7%8-9.', 'a b', 'a\tb', 'a*', '[x]', 'a?', '~x', 'é', 'a\u00a0', '\udcff', '$x', 'a;b', 'x'.repeat(300)];
  for (const value of values) {
    assert.equal(isPlainValue(value, undefined), PLAIN.test(value), JSON.stringify(value));
    assert.equal(isPlainValue(value, ' \t\n'), PLAIN.test(value), JSON.stringify(value));
  }
  assert.equal(isPlainValue('a:b', ':'), false);
  assert.equal(isPlainValue('a:b', ','), true);
  assert.equal(isPlainValue('a-b', 'x-'), false);
  assert.equal(isPlainValue('ab', ''), true);
});

test('expandWordsInto appends to the array it is given and answers with it', () => {
  const command = parse('x a "b c" d').body.items[0]?.andOr.first.commands[0] as SimpleCommand;
  const env = { lookup: () => undefined, special: { lastStatus: 0, shellPid: 1, lastBackgroundPid: undefined, scriptName: 'q', positional: [], optionFlags: '' } } as never;
  const argv = ['kept'];
  const fields = expandWordsInto(command.words, env, new ExpansionBudget(), argv);
  assert.equal(fields, argv);
  assert.deepEqual(argv, ['kept', 'x', 'a', 'b c', 'd']);
});

test('ExpansionBudget.renew gives the whole limit back', () => {
  const budget = new ExpansionBudget(10);
  budget.charge('12345678');
  assert.throws(() => budget.charge('123'), /pipeline limit/);
  budget.renew();
  assert.equal(budget.remaining, 10);
  budget.charge('1234567890');
  assert.equal(budget.remaining, 0);
});

test('a command running within its own run (recursion) and pass after pass keeps each run its words', async () => {
  const { stdout, status } = await runScript(
    [
      'f() { [ "$1" -gt 0 ] || return 0; a=$1 b=x$1 f $(( $1 - 1 )) "$b"; r="$r|$# $1 $2 $a"; }',
      'i=0; while [ $i -lt 2 ]; do r=; f 3 y; echo "$r"; i=$((i+1)); done',
    ].join('\n'),
  );
  assert.equal(status, 0);
  assert.equal(stdout, '|2 1 x3 2|2 2  3|2 3 y \n'.repeat(2));
});
