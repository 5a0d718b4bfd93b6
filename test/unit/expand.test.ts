import { test } from 'node:test';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { isShellError, ShellError } from '../../shell/errors';
import { ExpansionBudget, expandRedirectTarget, expandWord, expandWords, type ExpansionEnvironment } from '../../shell/expand';
import { evaluateArithmeticText } from '../../shell/expand/arith';
import { parse, type Assignment, type Program, type SimpleCommand, type Word } from '../../shell/syntax';

interface Setup {
  readonly vars?: Readonly<Record<string, string>>;
  readonly positional?: readonly string[];
  /** Paths under /work (the cwd) or absolute; a trailing `/` makes an empty directory. */
  readonly files?: readonly string[];
}

const DEFAULT_VARS: Readonly<Record<string, string>> = {
  HOME: '/home/me',
  x: 'a b',
  empty: '',
  spaced: '  a   b  ',
  nl: 'a\nb',
  glob: '*.txt',
};
/** Listed out of order on purpose: pathname expansion must sort. */
const DEFAULT_FILES = ['src/util.ts', 'src/main.ts', 'src/.secret.ts', 'docs/', 'c.md', 'b.txt', 'a.txt', '.hidden.txt', 'README'];
/** Canned command substitution output, by the substituted command's text. */
const OUTPUTS: Readonly<Record<string, string>> = {
  greet: 'hello world\n\n',
  lines: 'a\nb\n',
  none: '',
  globout: '*.md\n',
  nul: 'a\0b',
  indented: '  x  \n',
};

/** An ExpansionEnvironment with no processes and no file system: everything comes from `setup`. */
function fakeEnvironment(setup: Setup = {}): ExpansionEnvironment & { readonly limits: number[] } {
  const vars = { ...DEFAULT_VARS, ...setup.vars };
  const directories = new Map<string, string[]>([['/', []]]);
  for (const file of setup.files ?? DEFAULT_FILES) {
    const path = posix.resolve('/work', file);
    if (file.endsWith('/') && !directories.has(path)) directories.set(path, []);
    for (let child = path, parent = posix.dirname(path); child !== '/'; child = parent, parent = posix.dirname(parent)) {
      const entries = directories.get(parent) ?? [];
      directories.set(parent, entries);
      const name = posix.basename(child);
      if (!entries.includes(name)) entries.push(name);
    }
  }
  const limits: number[] = [];
  return {
    limits,
    lookup: (name) => vars[name],
    special: {
      lastStatus: 3,
      shellPid: 4242,
      lastBackgroundPid: undefined,
      scriptName: 'quirl',
      positional: setup.positional ?? ['one', 'two words'],
      optionFlags: 'hB',
    },
    tildePrefix: (prefix) => (prefix === '' ? vars.HOME : { bob: '/home/bob' }[prefix]),
    cwd: '/work',
    readDirectory: (path) => directories.get(posix.resolve(path)),
    commandSubstitution: async (program: Program, maxBytes: number) => {
      limits.push(maxBytes);
      const key = program.body.items.map((item) => item.andOr.first.text).join('; ');
      const output = OUTPUTS[key];
      if (output === undefined) throw new Error(`no canned output for $(${key})`);
      if (Buffer.byteLength(output) > maxBytes) throw new ShellError('ResourceLimit', `output of $(${key}) exceeds ${maxBytes} bytes`);
      return output;
    },
    arithmetic: (expression) =>
      String(evaluateArithmeticText(expression, { get: (name) => vars[name], set: (name, value) => void (vars[name] = value) })),
    assign: (name, value) => void (vars[name] = value),
    variableNames: () => Object.keys(vars).sort(),
    // Arrays are the interpreter's (test/spec/cases/arrays*.sh): here every variable is a scalar.
    entries: (name) => (vars[name] === undefined ? undefined : [['0', vars[name] as string]]),
    element: (name, subscript) => (Number(subscript) === 0 ? vars[name] : undefined),
    assignElement: (name, subscript, value) => {
      if (Number(subscript) !== 0) throw new Error('the fake environment has no arrays');
      vars[name] = value;
    },
    attributes: (name) => (vars[name] === undefined ? undefined : ''),
  };
}

/** An assignment's value word (these tests assign no arrays). */
function scalarValue(assignment: Assignment | undefined): Word | undefined {
  if (assignment === undefined) return undefined;
  assert.equal(assignment.value.kind, 'Word');
  return assignment.value as Word;
}

