// Start-up files, the prompt and history on a real PTY (issue 13), Quirl only (bash reads
// ~/.bashrc, and the harness starts it with --norc): an rc file's alias, function and coloured
// PS1 with \[ \] that the line editor measures right, a prompt wider than the terminal,
// PROMPT_COMMAND, and two shells appending to one HISTFILE without losing a line.
//
// Each prompt here shows `~/work# ` (or `$ `) as its visible text, whatever its escapes, so the
// harness counts prompts as it does for PS1='\w\$ '.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFileLeavesNothing, COLS, MODES, SHELLS, withShell, type PtyShell } from './harness';

checkFileLeavesNothing();

const QUIRL_ONLY = SHELLS.includes('quirl');
const PROMPT_CHAR = process.getuid?.() === 0 ? '#' : '$';
/** Green bold `~/work`, then `\$ ` in the default colour: the same visible text as the harness's PS1. */
const COLOURED_PS1 = '\\[\\e[1;32m\\]~/work\\[\\e[0m\\]\\$ ';

/** A HOME of the test's own, holding `files`; removed after the test. */
function homeWith(files: Readonly<Record<string, string>>): string {
  const home = mkdtempSync(join(tmpdir(), 'quirl-pty-home-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(home, name), content);
  return home;
}

/**
 * Types a line longer than the terminal is wide, goes back to its start (Ctrl-A) and types there:
 * the editor must know where the prompt ends for the text to land after it and wrap where the
 * terminal wraps it. The line is then cancelled (Ctrl-C), leaving the prompt as it was.
 */
async function editLongLine(sh: PtyShell, promptText: string): Promise<void> {
  const word = 'abcdefghij'.repeat(13);
  sh.type(`echo ${word}`);
  const promptWidth = promptText.length % COLS;
  const full = `${promptText}echo ${word}`;
  await sh.waitForScreen(() => sh.cursor.col === full.length % COLS, 'the long line typed, the cursor after it');
  sh.type('\x01'); // Ctrl-A: the start of the line, just after the prompt
  await sh.waitForScreen(() => sh.cursor.col === promptWidth, `the cursor at column ${promptWidth}, right after the prompt`);
  sh.type(': ');
  const edited = `${promptText}: echo ${word}`;
  const rows = Math.ceil(edited.length / COLS);
  await sh.waitForScreen(() => sh.cursor.col === promptWidth + 2, 'the cursor after the two characters typed at the start');
  const expected = Array.from({ length: rows }, (_, index) => edited.slice(index * COLS, (index + 1) * COLS));
  await sh.waitForScreen(() => {
    // The cursor is just after the two characters typed: the prompt starts that many cells before.
    const first = sh.cursor.row - Math.floor((promptText.length + 2) / COLS);
    return expected.every((text, index) => sh.row(first + index) === text);
  }, `the edited line wrapped at column ${COLS} as ${JSON.stringify(expected)}`);
  sh.press('Ctrl-C');
  await sh.nextPrompt();
}

for (const mode of QUIRL_ONLY ? MODES : []) {
  test(`an rc file's alias, function and coloured PS1 with \\[ \\] work, and the editor measures the prompt right [quirl, ${mode}]`, { timeout: 120_000 }, async () => {
    const rc = [
      "alias greet='echo hello from the alias'",
      'shout() { echo "function says $1"; }',
      `PS1='${COLOURED_PS1}'`,
      '',
    ].join('\n');
    const home = homeWith({ '.quirlrc': rc });
    try {
      await withShell('quirl', mode, async (sh) => {
        assert.deepEqual(await sh.run('greet'), ['hello from the alias']);
        assert.deepEqual(await sh.run('shout loud'), ['function says loud']);
        await editLongLine(sh, `~/work${PROMPT_CHAR} `);
        // The prompt the rc set is still the one drawn, and commands run as typed.
        assert.deepEqual(await sh.run('echo after'), ['after']);
      }, { HOME: home });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}

if (QUIRL_ONLY) {
  test('a prompt wider than the terminal, with colours, still edits right [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      // COLS columns of coloured text, then the usual prompt on the next row.
      const wide = `\\[\\e[33m\\]${'p'.repeat(COLS)}\\[\\e[0m\\]\\w\\$ `;
      sh.type(`PS1='${wide}'\r`);
      await sh.nextPrompt();
      await editLongLine(sh, `${'p'.repeat(COLS)}~/work${PROMPT_CHAR} `);
    });
  });

  test('PROMPT_COMMAND runs before each prompt and leaves $? as the command left it [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      sh.type(`PROMPT_COMMAND='echo "[before prompt, status $?]"'\r`);
      await sh.nextPrompt();
      assert.deepEqual(await sh.run('false'), ['[before prompt, status 1]']);
      assert.deepEqual(await sh.run('echo "still $?"'), ['still 1', '[before prompt, status 0]']);
      // Parameter expansion and $(...) in PS1 (promptvars), the escapes' text not expanded again.
      sh.type(`unset PROMPT_COMMAND; n=3; PS1='$(echo \\~)/work\${n:+}\\$ '\r`);
      await sh.nextPrompt();
      assert.deepEqual(await sh.run('echo ok'), ['ok']);
    });
  });

  test('two shells appending to one HISTFILE lose none of each other\'s lines, and a third reads them all [quirl, direct]', { timeout: 180_000 }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quirl-pty-history-'));
    const histfile = join(directory, 'shared_history');
    try {
      await withShell('quirl', 'direct', async (first) => {
        await withShell('quirl', 'direct', async (second) => {
          for (let round = 1; round <= 5; round += 1) {
            await first.run(`echo first ${round}`);
            await second.run(`echo second ${round}`);
          }
        }, { HISTFILE: histfile });
        await first.run('echo first last');
      }, { HISTFILE: histfile });
      const recorded = readFileSync(histfile, 'utf8').split('\n').filter((line) => line.startsWith('echo'));
      const expected = [1, 2, 3, 4, 5].flatMap((round) => [`echo first ${round}`, `echo second ${round}`]).concat('echo first last');
      assert.deepEqual(recorded, expected);
      await withShell('quirl', 'direct', async (third) => {
        // Each shell's `exit` is in the history too: only the echo lines are compared.
        const listed = (await third.run('history')).map((line) => line.replace(/^\s*\d+\s+/, ''));
        assert.deepEqual(listed.filter((line) => line.startsWith('echo')), expected);
        assert.equal(listed.at(-1), 'history');
        // fc leaves its own line out: -3 is the third command before it.
        const shown = await third.run('fc -ln -3');
        assert.deepEqual(shown.map((line) => line.trim()), ['echo first last', 'exit', 'history']);
        assert.ok(shown.every((line) => line.startsWith(' ')), shown.join('\n'));
      }, { HISTFILE: histfile });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
}

if (QUIRL_ONLY) {
  test('VS Code\'s shell integration marks every prompt cycle whatever PS1 and PROMPT_COMMAND do [quirl, direct]', { timeout: 120_000 }, async () => {
    const home = homeWith({ '.quirlrc': `PS1='${COLOURED_PS1.replace('~/work', '$(echo \\~)/work')}'\nPROMPT_COMMAND='echo "[pc]"'\n` });
    try {
      await withShell('quirl', 'direct', async (sh) => {
        const marks: string[] = [];
        sh.onOsc(633, (data) => marks.push(data.replace(/^P;Cwd=.*/, 'P').replace(/;nonce-for-test$/, '')));
        assert.deepEqual(await sh.run('echo hi'), ['hi', '[pc]']);
        // From the command on: the editor writes a prompt's A and B again when it redraws it for the typed line.
        assert.deepEqual(marks.slice(marks.indexOf('E;echo\\x20hi')), ['E;echo\\x20hi', 'C', 'D;0', 'P', 'A', 'B']);
        marks.length = 0;
        // A line that runs nothing closes its cycle with a bare D.
        assert.deepEqual(await sh.run(''), ['[pc]']);
        assert.deepEqual(marks.slice(marks.indexOf('D')), ['D', 'P', 'A', 'B']);
      }, { HOME: home, TERM_PROGRAM: 'vscode', VSCODE_NONCE: 'nonce-for-test' });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}

/** `history` output without its numbers. */
function commands(listing: readonly string[]): string[] {
  return listing.map((line) => line.replace(/^\s*\d+\s+/, ''));
}

for (const shell of SHELLS) {
  test(`HISTIGNORE keeps the lines it matches out of the history: whole-line patterns, & for the previous entry, \\: for a colon [${shell}, direct]`, { timeout: 120_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      await sh.run("HISTCONTROL=; HISTIGNORE='ls*:&:echo a\\:b:[ ]*'");
      for (const line of ['ls /dev/null', 'echo one', 'echo one', 'echo a:b', ' echo spaced', 'echo a', 'echo two']) await sh.run(line);
      assert.deepEqual(commands(await sh.run('history')), ["HISTCONTROL=; HISTIGNORE='ls*:&:echo a\\:b:[ ]*'", 'echo one', 'echo a', 'echo two', 'history']);
    });
  });
}

if (QUIRL_ONLY) {
  test('the history builtin: HISTCONTROL=erasedups, -d, -c, -w and -r, and -n reading what another shell appended [quirl, direct]', { timeout: 180_000 }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quirl-pty-history-'));
    const histfile = join(directory, 'shared_history');
    const saved = join(directory, 'saved');
    try {
      await withShell('quirl', 'direct', async (first) => {
        await first.run('HISTCONTROL=erasedups');
        await first.run('echo a');
        await first.run('echo b');
        await first.run('echo a');
        assert.deepEqual(commands(await first.run('history')), ['HISTCONTROL=erasedups', 'echo b', 'echo a', 'history']);
        // -d takes a history number; later entries move up one. erasedups drops the earlier `history`.
        const numbers = (await first.run('history 1')).map((line) => Number(/^\s*(\d+)/.exec(line)?.[1]));
        await first.run(`history -d ${numbers[0]! - 3}`);
        assert.deepEqual(commands(await first.run('history')), ['HISTCONTROL=erasedups', 'echo a', 'history 1', `history -d ${numbers[0]! - 3}`, 'history']);
        await first.run(`history -w ${saved}`);
        await first.run('history -c');
        assert.deepEqual(commands(await first.run('history')), ['history']);
        await first.run(`history -r ${saved}`);
        assert.deepEqual(commands(await first.run('history 3')), ['history', `history -w ${saved}`, 'history 3']);
        await withShell('quirl', 'direct', async (second) => {
          await second.run('echo from the second shell');
        }, { HISTFILE: histfile });
        await first.run('history -n');
        assert.deepEqual(commands(await first.run('history 4')), ['history -n', 'echo from the second shell', 'exit', 'history 4']);
      }, { HISTFILE: histfile });
      assert.match(readFileSync(saved, 'utf8'), /^#\d+\nHISTCONTROL=erasedups\n#\d+\necho a\n/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
}

if (QUIRL_ONLY) {
  test('PS2 with escapes and an expansion for a continued line; ignoreeof keeps the shell on Ctrl-D [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      await sh.run(`PS2='\\[\\e[2m\\]\${n:-more}\\[\\e[0m\\]> '; n=cont`);
      sh.type('echo "first\r');
      await sh.waitForScreen(() => sh.cursorAfter('cont> '), 'the continuation prompt');
      sh.type('second"\r');
      await sh.nextPrompt();
      assert.match(sh.screenText(), /^first\nsecond$/m);
      await sh.run('set -o ignoreeof');
      sh.press('Ctrl-D');
      await sh.nextPrompt();
      // As in bash, on a line of its own below the prompt Ctrl-D was pressed at.
      assert.match(sh.screenText(), /^~\/work. \nUse "exit" to leave the shell\.$/m);
      assert.deepEqual(await sh.run('echo still here'), ['still here']);
    });
  });
}

if (QUIRL_ONLY) {
  test('set +o history keeps the lines after it out of the history, as in bash [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      await sh.run('echo one');
      await sh.run('set +o history');
      assert.deepEqual(await sh.run('echo secret'), ['secret']);
      await sh.run('set -o history');
      assert.deepEqual(commands(await sh.run('history 3')), ['echo one', 'set +o history', 'history 3']);
    });
  });

  test('fc -s 0 runs the latest command again and fc -s -- -0 finds none, as in bash [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      assert.deepEqual(await sh.run('echo a'), ['a']);
      assert.deepEqual(await sh.run('echo b'), ['b']);
      assert.deepEqual(await sh.run('fc -s 0'), ['echo b', 'b']);
      assert.deepEqual(await sh.run('fc -s -- -0'), ['quirl: fc: no command found']);
      assert.deepEqual(await sh.run('echo $?'), ['1']);
    });
  });

  test('fc runs a command again: edited by FCEDIT, or changed with fc -s old=new; the history holds what ran [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      await sh.run("FCEDIT='sed -i s/one/two/'");
      assert.deepEqual(await sh.run('echo one'), ['one']);
      assert.deepEqual(await sh.run('fc'), ['echo two', 'two']);
      assert.deepEqual(await sh.run('fc -s two=three'), ['echo three', 'three']);
      // An editor that fails runs nothing.
      assert.deepEqual(await sh.run('fc -e false'), []);
      assert.deepEqual(commands(await sh.run('history 5')), ['echo one', 'echo two', 'echo three', 'fc -e false', 'history 5']);
    });
  });
}

if (QUIRL_ONLY) {
  test('history -c and -s in a subshell or a command substitution leave the shell’s history as it was, as in bash [quirl, direct]', { timeout: 120_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      await sh.run('echo one');
      await sh.run('(history -c; history -s inner; history | wc -l)');
      await sh.run('x=$(history -c)');
      assert.deepEqual(commands(await sh.run('history')), ['echo one', '(history -c; history -s inner; history | wc -l)', 'x=$(history -c)', 'history']);
    });
  });
}
