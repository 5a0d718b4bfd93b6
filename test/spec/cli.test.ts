/**
 * The command line, run with Quirl and with bash: `-c CMD [NAME [ARGS...]]`, `FILE [ARGS...]`,
 * and a script on stdin. Each test is named "cli › <what> [shell]".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, runProcess, sandboxEnv, SHELLS, type Sandbox, type Shell } from './run';

const TIMEOUT_MS = 30_000;

interface CliCase {
  readonly name: string;
  /** The shell's arguments; `script` is the path of a file holding `file`, when given. */
  readonly args: (script: string) => readonly string[];
  readonly file?: string;
  readonly input?: string;
  readonly stdout: (script: string) => string;
  readonly status: number;
  /** Exact stderr, or a pattern it must match; unchecked when absent. */
  readonly stderr?: string | RegExp;
}

const CASES: readonly CliCase[] = [
  {
    name: '-c CMD NAME A B sets $0=NAME, $1=A, $2=B, $#=2',
    args: () => ['-c', 'echo "$0|$1|$2|$#"', 'NAME', 'A', 'B'],
    stdout: () => 'NAME|A|B|2\n',
    status: 0,
    stderr: '',
  },
  {
    name: '-c keeps each argument whole, empty ones too',
    args: () => ['-c', 'argv "$@"', 'NAME', 'a b', '', 'c'],
    stdout: () => '<a b> <> <c>\n',
    status: 0,
  },
  {
    name: '-c with no NAME has no positional parameters',
    args: () => ['-c', 'echo "$#[$1]"'],
    stdout: () => '0[]\n',
    status: 0,
  },
  {
    name: '-c runs a string of several lines',
    args: () => ['-c', 'echo one\necho two; echo three'],
    stdout: () => 'one\ntwo\nthree\n',
    status: 0,
  },
  {
    name: '-c exits with the status of the last command',
    args: () => ['-c', 'echo ran; false'],
    stdout: () => 'ran\n',
    status: 1,
  },
  {
    name: '-c stops at exit N',
    args: () => ['-c', 'echo before; exit 7; echo after'],
    stdout: () => 'before\n',
    status: 7,
  },
  {
    name: '-c with a syntax error on its line runs none of the line, says so on stderr, exits 2',
    args: () => ['-c', 'echo first; echo a | | b'],
    stdout: () => '',
    status: 2,
    stderr: /./,
  },
  {
    name: '-c runs the lines before a syntax error, like a script',
    args: () => ['-c', 'echo first\necho a | | b\necho third'],
    stdout: () => 'first\n',
    status: 2,
    stderr: /./,
  },
  {
    name: '-c with a command that is not found exits 127',
    args: () => ['-c', 'echo before; nosuch_command_xyz'],
    stdout: () => 'before\n',
    status: 127,
    stderr: /nosuch_command_xyz/,
  },
  {
    name: 'FILE A B sets $0=FILE, $1=A, $2=B',
    file: 'echo "$0|$1|$2|$#"\n',
    args: (script) => [script, 'A', 'B'],
    stdout: (script) => `${script}|A|B|2\n`,
    status: 0,
    stderr: '',
  },
  {
    name: 'FILE exits with its last status',
    file: 'echo in-file\nsh -c "exit 4"\n',
    args: (script) => [script],
    stdout: () => 'in-file\n',
    status: 4,
  },
  {
    name: 'a FILE that does not exist exits 127 with a message',
    args: () => ['nosuch_script.sh'],
    stdout: () => '',
    status: 127,
    stderr: /nosuch_script\.sh/,
  },
  {
    name: 'with no arguments the script is read from stdin',
    input: 'echo from-stdin\nsh -c "exit 3"\n',
    args: () => [],
    stdout: () => 'from-stdin\n',
    status: 3,
  },
];

async function runCli(c: CliCase, shell: Shell, sandbox: Sandbox) {
  const script = join(sandbox.root, 'script.sh');
  if (c.file !== undefined) writeFileSync(script, c.file);
  const result = await runProcess({
    argv: shell.argv(c.args(script)),
    cwd: sandbox.work,
    env: sandboxEnv(sandbox, shell),
    timeoutMs: TIMEOUT_MS,
    ...(c.input === undefined ? {} : { input: c.input }),
  });
  return { result, script };
}

for (const shell of [SHELLS.quirl!, SHELLS.bash!]) {
  describe(`cli [${shell.name}]`, { concurrency: 2 }, () => {
    for (const c of CASES) {
      it(`cli › ${c.name} [${shell.name}]`, { timeout: TIMEOUT_MS + 15_000 }, async () => {
        const sandbox = makeSandbox();
        try {
          const { result, script } = await runCli(c, shell, sandbox);
          const context = `status ${result.status}, stdout ${JSON.stringify(result.stdout)}, stderr ${JSON.stringify(result.stderr)}`;
          assert.equal(result.timedOut, false, `timed out; ${context}`);
          assert.equal(result.stragglers, 0, `left processes running; ${context}`);
          assert.equal(result.stdout, c.stdout(script), context);
          assert.equal(result.status, c.status, context);
          if (typeof c.stderr === 'string') assert.equal(result.stderr, c.stderr, context);
          else if (c.stderr !== undefined) assert.match(result.stderr, c.stderr, context);
        } finally {
          sandbox.remove();
        }
      });
    }
  });
}
