// Contract: "Reference dialects: Bash and Zsh compatibility runners are explicitly
// noninteractive. Their standard input is closed; they remain process-group or Job-Object
// contained, continuously drain bounded captures, and observe cancellation."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allProcesses, cmdline } from '../support/proc';
import { runScript } from '../support/shell';
import { assertNoChildrenLeft } from '../support/pipelines';

for (const dialect of ['bash', 'zsh']) {
  test(`reference dialects: ${dialect} runs the snippet, noninteractive`, async () => {
    const result = await runScript(`dialect ${dialect} -c 'echo "$0 says \${#1}"; [[ -o interactive ]] && echo interactive || echo not interactive' name abc`);
    assert.equal(result.stdout, 'name says 3\nnot interactive\n');
  });

  test(`reference dialects: ${dialect} reading stdin gets EOF at once`, async () => {
    const started = Date.now();
    const result = await runScript(`dialect ${dialect} -c 'read x; echo "status $? [$x]"' < /dev/zero`);
    assert.equal(result.stdout, 'status 1 []\n');
    assert.ok(Date.now() - started < 15_000);
  });

  test(`reference dialects: ${dialect} is contained in its own process group`, async () => {
    const result = await runScript(`dialect ${dialect} -c 'cut -d" " -f5 /proc/$$/stat; echo $$'`);
    const [pgid, pid] = result.stdout.trim().split('\n').map(Number);
    assert.equal(pgid, pid, 'the dialect shell leads its own group');
    assert.notEqual(pgid, process.pid);
  });

  test(`reference dialects: ${dialect} output is drained continuously within the capture budget`, async () => {
    const result = await runScript(`dialect ${dialect} -c 'head -c 5000000 /dev/zero' | wc -c`);
    assert.equal(result.stdout.trim(), '5000000');
  });

  test(`reference dialects: ${dialect} observes cancellation`, async () => {
    const controller = new AbortController();
    const run = runScript(`dialect ${dialect} -c 'sleep 48.${dialect.length}; echo never'`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await run;
    assert.equal(result.status, 130);
    assert.equal(result.stdout, '');
    assert.deepEqual(allProcesses().filter((stat) => cmdline(stat.pid).some((arg) => arg.includes(`48.${dialect.length}`))), []);
    await assertNoChildrenLeft();
  });
}

test('reference dialects: an unknown dialect is a usage error that names it', async () => {
  const result = await runScript('dialect fish -c "echo hi"');
  assert.equal(result.status, 2);
  assert.match(result.stderr, /dialect: fish: unknown dialect/);
});
