// A script run from an interactive bash on a terminal, as a person runs one: without job control
// it makes no group, so the script and its current command are one job of the outer bash, in the
// terminal's foreground group. Ctrl-Z stops both and `fg` continues both; Ctrl-C ends both, and
// bash sees the script die of SIGINT. bash running the same script is the reference.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileLeavesNothing, REPO, withShell, type PtyShell } from '../pty/harness';
import { procStat } from '../pty/proc';
import { waitForProcs, waitForStates } from '../pty/scenario';
import { test } from 'node:test';

checkFileLeavesNothing();

const RUNNERS: Readonly<Record<string, (script: string) => string>> = {
  quirl: (script) => `${process.execPath} ${join(REPO, 'bin', 'quirl')} ${script}`,
  bash: (script) => `bash ${script}`,
};

/** Starts `script` from the outer bash and returns the script's shell and its running sleep. */
async function startScript(sh: PtyShell, runner: string): Promise<{ script: number; sleep: number }> {
  const file = join(sh.work, 'nap.sh');
  writeFileSync(file, 'sleep 30\necho after\n');
  sh.type(`${(RUNNERS[runner] as (script: string) => string)(file)}\r`);
  const [sleep] = await waitForProcs(sh, 'sleep');
  const sleepPid = (sleep as { pid: number }).pid;
  const script = procStat(sleepPid)?.ppid as number;
  const group = procStat(script)?.pgid;
  assert.equal(procStat(sleepPid)?.pgid, group, 'the command is in the script shell group');
  assert.equal(sh.tpgid(), group, 'that group is the terminal foreground group');
  return { script, sleep: sleepPid };
}

for (const runner of Object.keys(RUNNERS)) {
  test(`a script run from a terminal stops with its command on Ctrl-Z and both go on with fg [${runner}]`, { timeout: 120_000 }, () =>
    withShell('bash', 'direct', async (sh) => {
      const { script, sleep } = await startScript(sh, runner);
      sh.press('Ctrl-Z');
      await sh.nextPrompt();
      await waitForStates(sh, [script, sleep], (state) => state === 'T', 'the script and its sleep stopped together');
      assert.match(sh.screenText(), /Stopped/);
      sh.type('fg\r');
      await waitForStates(sh, [script, sleep], (state) => state !== 'T', 'both continued by fg');
      sh.press('Ctrl-C');
      await sh.nextPrompt();
      assert.deepEqual(await sh.run('echo status=$?'), ['status=130']);
    }),
  );

  test(`a script run from a terminal dies with its command on Ctrl-C and runs nothing after it [${runner}]`, { timeout: 120_000 }, () =>
    withShell('bash', 'direct', async (sh) => {
      const { script, sleep } = await startScript(sh, runner);
      sh.press('Ctrl-C');
      await sh.nextPrompt();
      assert.equal(procStat(script), undefined, 'the script is gone');
      assert.equal(procStat(sleep), undefined, 'its sleep is gone');
      const output = await sh.run('echo status=$?');
      assert.deepEqual(output, ['status=130']);
      assert.doesNotMatch(sh.screenText(), /^after$/m);
    }),
  );
}
