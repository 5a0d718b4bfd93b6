// The shell language issue's acceptance checks through bin/quirl, each against bash on the same
// input: the seven commands that must run as written, and the four defects of the old in-shell
// path (a background list's inner job, its terminal, the pool deadlock, foreground expansion).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const BASH = '/usr/bin/bash';

interface Run {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | null;
}

function run(shell: 'quirl' | 'bash', args: readonly string[], cwd: string): Run {
  const argv = shell === 'quirl' ? [QUIRL, ...args] : ['--norc', '--noprofile', ...args];
  const result = spawnSync(shell === 'quirl' ? process.execPath : BASH, argv, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

function inTempDir<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-language-'));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `script` as a file under both shells and asserts Quirl's stdout and status are bash's. */
function assertLikeBash(script: string, setup: (dir: string) => void = () => undefined): Run {
  return inTempDir((dir) => {
    setup(dir);
    writeFileSync(join(dir, 'script.sh'), script);
    const quirl = run('quirl', ['script.sh'], dir);
    const bash = run('bash', ['script.sh'], dir);
    assert.equal(quirl.stdout, bash.stdout, `stdout of ${JSON.stringify(script)}\nquirl stderr: ${quirl.stderr}`);
    assert.equal(quirl.status, bash.status, `status of ${JSON.stringify(script)}`);
    return quirl;
  });
}

const AS_WRITTEN: readonly { readonly name: string; readonly script: string; readonly setup?: (dir: string) => void }[] = [
  {
    name: 'continue 2 across nested loops',
    script: 'for i in 1 2 3; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; done\n',
  },
  {
    name: 'a recursive function with local and return',
    script: 'f() { local x=$1; [ "$x" -le 1 ] && { echo 1; return; }; echo $x; f $((x-1)); }; f 3\n',
  },
  { name: 'case with alternatives and a default', script: 'set -- b; case $1 in a|b) echo ab;; *) echo other;; esac\n' },
  { name: 'a tab-stripped here-document into a pipeline', script: 'cat <<-EOF | tr a-z A-Z\n\tone\n\t\ttwo\n\tEOF\n' },
  {
    name: 'while read from a file',
    script: 'while read -r a b; do echo "$b $a"; done < file\n',
    setup: (dir) => writeFileSync(join(dir, 'file'), 'one two\nthree four five\n'),
  },
  { name: 'a subshell keeps its cd to itself', script: '(cd / && pwd); [ "$(pwd)" != / ] && echo unchanged\n' },
  { name: 'a brace group redirected into a pipeline', script: '{ echo out; echo err >&2; } 2>&1 | cat\n' },
];

for (const { name, script, setup } of AS_WRITTEN) {
  test(`runs as written, as bash does: ${name}`, () => {
    assertLikeBash(script, setup);
  });
}

test('defect: a background list is one job; its inner command is not listed as a second one', () => {
  // The inner command waits on a FIFO until jobs has listed: no timing involved.
  const result = inTempDir((dir) => run('quirl', ['-c', 'mkfifo go; true && cat go & jobs; echo > go; wait'], dir));
  assert.equal(result.stdout, '[1]+  Running                 true && cat go &\n\n');
  assert.equal(result.status, 0);
});

test('defect: five in-shell stages writing more than a pipe buffer do not deadlock', () => {
  assertLikeBash('x=$(head -c 100000 /dev/zero | tr "\\0" a); echo $x | echo $x | echo $x | echo $x | echo $x | cat | wc -c\n');
});

test("defect: a background command's expansion runs in the background", () => {
  // The substitution can only finish after the foreground has written the FIFO: expanded in the
  // foreground, it would wait for that forever (the run's deadline then fails the test).
  const result = inTempDir((dir) => run('quirl', ['-c', 'mkfifo f; echo "got $(cat f)" & echo from-foreground > f; wait'], dir));
  assert.equal(result.stdout, 'got from-foreground\n');
  assert.equal(result.status, 0);
});

test('loops and functions in a pipeline run concurrently with its other stages and end with them', () => {
  assertLikeBash('yes | while read l; do echo "$l"; done | head -3\nwhile true; do echo y; done | head -1\necho done\n');
});

// bash has no default limit (FUNCNEST unset): it recurses until it dies. Quirl's default is 1000.
test('a runaway recursion ends its command with a message naming the limit, and the script goes on', () => {
  const result = inTempDir((dir) => {
    writeFileSync(join(dir, 'script.sh'), 'f() { f; }\nf; echo "not reached"\necho "status $?"\n');
    return run('quirl', ['script.sh'], dir);
  });
  assert.match(result.stderr, /^script\.sh: line 1: f: maximum function nesting level exceeded \(1000\)$/m);
  assert.equal(result.stdout, 'status 1\n');
});

test('recursion through eval, and a file sourcing itself 3,000 deep, run on without a stack overflow', () => {
  const result = inTempDir((dir) => {
    writeFileSync(join(dir, 'again.sh'), 'n=$((n+1)); [ $n -lt 3000 ] && . ./again.sh; :\n');
    writeFileSync(join(dir, 'script.sh'), 'g() { eval g; }\ng\necho "status $?"\n. ./again.sh; echo "sourced $n"\n');
    return run('quirl', ['script.sh'], dir);
  });
  assert.match(result.stderr, /^script\.sh: line 1: g: maximum function nesting level exceeded \(1000\)$/m);
  assert.doesNotMatch(result.stderr, /internal error|RangeError/);
  assert.equal(result.stdout, 'status 1\nsourced 3000\n');
});

// The loop's builtins complete synchronously; it ends only once the shell has heard SIGCHLD and
// reaped the child (kill -0 succeeds on a zombie), so the shell must still yield to its event loop.
test('a busy loop of builtins still hears its children end: kill -0 fails once the background job is reaped', () => {
  assertLikeBash('sleep 0.2 & pid=$!\nf() { (( n++ )); }\nwhile kill -0 $pid 2>/dev/null; do f; done\necho reaped\n');
});

test('10,000 nested braces or parentheses are a parse error with status 2, not a stack overflow', () => {
  for (const [open, close] of [
    ['{ ', '; }'],
    ['( ', ' )'],
  ] as const) {
    const result = inTempDir((dir) => run('quirl', ['-c', `${open.repeat(10_000)}true${close.repeat(10_000)}`], dir));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /nested more than 200 deep/);
    assert.doesNotMatch(result.stderr, /RangeError|internal error/);
  }
});

test('every unterminated construct is a parse error naming it and its line, with status 2', () => {
  const cases: readonly [string, RegExp][] = [
    ['echo a\nif true; then echo b', /`if' on line 2 is not closed by `fi'/],
    ['while true; do echo', /`while' on line 1 is not closed by `done'/],
    ['for i in a b; do echo', /`for' on line 1 is not closed by `done'/],
    ['case x in\na) echo;;', /`case' on line 1 is not closed by `esac'/],
    ['{ echo a', /`\{' on line 1 is not closed by `\}'/],
    ['( echo a', /`\(' on line 1 is not closed by `\)'/],
    ['[[ -n x', /`\[\[' on line 1 is not closed by `\]\]'/],
  ];
  for (const [script, message] of cases) {
    const result = inTempDir((dir) => run('quirl', ['-c', script], dir));
    assert.equal(result.status, 2, script);
    assert.match(result.stderr, message, script);
  }
});

test('a here-document left open at the end of a script ends there, with bash\'s warning', () => {
  const result = assertLikeBash('cat <<EOF\nline\n');
  assert.match(result.stderr, /here-document at line 1 delimited by end-of-file \(wanted `EOF'\)/);
});

test("a script's diagnostics name the script and the line, from the shell and from its builtins, as bash's do", () => {
  const script = 'cd /no-such-dir\n\nno-such-command-q\nf() {\n  shift x\n}\nf\n';
  const [quirl, bash] = inTempDir((dir) => {
    writeFileSync(join(dir, 's.sh'), script);
    return [run('quirl', ['s.sh'], dir), run('bash', ['s.sh'], dir)];
  });
  assert.equal(quirl.stderr, bash.stderr);
  assert.match(quirl.stderr, /^s\.sh: line 3: no-such-command-q: command not found$/m);
});
