// Programmable completion at a real prompt, Quirl and bash side by side (issue 22): Debian's
// skeleton ~/.bashrc loads bash-completion (/usr/share/bash-completion/bash_completion, Debian's
// `bash-completion`) with no message, and then Tab completes git's subcommands, kill's signals,
// ssh's options and man's pages as bash does; `$HOM` completes the variable; Ctrl-C at "Display
// all N possibilities?" abandons the line with ^C. bash_completion's git completion asks for
// nothing of bash's identity variables (BASH_VERSINFO): it loads and runs without them.
//
// Only the `direct` launch mode: completion runs in the shell at its prompt, where the launch
// mode changes nothing, and each session here is long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFileLeavesNothing, SHELLS, withShell, type PtyShell, type ShellKind } from './harness';

checkFileLeavesNothing();

const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const SKELETON = '/etc/skel/.bashrc';
/** After the skeleton (which sets its own PS1), the prompt the harness counts. */
const HARNESS_PS1 = "PS1='\\w\\$ '";
const TIMEOUT_MS = 60_000;

/** Types `text` (Tabs included) and waits until the cursor's row is the prompt with `line` after it. */
async function typeUntilLine(sh: PtyShell, text: string, line: string): Promise<void> {
  sh.type(text);
  await sh.waitForScreen(() => sh.row(sh.cursor.row).trimEnd() === `${sh.prompt}${line}`.trimEnd() && sh.cursor.col === sh.prompt.length + line.length, `the line ${JSON.stringify(line)}`, TIMEOUT_MS);
}

/** The rows just above the cursor's row: what a listing printed above the prompt drawn again. */
function rowsAbove(sh: PtyShell, count: number): string[] {
  const { row } = sh.cursor;
  return Array.from({ length: count }, (_, index) => sh.row(row - count + index).trimEnd());
}

/**
 * The line cleared (Ctrl-U) and an empty line entered: the next prompt comes. (Not Ctrl-C: bash
 * under the harness's PTY at times draws no prompt after Ctrl-C on a line a completion function
 * completed.)
 */
async function abandonLine(sh: PtyShell): Promise<void> {
  sh.type('\x15');
  await sh.waitForScreen(() => sh.row(sh.cursor.row).trimEnd() === sh.prompt.trimEnd() && sh.cursor.col === sh.prompt.length, 'the line cleared', TIMEOUT_MS);
  const next = sh.promptCount() + 1;
  sh.type('\r');
  await sh.waitForPrompt(next, TIMEOUT_MS);
}

/** Each line typed with its Tab completes to the line paired with it; each is abandoned after. */
async function completesEach(sh: PtyShell, pairs: readonly (readonly [string, string])[]): Promise<void> {
  for (const [typed, line] of pairs) {
    await typeUntilLine(sh, typed, line);
    await abandonLine(sh);
  }
}

/** Tab twice after `typed`: the listing's rows above the line drawn again. */
async function listed(sh: PtyShell, typed: string, rows: number): Promise<string[]> {
  const before = sh.promptCount();
  sh.type(`${typed}\t\t`);
  await sh.until(() => sh.promptCount() === before + 1 && sh.row(sh.cursor.row).trimEnd() === `${sh.prompt}${typed}`.trimEnd(), `the listing for ${JSON.stringify(typed)}`, TIMEOUT_MS);
  const shown = rowsAbove(sh, rows);
  await abandonLine(sh);
  return shown;
}

/** A session with the skeleton .bashrc sourced (it sources bash_completion), nothing printed. */
async function withBashSetUp(shell: ShellKind, body: (sh: PtyShell) => Promise<void>): Promise<void> {
  await withShell(shell, 'direct', async (sh) => {
    copyFileSync(SKELETON, join(sh.home, '.bashrc'));
    assert.deepEqual(await sh.run(`source ~/.bashrc; ${HARNESS_PS1}`, TIMEOUT_MS), [], 'sourcing the skeleton .bashrc prints nothing');
    await body(sh);
  });
}

