// The command line and the start-up files (issue 13), through bin/quirl: bash's options, the
// profile and rc files in bash's order, and an rc file with an error that does not stop the start.
// Interactive shells here have no terminal (setsid), so their line editor reads the commands from
// stdin, as `bash -i <commands` does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const CACHE = mkdtempSync(join(tmpdir(), 'quirl-cli-cache-'));
const VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/** A HOME holding `files` (name → content). */
function home(files: Readonly<Record<string, string>> = {}): string {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-cli-home-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(directory, name), content);
  return directory;
}

interface Run {
  readonly args: readonly string[];
  readonly home?: string;
  readonly input?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/** bin/quirl ARGS with no controlling terminal, in `home`, `input` on stdin. */
function quirl({ args, home: directory = home(), input = '', env = {} }: Run) {
  return spawnSync('setsid', ['--wait', process.execPath, QUIRL, ...args], {
    input,
    cwd: directory,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, XDG_CACHE_HOME: CACHE, HOME: directory, ...env },
  });
}

/** stderr without the two lines an interactive shell with no terminal starts with (bash's too). */
function diagnostics(stderr: string): string {
  return stderr.replace(/^quirl: cannot set terminal process group.*\nquirl: no job control in this shell\n/, '');
}

test('an rc file with a syntax error on line 3 is reported as such, and the shell starts', () => {
  const directory = home({ '.quirlrc': 'echo rc line 1\nalias hi="echo alias from the rc"\nif then fi )\necho rc line 4\n' });
  const result = quirl({ args: ['-i'], home: directory, input: 'hi\necho started\n' });
  assert.equal(result.status, 0, result.stderr);
  const errors = diagnostics(result.stderr);
  // As bash says it of its rc file: the file and line, then the line quoted.
  assert.match(errors, new RegExp(`^quirl: ${directory}/\\.quirlrc: line 3: syntax error near unexpected token \`then'.*\nquirl: ${directory}/\\.quirlrc: line 3: \`if then fi \\)'$`, 'm'));
  // Lines before the error ran; the file stops at it, as bash stops reading a sourced file there.
  assert.match(result.stdout, /rc line 1\n/);
  assert.doesNotMatch(result.stdout, /rc line 4/);
  assert.match(result.stdout, /alias from the rc\n/);
  assert.match(result.stdout, /started\n/);
});

test('a login shell reads ~/.quirl_profile, then ~/.quirlrc; --noprofile and --norc leave each out', () => {
  const directory = home({ '.quirl_profile': 'order="${order}profile "\n', '.quirlrc': 'order="${order}rc "\n' });
  const input = 'echo "order: $order"\n';
  assert.match(quirl({ args: ['-l', '-i'], home: directory, input }).stdout, /order: profile rc \n/);
  assert.match(quirl({ args: ['--login', '-i'], home: directory, input }).stdout, /order: profile rc \n/);
  assert.match(quirl({ args: ['-i'], home: directory, input }).stdout, /order: rc \n/);
  assert.match(quirl({ args: ['--noprofile', '-l', '-i'], home: directory, input }).stdout, /order: rc \n/);
  assert.match(quirl({ args: ['--norc', '-l', '-i'], home: directory, input }).stdout, /order: profile \n/);
  // A name starting with `-` is a login shell's, as login(1) starts one (node itself is given it: setsid would not pass it on).
  const named = spawnSync(process.execPath, [QUIRL, '-c', 'echo "order: $order"'], {
    cwd: directory,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, XDG_CACHE_HOME: CACHE, HOME: directory },
    argv0: '-quirl',
  });
  assert.equal(named.stdout, 'order: profile \n', named.stderr);
  // Not interactive: the profile of a login shell only, as bash.
  assert.equal(quirl({ args: ['-l', '-c', 'echo "order: $order"'], home: directory }).stdout, 'order: profile \n');
  assert.equal(quirl({ args: ['-c', 'echo "order: $order"'], home: directory }).stdout, 'order: \n');
});