function firstCommand(source: string): SimpleCommand {
  const command = parse(source).body.items[0]?.andOr.first.commands[0];
  assert.ok(command?.kind === 'SimpleCommand', `no simple command in ${source}`);
  return command;
}

/** The target word of a command's first redirect (a here-document has a body, not a target). */
function redirectTarget(command: SimpleCommand): Word | undefined {
  const redirect = command.redirects[0];
  assert.ok(redirect?.kind !== 'HereDocument', 'a here-document has no target');
  return redirect?.target;
}

async function words(source: string, setup?: Setup, budget = new ExpansionBudget()): Promise<string[]> {
  return expandWords(firstCommand(source).words, fakeEnvironment(setup), budget);
}

/** Rows are commands; `want` is the fields their words expand to. */
const wordRows: { input: string; want: string[]; setup?: Setup }[] = [
  // Quote removal.
  { input: `echo a 'b  c' "d  e"`, want: ['echo', 'a', 'b  c', 'd  e'] },
  { input: `echo "" ''`, want: ['echo', '', ''] },
  { input: `echo a"b"'c'\\d`, want: ['echo', 'abcd'] },
  { input: `echo '$x' "\\$x" \\$x`, want: ['echo', '$x', '$x', '$x'] },

  // Parameters and field splitting: only unquoted results split.
  { input: 'echo $x "$x"', want: ['echo', 'a', 'b', 'a b'] },
  { input: 'echo $empty $unset', want: ['echo'] },
  { input: 'echo "$empty" "$unset"', want: ['echo', '', ''] },
  { input: 'echo $spaced', want: ['echo', 'a', 'b'] },
  { input: 'echo x${spaced}y', want: ['echo', 'x', 'a', 'b', 'y'] },
  { input: 'echo $nl', want: ['echo', 'a', 'b'] },
  { input: 'echo $v""', want: ['echo', 'a', ''], setup: { vars: { v: ' a ' } } },
  { input: 'echo a${v}b', want: ['echo', 'a', 'b'], setup: { vars: { v: ' ' } } },
  { input: 'echo $x${x}', want: ['echo', 'a', 'ba', 'b'] },
  { input: 'echo $v', want: ['echo', 'a', '', 'b'], setup: { vars: { IFS: ',', v: 'a,,b,' } } },
  { input: 'echo $v', want: ['echo', 'a', '', 'b'], setup: { vars: { IFS: ', ', v: 'a, ,b' } } },
  { input: 'echo $v', want: ['echo', '', 'a'], setup: { vars: { IFS: ', ', v: ' ,a' } } },
  { input: 'echo $v', want: ['echo', 'a', 'b'], setup: { vars: { IFS: ', ', v: ' a , b ' } } },
  { input: 'echo $v a:b', want: ['echo', 'a', 'b', 'a:b'], setup: { vars: { IFS: ':', v: 'a:b' } } },
  { input: 'echo $x $empty', want: ['echo', 'a b'], setup: { vars: { IFS: '' } } },
  // IFS characters are characters, not bytes (bash agrees in a UTF-8 locale).
  { input: 'echo $v', want: ['echo', 'a', 'b', 'c'], setup: { vars: { IFS: 'é', v: 'aébéc' } } },

  // Special and positional parameters.
  { input: 'echo $? $$ $# $- $0 $1 ${2}', want: ['echo', '3', '4242', '2', 'hB', 'quirl', 'one', 'two', 'words'] },
  { input: 'echo $! "$!" $3 "${10}"', want: ['echo', '', ''] },
  { input: 'echo ${10} $10', want: ['echo', 'ten', 'a0'], setup: { positional: ['a', '2', '3', '4', '5', '6', '7', '8', '9', 'ten'] } },

  // Arithmetic: the expression is expanded first; an unquoted result is split like any other.
  { input: 'echo $((2 * 3)) "$(( n + 1 ))" $(($n))x', want: ['echo', '6', '5', '4x'], setup: { vars: { n: '4' } } },
  { input: 'echo $((100 + 5))', want: ['echo', '1', '5'], setup: { vars: { IFS: '0' } } },

  // "$@" is one field per parameter, none when there are none; "$*" joins with IFS's first character.
  { input: 'echo "$@"', want: ['echo', 'one', 'two words'] },
  { input: 'echo $@', want: ['echo', 'one', 'two', 'words'] },
  { input: 'echo $*', want: ['echo', 'one', 'two', 'words'] },
  { input: 'echo "$*"', want: ['echo', 'one two words'] },
  { input: 'echo x"$@"y', want: ['echo', 'xone', 'two wordsy'] },
  { input: 'echo "$@"', want: ['echo'], setup: { positional: [] } },
  { input: 'echo "$@" $@ $*', want: ['echo'], setup: { positional: [] } },
  { input: 'echo x"$@"', want: ['echo', 'x'], setup: { positional: [] } },
  // As in dash: the quoted empty $empty still makes a field (bash makes none here).
  { input: 'echo "$@$empty"', want: ['echo', ''], setup: { positional: [] } },
  { input: 'echo "$@"""', want: ['echo', ''], setup: { positional: [] } },
  { input: 'echo "$*"', want: ['echo', ''], setup: { positional: [] } },
  { input: 'echo $@ "$@"', want: ['echo', 'a', '', 'a'], setup: { positional: ['', 'a'] } },
  { input: 'echo "$*"', want: ['echo', 'a,b'], setup: { vars: { IFS: ',' }, positional: ['a', 'b'] } },
  { input: 'echo $@', want: ['echo', 'a', '', 'b'], setup: { vars: { IFS: ',' }, positional: ['a', ',b'] } },
  { input: 'echo "$*" $*', want: ['echo', 'ab', 'a', 'b'], setup: { vars: { IFS: '' }, positional: ['a', 'b'] } },
  { input: 'echo $@', want: ['echo', 'a b', 'c'], setup: { vars: { IFS: '' }, positional: ['a b', 'c'] } },

  // Tilde expansion: its result is neither split nor globbed; an unknown user stays as written.
  { input: 'echo ~ ~/x ~bob/y ~nobody', want: ['echo', '/home/me', '/home/me/x', '/home/bob/y', '~nobody'] },
  { input: 'echo ~/x', want: ['echo', '/home/my *dir/x'], setup: { vars: { HOME: '/home/my *dir' } } },
  { input: 'echo "~" ~"/x" ~/"x"', want: ['echo', '~', '~/x', '/home/me/x'] },

  // Command substitution: trailing newlines removed, then split like any unquoted expansion.
  { input: 'echo $(greet) "$(greet)"', want: ['echo', 'hello', 'world', 'hello world'] },
  { input: 'echo "$(lines)" $(lines)', want: ['echo', 'a\nb', 'a', 'b'] },
  { input: 'echo $(none) x$(none)y', want: ['echo', 'xy'] },
  { input: 'echo "$(none)"', want: ['echo', ''] },
  { input: 'echo `greet` "`indented`"', want: ['echo', 'hello', 'world', '  x  '] },

  // Pathname expansion: sorted, hidden names need a leading `.`, quoted characters are literal.
  { input: 'echo *.txt', want: ['echo', 'a.txt', 'b.txt'] },
  { input: 'echo .*', want: ['echo', '.hidden.txt'] },
  { input: 'echo *', want: ['echo', 'README', 'a.txt', 'b.txt', 'c.md', 'docs', 'src'] },
  { input: 'echo src/*.ts s*/.*', want: ['echo', 'src/main.ts', 'src/util.ts', 'src/.secret.ts'] },
  { input: 'echo */', want: ['echo', 'docs/', 'src/'] },
  { input: 'echo ?.md [ab].txt [!a].txt [^a].txt [b-c]*', want: ['echo', 'c.md', 'a.txt', 'b.txt', 'b.txt', 'b.txt', 'b.txt', 'c.md'] },
  { input: 'echo [[:upper:]]* [[:digit:]]*', want: ['echo', 'README', '[[:digit:]]*'] },
  { input: `echo '*'.txt "*.txt" \\*.txt "s"* [a]"*"`, want: ['echo', '*.txt', '*.txt', '*.txt', 'src', '[a]*'] },
  { input: 'echo *.none *[ *.md/ docs/*', want: ['echo', '*.none', '*[', '*.md/', 'docs/*'] },
  { input: 'echo $glob "$glob" $(globout)', want: ['echo', 'a.txt', 'b.txt', '*.txt', 'c.md'] },
  { input: 'echo /work/s*/m* ./*.md ../work/c*', want: ['echo', '/work/src/main.ts', './c.md', '../work/c.md'] },
  { input: 'echo ~nobody* *.md', want: ['echo', '~nobody*', 'c.md'] },
  { input: 'echo src/../*.md', want: ['echo', 'src/../c.md'] },
  { input: 'echo [z-a]* x[', want: ['echo', '[z-a]*', 'x['] },
  { input: 'echo *', want: ['echo', 'a b', 'c'], setup: { files: ['c', 'a b'] } },

  // Parameter operators: an unquoted operator word splits and globs as an expansion's result does.
  { input: 'echo ${unset:-a b} "${unset:-a b}" ${x:+"q r"} ${empty-*.md}', want: ['echo', 'a', 'b', 'a b', 'q r'] },
  { input: 'echo ${unset:-*.md} "${unset:-*.md}" ${unset:-"*".md}', want: ['echo', 'c.md', '*.md', '*.md'] },
  { input: 'echo "${unset:-"$x"}" ${unset:-$(greet)} ${#x} ${#@}', want: ['echo', 'a b', 'hello', 'world', '3', '2'] },
  { input: 'echo ${glob#\\*} "${glob%.*}" "${glob/t/T}" "${glob//t/<&>}" ${glob:1:2} "${glob^^}"', want: ['echo', '.txt', '*', '*.Txt', '*.<t>x<t>', '.t', '*.TXT'] },
  { input: 'echo "${@:2}" "${*#o}" "${@/o/0}"', want: ['echo', 'two words', 'ne two words', '0ne', 'tw0 words'] },

  // Words of one value or one text (each planned once): split and globbed exactly where the full path would.
  { input: 'echo "${x:+"$@"}" a"${x%% *}"b "pre-$x-post" "${x:-$empty}" ${x%b} ${#x}', want: ['echo', 'one', 'two words', 'aab', 'pre-a b-post', 'a b', 'a', '3'] },
  { input: 'echo $((n+10)) "$((n+10))" ${n%1}', want: ['echo', '1', '', '133', '12'], setup: { vars: { IFS: '3', n: '123' } } },
  { input: 'echo ${glob/txt/md} "${glob/txt/md}"', want: ['echo', 'c.md', '*.md'] },
  {
    input: 'echo $d/$f x$empty"" $empty$empty a$x-b "$x"$v $v"$empty" ./$glob $d.$empty',
    want: ['echo', 'dir/file.sh', 'x', 'aa', 'b-b', 'a b', 'c', 'c', '', './a.txt', './b.txt', 'dir.'],
    setup: { vars: { d: 'dir', f: 'file.sh', v: ' c ' } },
  },
  { input: 'echo $d/$f a$d$x', want: ['echo', 'dir/file.sh', 'adira b'], setup: { vars: { IFS: '/', d: 'dir', f: 'file.sh' } } },
];