for (const shell of SHELLS) {
  test(`the skeleton .bashrc loads bash_completion silently; git che<Tab><Tab> lists checkout, cherry, cherry-pick [${shell}]`, { timeout: 180_000 }, async () => {
    await withBashSetUp(shell, async (sh) => {
      assert.deepEqual(await sh.run('complete -p git >/dev/null 2>&1; echo $?'), ['1'], 'git completion is loaded on demand, not at start');
      assert.deepEqual(await listed(sh, 'git che', 1), ['checkout      cherry        cherry-pick']);
      // Loaded by the -D loader (exit 124, tried again) at the first Tab.
      assert.deepEqual(await sh.run('complete -p git'), ['complete -o bashdefault -o default -o nospace -F __git_wrap__git_main git']);
      await typeUntilLine(sh, 'git chec\t', 'git checkout ');
      await abandonLine(sh);
    });
  });

  test(`kill -S, ssh -o, cd, man complete as in bash [${shell}]`, { timeout: 180_000 }, async () => {
    await withBashSetUp(shell, async (sh) => {
      assert.deepEqual(await listed(sh, 'kill -S', 1), ['-SEGV    -STKFLT  -STOP    -SYS']);
      await typeUntilLine(sh, 'kill -KI\t', 'kill -KILL ');
      await abandonLine(sh);
      await typeUntilLine(sh, 'ssh -o Compr\t', 'ssh -o Compression=');
      await abandonLine(sh);
      assert.deepEqual(await sh.run("mkdir 'sub dir' && touch subfile"), []);
      await typeUntilLine(sh, 'cd su\t', 'cd sub\\ dir/');
      await abandonLine(sh);
      await typeUntilLine(sh, 'man -w bashb\t', 'man -w bashbug ');
      const next = sh.promptCount() + 1;
      sh.type('\r');
      await sh.waitForPrompt(next, TIMEOUT_MS);
      assert.match(sh.row(sh.cursor.row - 1), /\/bashbug\.1(\.gz)?$/);
    });
  });

  test(`$HOM<Tab> completes the variable (a directory's with /, or by bash_completion's _minimal), ~roo<Tab> the user [${shell}]`, { timeout: 180_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      await typeUntilLine(sh, 'echo $HOM\t', 'echo $HOME/');
      await abandonLine(sh);
      await typeUntilLine(sh, 'echo ${HOM\t', 'echo ${HOME}/');
      await abandonLine(sh);
      await typeUntilLine(sh, 'ls ~roo\t', 'ls ~root/');
      await abandonLine(sh);
      assert.deepEqual(await sh.run(`source ${BASH_COMPLETION}`, TIMEOUT_MS), []);
      // bash_completion's _minimal (echo has no compspec of its own) completes the name, and a space.
      await typeUntilLine(sh, 'echo $HOM\t', 'echo $HOME ');
      await abandonLine(sh);
    });
  });

  test(`Ctrl-C at "Display all N possibilities?" abandons the line with ^C; no_empty_cmd_completion [${shell}]`, { timeout: 180_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      const many = join(sh.work, 'many');
      assert.deepEqual(await sh.run(`mkdir many && touch many/{a..y}{1..6}`), []);
      const before = sh.promptCount();
      sh.type('ls many/\t\t');
      const question = 'Display all 150 possibilities? (y or n)';
      await sh.until(() => sh.row(sh.cursor.row).trimEnd() === question, 'the question', TIMEOUT_MS);
      assert.equal(sh.row(sh.cursor.row - 1).trimEnd(), `${sh.prompt}ls many/`);
      sh.press('Ctrl-C');
      await sh.waitForPrompt(before + 1, TIMEOUT_MS);
      assert.equal(sh.row(sh.cursor.row - 1).trimEnd(), `${question}^C`);
      assert.deepEqual(await sh.run('echo $?; echo after'), ['130', 'after']);
      // With no_empty_cmd_completion, Tab on an empty line asks nothing: `e` is no answer to a question.
      assert.deepEqual(await sh.run('shopt -s no_empty_cmd_completion'), []);
      const next = sh.promptCount() + 1;
      const row = sh.cursor.row;
      sh.type('\t\techo x\r');
      await sh.waitForPrompt(next, TIMEOUT_MS);
      assert.deepEqual(sh.outputBetween(row), ['x']);
      rmSync(many, { recursive: true, force: true });
    });
  });

  test(`a compspec's function and word list complete the command's arguments; file names are quoted [${shell}]`, { timeout: 180_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      assert.deepEqual(
        await sh.run(`_f() { COMPREPLY=($(compgen -W "alpha beta $COMP_CWORD:$3" -- "$2")); }; complete -F _f f; complete -W 'one two' -P '<' g`),
        [],
      );
      assert.deepEqual(await sh.run('(exit 3)'), []);
      await typeUntilLine(sh, 'f x al\t', 'f x alpha ');
      await abandonLine(sh);
      assert.deepEqual(await sh.run('echo $?'), ['3'], 'completion leaves $? as it was');
      await typeUntilLine(sh, 'f x 2\t', 'f x 2:x ');
      await abandonLine(sh);
      await typeUntilLine(sh, 'g t\t', 'g <two ');
      await abandonLine(sh);
      // readline's file names: special characters backslashed, a directory ended by `/`.
      assert.deepEqual(await sh.run("touch 'my file' && mkdir 'a dir'"), []);
      await typeUntilLine(sh, 'cat my\t', 'cat my\\ file ');
      await abandonLine(sh);
      await typeUntilLine(sh, 'ls a\t', 'ls a\\ dir/');
      await abandonLine(sh);
    });
  });
  test(`the compspec is the command's past assignments, with progcomp_alias an alias's; compopt names the command [${shell}]`, { timeout: 180_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      // The function puts what it was told in the line: $1, COMP_CWORD, COMP_WORDS, COMP_POINT, and compopt's last word.
      assert.deepEqual(await sh.run(`_w() { local IFS=, o; o=$(compopt); COMPREPLY=("[$1/$COMP_CWORD/\${COMP_WORDS[*]}/$COMP_POINT/\${o##* }]"); }; complete -F _w foo; alias g=foo gg='foo -o'`), []);
      const completes = (pairs: readonly (readonly [string, string])[]) => completesEach(sh, pairs);
      await completes([
        ['A=1 B="2 3" foo x\t', 'A=1 B="2 3" foo [foo/1/foo,x/5/foo] '],
        ['true;  foo y\t', 'true;  foo [foo/1/foo,y/5/foo] '],
        // A partial command name after assignments completes as a command.
        ['A=1 ech\t', 'A=1 echo '],
      ]);
      assert.deepEqual(await sh.run('shopt -s progcomp_alias'), []);
      await completes([
        ['g z\t', 'g [foo/1/foo,z/5/foo] '],
        ['gg z\t', 'gg [foo/2/foo,-o,z/8/foo] '],
      ]);
      // -D comes before an alias; compopt names the command it completes.
      assert.deepEqual(await sh.run('complete -F _w -D'), []);
      await completes([['gg z\t', 'gg [gg/1/gg,z/4/gg] ']]);
      // -E only on a line with nothing at all, -I after a separator too; a command of no words has
      // COMP_CWORD -1, and the first word's previous word is itself (bash's build_arg_list).
      assert.deepEqual(await sh.run(`_e() { COMPREPLY=("[$1/$COMP_CWORD/\${#COMP_WORDS[@]}/$3]"); }; complete -F _e -E; complete -F _e -I`), []);
      await completes([
        ['\t', '[_EmptycmD_/-1/0/] '],
        ['true; \t', 'true; [_InitialWorD_/-1/0/] '],
        ['x | fo\t', 'x | [_InitialWorD_/0/1/fo] '],
      ]);
    });
  });

  test(`hostcomplete: the text from @ completes a host of HOSTFILE; shopt -u hostcomplete takes @ out of COMP_WORDBREAKS [${shell}]`, { timeout: 180_000 }, async () => {
    await withShell(shell, 'direct', async (sh) => {
      writeFileSync(join(sh.work, 'hosts'), '127.0.0.1 localhost loghost\n10.0.0.5 zebra.example zeb\n');
      assert.deepEqual(await sh.run(`HOSTFILE=$PWD/hosts; _w() { COMPREPLY=("[$2/$COMP_CWORD]"); }; complete -F _w foo; touch @file1`), []);
      await completesEach(sh, [
        ['echo user@zebra.e\t', 'echo user@zebra.example '],
        ['echo @zebra.\t', 'echo @zebra.example '],
        // A compspec's function is given the text from the @.
        ['foo user@ze\t', 'foo user[@ze/3] '],
        // No host matches: file names are next.
        ['ls @fi\t', 'ls \\@file1 '],
      ]);
      assert.deepEqual(await listed(sh, 'echo a@lo', 1), ['@localhost  @loghost']);
      assert.deepEqual(await sh.run('shopt -u hostcomplete; echo "${COMP_WORDBREAKS@Q}"'), ["$' \\t\\n\"\\'><=;|&(:'"]);
      await completesEach(sh, [['foo user@ze\t', 'foo [user@ze/1] ']]);
    });
  });
}

