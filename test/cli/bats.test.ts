// Issue 22 item 3: the Debian `bats` (/usr/bin/bats, installed by .ci/run) runs a .bats file
// under Quirl with the TAP output it gives under bash. bats and the scripts it starts
// (libexec/bats-core/bats, bats-exec-suite, bats-exec-file, bats-exec-test, bats-preprocess,
// bats-format-*) all start with `#!/usr/bin/env bash`, so a directory first on PATH whose `bash`
// runs Quirl has every one of them interpreted by Quirl. That `bash` is a node script loading
// bin/quirl, not a link to it: bin/quirl starts under /bin/sh, and dash drops the
// `BASH_FUNC_name%%` variables by which bats hands `export -f`ed functions to its next script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIRL = join(__dirname, '..', '..', 'bin', 'quirl');

const HELPER = `check_greeting() {
  [ "$(cat "$WORK/greeting")" = "$1" ]
}
`;

// Passing, failing (in the test and in a loaded helper's function), skipped; setup and teardown;
// run with $status, $output and $lines. setup records which shell runs it (QUIRL_VERSION or none).
const SUITE = `load helper

setup() {
  printf '%s\\n' "\${QUIRL_VERSION:-bash}" >> "$SHELL_LOG"
  WORK=$(mktemp -d)
  echo hello > "$WORK/greeting"
}

teardown() {
  rm -rf "$WORK"
}

@test "a passing test" {
  run cat "$WORK/greeting"
  [ "$status" -eq 0 ]
  [ "$output" = "hello" ]
}

@test "a failing test" {
  run false
  [ "$status" -eq 0 ]
}

@test "a skipped test" {
  skip "not today"
  false
}

@test "run sets lines and the status" {
  run printf 'one\\ntwo\\n'
  [ "\${lines[1]}" = two ]
  run bash -c 'exit 3'
  [ "$status" -eq 3 ]
}

@test "a failure in a helper's function" {
  check_greeting goodbye
}
`;

function runBats(directory: string, shell: 'bash' | 'quirl') {
  const log = join(directory, `${shell}.log`);
  writeFileSync(log, '');
  const shim = join(directory, 'shim');
  const path = shell === 'quirl' ? `${shim}:${process.env.PATH ?? ''}` : (process.env.PATH ?? '');
  const result = spawnSync('/usr/bin/bats', ['suite.bats'], {
    cwd: directory,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, PATH: path, SHELL_LOG: log },
  });
  return { ...result, shells: readFileSync(log, 'utf8').split('\n').filter((line) => line !== '') };
}

test('issue 22 item 3: bats runs a .bats file under Quirl with the TAP output it gives under bash', () => {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-bats-'));
  writeFileSync(join(directory, 'suite.bats'), SUITE);
  writeFileSync(join(directory, 'helper.bash'), HELPER);
  mkdirSync(join(directory, 'shim'));
  const bash = join(directory, 'shim', 'bash');
  writeFileSync(bash, `#!/usr/bin/env node\nrequire(${JSON.stringify(QUIRL)});\n`);
  chmodSync(bash, 0o755);

  const underBash = runBats(directory, 'bash');
  const underQuirl = runBats(directory, 'quirl');

  assert.match(underBash.stdout, /^1\.\.5\nok 1 a passing test\nnot ok 2 a failing test\n/, underBash.stderr);
  assert.equal(underQuirl.stdout, underBash.stdout, underQuirl.stderr);
  assert.equal(underQuirl.stderr, underBash.stderr);
  assert.equal(underQuirl.status, underBash.status);
  // Every test's setup ran in the shell meant: bash's has no QUIRL_VERSION, Quirl's has it.
  assert.deepEqual(underBash.shells, ['bash', 'bash', 'bash', 'bash', 'bash']);
  assert.equal(underQuirl.shells.length, 5);
  assert.ok(underQuirl.shells.every((version) => version !== 'bash' && version !== ''), underQuirl.shells.join(','));
});

test('a function bash exports is defined in Quirl as in bash, defined in `environment`, and exported again', () => {
  const env = { PATH: process.env.PATH ?? '', 'BASH_FUNC_greet%%': '() {  echo "hello $1 from ${BASH_SOURCE[0]}"\n}' };
  const script = 'greet there; bash -c "greet grandchild"';
  const ours = spawnSync(process.execPath, [QUIRL, '-c', script], { encoding: 'utf8', timeout: 60_000, env });
  const theirs = spawnSync('/usr/bin/bash', ['-c', script], { encoding: 'utf8', timeout: 60_000, env });
  assert.equal(theirs.stdout, 'hello there from environment\nhello grandchild from environment\n', theirs.stderr);
  assert.equal(ours.stdout, theirs.stdout, ours.stderr);
});
