// Brace expansion on parsed words (shell/expand/brace.ts): bash's results, in bash's order, with
// quoted text and expansions kept whole, and the budget bounding what a word may expand to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShellError } from '../../shell/errors';
import { expandBraces } from '../../shell/expand/brace';
import { PIPELINE_EXPANSION_LIMIT } from '../../shell/expand/budget';
import { parse, type SimpleCommand, type Word, type WordPart } from '../../shell/syntax';

/** The one word of `source`, as the parser makes it. */
function wordOf(source: string): Word {
  const command = parse(`argv ${source}`).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
  assert.equal(command.words.length, 2, `${source} is one word`);
  return command.words[1]!;
}

/** A part as a test reads it: quoted text in brackets, expansions by their kind. */
function show(part: WordPart): string {
  switch (part.kind) {
    case 'Literal':
      return part.quoted ? `[${part.value}]` : part.value;
    case 'SingleQuoted':
      return `[${part.value}]`;
    case 'Tilde':
      return `<~${part.user}${part.tail === undefined ? '' : `|${part.tail.text}`}>`;
    case 'ParameterExpansion':
      return `<$${part.name}>`;
    default:
      return `<${part.kind}>`;
  }
}

function braces(source: string, limit = PIPELINE_EXPANSION_LIMIT): string[] {
  return expandBraces(wordOf(source), limit).map((word) => word.parts.map(show).join(''));
}

const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['{a,b}', ['a', 'b']],
  ['x{a,b}y', ['xay', 'xby']],
  ['{a,b}{1,2}', ['a1', 'a2', 'b1', 'b2']],
  ['{a,{b,c}d}', ['a', 'bd', 'cd']],
  ['{a,}', ['a', '']],
  ['{,}', ['', '']],
  ['{a}', ['{a}']],
  ['{}', ['{}']],
  ['{},a}', ['{},a}']],
  ['x{},a}', ['x}', 'xa']],
  ['{{a,b}}', ['{a}', '{b}']],
  ['{{x,y}..c}', ['x..c', 'y..c']],
  ['{a..b,c}', ['a..b', 'c']],
  ['{1..5}', ['1', '2', '3', '4', '5']],
  ['{5..1..2}', ['5', '3', '1']],
  ['{1..10..-4}', ['1', '5', '9']],
  ['{-3..3..3}', ['-3', '0', '3']],
  ['{3..3}', ['3']],
  ['{1..3..0}', ['1', '2', '3']],
  ['{01..3}', ['01', '02', '03']],
  ['{1..010..4}', ['001', '005', '009']],
  ['{-05..5..5}', ['-05', '000', '005']],
  ['{a..e..2}', ['a', 'c', 'e']],
  ['{c..a}', ['c', 'b', 'a']],
  ['{Z..a..3}', ['Z', ']', '`']],
  // The backslash between Z and ] is removed as a quote is, leaving an empty (quoted) word.
  ['{Z..a..2}', ['Z', '[]', '^', '`']],
  ['{a..3}', ['{a..3}']],
  ['{1..}', ['{1..}']],
  ['{..3}', ['{..3}']],
  ['{1..3.}', ['{1..3.}']],
  ['{1..3..}', ['{1..3..}']],
  ['{1..3..x}', ['{1..3..x}']],
  ['{ab..c}', ['{ab..c}']],
  ['{1..9223372036854775808}', ['{1..9223372036854775808}']],
  ['{1..3000000000}', ['{1..3000000000}']],
  ['{9223372036854775806..9223372036854775807}', ['9223372036854775806', '9223372036854775807']],
  ['{1..2}{x,y}', ['1x', '1y', '2x', '2y']],
  ['{a..b}{1..2..}', ['a{1..2..}', 'b{1..2..}']],
  ["{'a,b',c}", ['[a,b]', 'c']],
  ["{'a',b}", ['[a]', 'b']],
  ['{a\\,b,c}', ['a[,]b', 'c']],
  ['\\{a,b}', ['[{]a,b}']],
  ['{a,b\\}', ['{a,b[}]']],
  ['"{a,b}"', ['<DoubleQuoted>']],
  ['{$x,b}', ['<$x>', 'b']],
  ['{${x},b}', ['<$x>', 'b']],
  ['${x}{a,b}', ['<$x>a', '<$x>b']],
  ['{$(echo a,b),c}', ['<CommandSubstitution>', 'c']],
  ['{"a,b"..c}', ['<DoubleQuoted>..c']],
  ['~{,root}', ['<~>', '<~root>']],
  ['~{,root}/x', ['<~>/x', '<~root>/x']],
  ['a{~,b}', ['a~', 'ab']],
  ['{~,x}', ['<~>', 'x']],
  // Braces expand in the text before parameters: a `$name` or a bare `$` takes the name characters they put after it.
  ['$g{1,2}', ['<$g1>', '<$g2>']],
  ['{$n,x}y', ['<$ny>', 'xy']],
  ['{a,$}b', ['ab', '<$b>']],
  ['{$,x}1{-,@}', ['<$1>-', '<$1>@', 'x1-', 'x1@']],
  ['${g}{1,2}', ['<$g>1', '<$g>2']],
  ['$g-{1,2}', ['<$g>-1', '<$g>-2']],
  // A tilde-prefix's tail (bash 5.2, see Tilde) is rebuilt from its characters; quoted text in it leaves the `~` as it is.
  ['~root:{a,b}', ['<~root|:a>', '<~root|:b>']],
  ['~{,x}:a{b,c}/d', ['<~|:ab>/d', '<~|:ac>/d', '<~x|:ab>/d', '<~x|:ac>/d']],
  ['{~:a,b}', ['<~|:a>', 'b']],
  ['~:"q"{a,b}', ['~:<DoubleQuoted>a', '~:<DoubleQuoted>b']],
];

for (const [source, expected] of CASES) {
  test(`brace expansion: ${source}`, () => {
    assert.deepEqual(braces(source), expected);
  });
}

test('brace expansion: a word with no brace expression is returned as it is', () => {
  const word = wordOf('a$x{b}');
  assert.deepEqual(expandBraces(word, PIPELINE_EXPANSION_LIMIT), [word]);
});

test('brace expansion: a range past the budget fails with ResourceLimit before it is built', () => {
  const started = process.memoryUsage().heapUsed;
  assert.throws(
    () => braces('{1..10000000}'),
    (error: unknown) => isShellError(error, 'ResourceLimit') && /\{1\.\.10000000\}: brace expansion exceeds/.test(error.message),
  );
  // Not ten million words: it stopped near the budget's million bytes.
  assert.ok(process.memoryUsage().heapUsed - started < 400 * 1024 * 1024);
});

test('brace expansion: the budget left is the limit, counted as UTF-8 bytes', () => {
  assert.equal(braces('{1..100000}').length, 100_000);
  // 488,895 bytes of digits: over what is left, though within the whole budget.
  assert.throws(() => braces('{1..100000}', 400_000), (error: unknown) => isShellError(error, 'ResourceLimit'));
  assert.deepEqual(braces('{é,ü}', 4), ['é', 'ü']);
  assert.throws(() => braces('{é,ü}', 3), (error: unknown) => isShellError(error, 'ResourceLimit'));
});

test('brace expansion: products and empty words count against the budget too', () => {
  assert.throws(() => braces('{1..1000}{1..1000}'), (error: unknown) => isShellError(error, 'ResourceLimit'));
  assert.throws(() => braces('{,}'.repeat(21)), (error: unknown) => isShellError(error, 'ResourceLimit'));
  assert.equal(braces('{,}'.repeat(10)).length, 1024);
});
