/**
 * `test` and `[`: each row runs through the builtin (fake context, cwd = a fixture directory)
 * and through bash with the same words, and both must give the row's status and stderr.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testBuiltin } from '../../shell/builtins/test';
import { runBash, runBuiltin, type RunOptions } from '../support/builtin-run';

interface Row {
  readonly argv: readonly string[];
  readonly status: number;
  readonly stderr?: string;
}

/** A descriptor number that both shells see as a terminal (the master side of a new pty). */
const TTY_FD = 5;

const rows: Row[] = [
  // POSIX's rules by argument count.
  { argv: ['test'], status: 1 },
  { argv: ['['], status: 2, stderr: "quirl: [: missing `]'\n" },
  { argv: ['[', ']'], status: 1 },
  { argv: ['[', 'x'], status: 2, stderr: "quirl: [: missing `]'\n" },
  { argv: ['[', 'x', ']]'], status: 2, stderr: "quirl: [: missing `]'\n" },
  { argv: ['test', ''], status: 1 },
  { argv: ['test', 'x'], status: 0 },
  { argv: ['test', '-z'], status: 0 },
  { argv: ['[', '-n', ']'], status: 0 },
  { argv: ['[', '!', ']'], status: 0 },
  { argv: ['[', '(', ']'], status: 0 },
  { argv: ['test', '!', ''], status: 0 },
  { argv: ['test', '!', 'x'], status: 1 },
  { argv: ['[', '!', '=', ']'], status: 1 },
  { argv: ['test', '-n', ''], status: 1 },
  { argv: ['test', '-n', 'a'], status: 0 },
  { argv: ['test', '-z', ''], status: 0 },
  { argv: ['test', '-z', 'a'], status: 1 },
  { argv: ['test', 'a', 'b'], status: 2, stderr: 'quirl: test: a: unary operator expected\n' },
  { argv: ['test', '-q', 'a'], status: 2, stderr: 'quirl: test: -q: unary operator expected\n' },
  { argv: ['test', '-', 'a'], status: 2, stderr: 'quirl: test: -: unary operator expected\n' },
  { argv: ['[', '(', ')', ']'], status: 2, stderr: 'quirl: [: (: unary operator expected\n' },
  { argv: ['test', '-t'], status: 0 },
  // Three arguments: a binary operator wins over -a/-o, then `!`, then parentheses.
  { argv: ['test', '=', '=', '='], status: 0 },
  { argv: ['test', '!', '=', '!'], status: 0 },
  { argv: ['test', '-n', '-a', '-n'], status: 0 },
  { argv: ['test', '', '-o', 'x'], status: 0 },
  { argv: ['test', '', '-o', ''], status: 1 },
  { argv: ['test', 'x', '-a', ''], status: 1 },
  { argv: ['test', '!', '-z', 'x'], status: 0 },
  { argv: ['test', '(', 'x', ')'], status: 0 },
  { argv: ['test', '(', '', ')'], status: 1 },
  { argv: ['test', '(x', 'x', ')y'], status: 0 },
  { argv: ['test', '-z', 'a', 'b'], status: 2, stderr: 'quirl: test: a: binary operator expected\n' },
  { argv: ['test', 'a', '=~', 'a'], status: 2, stderr: 'quirl: test: =~: binary operator expected\n' },
  // Strings: = and == are the same; < and > compare bytes.
  { argv: ['test', 'a', '=', 'a'], status: 0 },
  { argv: ['test', 'a', '=', 'b'], status: 1 },
  { argv: ['test', 'a', '==', 'a'], status: 0 },
  { argv: ['test', 'a', '!=', 'b'], status: 0 },
  { argv: ['test', 'a*', '==', 'abc'], status: 1 },
  { argv: ['test', 'a', '<', 'b'], status: 0 },
  { argv: ['test', 'b', '<', 'a'], status: 1 },
  { argv: ['test', 'a', '>', 'B'], status: 0 },
  { argv: ['test', 'é', '>', 'z'], status: 0 },
  { argv: ['test', 'ab', '<', 'abc'], status: 0 },
  // Four arguments.
  { argv: ['test', '!', 'a', '=', 'b'], status: 0 },
  { argv: ['test', '(', '-n', 'x', ')'], status: 0 },
  { argv: ['test', '(', '!', 'x', ')'], status: 1 },
  { argv: ['test', '(', 'a', ')', ')'], status: 2, stderr: 'quirl: test: a: unary operator expected\n' },
  { argv: ['test', 'a', 'b', 'c', 'd'], status: 2, stderr: 'quirl: test: too many arguments\n' },
  { argv: ['test', '(', 'a', '=', 'b'], status: 2, stderr: "quirl: test: `)' expected\n" },
  // Five or more: -a binds tighter than -o, `!` applies to one term, parentheses group.
  { argv: ['test', 'x', '-o', 'x', '-a', ''], status: 0 },
  { argv: ['test', '', '-a', 'x', '-o', 'x'], status: 0 },
  { argv: ['test', '!', '', '-a', 'x'], status: 0 },
  { argv: ['test', '!', '!', '!', 'x', '-a', 'x'], status: 1 },
  { argv: ['test', '(', 'a', '=', 'b', ')', '-o', 'x'], status: 0 },
  { argv: ['test', '(', 'a', '=', 'a', ')', '-a', '(', '', ')'], status: 1 },
  { argv: ['[', '-n', 'a', '-a', '-z', '', '-a', '1', '-lt', '2', ']'], status: 0 },
  { argv: ['test', 'x', '-a', 'y', '-a'], status: 2, stderr: 'quirl: test: argument expected\n' },
  { argv: ['test', 'a', '=', 'b', '-x', 'c'], status: 2, stderr: "quirl: test: syntax error: `-x' unexpected\n" },
  { argv: ['test', '(', 'a', 'b', 'c', 'd'], status: 2, stderr: "quirl: test: `)' expected, found b\n" },
  { argv: ['test', 'a', 'b', 'c', 'd', 'e'], status: 2, stderr: 'quirl: test: too many arguments\n' },
  { argv: ['test', '!', '!', '!', '!'], status: 1 },
  { argv: ['test', '!', '!', '!', '!', '!'], status: 2, stderr: 'quirl: test: argument expected\n' },
  // Integers: 64-bit, decimal only, white space around, a sign.
  { argv: ['test', '1', '-eq', '1'], status: 0 },
  { argv: ['[', 'x', '-eq', '1', ']'], status: 2, stderr: 'quirl: [: x: integer expression expected\n' },
  { argv: ['test', '1', '-eq', ''], status: 2, stderr: 'quirl: test: : integer expression expected\n' },
  { argv: ['test', ' 1 ', '-eq', '+1'], status: 0 },
  { argv: ['test', '\n\t1\t', '-eq', '1'], status: 0 },
  { argv: ['test', '1\n', '-eq', '1'], status: 2, stderr: 'quirl: test: 1\n: integer expression expected\n' },
  { argv: ['test', '010', '-eq', '10'], status: 0 },
  { argv: ['test', '0x10', '-eq', '16'], status: 2, stderr: 'quirl: test: 0x10: integer expression expected\n' },
  { argv: ['test', '-', '-eq', '0'], status: 2, stderr: 'quirl: test: -: integer expression expected\n' },
  { argv: ['test', '-1', '-lt', '0'], status: 0 },
  { argv: ['test', '1', '-le', '1'], status: 0 },
  { argv: ['test', '2', '-gt', '1'], status: 0 },
  { argv: ['test', '1', '-ge', '2'], status: 1 },
  { argv: ['test', '3', '-ne', '3'], status: 1 },
  { argv: ['test', '9223372036854775807', '-gt', '-9223372036854775808'], status: 0 },
  { argv: ['test', '9223372036854775808', '-gt', '1'], status: 2, stderr: 'quirl: test: 9223372036854775808: integer expression expected\n' },
  // Files, relative to the shell's directory (the fixture), never Node's.
  { argv: ['test', '-e', 'file'], status: 0 },
  { argv: ['test', '-a', 'file'], status: 0 },
  { argv: ['test', '-e', 'missing'], status: 1 },
  { argv: ['test', '-e', ''], status: 1 },
  { argv: ['test', '-e', 'dir/../file'], status: 0 },
  { argv: ['test', '-e', 'file/'], status: 1 },
  { argv: ['test', '-f', 'file'], status: 0 },
  { argv: ['test', '-f', 'dir'], status: 1 },
  { argv: ['test', '-d', 'dir'], status: 0 },
  { argv: ['test', '-d', 'file'], status: 1 },
  { argv: ['test', '-s', 'file'], status: 0 },
  { argv: ['test', '-s', 'empty'], status: 1 },
  { argv: ['test', '-h', 'link'], status: 0 },
  { argv: ['test', '-L', 'link'], status: 0 },
  { argv: ['test', '-h', 'file'], status: 1 },
  { argv: ['test', '-e', 'dangling'], status: 1 },
  { argv: ['test', '-L', 'dangling'], status: 0 },
  { argv: ['test', '-f', 'link'], status: 0 },
  { argv: ['test', '-p', 'fifo'], status: 0 },
  { argv: ['test', '-p', 'file'], status: 1 },
  { argv: ['test', '-c', '/dev/null'], status: 0 },
  { argv: ['test', '-b', '/dev/null'], status: 1 },
  { argv: ['test', '-S', 'socket'], status: 0 },
  { argv: ['test', '-u', 'setuid'], status: 0 },
  { argv: ['test', '-u', 'file'], status: 1 },
  { argv: ['test', '-g', 'setgid'], status: 0 },
  { argv: ['test', '-k', 'sticky'], status: 0 },
  { argv: ['test', '-k', 'dir'], status: 1 },
  { argv: ['test', '-r', 'file'], status: 0 },
  { argv: ['test', '-w', 'file'], status: 0 },
  { argv: ['test', '-x', 'exe'], status: 0 },
  { argv: ['test', '-x', 'file'], status: 1 },
  { argv: ['test', '-x', 'dir'], status: 0 },
  { argv: ['test', '-r', 'missing'], status: 1 },
  { argv: ['test', '-O', 'file'], status: 0 },
  { argv: ['test', '-G', 'file'], status: 0 },
  { argv: ['test', '-N', 'modified'], status: 0 },
  { argv: ['test', '-N', 'old'], status: 1 },
  { argv: ['test', 'new', '-nt', 'old'], status: 0 },
  { argv: ['test', 'old', '-nt', 'new'], status: 1 },
  { argv: ['test', 'old', '-ot', 'new'], status: 0 },
  { argv: ['test', 'file', '-nt', 'missing'], status: 0 },
  { argv: ['test', 'missing', '-nt', 'file'], status: 1 },
  { argv: ['test', 'missing', '-ot', 'file'], status: 0 },
  { argv: ['test', 'missing', '-ot', 'missing'], status: 1 },
  { argv: ['test', 'link', '-ef', 'file'], status: 0 },
  { argv: ['test', 'file', '-ef', 'empty'], status: 1 },
  { argv: ['test', 'missing', '-ef', 'missing'], status: 1 },
  // Descriptors: -t and /dev/fd/N are the command's own.
  { argv: ['test', '-t', `${TTY_FD}`], status: 0 },
  { argv: ['test', '-t', '0'], status: 1 },
  { argv: ['test', '-t', 'x'], status: 1 },
  { argv: ['test', '-t', '99'], status: 1 },
  { argv: ['test', '-c', `/dev/fd/${TTY_FD}`], status: 0 },
  { argv: ['test', '-e', '/dev/fd/99'], status: 1 },
  // Variables and options.
  { argv: ['test', '-v', 'HOME'], status: 0 },
  { argv: ['test', '-v', 'EMPTY'], status: 0 },
  { argv: ['test', '-v', 'NOT_SET'], status: 1 },
  { argv: ['test', '-v', '1'], status: 1 },
  { argv: ['test', '-v', '0'], status: 0 },
  { argv: ['test', '-o', 'noclobber'], status: 1 },
  { argv: ['test', '-o', 'no-such-option'], status: 1 },
];

