// VS Code's shell integration as Quirl writes it in a real PTY: every OSC 633 mark from the first
// byte on, in order, for the cases where a shell's marks go wrong (an empty line, Ctrl-C, PS2
// lines, a job stopped by Ctrl-Z and brought back by fg, a syntax error, history expansion, a
// multi-line command, characters the spec escapes). VS Code shows "Rich" integration only for a
// shell that declares it reports all of these exactly, as Quirl does on its first prompt.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkFileLeavesNothing, withShell } from './harness';
import { waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

const NONCE = 'n0nce-for-test';

/** The marks of one accepted line: the prompt drawn again with the line, then E with the nonce and C. */
const accepted = (escapedLine: string): string[] => ['A', 'B', `E;${escapedLine};${NONCE}`, 'C'];

test('VS Code\'s OSC 633 marks, exactly, for each kind of line [quirl, direct]', { timeout: 180_000 }, async () => {
  const marks: string[] = [];
  /** What was on the screen when each D arrived. */
  const screenAtD: string[] = [];
  await withShell(
    'quirl',
    'direct',
    async (sh) => {
      assert.match(sh.work, /^[\w/.-]+$/, 'the test reads the plain directory back as it is');
      const cwd = `P;Cwd=${sh.work}`;
      const prompt = [cwd, 'A', 'B'];
      /** Runs a step and returns the marks it wrote. */
      const during = async (step: () => Promise<unknown>): Promise<string[]> => {
        marks.length = 0;
        await step();
        return [...marks];
      };

      // Said once, before the first prompt's own marks.
      assert.deepEqual(marks, ['P;HasRichCommandDetection=True', ...prompt], 'the first prompt');

      assert.deepEqual(await during(() => sh.run("printf '%s\\n' 'a;b\\c'")), [...accepted("printf\\x20'%s\\\\n'\\x20'a\\x3bb\\\\c'"), 'D;0', ...prompt], 'a command with ; and \\');
      assert.deepEqual(await during(() => sh.run('false')), [...accepted('false'), 'D;1', ...prompt], 'a failing command');
      // An empty line runs nothing: the cycle ends with a bare D.
      assert.deepEqual(await during(() => sh.run('')), ['A', 'B', 'D', ...prompt], 'an empty line');
      assert.deepEqual(await during(() => sh.run('# a comment')), ['A', 'B', 'D', ...prompt], 'a comment');

      // Ctrl-C on a half-typed line: nothing ran.
      const ctrlC = await during(async () => {
        sh.type('echo never');
        await sh.until(() => sh.cursorAfter(`${sh.prompt}echo never`), 'the typed line');
        sh.press('Ctrl-C');
        await sh.nextPrompt();
      });
      assert.deepEqual(ctrlC, ['D', ...prompt], 'Ctrl-C at the prompt');

      // Continuation lines: PS2 between F and G (drawn, then drawn again with the accepted line),
      // its text told once; the command is all of its lines.
      const loop = await during(async () => {
        sh.type('for i in 1 2\r');
        await sh.until(() => sh.cursorAfter('> '), 'the first continuation prompt');
        sh.type('do echo "$i;\\\\"\r');
        await sh.until(() => marks.filter((mark) => mark === 'G').length === 3, 'the second continuation prompt');
        sh.type('done\r');
        await sh.nextPrompt();
      });
      assert.deepEqual(
        loop,
        ['A', 'B', 'P;ContinuationPrompt=>\\x20', 'F', 'G', 'F', 'G', 'F', 'G', 'F', 'G', `E;for\\x20i\\x20in\\x201\\x202\\x0ado\\x20echo\\x20"$i\\x3b\\\\\\\\"\\x0adone;${NONCE}`, 'C', 'D;0', ...prompt],
        'a multi-line command',
      );

      // Ctrl-C at a continuation prompt: nothing ran, and PS2's text is not told again.
      const openQuote = await during(async () => {
        sh.type("echo 'open\r");
        await sh.until(() => sh.cursorAfter('> '), 'the continuation prompt');
        sh.press('Ctrl-C');
        await sh.nextPrompt();
      });
      assert.deepEqual(openQuote, ['A', 'B', 'F', 'G', 'D', ...prompt], 'Ctrl-C at PS2');

      // A job stopped by Ctrl-Z ends its command with 148; the Stopped notice is its output (before D), as in bash.
      const stopped = await during(async () => {
        sh.type('sleep 300\r');
        const [sleep] = await waitForProcs(sh, 'sleep');
        await sh.until(() => sh.tpgid() === sleep!.pgid, 'sleep in the foreground');
        sh.press('Ctrl-Z');
        await waitForStates(sh, [sleep!.pid], (state) => state === 'T', 'sleep stopped');
        await sh.nextPrompt();
      });
      assert.deepEqual(stopped, [...accepted('sleep\\x20300'), 'D;148', ...prompt], 'a job stopped by Ctrl-Z');
      assert.match(screenAtD.at(-1) ?? '', /\[1\]\+ +Stopped +sleep 300\s*$/, 'the notice comes before D');

      // fg is a command of its own, ended by the job's end.
      const resumed = await during(async () => {
        const [sleep] = sh.byComm('sleep');
        sh.type('fg\r');
        await waitForStates(sh, [sleep!.pid], (state) => state !== 'T', 'sleep continued');
        await sh.until(() => sh.tpgid() === sleep!.pgid, 'sleep in the foreground again');
        sh.press('Ctrl-C');
        await sh.nextPrompt();
      });
      assert.deepEqual(resumed, [...accepted('fg'), 'D;130', ...prompt], 'fg, then Ctrl-C');

      // A line that does not parse is a command of its own, with status 2.
      assert.deepEqual(await during(() => sh.run('echo )')), [...accepted('echo\\x20)'), 'D;2', ...prompt], 'a syntax error');

      // History expansion: E carries the line as expanded, the one that runs and is recorded.
      await sh.run('echo first');
      assert.deepEqual(await during(() => sh.run('!!:s/first/second/')), [...accepted('echo\\x20second'), 'D;0', ...prompt], '!! edited');
      // An expansion that fails runs nothing.
      assert.deepEqual(await during(() => sh.run('echo !nosuchevent')), ['A', 'B', 'D', ...prompt], 'a failed expansion');

      // A tab and an escape in the line (pasted): bytes below 0x20 as \xAB.
      assert.deepEqual(await during(() => sh.run('\x1b[200~echo a\tb\x1b[201~')), [...accepted('echo\\x20a\\x09b'), 'D;0', ...prompt], 'a tab');

      // The directory, escaped, on each prompt; a bind -x command's redraw of the prompt starts no cycle.
      mkdirSync(join(sh.work, 'a b;c\\d'));
      const moved = await during(async () => {
        sh.type("cd 'a b;c\\d'\r");
        await sh.until(() => marks.some((mark) => mark.startsWith('P;Cwd')) && marks.at(-1) === 'B', 'the prompt in the new directory');
      });
      assert.deepEqual(moved, [...accepted("cd\\x20'a\\x20b\\x3bc\\\\d'"), 'D;0', `P;Cwd=${sh.work}/a\\x20b\\x3bc\\\\d`, 'A', 'B'], 'cd');
      const back = await during(async () => {
        sh.type('cd ~/work\r');
        await sh.nextPrompt();
      });
      assert.deepEqual(back, [...accepted('cd\\x20~/work'), 'D;0', ...prompt], 'cd back');

      assert.equal(marks.filter((mark) => mark.startsWith('P;HasRich')).length, 0, 'said once only');
    },
    { TERM_PROGRAM: 'vscode', VSCODE_NONCE: NONCE },
    (sh) =>
      sh.onOsc(633, (data) => {
        marks.push(data);
        if (data.startsWith('D')) screenAtD.push(sh.screenText().trimEnd());
      }),
  );
});

test('a `bind -x` command redraws the prompt without starting a cycle [quirl, direct]', { timeout: 120_000 }, async () => {
  const marks: string[] = [];
  await withShell(
    'quirl',
    'direct',
    async (sh) => {
      await sh.run("bind -x '\"\\C-t\": READLINE_LINE=\"echo from-bind\"'");
      marks.length = 0;
      sh.type('\x14');
      await sh.until(() => sh.row(sh.cursor.row) === `${sh.prompt}echo from-bind`, 'the line the bind -x command left');
      assert.deepEqual(marks, ['A', 'B'], 'the prompt drawn again, no D or P');
      sh.type('\r');
      await sh.nextPrompt();
      assert.deepEqual(marks.slice(2, 5), ['A', 'B', 'E;echo\\x20from-bind'], 'the line runs as usual');
    },
    { TERM_PROGRAM: 'vscode' },
    (sh) => sh.onOsc(633, (data) => marks.push(data)),
  );
});
