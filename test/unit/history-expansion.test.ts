// History expansion, as bash 5.2 does it: the table is replayed against bash, which reads each
// case's line after `set -o history -H` and `history -s` of its history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { argExtract, expandHistory, historyChars, type HistoryExpansion, type HistoryExpansionMemory } from '../../shell/interactive/editor/history-expansion';

type Expected = { readonly line: string } | { readonly print: string } | { readonly error: string } | 'unchanged';

interface Case {
  readonly history?: readonly string[];
  readonly line: string;
  readonly expected: Expected;
}

const H = ['echo one', 'ls -l /usr/lib/file.tar.gz', 'echo a b c'];

const CASES: readonly Case[] = [
  // Event designators.
  { line: 'echo !!', expected: { line: 'echo echo a b c' } },
  { line: '!!', expected: { line: 'echo a b c' } },
  { line: 'echo !1', expected: { line: 'echo echo one' } },
  { line: 'echo !-2', expected: { line: 'echo ls -l /usr/lib/file.tar.gz' } },
  { line: 'echo !-1x', expected: { line: 'echo echo a b cx' } },
  { line: 'echo !ls', expected: { line: 'echo ls -l /usr/lib/file.tar.gz' } },
  { line: 'echo !ec', expected: { line: 'echo echo a b c' } },
  { line: 'echo !?one?', expected: { line: 'echo echo one' } },
  { line: 'echo !?one', expected: { line: 'echo echo one' } },
  { line: 'echo !?tar?:%', expected: { line: 'echo /usr/lib/file.tar.gz' } },
  { line: 'echo a !#', expected: { line: 'echo a echo a ' } },
  { line: 'echo a !#:1', expected: { line: 'echo a a' } },
  { line: 'echo !foo', expected: { error: '!foo: event not found' } },
  { line: 'echo !9', expected: { error: '!9: event not found' } },
  { line: 'echo !-9 x', expected: { error: '!-9: event not found' } },
  { line: 'echo x!;', expected: { error: '!: event not found' } },
  { history: [], line: 'echo !!', expected: { error: '!!: event not found' } },
  { history: [], line: 'echo !$', expected: { error: '!: event not found' } },
  // Word designators.
  { line: 'echo !$', expected: { line: 'echo c' } },
  { line: 'echo !^', expected: { line: 'echo a' } },
  { line: 'echo !*', expected: { line: 'echo a b c' } },
  { line: 'echo !:0', expected: { line: 'echo echo' } },
  { line: 'echo !:2', expected: { line: 'echo b' } },
  { line: 'echo !!:1-2', expected: { line: 'echo a b' } },
  { line: 'echo !!:2*', expected: { line: 'echo b c' } },
  { line: 'echo !!:1-', expected: { line: 'echo a b' } },
  { line: 'echo !!:-2', expected: { line: 'echo echo a b' } },
  { line: 'echo !!:^-$', expected: { line: 'echo a b c' } },
  { line: 'echo !!5', expected: { line: 'echo echo a b c5' } },
  { line: 'echo !!:5', expected: { error: ':5: bad word specifier' } },
  { line: 'echo !!:3-1', expected: { error: ':3-1: bad word specifier' } },
  { history: ['ls'], line: 'echo !*x', expected: { line: 'echo x' } },
  { history: ['ls'], line: 'echo !$', expected: { line: 'echo ls' } },
  { history: ['cat <in >out 2>&1 | wc -l; echo "a b" $(x y)'], line: 'echo !:1:q !:2:q !:3:q !:4:q !:5:q !:6:q', expected: { line: "echo '<' 'in' '>' 'out' '2>&1' '|'" } },
  { history: ['cat <in >out 2>&1 | wc -l; echo "a b" $(x y)'], line: 'echo !:7:q !:8:q !:9:q !:10:q !:11:q', expected: { line: "echo 'wc' '-l' ';' 'echo' '\"a b\"'" } },
  // Modifiers.
  { line: 'echo !-2:$:h', expected: { line: 'echo /usr/lib' } },
  { line: 'echo !-2:$:t', expected: { line: 'echo file.tar.gz' } },
  { line: 'echo !-2:$:r', expected: { line: 'echo /usr/lib/file.tar' } },
  { line: 'echo !-2:$:e', expected: { line: 'echo .gz' } },
  { line: 'echo !-2:$:t:r:r', expected: { line: 'echo file' } },
  { line: 'echo !!:s/b/x/', expected: { line: 'echo echo a x c' } },
  { line: 'echo !!:s/b/x', expected: { line: 'echo echo a x c' } },
  { line: 'echo !!:s/ /_/', expected: { line: 'echo echo_a b c' } },
  { line: 'echo !!:gs/ /_/', expected: { line: 'echo echo_a_b_c' } },
  { line: 'echo !!:as/ /_/', expected: { line: 'echo echo_a_b_c' } },
  { line: 'echo !!:s/b/[&]/', expected: { line: 'echo echo a [b] c' } },
  { line: 'echo "!!:s/b/\\&/"', expected: { line: 'echo "echo a & c"' } },
  { line: 'echo !!:s|a|/|', expected: { line: 'echo echo / b c' } },
  { line: 'echo !!:s/x/y/', expected: { error: ':s/x/y/: substitution failed' } },
  { line: 'echo !!:&', expected: { error: ':&: no previous substitution' } },
  { line: 'echo !!:s/c/C/:&', expected: { line: 'echo eCho a b C' } },
  { history: ['echo cc cc'], line: 'echo !!:Gs/c/x/', expected: { line: 'echo exho xc xc' } },
  { history: ['echo aaa'], line: 'echo !!:gs/a/aa/', expected: { line: 'echo echo aaaaaa' } },
  { line: 'echo !!:q', expected: { line: "echo 'echo a b c'" } },
  { line: 'echo !!:x', expected: { line: "echo 'echo' 'a' 'b' 'c'" } },
  { history: ["echo it's"], line: 'echo !!:q', expected: { line: "echo 'echo it'\\''s'" } },
  { line: 'echo !!:z', expected: { error: 'z: unrecognized history modifier' } },
  { line: 'echo !!:p', expected: { print: 'echo echo a b c' } },
  { line: 'echo !!:$:p x', expected: { print: 'echo c x' } },
  { line: 'echo !!:$:s/c/d/', expected: { line: 'echo d' } },
  { line: 'echo !!:s/a/x/:s/b/y/', expected: { line: 'echo echo x y c' } },
  { line: 'echo !!:gs/b/x', expected: { line: 'echo echo a x c' } },
  { line: 'echo !:1-$ !^:q', expected: { line: "echo a b c 'a'" } },
  { line: 'echo !!!!', expected: { line: 'echo echo a b cecho a b c' } },
  { line: 'echo !"x"', expected: { error: '!"x": event not found' } },
  { line: 'echo "!"', expected: 'unchanged' },
  // Quick substitution.
  { line: '^b^x', expected: { line: 'echo a x c' } },
  { line: '^b^x^ yy', expected: { line: 'echo a x c yy' } },
  { line: '^b^', expected: { line: 'echo a  c' } },
  { line: '^q^x', expected: { error: ':s^q^x: substitution failed' } },
  // What stays as it is.
  { line: 'echo hi!', expected: 'unchanged' },
  { line: 'echo ! != !=x !\tz', expected: 'unchanged' },
  { line: "echo '!!'", expected: 'unchanged' },
  { line: "echo $'x\\'!!'", expected: 'unchanged' },
  { line: 'echo \\!!', expected: 'unchanged' },
  { line: 'echo \\\\!!', expected: 'unchanged' },
  { line: 'echo "hi!"', expected: 'unchanged' },
  { line: 'echo "\\!!"', expected: 'unchanged' },
  { line: 'echo $! ${!BASH*} [!a]', expected: 'unchanged' },
  { line: 'echo x #!!', expected: 'unchanged' },
  { line: 'echo "$(echo \'!!\')"', expected: 'unchanged' },
  { line: 'echo "`echo \'!!\'`"', expected: 'unchanged' },
  { line: 'echo "a" \'!!\' "b"', expected: 'unchanged' },
  // Expanded in double quotes, substitutions and after a word's start.
  { line: 'echo "!!"', expected: { line: 'echo "echo a b c"' } },
  { line: 'echo "\'!!\'"', expected: { line: 'echo "\'echo a b c\'"' } },
  { line: 'echo "a!ec"', expected: { line: 'echo "aecho a b c"' } },
  { line: 'echo $(echo !$)', expected: { line: 'echo $(echo c)' } },
  { line: 'echo x#!!', expected: { line: 'echo x#echo a b c' } },
  { line: 'echo "${x:-\'!!\'}"', expected: { line: 'echo "${x:-\'echo a b c\'}"' } },
  { line: 'echo $"x!!"', expected: { line: 'echo $"xecho a b c"' } },
  { line: 'echo {a,!!}', expected: { line: 'echo {a,echo a b c}' } },
  { line: 'echo "$(echo "!!")" \'!!\'', expected: { line: 'echo "$(echo "echo a b c")" \'!!\'' } },
  { line: 'echo $(echo \'(\' !$)', expected: { line: 'echo $(echo \'(\' c)' } },
  { line: "echo '!!' !!", expected: { line: "echo '!!' echo a b c" } },
];

