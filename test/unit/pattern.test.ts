// The pattern compiler (shell/expand/pattern.ts): what a shell pattern matches, without and with
// extglob, as bash 5.2 matches it (`[[ text == pattern ]]`); the table is replayed against bash.
// The parser's side of extglob (when a group is part of a word) is tested here too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { compilePattern, hasWildcards, leadingGroup, matchesPattern, takesLeadingDot } from '../../shell/expand/pattern';
import { parse, parseCommands, type SimpleCommand } from '../../shell/syntax';
import { ParseError } from '../../shell/syntax/source';

/** [pattern, text, whether it matches with extglob on]. */
const EXTGLOB: readonly (readonly [string, string, boolean])[] = [
  ['?(a)', '', true],
  ['?(a)', 'a', true],
  ['?(a)', 'aa', false],
  ['*(a)', '', true],
  ['*(a)', 'aaa', true],
  ['*(a|bc)', 'abca', true],
  ['*(a|bc)', 'ab', false],
  ['+(a)', '', false],
  ['+(a)', 'aa', true],
  ['+(ab|a)', 'aab', true],
  ['@(a|b)', 'b', true],
  ['@(a|b)', 'ab', false],
  ['@(a|ab)c', 'abc', true],
  ['!(a)', '', true],
  ['!(a)', 'a', false],
  ['!(a)', 'aa', true],
  ['!(*.c)', 'x.c', false],
  ['!(*.c)', 'x.h', true],
  ['!(*.c)*', 'x.c', true],
  ['!(a)a', 'a', true],
  ['a!(b)c', 'abc', false],
  ['a!(b)c', 'ac', true],
  ['a!(b)c', 'abbc', true],
  ['!(a|b)', 'b', false],
  ['!(!(a))', 'a', true],
  ['!(!(a))', 'b', false],
  ['*(!(a))', 'a', false],
  ['+(!(a)b)', 'xbyb', true],
  ['@(a@(b|c)|d)', 'ac', true],
  ['@(a@(b|c)|d)', 'ad', false],
  ['x@([0-9]|+([0-9][0-9]))', 'x1234', true],
  ['@([[:digit:]]|x)', '7', true],
  ['@([)]|x)', ')', true],
  ['@([|]|x)', '|', true],
  ['@(a\\|b)', 'a|b', true],
  ['@(a\\|b)', 'a', false],
  ['@(\\))', ')', true],
  ['\\@(a)', '@(a)', true],
  ['\\@(a)', 'a', false],
  ['@(a', '@(a', true],
  ['@(a|b', 'a', false],
  ['a)', 'a)', true],
  ['a|b', 'a|b', true],
  ['@()', '', true],
  ['@()', 'a', false],
  ['!()', 'a', true],
  ['*.@(c|h)', 'x.h', true],
  ['?(x)*', 'anything', true],
];

test('extglob groups match as in bash', () => {
  for (const [pattern, text, matches] of EXTGLOB) {
    assert.equal(matchesPattern(pattern, text, { extglob: true }), matches, `${text} == ${pattern}`);
  }
});

test('the extglob table is bash 5.2 s', () => {
  const script = EXTGLOB.map(([pattern, text]) => `[[ ${quote(text)} == ${bashPattern(pattern)} ]] && echo 1 || echo 0`).join('\n');
  const bash = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH, LC_ALL: 'C' } });
  assert.deepEqual(bash.stdout.trim().split('\n'), EXTGLOB.map(([, , matches]) => (matches ? '1' : '0')));
});

/** `text` single-quoted for bash. */
function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** A pattern as bash reads it from a variable: the compiler's input is what expansion leaves. */
function bashPattern(pattern: string): string {
  return `$(printf %s ${quote(pattern)})`;
}

test('without extglob a group is literal text', () => {
  assert.equal(matchesPattern('@(a|b)', 'a'), false);
  assert.equal(matchesPattern('@(a|b)', '@(a|b)'), true);
  assert.equal(matchesPattern('*(a)', 'x(a)'), true);
  assert.equal(hasWildcards('@(a)'), false);
  assert.equal(hasWildcards('@(a)', true), true);
  assert.equal(hasWildcards('\\@(a)', true), false);
  assert.equal(hasWildcards('@(a', true), false);
});