for (const { input, want, setup } of wordRows) {
  test(`expandWords ${JSON.stringify(input)}${setup ? ` with ${JSON.stringify(setup)}` : ''}`, async () => {
    assert.deepEqual(await words(input, setup), want);
  });
}

/** Assignment values and here-strings: no splitting, no pathname expansion; `$@` joins with spaces. */
const stringRows: { input: string; want: string; setup?: Setup }[] = [
  { input: 'v=$x', want: 'a b' },
  { input: 'v=$spaced', want: '  a   b  ' },
  { input: 'v=', want: '' },
  { input: 'v=~/bin:~bob:~nobody/x', want: '/home/me/bin:/home/bob:~nobody/x' },
  { input: 'v=*.txt', want: '*.txt' },
  { input: 'v=$@', want: 'one two words' },
  { input: 'v="$@"', want: 'one two words' },
  { input: 'v=$*', want: 'one,two words', setup: { vars: { IFS: ',' } } },
  { input: 'v=$(greet)', want: 'hello world' },
  { input: 'v="$(lines)"x', want: 'a\nbx' },
  { input: 'cat <<< $spaced', want: '  a   b  ' },
  { input: 'cat <<< ~/*.txt', want: '/home/me/*.txt' },
];

for (const { input, want, setup } of stringRows) {
  test(`expandWord ${JSON.stringify(input)}`, async () => {
    const command = firstCommand(input);
    const word = scalarValue(command.assignments[0]) ?? redirectTarget(command);
    assert.ok(word);
    assert.equal(await expandWord(word, fakeEnvironment(setup), new ExpansionBudget()), want);
  });
}