const MEMORY_FREE = (): HistoryExpansionMemory => ({});

function engine(entry: Case): HistoryExpansion {
  return expandHistory(entry.line, { entries: entry.history ?? H, base: 1, chars: historyChars(undefined), extglob: false }, MEMORY_FREE());
}

function outcome(expansion: HistoryExpansion): Expected {
  switch (expansion.kind) {
    case 'unchanged':
      return 'unchanged';
    case 'error':
      return { error: expansion.message };
    case 'expanded':
      return expansion.print ? { print: expansion.line } : { line: expansion.line };
  }
}

test('history expansion follows the table', () => {
  assert.deepEqual(
    CASES.map((entry) => [entry.line, outcome(engine(entry))]),
    CASES.map((entry) => [entry.line, entry.expected]),
  );
});

test('the table is what bash 5.2 does', () => {
  const outcomes = CASES.map((entry) => {
    const history = (entry.history ?? H).map((line) => `history -s ${quote(line)}\n`).join('');
    // The line runs if it is expanded: with no commands but echo, that only writes to stdout.
    const bash = spawnSync('bash', ['--norc', '--noprofile', '-s'], {
      input: `set -o history -H\n${history}${entry.line}\n`,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
    });
    return [entry.line, bashOutcome(bash.stdout, bash.stderr)];
  });
  assert.deepEqual(
    outcomes,
    CASES.map((entry) => [entry.line, entry.expected]),
  );
});

