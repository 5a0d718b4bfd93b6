// select, lastpipe and coproc at a real prompt, against bash: select's menu and PS3 on the
// terminal with the answer typed there; lastpipe has no effect while job control is on; an
// interactive coproc is announced as a background job is.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest } from './harness';

checkFileLeavesNothing();

ptyTest('select shows its menu and PS3, and takes the answer typed at the terminal', async (sh) => {
  const start = sh.markRow();
  sh.type('select x in apple "big pear"; do echo "chose [$x]"; break; done\r');
  await sh.waitForScreen(/^#\? $/m, "select's prompt");
  sh.type('2\r');
  await sh.nextPrompt();
  assert.deepEqual(sh.outputBetween(start), ['1) apple', '2) big pear', '#? 2', 'chose [big pear]']);
});

ptyTest('with job control on, shopt -s lastpipe leaves the last command of a pipeline in a subshell', async (sh) => {
  assert.deepEqual(await sh.run('shopt -s lastpipe; v=before; echo hi | read v; echo "v=$v"'), ['v=before']);
});

ptyTest('an interactive coproc is announced as [N] PID, and its pipes work', async (sh) => {
  const [announced] = await sh.run('coproc cat');
  assert.match(announced ?? '', /^\[1\] \d+$/);
  assert.deepEqual(await sh.run('pid=$COPROC_PID; echo hello >&"${COPROC[1]}"; read -u "${COPROC[0]}" line; echo "got $line"'), ['got hello']);
  await sh.run('eval "exec ${COPROC[1]}>&-"; wait $pid');
  assert.deepEqual(await sh.run('echo status=$?'), ['status=0']);
});

ptyTest('Ctrl-C at the prompt of select abandons the line with status 130', async (sh) => {
  sh.type('select x in a b; do echo "chose $x"; done; echo not-reached\r');
  await sh.waitForScreen(/^#\? $/m, "select's prompt");
  sh.press('Ctrl-C');
  await sh.nextPrompt();
  assert.deepEqual(await sh.run('echo status=$?'), ['status=130']);
  assert.ok(!/^not-reached$/m.test(sh.screenText()), `the rest of the line did not run:\n${sh.describeScreen()}`);
});