/** Redirect targets: every step, and exactly one field or an ambiguous redirect. */
const redirectRows: { input: string; want: string | { ambiguous: string } }[] = [
  { input: 'cat >$x', want: { ambiguous: '$x: ambiguous redirect' } },
  { input: 'cat >"$x"', want: 'a b' },
  { input: 'cat >$empty', want: { ambiguous: '$empty: ambiguous redirect' } },
  { input: 'cat >"$empty"', want: '' },
  { input: 'cat >*.txt', want: { ambiguous: '*.txt: ambiguous redirect' } },
  { input: 'cat >*.md', want: 'c.md' },
  { input: 'cat >~/out', want: '/home/me/out' },
  { input: 'cat >"$@"', want: { ambiguous: '"$@": ambiguous redirect' } },
  { input: 'cat 2>$(greet)', want: { ambiguous: '$(greet): ambiguous redirect' } },
];

for (const { input, want } of redirectRows) {
  test(`expandRedirectTarget ${JSON.stringify(input)}`, async () => {
    const target = redirectTarget(firstCommand(input))!;
    const expansion = expandRedirectTarget(target, fakeEnvironment(), new ExpansionBudget());
    if (typeof want === 'string') {
      assert.equal(await expansion, want);
    } else {
      await assert.rejects(expansion, (error: unknown) => isShellError(error, 'RedirectFailed') && error.message === want.ambiguous);
    }
  });
}