/**
 * What bash did: an expanded line is echoed on stderr and run (every case's runs echo), an error
 * reported there, a `:p` line shown there and not run.
 */
function bashOutcome(stdout: string, stderr: string): Expected {
  const error = /^bash: line \d+: (.*)\n$/.exec(stderr);
  if (error !== null) return { error: error[1]! };
  if (stderr === '') return 'unchanged';
  return stdout === '' ? { print: stderr.slice(0, -1) } : { line: stderr.slice(0, -1) };
}

test('the substitution and search are remembered from line to line', () => {
  const memory: HistoryExpansionMemory = {};
  const context = { entries: H, base: 1, chars: historyChars(undefined), extglob: false };
  assert.deepEqual(expandHistory('echo !!:s/a/A/', context, memory), { kind: 'expanded', line: 'echo echo A b c', print: false });
  assert.deepEqual(expandHistory('echo !!:&', context, memory), { kind: 'expanded', line: 'echo echo A b c', print: false });
  assert.deepEqual(expandHistory('echo !?tar?', context, memory), { kind: 'expanded', line: 'echo ls -l /usr/lib/file.tar.gz', print: false });
  assert.deepEqual(expandHistory('echo !-2:%', context, memory), { kind: 'expanded', line: 'echo /usr/lib/file.tar.gz', print: false });
});

test('histchars changes the characters', () => {
  const context = { entries: H, base: 1, chars: historyChars('@%;'), extglob: false };
  assert.deepEqual(expandHistory('echo @@ !!', context, {}), { kind: 'expanded', line: 'echo echo a b c !!', print: false });
  assert.deepEqual(expandHistory('%b%x', context, {}), { kind: 'expanded', line: 'echo a x c', print: false });
  assert.deepEqual(expandHistory('echo ;@@', context, {}), { kind: 'unchanged' });
  assert.deepEqual(historyChars('@'), { expansion: '@', substitution: '^', comment: '#' });
});

test('a line that starts inside a quote, continuing a string, is expanded as bash expands it', () => {
  const context = { entries: H, base: 1, chars: historyChars(undefined), extglob: false };
  assert.deepEqual(expandHistory("done!'", { ...context, quoting: "'" }, {}), { kind: 'unchanged' });
  assert.deepEqual(expandHistory("no!! ' !!", { ...context, quoting: "'" }, {}), { kind: 'expanded', line: "no!! ' echo a b c", print: false });
  assert.deepEqual(expandHistory('hi!" \'!!\'', { ...context, quoting: '"' }, {}), { kind: 'unchanged' });
  assert.deepEqual(expandHistory('\'!!" x', { ...context, quoting: '"' }, {}), { kind: 'expanded', line: '\'echo a b c" x', print: false });
});

test('extglob keeps !( ... ) for the pattern', () => {
  const context = { entries: H, base: 1, chars: historyChars(undefined), extglob: true };
  assert.deepEqual(expandHistory('ls @(!(x))', context, {}), { kind: 'unchanged' });
  assert.deepEqual(expandHistory('ls !(x', { ...context }, {}), { kind: 'error', message: '!: event not found' });
});

test('the last argument of a line is found as readline finds it', () => {
  assert.equal(argExtract('echo a "b c"', '$', '$'), '"b c"');
  assert.equal(argExtract('cat x > out', '$', '$'), 'out');
  assert.equal(argExtract('ls', '$', '$'), 'ls');
  assert.equal(argExtract('', '$', '$'), undefined);
});

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
