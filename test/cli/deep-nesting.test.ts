// Every construct nested 10,000 deep, through bin/quirl: the shell either handles the depth or
// refuses it with a clear limit error naming what nested too deep (status 2; the arithmetic
// evaluator's own limit is bash's message and status 1), never a JavaScript stack overflow, and
// the script goes on after an `eval` of it. bash parses 5,000 `${x:-` deep and 1,000 compound
// commands; Quirl's limits are 1,000 and 200 (the intended difference named here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../../shell/syntax';
import { isShellError } from '../../shell/errors';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const DEPTH = 10_000;

interface Construct {
  readonly name: string;
  /** The code nested `n` deep. */
  readonly nest: (n: number) => string;
  /** What it prints at a depth the shell handles (here 50). */
  readonly shallow: string;
  /** At DEPTH: its output, or the limit error's text and status. */
  readonly deep: { readonly stdout: string } | { readonly error: RegExp; readonly status: number };
}

const r = (text: string, n: number): string => text.repeat(n);
const COMMANDS = { error: /commands nested more than 200 deep/, status: 2 };
const WORDS = { error: /expansions and quotes nested more than 1000 deep/, status: 2 };
const ARITHMETIC = { error: /expression recursion level exceeded/, status: 1 };

const CONSTRUCTS: readonly Construct[] = [
  { name: '${x:-...}', nest: (n) => `echo ${r('${x:-', n)}a${r('}', n)}`, shallow: 'a\n', deep: WORDS },
  { name: '"${x:-"..."}"', nest: (n) => `echo "${r('${x:-"', n)}a${r('"}', n)}"`, shallow: 'a\n', deep: WORDS },
  { name: '$( )', nest: (n) => `echo ${r('$(echo ', n)}a${r(')', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: '"$( )"', nest: (n) => `echo ${r('"$(echo ', n)}a${r(')"', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: '( )', nest: (n) => `${r('( ', n)}echo a${r(' )', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: '{ }', nest: (n) => `${r('{ ', n)}echo a${r('; }', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: 'if', nest: (n) => `${r('if true; then ', n)}echo a${r('; fi', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: 'while', nest: (n) => `${r('while true; do ', n)}echo a; break ${n}${r('; done', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: 'case', nest: (n) => `${r('case a in a) ', n)}echo a${r(';; esac', n)}`, shallow: 'a\n', deep: COMMANDS },
  { name: 'function in function', nest: (n) => `f() { ${r('g() { ', n)}:${r('; }', n)}; }; echo a`, shallow: 'a\n', deep: COMMANDS },
  { name: '$(( (...) ))', nest: (n) => `echo $((${r('(', n)}1${r(')', n)}))`, shallow: '1\n', deep: ARITHMETIC },
  { name: '$(( - - 1 ))', nest: (n) => `echo $((${r('- ', n)}1))`, shallow: '1\n', deep: ARITHMETIC },
  { name: '$(( 1+1+... ))', nest: (n) => `echo $((${r('1+', n)}1))`, shallow: '51\n', deep: { stdout: `${DEPTH + 1}\n` } },
  { name: '$(( a?b:c ))', nest: (n) => `echo $((${r('1?', n)}1${r(':0', n)}))`, shallow: '1\n', deep: ARITHMETIC },
  {
    name: 'extglob pattern',
    nest: (n) => `shopt -s extglob; p='${r('@(', n)}a${r(')', n)}'; [[ a == $p ]] && echo a`,
    shallow: 'a\n',
    deep: { error: /extglob groups nested more than 1000 deep/, status: 2 },
  },
  { name: '[[ ( ) ]]', nest: (n) => `[[ ${r('( ', n)}a${r(' )', n)} ]] && echo a`, shallow: 'a\n', deep: COMMANDS },
  { name: '[[ ! ]]', nest: (n) => `[[ ${r('! ', n * 2)}a ]] && echo a`, shallow: 'a\n', deep: COMMANDS },
  { name: '[[ && ]]', nest: (n) => `[[ ${r('a && ', n)}a ]] && echo a`, shallow: 'a\n', deep: { stdout: 'a\n' } },
  {
    name: 'brace expansion',
    nest: (n) => `echo ${r('{a,', n)}b${r('}', n)} | wc -w`,
    shallow: '51\n',
    deep: { error: /brace expressions nested more than 1000 deep/, status: 2 },
  },
  {
    name: 'declare -f of a nested function',
    nest: (n) => `f() { ${r('{ ', n)}echo a${r('; }', n)}; }; f; declare -f f | grep -c 'echo a'`,
    shallow: 'a\n1\n',
    deep: COMMANDS,
  },
];

function runQuirl(script: string): { stdout: string; stderr: string; status: number | null } {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-deep-'));
  try {
    const file = join(directory, 'deep.sh');
    writeFileSync(join(directory, 'code'), script);
    // eval: a parse error there fails the command, and the script goes on, as in bash.
    writeFileSync(file, `eval "$(cat '${join(directory, 'code')}')"\necho "after $?"\n`);
    const result = spawnSync(process.execPath, [QUIRL, file], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, XDG_CACHE_HOME: directory } });
    return { stdout: result.stdout, stderr: result.stderr, status: result.status };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

for (const construct of CONSTRUCTS) {
  test(`${construct.name}: 50 deep runs; ${DEPTH} deep runs or stops at a named limit, and the shell goes on`, () => {
    const shallow = runQuirl(construct.nest(50));
    assert.equal(shallow.stdout, `${construct.shallow}after 0\n`, shallow.stderr);
    const deep = runQuirl(construct.nest(DEPTH));
    assert.doesNotMatch(deep.stderr, /internal error|RangeError|stack|\n\s+at /);
    assert.equal(deep.status, 0, deep.stderr);
    if ('stdout' in construct.deep) {
      assert.equal(deep.stdout, `${construct.deep.stdout}after 0\n`, deep.stderr);
    } else {
      assert.match(deep.stderr, construct.deep.error);
      assert.equal(deep.stdout, `after ${construct.deep.status}\n`);
    }
  });
}

test('the parser refuses too deep a nesting with a ParseError of code ResourceLimit', () => {
  for (const text of [`echo ${r('${x:-', DEPTH)}${r('}', DEPTH)}`, `${r('{ ', DEPTH)}:${r('; }', DEPTH)}`, `echo ${r('$(echo ', DEPTH)}${r(')', DEPTH)}`]) {
    assert.throws(
      () => parse(text),
      (error: unknown) => isShellError(error, 'ResourceLimit') && error.status === 2 && /nested more than \d+ deep/.test(error.message),
    );
  }
});