test('an operator word expands only when it is used: a substitution there runs only then', async () => {
  const env = fakeEnvironment({ vars: { set: 'v' } });
  // `$(boom)` has no canned output: running it would fail the expansion.
  const unused = 'echo ${set:-$(boom)} ${set-$(boom)} ${unset+$(boom)} ${set:=$(boom)} ${set:?$(boom)} ${empty:+$(boom)}';
  assert.deepEqual(await expandWords(firstCommand(unused).words, env, new ExpansionBudget()), ['echo', 'v', 'v', 'v', 'v']);
  assert.deepEqual(env.limits, []);
  assert.deepEqual(await expandWords(firstCommand('echo ${unset:-$(greet)}').words, env, new ExpansionBudget(100)), ['echo', 'hello', 'world']);
  assert.deepEqual(env.limits, [96]);
});

test('${x:=w} assigns through the environment; ${x?w} is a fatal expansion error', async () => {
  const env = fakeEnvironment();
  assert.deepEqual(await expandWords(firstCommand('echo ${new:=a b}').words, env, new ExpansionBudget()), ['echo', 'a', 'b']);
  assert.equal(env.lookup('new'), 'a b');
  await assert.rejects(async () => expandWords(firstCommand('echo ${unset?gone $x}').words, env, new ExpansionBudget()), (error: unknown) => {
    assert.ok(isShellError(error, 'FatalExpansion'));
    assert.equal(error.message, 'unset: gone a b');
    return true;
  });
});

test('expansion budget: operator results and operator words are charged', async () => {
  const env = fakeEnvironment({ vars: { big: 'x'.repeat(1000) } });
  // The replacement multiplies the value: it fails while it grows, not once it is built.
  await assert.rejects(async () => expandWords(firstCommand('echo ${big//x/$big}').words, env, new ExpansionBudget(100_000)), isResourceLimit);
  const budget = new ExpansionBudget(100);
  assert.deepEqual(await expandWords(firstCommand('${unset:-abc} ${glob/t/TT}').words, env, budget), ['abc', '*.TTxt']);
  assert.equal(budget.remaining, 100 - 3 - 6);
  // A word used inside the operator (a pattern) is bounded by what is left, not retained.
  await assert.rejects(async () => expandWords(firstCommand('"${glob#$big}"').words, env, new ExpansionBudget(999)), isResourceLimit);
  assert.deepEqual(await expandWords(firstCommand('"${glob#$big}"').words, env, new ExpansionBudget(1000)), ['*.txt']);
});

function isResourceLimit(error: unknown): boolean {
  return isShellError(error, 'ResourceLimit');
}

test('expansion budget: cumulative across fragments, words and stages', async () => {
  const env = fakeEnvironment({ vars: { v: 'é b' } });
  const budget = new ExpansionBudget(20);
  // Stage one: `echo hello >out`: words, then the redirect target, from the same budget.
  const stageOne = firstCommand('echo hello >out');
  assert.deepEqual(await expandWords(stageOne.words, env, budget), ['echo', 'hello']);
  assert.equal(budget.remaining, 11);
  assert.equal(await expandRedirectTarget(redirectTarget(stageOne)!, env, budget), 'out');
  assert.equal(budget.remaining, 8);
  // Stage two: fragments of one word add up; bytes are UTF-8 (é is two); IFS separators are not kept.
  assert.deepEqual(await expandWords(firstCommand('x$v').words, env, budget), ['xé', 'b']);
  assert.equal(budget.remaining, 4);
  // Each alone is well under the limit; together they pass it.
  const stageThree = firstCommand('cat "$v"').words;
  assert.deepEqual(await expandWords(stageThree, env, new ExpansionBudget(20)), ['cat', 'é b']);
  await assert.rejects(async () => expandWords(stageThree, env, budget), isResourceLimit);
  // Command substitution is limited to what remains of the budget.
  const fresh = new ExpansionBudget(100);
  await expandWords(firstCommand('echo $(greet) $(greet)').words, env, fresh);
  assert.deepEqual(env.limits, [96, 86]);
});

