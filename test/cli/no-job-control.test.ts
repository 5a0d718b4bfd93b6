// A shell without job control (a script, `-c`) creates no process groups, as every POSIX shell:
// each command is one process in the shell's own group, with no staged leader and no anchor. What
// still holds without groups: a failed construction kills and reaps each child it started at once,
// a child gets descriptors 0-2 only, nothing is left unreaped, and a background command shares the
// group but ignores SIGINT and SIGQUIT and reads /dev/null. A reference dialect keeps its group.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProcesses, cmdline } from '../support/proc';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const ENV = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'quirl-nojc-cache-')) };

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function quirl(source: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const shell = spawn(process.execPath, [QUIRL, '-c', source], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    shell.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    shell.on('error', reject);
    shell.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Lines of `NAME=VALUE`, as the scripts below print them. */
function fields(stdout: string): Map<string, string> {
  return new Map(stdout.trim().split('\n').map((line) => line.split('=', 2) as [string, string]));
}

/** The shell's direct children as a command it runs sees them: that command alone (its sh), nothing left over. */
const CHILDREN_CHECK = `sh -c 'echo children=$(cat /proc/$PPID/task/*/children); echo self=$$'`;

test('without job control a command runs in the shell group, as its only child: no staged leader, no anchor', async () => {
  const run = await quirl(`echo shell=$(cut -d' ' -f5 /proc/$$/stat); sh -c 'echo pgid=$(cut -d" " -f5 /proc/$$/stat) parent=$PPID'; echo pid=$$; ${CHILDREN_CHECK}`);
  assert.equal(run.status, 0, run.stderr);
  const [first, ...rest] = run.stdout.trim().split('\n');
  const values = fields([...(first ?? '').split(' '), ...rest].join('\n'));
  const own = fields((rest[0] ?? '').split(' ').join('\n'));
  assert.equal(own.get('pgid'), values.get('shell'), 'the command is in the shell group');
  assert.equal(own.get('parent'), values.get('pid'), 'the command is the shell child itself');
  assert.equal(values.get('children'), values.get('self'), 'no anchor or prepared helper beside it');
});

test('without job control a pipeline and its stages share the shell group', async () => {
  const run = await quirl(`echo shell=$(cut -d' ' -f5 /proc/$$/stat); sh -c 'echo a=$(cut -d" " -f5 /proc/$$/stat)' | cat; true | sh -c 'echo b=$(cut -d" " -f5 /proc/$$/stat)'`);
  const values = fields(run.stdout);
  assert.equal(values.get('a'), values.get('shell'));
  assert.equal(values.get('b'), values.get('shell'));
});

test('without job control a failed construction kills and reaps the stages it started at once: sleep | no-such-cmd is 127 and leaves no sleep', { timeout: 120_000 }, async () => {
  const marker = `3141.${process.pid}`;
  const run = await quirl(`sleep ${marker} | no-such-cmd-${process.pid}; echo status=$?; ${CHILDREN_CHECK}`);
  const values = fields(run.stdout);
  assert.equal(values.get('status'), '127');
  assert.match(run.stderr, new RegExp(`no-such-cmd-${process.pid}: command not found`));
  assert.equal(values.get('children'), values.get('self'), 'the sleep was reaped before the next command');
  assert.deepEqual(
    allProcesses().filter((proc) => cmdline(proc.pid).includes(marker)),
    [],
    'no sleep is left',
  );
});

test('without job control a child has descriptors 0, 1 and 2 only, in a pipeline and in the background too', async () => {
  // `; :` keeps sh from exec'ing ls, so $$ is the child that Quirl started.
  const list = `sh -c 'ls /proc/$$/fd; :'`;
  const run = await quirl(`${list}; ${list} | cat; ${list} & wait`);
  assert.equal(run.stdout, '0\n1\n2\n'.repeat(3));
});

test('without job control no child is left unreaped: after loops, pipelines and background commands the next command is the only child', async () => {
  const run = await quirl(`i=0; while [ $i -lt 200 ]; do /bin/true; true | /bin/true; i=$((i+1)); done; /bin/true & /bin/false & wait; ${CHILDREN_CHECK}`);
  const values = fields(run.stdout);
  assert.equal(values.get('children'), values.get('self'));
});

test('without job control a background command shares the shell group, ignores SIGINT and SIGQUIT, and reads /dev/null', async () => {
  const describe = (name: string, pid: string) =>
    `p=${pid}; echo ${name}_pgid=$(cut -d' ' -f5 /proc/$p/stat) ${name}_ignored=$(grep SigIgn /proc/$p/status | cut -f2) ${name}_stdin=$(readlink /proc/$p/fd/0); kill $p`;
  // POSIX: the commands of an asynchronous list inherit SIGINT and SIGQUIT ignored. dash does so;
  // bash 5.2 resets them for the programs of a list (`{ sleep 1; } &`), ignoring them only for a
  // lone program (`sleep 1 &`). Quirl follows POSIX in both. The list's sleep is found by its
  // argument: $! of a list run in the shell names no process.
  const mark = `61.${process.pid}`;
  const run = await quirl(
    [
      `echo shell=$(cut -d' ' -f5 /proc/$$/stat)`,
      `sleep 60 & ${describe('program', '$!')}`,
      `{ sleep ${mark}; } & while ! pgrep -f '^sleep ${mark}' >/dev/null; do :; done; ${describe('list', `$(pgrep -f '^sleep ${mark}')`)}; wait`,
      `sh -c 'echo foreground_ignored=$(grep SigIgn /proc/$$/status | cut -f2)'`,
    ].join('\n'),
  );
  assert.equal(run.status, 0, run.stderr);
  const values = fields(run.stdout.trim().split(/\s+/).join('\n'));
  const interrupts = (mask: string | undefined): bigint => BigInt(`0x${mask ?? '0'}`) & 0b110n;
  assert.equal(values.get('program_pgid'), values.get('shell'));
  assert.equal(interrupts(values.get('program_ignored')), 0b110n, 'SIGINT and SIGQUIT ignored');
  assert.equal(values.get('program_stdin'), '/dev/null');
  assert.equal(values.get('list_pgid'), values.get('shell'));
  assert.equal(interrupts(values.get('list_ignored')), 0b110n, 'a program of a background list ignores them too');
  assert.equal(values.get('list_stdin'), '/dev/null');
  assert.equal(interrupts(values.get('foreground_ignored')), 0n, 'a foreground command does not');
});

test('without job control a reference dialect still runs contained in a group of its own', async () => {
  const run = await quirl(`dialect bash -c 'echo pgid=$(cut -d" " -f5 /proc/$$/stat) pid=$$'; echo shell=$(cut -d' ' -f5 /proc/$$/stat)`);
  const values = fields(run.stdout.trim().split(/\s+/).join('\n'));
  assert.equal(values.get('pgid'), values.get('pid'), 'the dialect shell leads its own group');
  assert.notEqual(values.get('pgid'), values.get('shell'));
});