let fixture = '';
let tty = -1;

function makeFixture(root: string): void {
  const at = (name: string) => join(root, name);
  writeFileSync(at('file'), 'content\n');
  writeFileSync(at('empty'), '');
  mkdirSync(at('dir'));
  mkdirSync(at('sticky'), 0o1777);
  chmodSync(at('sticky'), 0o1777);
  symlinkSync('file', at('link'));
  symlinkSync('nowhere', at('dangling'));
  for (const [name, mode] of [['exe', 0o755], ['setuid', 0o4755], ['setgid', 0o2755]] as const) {
    writeFileSync(at(name), '');
    chmodSync(at(name), mode);
  }
  for (const [name, atime, mtime] of [['old', 1_000_000, 1_000_000], ['new', 2_000_000, 2_000_000], ['modified', 1_000_000, 2_000_000]] as const) {
    writeFileSync(at(name), 'x');
    utimesSync(at(name), atime, mtime);
  }
  const made = spawnSync('sh', ['-c', 'mkfifo fifo && python3 -c "import socket; socket.socket(socket.AF_UNIX).bind(\'socket\')"'], { cwd: root });
  assert.equal(made.status, 0, made.stderr.toString());
}

function options(): RunOptions {
  return {
    cwd: fixture,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: fixture, EMPTY: '', LC_ALL: 'C.UTF-8' },
    extraFds: new Map([[TTY_FD, tty]]),
  };
}

before(() => {
  fixture = mkdtempSync(join(tmpdir(), 'quirl-test-builtin-'));
  makeFixture(fixture);
  tty = openSync('/dev/ptmx', 'r+');
});

after(() => {
  closeSync(tty);
  rmSync(fixture, { recursive: true, force: true });
});

const label = (argv: readonly string[]) => JSON.stringify(argv);

describe('test builtin', () => {
  for (const row of rows) {
    test(label(row.argv), async () => {
      const got = await runBuiltin(testBuiltin, row.argv, options());
      assert.deepEqual({ status: got.status, stderr: got.stderr, stdout: got.stdout }, { status: row.status, stderr: row.stderr ?? '', stdout: '' });
    });
  }
});

describe('the table is bash', () => {
  test('has at least 60 rows', () => assert.ok(rows.length >= 60));
  for (const row of rows) {
    test(`bash ${label(row.argv)}`, () => {
      const got = runBash(row.argv, options());
      assert.deepEqual({ status: got.status, stderr: got.stderr, stdout: got.stdout }, { status: row.status, stderr: row.stderr ?? '', stdout: '' });
    });
  }
});