test('expansion budget: fails before the first byte over', async () => {
  const env = fakeEnvironment({ vars: { y: 'def' } });
  const exact = new ExpansionBudget(10);
  assert.deepEqual(await expandWords(firstCommand('abcdefghij').words, env, exact), ['abcdefghij']);
  assert.equal(exact.remaining, 0);
  await assert.rejects(async () => expandWords(firstCommand('k').words, env, exact), isResourceLimit);
  assert.equal(exact.remaining, 0);
  // The fragment that would cross the limit is refused whole, and not counted.
  const crossing = new ExpansionBudget(5);
  await assert.rejects(async () => expandWords(firstCommand('abc"$y"').words, env, crossing), isResourceLimit);
  assert.equal(crossing.remaining, 2);
  // Pathname matches are charged as they are added.
  await assert.rejects(async () => expandWords(firstCommand('*.txt').words, env, new ExpansionBudget(5 + 5)), isResourceLimit);
  assert.deepEqual(await expandWords(firstCommand('*.txt').words, env, new ExpansionBudget(5 + 10)), ['a.txt', 'b.txt']);
  // A substitution whose output does not fit what remains fails in the environment, before any append.
  await assert.rejects(async () => expandWord(scalarValue(firstCommand('v=ab$(greet)').assignments[0])!, env, new ExpansionBudget(12)), isResourceLimit);
});

test('NUL bytes rejected as invalid command data', async () => {
  const env = fakeEnvironment({ vars: { z: 'a\0b' }, positional: ['ok', 'p\0'] });
  const rejects = async (source: string, message: string): Promise<void> => {
    const command = firstCommand(source);
    const budget = new ExpansionBudget();
    const expansion = async (): Promise<unknown> =>
      command.assignments.length > 0 ? expandWord(scalarValue(command.assignments[0])!, env, budget) : expandWords(command.words, env, budget);
    await assert.rejects(expansion, (error: unknown) => {
      assert.ok(isShellError(error, 'InvalidCommandData'));
      assert.equal(error.message, message);
      return true;
    });
  };
  await rejects('echo $(nul)', '$(nul): the expansion contains a NUL byte, which is invalid command data');
  await rejects('echo "x$(nul)"', '"x$(nul)": the expansion contains a NUL byte, which is invalid command data');
  await rejects('echo $z', '$z: the expansion contains a NUL byte, which is invalid command data');
  await rejects('echo "$@"', '"$@": the expansion contains a NUL byte, which is invalid command data');
  await rejects('v=`nul`', '`nul`: the expansion contains a NUL byte, which is invalid command data');
  await rejects('echo a\0b', 'a\0b: the expansion contains a NUL byte, which is invalid command data');
  // Even where IFS would split on NUL, the byte is refused rather than silently dropped.
  const splitting = fakeEnvironment({ vars: { IFS: '\0', z: 'a\0b' } });
  await assert.rejects(async () => expandWords(firstCommand('echo $z').words, splitting, new ExpansionBudget()), (error: unknown) =>
    isShellError(error, 'InvalidCommandData'),
  );
});

// How fast this runs is the benchmark's business (a wall-clock bound here fails on a loaded machine).
test('a 1 MiB word from 100,000 fragments expands whole, and one byte more from many fragments fails', async () => {
  const env = fakeEnvironment({ vars: { q: '0123456789', u: 'abcdefghi ' } });
  const quoted = firstCommand(`"${'$q'.repeat(100_000)}"`).words;
  const unquoted = firstCommand('$u'.repeat(100_000)).words;
  const [joined] = await expandWords(quoted, env, new ExpansionBudget());
  const fields = await expandWords(unquoted, env, new ExpansionBudget());
  assert.equal(joined!.length, 1_000_000);
  assert.equal(fields.length, 100_000);
  // One byte more than the budget, from many fragments, fails.
  const over = firstCommand(`"${'$q'.repeat(104_857)}"x`).words;
  await assert.rejects(async () => expandWords(over, env, new ExpansionBudget(1_048_570)), isResourceLimit);
});
