// How completion splits a command line (bash's find_cmd_start and split_at_delims with
// COMP_WORDBREAKS, readline's start of the text to complete): COMP_WORDS, COMP_CWORD, COMP_LINE,
// COMP_POINT as bash sets them (checked against bash 5.2 by hand; the PTY tests run them through
// bash_completion in both shells).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostnameWordBreaks, splitLine, withAliasExpanded } from '../../shell/completion/line';

const BREAKS = ' \t\n"\'@><=;|&(:';

/** The line with `‸` marking the cursor. */
function split(marked: string): ReturnType<typeof splitLine> {
  const cursor = marked.indexOf('‸');
  return splitLine(marked.replace('‸', ''), cursor, BREAKS);
}

test('words and the cursor word', () => {
  assert.deepEqual(split('git che‸'), {
    commandLine: 'git che',
    point: 7,
    command: 'git',
    afterAssignments: false,
    inAssignment: false,
    words: ['git', 'che'],
    current: 1,
    start: 4,
    text: 'che',
    quote: undefined,
  });
  const after = split('git checkout ‸');
  assert.deepEqual([after.words, after.current, after.text], [['git', 'checkout', ''], 2, '']);
  const middle = split('x | y‸');
  assert.deepEqual([middle.words, middle.current], [['y'], 0]);
  const empty = split('‸');
  assert.deepEqual([empty.words, empty.current, empty.commandLine], [[''], 0, '']);
});

test('break characters are words of their own, and start the text to complete', () => {
  const option = split('ls --color=au‸');
  assert.deepEqual([option.words, option.current, option.text], [['ls', '--color', '=', 'au'], 3, 'au']);
  const equals = split('ls --color=‸');
  assert.deepEqual([equals.words, equals.current, equals.text], [['ls', '--color', '='], 2, '']);
  const host = split('ssh user@ho‸');
  assert.deepEqual([host.words, host.text], [['ssh', 'user', '@', 'ho'], 'ho']);
});

test('the command the cursor is in: after ; | & ( and before the next', () => {
  const second = split('a; git co‸ && b');
  // From the name on: bash's COMP_LINE has no blank before it.
  assert.deepEqual([second.commandLine, second.point, second.words, second.current], ['git co ', 6, ['git', 'co'], 1]);
  const substitution = split('echo $(ls /u‸');
  assert.deepEqual([substitution.words, substitution.text], [['ls', '/u'], '/u']);
  // `${` opens no command.
  assert.deepEqual(split('echo ${HO‸').text, '${HO');
});

test('quotes and backslashes keep characters in their word; an open quote starts the text', () => {
  const open = split('echo "a b‸');
  assert.deepEqual([open.words, open.text, open.quote], [['echo', '"a b'], 'a b', '"']);
  const escaped = split('cat my\\ fi‸');
  assert.deepEqual([escaped.words, escaped.text], [['cat', 'my\\ fi'], 'my\\ fi']);
  const closed = split("echo 'a b'c‸");
  assert.deepEqual([closed.words, closed.text, closed.quote], [['echo', "'a b'c"], "'a b'c", undefined]);
});

test('assignments before the name are passed over; the cursor in one, or before any name, is noted', () => {
  const past = split('A=1 B="2 3" C[x]+=y foo x‸');
  assert.deepEqual([past.command, past.commandLine, past.point, past.words, past.current, past.afterAssignments], ['foo', 'foo x', 5, ['foo', 'x'], 1, true]);
  const inside = split('A=1 B=fo‸');
  assert.deepEqual([inside.command, inside.inAssignment, inside.text], ['B=fo', true, 'fo']);
  const noName = split('A=1 ‸');
  assert.deepEqual([noName.command, noName.afterAssignments, noName.inAssignment, noName.current], ['', true, false, 0]);
  // A redirection is no assignment: it is the name's place, as in bash.
  const redirected = split('>out foo y‸');
  assert.deepEqual([redirected.command, redirected.afterAssignments], ['', false]);
});

test("progcomp_alias: the alias's value replaces the name, the cursor moving with the text after it", () => {
  const expanded = withAliasExpanded(split('gg z‸'), 'foo -o', BREAKS);
  assert.deepEqual([expanded.command, expanded.commandLine, expanded.point, expanded.words, expanded.current], ['foo', 'foo -o z', 8, ['foo', '-o', 'z'], 2]);
});

test('readline keeps a special prefix (hostcomplete\'s @) at the start of the text to complete', () => {
  const line = 'ssh user@ho';
  const host = splitLine(line, line.length, BREAKS, '$@');
  assert.deepEqual([host.words, host.current, host.start, host.text], [['ssh', 'user', '@', 'ho'], 3, 8, '@ho']);
  assert.equal(hostnameWordBreaks(BREAKS, false), ' \t\n"\'><=;|&(:');
  assert.equal(hostnameWordBreaks(' \t', true), '@ \t');
  assert.equal(hostnameWordBreaks(BREAKS, true), BREAKS);
});
