/**
 * Generated shell input for the fuzz tests: token soup for the parser (any mix of the language's
 * pieces, mostly invalid), and well-formed programs of builtins only for the interpreter (no
 * program is ever run: PATH is empty, and no builtin here can end or stop the test's process).
 */
import fc from 'fast-check';

/** How many inputs a run tries: QUIRL_FUZZ_N (a nightly run sets it high), else `fallback`. */
export function fuzzRuns(fallback: number, share = 1): number {
  const configured = Number(process.env.QUIRL_FUZZ_N);
  return Number.isInteger(configured) && configured > 0 ? Math.max(1, Math.round(configured * share)) : fallback;
}

/** The fixed seed of CI runs; QUIRL_FUZZ_SEED replays or varies one. */
export const FUZZ_SEED = Number(process.env.QUIRL_FUZZ_SEED ?? 23);

const PIECES = [
  ' ', ' ', ' ', '\n', ';', ';;', '&', '&&', '|', '||', '|&', '(', ')', '{', '}', '{ ', ' }', '!', '#', '\\', '\\\n',
  "'", '"', '`', '$', '$(', '$((', '))', '${', '${#', '${!', ':-', ':=', ':?', ':+', '%%', '##', '/', '//', '^^', ',,', '@Q', '[', ']', '[@]',
  '[[', ']]', '((', '<', '>', '>>', '<<', '<<-', '<<<', '<&', '>&', '<>', '>|', '2>', '&>', '<(', '>(', '=', '+=', '*', '?', '@(', '!(', '+(',
  'if', 'then', 'elif', 'else', 'fi', 'for', 'in', 'do', 'done', 'while', 'until', 'case', 'esac', 'select', 'function', 'time', 'coproc',
  'x', 'a', 'b', '1', '0', '-1', 'EOF', 'echo', 'f()', '$x', '$1', '$@', '$*', '$#', '$?', '$$', '~', '~/', "$'\\n'", '$"x"', '-eq', '-z', '=~', '==',
  '\t', '\u00e9', '\u0000', '\uffff', '\ud800', 'x=(', 'a[1]=', 'declare -a', 'local', 'alias x=', '%', '+', '-', '**', '<<=', '?:', ',',
];

/** Any sequence of the language's pieces: the parser must accept or refuse each, never fail otherwise. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) }), { maxLength: 40 })
  .map((pieces) => pieces.join(''));

const NAMES = ['x', 'y', 'n', 'a', 'IFS', 'PATH', 'HOME', 'OPTIND', '_', 'RANDOM', 'LINENO', 'FUNCNAME', 'BASH_REMATCH'];
const LITERALS = ['', 'a', 'b c', '1', '-1', '0', '42', '-n', '-e', '*', '?', '[a]', '%s', '%d', '%q', '\\n', 'x y z', '-', '--', '=', '9999999999999999999999'];

const word: fc.Arbitrary<string> = fc.letrec<{ word: string }>((tie) => ({
  word: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...LITERALS).map((text) => `'${text}'`),
    fc.constantFrom(...LITERALS).map((text) => text.replace(/[^\w-]/g, '')),
    fc.constantFrom(...NAMES).map((name) => `"$${name}"`),
    fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(':-', '-', ':+', '#', '%', '//', '^^', ',', ':1:2', '@Q', '@U', ':='), tie('word')).map(
      ([name, operator, operand]) => `"\${${name}${operator}${operand}}"`,
    ),
    fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom('+', '-', '*', '/', '%', '<<', '**', '?1:')).map(([name, operator]) => `$(( ${name} ${operator} 2 ))`),
    tie('word').map((inner) => `"$(echo ${inner})"`),
    fc.constantFrom('{a,b}', '{1..3}', '~', '"$@"', '$#', '$?', '${#x}', '${x[@]}', '${!x*}', "$'a\\tb'"),
  ),
})).word;

const BUILTINS = [
  'echo', 'printf', ':', 'true', 'false', 'test', '[', 'let', 'declare', 'local', 'export', 'readonly', 'unset', 'shift', 'set', 'shopt',
  'getopts', 'type', 'command', 'builtin', 'alias', 'unalias', 'hash', 'pwd', 'return', 'break', 'continue', 'eval', 'mapfile', 'read',
  'printf -v x', 'declare -p', 'declare -f', 'typeset -i', 'enable', 'help', 'caller', 'jobs', 'times', 'wait', 'compgen', 'dirs',
];

const simple: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...BUILTINS), fc.array(word, { maxLength: 4 })).map(([name, args]) => [name, ...args].join(' ')) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...NAMES.slice(0, 5)), word).map(([name, value]) => `${name}=${value}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NAMES.slice(0, 4)), fc.array(word, { maxLength: 3 })).map(([name, values]) => `${name}=(${values.join(' ')})`) },
  { weight: 1, arbitrary: word.map((w) => `(( ${w.replace(/[()]/g, '')} ))`) },
  { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('==', '!=', '=~', '<', '-eq', '-lt'), word).map(([l, op, r]) => `[[ ${l} ${op} ${r} ]]`) },
);

/** A program of builtins: lists, pipelines, groups, subshells, if/for/case/while with a bound, functions. */
export const builtinProgram: fc.Arbitrary<string> = fc
  .letrec<{ command: string }>((tie) => ({
    command: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 8, arbitrary: simple },
      fc.tuple(tie('command'), fc.constantFrom(' ; ', ' && ', ' || ', ' | ', ' |& '), tie('command')).map(([a, op, b]) => `${a}${op}${b}`),
      tie('command').map((inner) => `{ ${inner}; }`),
      tie('command').map((inner) => `( ${inner} )`),
      tie('command').map((inner) => `x=$(${inner})`),
      fc.tuple(tie('command'), tie('command')).map(([c, body]) => `if ${c}; then ${body}; else :; fi`),
      fc.tuple(fc.array(word, { maxLength: 3 }), tie('command')).map(([items, body]) => `for i in ${items.join(' ')}; do ${body}; done`),
      // The counter is a name no generated word can touch, so the loop ends.
      tie('command').map((body) => `fuzz_loop=0; while (( fuzz_loop++ < 3 )); do ${body}; done`),
      fc.tuple(word, tie('command')).map(([subject, body]) => `case ${subject} in a|b) ${body};; *) :;; esac`),
      tie('command').map((body) => `f() { ${body}; }; f a b`),
      fc.tuple(tie('command'), fc.constantFrom('>/dev/null', '2>&1', '<&-', '>&-', '<<<x', '2>/dev/null')).map(([c, r]) => `{ ${c}; } ${r}`),
    ),
  }))
  .command;
