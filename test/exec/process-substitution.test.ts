// Process substitution through the interpreter, in this process (so /proc shows its children and
// descriptors): when the command ends, no list's process and no pipe end is left, whether the
// command read everything, read nothing, failed, or was killed.
import { test } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { runScript } from '../support/shell';
import { assertNoChildrenLeft, fdBaseline, fdSnapshot } from '../support/pipelines';
import { allProcesses, cmdline, waitFor } from '../support/proc';

test('process substitution: lists that are read, written and left alone leave nothing behind', async () => {
  const before = await fdBaseline();
  const result = await runScript(
    [
      'cat <(echo a) <(printf b)',
      'diff <(printf "1\\n2\\n") <(printf "1\\n3\\n") > /dev/null; echo diff=$?',
      'while read l; do echo "got $l"; done < <(printf "x\\ny\\n")',
      'echo hi | tee >(tr h H) > /dev/null',
      'head -c 2 <(yes)',
      'echo <(true) > /dev/null',
      'true < <(sleep 0.1)',
      'f=<(echo gone); cat $f 2>/dev/null || echo closed',
      'echo end',
    ].join('\n'),
  );
  assert.equal(result.stdout, 'a\nbdiff=1\ngot x\ngot y\nHi\ny\nclosed\nend\n');
  assert.equal(result.status, 0);
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), before, 'every pipe end of every substitution is closed');
});

test('process substitution: exec keeps a redirect from or to a list for good without waiting for it; closing the kept descriptors leaves nothing behind', async () => {
  const before = await fdBaseline();
  const result = await runScript(
    [
      'exec 3> >(tr a-z A-Z > upper)',
      'echo written >&3',
      'exec 3>&-',
      'exec 4< <(echo read)',
      'cat <&4',
      'exec 4<&-',
      'while [ ! -s upper ]; do :; done',
      'cat upper',
    ].join('\n'),
    {},
    mkdtempSync(join(tmpdir(), 'quirl-psub-exec-')),
  );
  assert.equal(result.stdout, 'read\nWRITTEN\n');
  assert.equal(result.status, 0, result.stderr);
  await assertNoChildrenLeft();
  // The lists end on their own once their descriptors close, after the script may have ended.
  await waitFor('the lists\' pipe ends to close', () => fdSnapshot().join() === before.join()).catch(() => undefined);
  assert.deepEqual(fdSnapshot(), before);
});

test('process substitution: the descriptor a word names is the command\'s only', async () => {
  const before = await fdBaseline();
  // The name works inside the command (readlink shows its pipe); after it, the shell's descriptor
  // of that number, if the number was reused since, is some other file: the pipe is closed.
  const result = await runScript(
    [
      'named() { echo "${1#/dev/fd/}" "$(readlink "$1")"; }',
      'set -- $(named <(true))',
      'case $2 in pipe:*) echo named a pipe;; esac',
      '[ "$(readlink /proc/$$/fd/$1)" = "$2" ] && echo open || echo closed',
    ].join('\n'),
  );
  assert.equal(result.stdout, 'named a pipe\nclosed\n');
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), before);
});

test('process substitution: killing the command\'s request ends the lists and their programs', { timeout: 60_000 }, async () => {
  const before = await fdBaseline();
  const abort = new AbortController();
  const running = runScript('cat <(sleep 300.2) >(sleep 300.3 > /dev/null)', { signal: abort.signal });
  await waitFor('both lists to run', () => ['300.2', '300.3'].every((marker) => allProcesses().some((stat) => cmdline(stat.pid).includes(marker))));
  abort.abort();
  await running;
  await waitFor('the lists to be gone', () => !allProcesses().some((stat) => /300\.[23]/.test(cmdline(stat.pid).join(' '))));
  await assertNoChildrenLeft();
  assert.deepEqual(fdSnapshot(), before);
});