// Intended difference from bash: what a completion function writes goes above the prompt, and
// the line stays whole (bash writes it over the line being edited).
if (SHELLS.includes('quirl')) {
  test('a completion function that fails: its message above the prompt, the line kept [quirl]', { timeout: 180_000 }, async () => {
    await withShell('quirl', 'direct', async (sh) => {
      assert.deepEqual(await sh.run(`_f() { echo oops >&2; nosuchcommand; COMPREPLY=(zzz); }; complete -F _f f`), []);
      await typeUntilLine(sh, 'f \t', 'f zzz ');
      const { row } = sh.cursor;
      assert.deepEqual([sh.row(row - 2).trimEnd(), sh.row(row - 1).trimEnd()], ['oops', 'quirl: nosuchcommand: command not found']);
      await abandonLine(sh);
    });
  });

  test('~/.quirlrc with `source ~/.bashrc` (the skeleton) starts with no message [quirl]', { timeout: 180_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'quirl-pty-bashrc-'));
    try {
      copyFileSync(SKELETON, join(home, '.bashrc'));
      // The harness counts prompts drawn as `~/work$ `: set after the skeleton's own PS1.
      writeFileSync(join(home, '.quirlrc'), `source ~/.bashrc\nPS1='~/work\\$ '\n`);
      await withShell('quirl', 'direct', async (sh) => {
        assert.equal(sh.screenText().trimEnd(), sh.prompt.trimEnd(), 'nothing before the first prompt');
        assert.deepEqual(await sh.run('complete -p -D'), ['complete -F _completion_loader -D']);
      }, { HOME: home });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}
