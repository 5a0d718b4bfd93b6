// How the command line and the process's descriptors choose the shell's mode (issue 10, items
// 2 and 10), through bin/quirl; bash's behaviour is what each test holds Quirl to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');
const ENV = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'quirl-cli-cache-')), HOME: mkdtempSync(join(tmpdir(), 'quirl-cli-home-')) };

/** Runs `setsid bin/quirl ARGS` (no controlling terminal) with `input` on stdin. */
function withoutTerminal(args: readonly string[], input: string) {
  return spawnSync('setsid', ['--wait', process.execPath, QUIRL, ...args], { input, encoding: 'utf8', timeout: 60_000, env: ENV });
}

test('issue 10 item 2: quirl -i without a controlling terminal runs without job control, as bash does', () => {
  const result = withoutTerminal(['-i'], 'echo from stdin\n');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /^quirl: cannot set terminal process group \(-1\): Inappropriate ioctl for device\nquirl: no job control in this shell\n/);
  assert.match(result.stdout, /from stdin\n/);
  assert.doesNotMatch(result.stderr, /internal error|ENXIO/);
});

test('issue 10 item 10: quirl -i -c runs the command and ends, as bash does', () => {
  const result = withoutTerminal(['-i', '-c', 'echo hi; exit 3'], '');
  assert.equal(result.stdout, 'hi\n');
  assert.equal(result.status, 3);
});

test('a script on stdin runs a line at a time: a command it runs reads the next lines itself, as in bash', () => {
  const script = 'read x\nhello\necho "got $x"\ncat <<EOF\nbody\nEOF\nsh -c "read y; echo \\"child got \\$y\\""\nfor the child\necho after\n';
  for (const argv of [[process.execPath, QUIRL], ['/usr/bin/bash', '--norc', '--noprofile']]) {
    const result = spawnSync(argv[0] as string, argv.slice(1), { input: script, encoding: 'utf8', timeout: 60_000, env: ENV });
    assert.equal(result.stdout, 'got hello\nbody\nchild got for the child\nafter\n', `${argv.join(' ')}: ${result.stderr}`);
    assert.equal(result.status, 0);
  }
});

test('$_ starts as the environment\'s `_` (the path the shell was started by), as in bash; with none, it starts empty', () => {
  for (const argv of [[process.execPath, QUIRL], ['/usr/bin/bash', '--norc', '--noprofile']]) {
    const started = spawnSync(argv[0] as string, [...argv.slice(1), '-c', 'echo "[$_]"'], { encoding: 'utf8', timeout: 60_000, env: { ...ENV, _: '/some/where/sh' } });
    assert.equal(started.stdout, '[/some/where/sh]\n', `${argv.join(' ')}: ${started.stderr}`);
  }
  const unnamed: NodeJS.ProcessEnv = { ...ENV };
  delete unnamed._;
  assert.equal(spawnSync(process.execPath, [QUIRL, '-c', 'echo "[$_]"'], { encoding: 'utf8', timeout: 60_000, env: unnamed }).stdout, '[]\n');
});