test('shopt login_shell says whether the shell is a login shell (not settable by -O), and logout ends a login shell', () => {
  const said = (args: readonly string[]) => quirl({ args: ['--noprofile', ...args, '-c', 'shopt login_shell; logout 3'] });
  const login = said(['-l']);
  assert.equal(login.stdout, 'login_shell    \ton\n', login.stderr);
  assert.equal(login.status, 3, 'logout 3 ends a login shell with 3');
  const other = said(['-O', 'login_shell']);
  assert.equal(other.stdout, 'login_shell    \toff\n', other.stderr);
  assert.match(other.stderr, /logout: not login shell: use `exit'/);
});

test('--rcfile FILE replaces ~/.quirlrc, and a missing one is reported; --posix reads $ENV instead', () => {
  const directory = home({ '.quirlrc': 'which=default\n', other: 'which=other\n', posix: 'which=posix\n' });
  const input = 'echo "which: $which"\n';
  assert.match(quirl({ args: ['--rcfile', 'other', '-i'], home: directory, input }).stdout, /which: other\n/);
  assert.match(quirl({ args: ['--init-file', join(directory, 'other'), '-i'], home: directory, input }).stdout, /which: other\n/);
  const missing = quirl({ args: ['--rcfile', 'nosuch', '-i'], home: directory, input });
  assert.match(diagnostics(missing.stderr), /^quirl: \.\/nosuch: No such file or directory\n/);
  assert.match(missing.stdout, /which: \n/);
  // $ENV is expanded first, as POSIX says.
  assert.match(quirl({ args: ['--posix', '-i'], home: directory, input, env: { ENV: '$HOME/posix' } }).stdout, /which: posix\n/);
});

test('-i -c reads the rc file first and runs the string as an interactive shell would, its aliases expanded (bash -ic)', () => {
  const directory = home({ '.quirlrc': 'alias hi="echo alias from the rc"\n' });
  const result = quirl({ args: ['-ic', 'hi; case $- in *i*) echo interactive;; esac; echo "$0"; exit 3', 'name'], home: directory });
  assert.equal(result.stdout, 'alias from the rc\ninteractive\nname\n', result.stderr);
  assert.equal(result.status, 3);
  // Without -i the rc is not read.
  assert.match(quirl({ args: ['-c', 'hi'], home: directory }).stderr, /hi: command not found/);
});

test('exit in an rc file ends the shell with its status, before any command is read', () => {
  const result = quirl({ args: ['-i'], home: home({ '.quirlrc': 'echo bye\nexit 7\n' }), input: 'echo never\n' });
  assert.equal(result.status, 7);
  assert.equal(result.stdout, 'bye\n');
});

test('quirl -l -c CMD: an error in the profile abandons its command, or the file for a fatal one, and CMD runs (bash)', () => {
  const arithmetic = home({ '.quirl_profile': 'echo p1 $((1/0)); echo p2\necho p3\n' });
  const first = quirl({ args: ['-l', '-c', 'echo cmd'], home: arithmetic });
  assert.equal(first.stdout, 'p3\ncmd\n');
  assert.match(first.stderr, /1\/0: division by 0/);
  assert.equal(first.status, 0);
  const unbound = home({ '.quirl_profile': 'set -u\necho $nope; echo p2\necho p3\n' });
  const second = quirl({ args: ['-l', '-c', 'echo cmd'], home: unbound });
  assert.equal(second.stdout, 'cmd\n');
  assert.match(second.stderr, /nope: unbound variable/);
  assert.equal(second.status, 0);
});

test('quirl --version and --help print to stdout with status 0', () => {
  const version = quirl({ args: ['--version'] });
  assert.equal(version.status, 0);
  assert.match(version.stdout, new RegExp(`^Quirl, version ${VERSION.replaceAll('.', '\\.')} `));
  const help = quirl({ args: ['--help'] });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--rcfile FILE\n/);
  assert.match(help.stdout, /-abefhkmnptuvxBCEHPT or -o option\n/);
});

test('bad options are refused with bash\'s messages and status 2', () => {
  const cases: [string[], RegExp][] = [
    [['-Z'], /^quirl: -Z: invalid option\nUsage:/],
    [['--bogus'], /^quirl: --bogus: invalid option\nUsage:/],
    [['-c'], /^quirl: -c: option requires an argument\n$/],
    [['--rcfile'], /^quirl: rcfile: option requires an argument\n$/],
    [['-o', 'nosuch', '-c', 'echo x'], /^quirl: nosuch: invalid option name\n$/],
    [['-O', 'nosuch', '-c', 'echo x'], /^quirl: nosuch: invalid shell option name\n$/],
  ];
  for (const [args, stderr] of cases) {
    const result = quirl({ args });
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, stderr, args.join(' '));
    assert.equal(result.stdout, '', args.join(' '));
  }
});

test('options on the command line reach the shell: -e, -o pipefail, -O shopt, and -c among them', () => {
  assert.equal(quirl({ args: ['-ec', 'echo $-; false; echo no', 'name'] }).stdout, 'ehBc\n');
  const pipefail = quirl({ args: ['-euo', 'pipefail', '-c', 'false | true; echo no'] });
  assert.equal(pipefail.stdout, '');
  assert.equal(pipefail.status, 1);
  assert.equal(quirl({ args: ['-O', 'extglob', '-c', 'shopt -q extglob && echo on'] }).stdout, 'on\n');
  assert.equal(quirl({ args: ['+O', 'extglob', '-c', 'shopt -q extglob || echo off'] }).stdout, 'off\n');
});

test('--, - and -s end the options as in bash: the words after are the script and its arguments', () => {
  const directory = home({ 'script.sh': 'echo "0=$0 1=$1"\n' });
  assert.equal(quirl({ args: ['--', 'script.sh', 'x'], home: directory }).stdout, '0=script.sh 1=x\n');
  assert.equal(quirl({ args: ['-', 'script.sh', 'y'], home: directory }).stdout, '0=script.sh 1=y\n');
  assert.equal(quirl({ args: ['-s', 'a', 'b'], home: directory, input: 'echo "0=$0 1=$1 2=$2 $-"\n' }).stdout, '0=quirl 1=a 2=b hBs\n');
  // After -c's string the next word is $0, even `--`.
  assert.equal(quirl({ args: ['-c', 'echo "$0 $1"', '--', 'a'], home: directory }).stdout, '-- a\n');
});

test('errors in the rc file are said as bash says those in its own: syntax errors with the file and line, others without', () => {
  const rc = 'echo rc\nnosuch_in_rc\nrcf() { nosuch_in_function; }\nrcf\n. ./lib.sh\n';
  const directory = home({ '.quirlrc': rc, '.bashrc': rc, 'lib.sh': 'nosuch_in_lib\nfi\n' });
  // No commands after the rc file: bash echoes those it reads without a terminal on stderr.
  const ours = diagnostics(quirl({ args: ['-i'], home: directory }).stderr).replace(/\n(exit\n)?$/, '\n');
  const bash = spawnSync('setsid', ['--wait', '/usr/bin/bash', '-i'], {
    input: '',
    cwd: directory,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, HOME: directory, PS1: '' },
  });
  const theirs = bash.stderr
    .replace(/^bash: cannot set terminal process group.*\nbash: no job control in this shell\n/, '')
    .replace(/\n(exit\n)?$/, '\n')
    .replaceAll(/^bash: /gm, 'quirl: ');
  assert.equal(ours, theirs);
  assert.match(ours, /^quirl: \.\/lib\.sh: line 2: syntax error near unexpected token `fi'$/m);
});
