/**
 * The parser's tables for bash's array syntax: `NAME[sub]=`, `NAME+=`, `NAME=(...)` (elements,
 * `[key]=` and `[key]+=`, across lines with comments), operands of declaration builtins read as
 * assignments, and `${a[...]}` subscripts; then the forms that are incomplete or wrong.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../shell/syntax';
import { parseErrorOf, testSketches } from '../support/syntax-sketch';

testSketches([
  // Compound assignments: plain and keyed elements, quoting kept, comments and newlines skipped.
  { input: 'a=(1 "b c" [5]=x)', want: '[a=(1 "b c" [\\5]=x)];' },
  { input: 'a=()', want: '[a=()];' },
  { input: 'a=(\n one # c\n two\n)', want: '[a=(one two)];' },
  { input: 'a=([k]+=v)', want: '[a=([\\k]+=v)];' },
  { input: 'a+=(y)', want: '[a+=(y)];' },
  { input: 'a=($x "$@" *)', want: '[a=($x "$@" *)];' },
  // Subscripted and appending assignments; blanks belong to a subscript, as in bash.
  { input: 'a[i+1]=x', want: '[a[\\i\\+\\1]=x];' },
  { input: 'm[a b]=1', want: '[m[\\a\\ \\b]=1];' },
  { input: 'a[$i]+=x', want: '[a[$i]+=x];' },
  { input: 'x+=ab cmd', want: '[x+=ab] cmd;' },
  // Only before the command name: afterwards they are words (bash's `echo a[1]=x`).
  { input: 'echo a[1]=x b+=y', want: 'echo a[1]=x b+=y;' },
  // Declaration builtins read their assignment-shaped operands as assignments.
  { input: 'declare -a a=(1 2) b=3 c', want: 'declare -a \\a\\=\\(\\1\\ \\2\\) \\b\\=\\3 c;' },
  { input: 'local m[k]+=v', want: 'local \\m\\[\\k\\]\\+\\=\\v;' },
  // Subscripts in ${...}.
  { input: 'echo ${a[@]} ${a[i]} ${!a[*]} ${#a[@]} ${a[@]:1}', want: 'echo ${a[@]} ${a[\\i]} ${!a[*]} ${#a[@]} ${a[@]:1};' },
  { input: 'echo "${a[$((i+1))]}"', want: 'echo "${a[$((i+1))]}";' },
]);

test('a compound assignment must be closed: more input completes it', () => {
  const error = parseErrorOf(() => parse('a=(1 2', { final: false }));
  assert.equal(error.incomplete, true);
});

test('an operator inside a compound assignment is a syntax error', () => {
  const error = parseErrorOf(() => parse('a=(1 ; 2)'));
  assert.equal(error.incomplete, false);
  assert.match(error.message, /unexpected token `;'/);
});

test('an array literal outside an assignment is a syntax error, as in bash', () => {
  parseErrorOf(() => parse('echo a=(1)'));
});
