/// <reference types="mocha" />
// The contributed profile opens a Quirl terminal whose shell speaks VS Code's shell integration:
// commands run through executeCommand give back their output and exit codes.
import assert from 'node:assert/strict';
import { cmdline } from '../../support/proc';
import { withQuirlTerminal } from './fixture';
import { nextExecution, runCommand, within } from './terminals';

describe('the Quirl profile and shell integration', function () {
  this.timeout(240_000);
  const terminal = withQuirlTerminal('profile');

  it('runs the bundled shell under the extension host\'s own runtime, started by bin/quirl\'s sh lines (Ctrl-C at start-up)', () => {
    const { quirl } = terminal;
    const argv = cmdline(quirl.pid);
    assert.equal(argv[0], process.execPath);
    assert.match(argv[1] ?? '', /\/bin\/quirl$/);
    assert.equal(argv[2], '-i');
  });

  it('gives back a command\'s output and exit status 0', async () => {
    const { quirl } = terminal;
    const { output, exitCode } = await runCommand(quirl, 'echo hello-from-quirl | tr a-z A-Z');
    assert.equal(exitCode, 0);
    assert.match(output, /HELLO-FROM-QUIRL/);
  });

  it('gives back non-zero statuses: false, exit 7 in a child, command not found', async () => {
    const { quirl } = terminal;
    assert.equal((await runCommand(quirl, 'false')).exitCode, 1);
    assert.equal((await runCommand(quirl, "sh -c 'exit 7'")).exitCode, 7);
    const missing = await runCommand(quirl, 'no-such-command-quirl');
    assert.equal(missing.exitCode, 127);
    assert.match(missing.output, /no-such-command-quirl/);
  });

  it('reports a line typed at the prompt to VS Code as the command (the E mark)', async () => {
    const { quirl } = terminal;
    const started = nextExecution(quirl.terminal);
    quirl.terminal.sendText('echo typed-at-the-prompt');
    const execution = await within('the typed line to start', started);
    assert.equal(execution.commandLine.value, 'echo typed-at-the-prompt');
    assert.equal(execution.commandLine.isTrusted, true, 'the E mark carries the nonce VS Code gave the terminal');
  });

  it('keeps the link\'s secret from jobs', async () => {
    const { quirl } = terminal;
    const { output, exitCode } = await runCommand(quirl, 'env | grep -c QUIRL_IPC');
    assert.equal(output.trim().split('\n').at(-1), '0', `a job sees the IPC variables: ${output}`);
    assert.equal(exitCode, 1);
  });
});
