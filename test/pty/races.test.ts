// Races at a real prompt, hundreds of times over: a leader that exits before its group is formed
// (`true | cat`) and a pipeline whose construction fails (`sleep 1 | no-such-cmd-xyz`). One command
// per prompt, each waited for, so the run is deterministic: after each, the shell owns the terminal,
// nothing but the shell is left, and nothing unexpected was printed.
import assert from 'node:assert/strict';
import { checkFileLeavesNothing, ptyTest, type PtyShell } from './harness';
import { describeProc } from './proc';
import { assertShellOwnsTerminal } from './scenario';

checkFileLeavesNothing();

function assertNothingLeft(sh: PtyShell, when: string): void {
  const left = sh.jobProcesses();
  assert.deepEqual(left.map(describeProc), [], `${when}: processes of the job are left at the prompt`);
}

const FAST_LEADER_ROUNDS = 300;

ptyTest(
  `a fast leader (true | cat) ${FAST_LEADER_ROUNDS} times: no error text, the shell's group in the foreground after each`,
  async (sh) => {
    const first = sh.markRow();
    for (let round = 1; round <= FAST_LEADER_ROUNDS; round++) {
      const out = await sh.run('true | cat');
      assert.deepEqual(out, [], `round ${round}: nothing is printed`);
      assertShellOwnsTerminal(sh, `round ${round}`);
      assertNothingLeft(sh, `round ${round}`);
    }
    // The whole transcript: every row is one of the commands, and the last one the prompt.
    const rows: string[] = [];
    for (let i = first; i <= sh.cursor.row; i++) rows.push(sh.row(i).trimEnd());
    const unexpected = rows.filter((row, i) => row !== `${sh.prompt}true | cat` && !(i === rows.length - 1 && row === sh.prompt.trimEnd()));
    assert.deepEqual(unexpected, [], 'only the commands and prompts are on the screen');
    assert.equal(rows.length, FAST_LEADER_ROUNDS + 1);
  },
  { timeoutMs: 240_000 },
);

/**
 * bash waits for every member of a pipeline, so each of its rounds lasts the whole `sleep 1`: a
 * few rounds check the harness against it; Quirl, which fails the construction and kills what it
 * started, runs them all.
 */
const CONSTRUCTION_ROUNDS = { quirl: 200, bash: 5 } as const;

ptyTest(
  `construction failures (sleep 1 | no-such-cmd-xyz), Quirl ${CONSTRUCTION_ROUNDS.quirl} times, bash ${CONSTRUCTION_ROUNDS.bash}: command not found, status 127, no sleep left`,
  async (sh) => {
    const rounds = CONSTRUCTION_ROUNDS[sh.shell];
    for (let round = 1; round <= rounds; round++) {
      const out = await sh.run('sleep 1 | no-such-cmd-xyz; echo "status $?"');
      assert.deepEqual(out, [`${sh.shell}: no-such-cmd-xyz: command not found`, 'status 127'], `round ${round}`);
      assertShellOwnsTerminal(sh, `round ${round}`);
      assert.deepEqual(sh.byComm('sleep').map(describeProc), [], `round ${round}: no sleep is left`);
      assertNothingLeft(sh, `round ${round}`);
    }
  },
  { timeoutMs: 240_000 },
);
