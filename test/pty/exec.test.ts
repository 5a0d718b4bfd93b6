// `exec PROGRAM` at the prompt: the shell's own PID becomes the program, which finds the terminal
// in its group's hands and in cooked modes.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest } from './harness';
import { mustStat, procStat } from './proc';

checkFileLeavesNothing();

ptyTest('exec bash replaces the shell: the same PID runs bash, which owns the terminal in cooked modes', async (sh) => {
  const pid = sh.shellPid;
  sh.type('exec bash --norc --noprofile\r');
  await sh.until(() => procStat(pid)?.comm === 'bash', "the shell's PID to run bash");
  sh.type('echo "pid=$$"; for f in echo icanon isig; do stty -a | grep -qE "(^| )$f(;| |$)" && printf "%s-on " $f; done; echo end\r');
  await sh.waitForScreen(new RegExp(`pid=${pid}\\b`), 'bash to say its PID, the one the shell had');
  await sh.waitForScreen(/echo-on icanon-on isig-on end/, 'the terminal in cooked modes with echo');
  const stat = mustStat(pid);
  assert.equal(stat.tpgid, stat.pgid, 'the exec\'d program\'s group is in the foreground of the terminal');
  // bash reads the same PS1 the shell was given: the session ends at its prompt, as at the shell's.
  // Three prompts: the shell's, bash's first, and bash's after the command.
  await sh.waitForPrompt(3);
});