test('nocase and the leading dot of a hidden name', () => {
  assert.equal(matchesPattern('@(abc|x)', 'ABC', { extglob: true, nocase: true }), true);
  const hidden = { extglob: true, hidesDotFiles: true };
  assert.equal(matchesPattern('*', '.a', hidden), false);
  assert.equal(matchesPattern('!(x)', '.a', hidden), false);
  assert.equal(matchesPattern('*(.)a', '.a', hidden), true);
  assert.equal(matchesPattern('.!(x)', '.a', hidden), true);
  assert.equal(matchesPattern('?(x)*', '.a', hidden), false);
  assert.equal(matchesPattern('a*', 'a.b', hidden), true);
});

test('which patterns pathname expansion lets try a hidden name', () => {
  const cases: readonly (readonly [string, boolean])[] = [
    ['.*', true],
    ['\\.a', true],
    ['*', false],
    ['*(.)*', true],
    ['?(x).a', true],
    ['*(x).a', true],
    ['@(x|).a', false],
    ['@(.a|b)', true],
    ['!(.a)', false],
    ['+(.a)', true],
  ];
  for (const [pattern, takes] of cases) assert.equal(takesLeadingDot(pattern, true), takes, pattern);
  assert.equal(takesLeadingDot('@(.a)', false), false);
});

test('the leading group and the compile cache', () => {
  assert.equal(leadingGroup('@(a)b'), '@');
  assert.equal(leadingGroup('!(a'), undefined);
  assert.equal(leadingGroup('a@(b)'), undefined);
  // The same pattern and options give the same compiled object; other options another.
  assert.equal(compilePattern('@(a|b)*', { extglob: true }), compilePattern('@(a|b)*', { extglob: true }));
  assert.notEqual(compilePattern('@(a|b)*', { extglob: true }), compilePattern('@(a|b)*'));
  assert.equal(compilePattern('@(a|b)').grouped, false);
  assert.equal(compilePattern('@(a|b)', { extglob: true }).grouped, true);
});

/** The words of the one simple command `source` parses to, as written. */
function wordsOf(source: string, extglob: boolean): string[] {
  const command = parse(source, { extglob: () => extglob }).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
  return command.words.map((word) => word.text);
}

test('the parser reads a group as part of a word only with extglob on', () => {
  assert.deepEqual(wordsOf('echo a@(b|c)d !(x y) *(a;b)', true), ['echo', 'a@(b|c)d', '!(x y)', '*(a;b)']);
  assert.deepEqual(wordsOf('echo @(a|"b)"|$(echo ")")) +(a(b)c)', true), ['echo', '@(a|"b)"|$(echo ")"))', '+(a(b)c)']);
  assert.deepEqual(wordsOf('echo $@(a) ?(\n)', true), ['echo', '$@(a)', '?(\n)']);
  assert.throws(() => parse('echo @(a)'), ParseError);
  assert.throws(() => parse('echo \\@(a)', { extglob: () => true }), ParseError);
  assert.throws(() => parse('echo "@"(a)', { extglob: () => true }), ParseError);
  assert.throws(() => parse('echo x(a)', { extglob: () => true }), ParseError);
  assert.throws(
    () => parse('echo @(a', { extglob: () => true }),
    (error: unknown) => error instanceof ParseError && error.incomplete,
  );
  // [[ == ]] reads its pattern with groups whatever the option says; other operands not.
  assert.doesNotThrow(() => parse('[[ a == @(a|b) && a != !(b) ]]'));
  assert.throws(() => parse('[[ -n @(a) ]]'), ParseError);
});

test('the parser asks for extglob as it reads each command of a script', () => {
  let extglob = false;
  const commands = parseCommands('shopt -s extglob\necho @(a)\n', { extglob: () => extglob, final: true });
  assert.equal(commands.next().done, false);
  extglob = true;
  const second = commands.next().value;
  assert.ok(second !== undefined && (second.body.items[0]!.andOr.first.commands[0] as SimpleCommand).words[1]!.text === '@(a)');
});
