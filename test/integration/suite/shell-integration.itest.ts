/// <reference types="mocha" />
// The contributed profile opens a Quirl terminal whose shell speaks VS Code's shell integration:
// commands run through executeCommand give back their output and exit codes, their exact command
// lines, and the directory. (The "Rich" level this earns shows only in the terminal tab's hover,
// which the UI test reads: ../ui/screenshot.ts.)
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { cmdline } from '../../support/proc';
import { withQuirlTerminal } from './fixture';
import { nextExecution, runCommand, startCommand, within } from './terminals';
import { eventually } from './wait';

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

  it('tells VS Code the directory on each prompt, escaped so that spaces, ; and \\ survive (P;Cwd)', async () => {
    const { quirl } = terminal;
    const parent = mkdtempSync(join(tmpdir(), 'quirl-cwd-'));
    const directory = join(parent, 'a b;c\\d');
    mkdirSync(directory);
    try {
      assert.equal((await runCommand(quirl, `cd '${directory}'`)).exitCode, 0);
      await eventually('VS Code to know the new directory', () => (quirl.terminal.shellIntegration?.cwd?.fsPath === directory ? true : undefined), {
        events: [vscode.window.onDidChangeTerminalShellIntegration],
        describe: () => String(quirl.terminal.shellIntegration?.cwd?.fsPath),
      });
    } finally {
      await runCommand(quirl, 'cd ~');
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('gives back command lines exactly and with high confidence: ; and \\, and lines continued at PS2', async () => {
    const { quirl } = terminal;
    for (const [commandLine, output] of [
      ["printf '%s\\n' 'a;b\\c'", /a;b\\c/],
      ['for i in 1 2\ndo echo "n$i"\ndone', /n1\s+n2/],
    ] as const) {
      const running = startCommand(quirl, commandLine);
      assert.equal((await within(`\`${commandLine}\` to end`, running.exitCode, undefined, running.progress)), 0);
      assert.match(await running.output, output);
      assert.equal(running.execution.commandLine.value, commandLine);
      assert.equal(running.execution.commandLine.confidence, vscode.TerminalShellExecutionCommandLineConfidence.High);
      assert.equal(running.execution.commandLine.isTrusted, true);
    }
  });

  it('ends a command whose job Ctrl-Z stopped with status 148, the Stopped notice in its output', async () => {
    const { api, quirl } = terminal;
    const running = startCommand(quirl, 'sleep 300');
    await eventually('sleep to run as job 1', () => (api.shells().find((shell) => shell.pid === quirl.pid)?.jobs.some((job) => job.state.kind === 'running') ? true : undefined), {
      events: [api.onDidChangeJobs],
    });
    quirl.terminal.sendText('\x1a', false);
    assert.equal(await within('the stopped command to end', running.exitCode, undefined, running.progress), 148);
    assert.match(await running.output, /Stopped\s+sleep 300/);
    const kill = await runCommand(quirl, 'kill -KILL %1');
    assert.equal(kill.exitCode, 0);
    await eventually('the killed job to end', () => (api.shells().find((shell) => shell.pid === quirl.pid)?.jobs.some((job) => job.state.kind !== 'done') ? undefined : true), {
      events: [api.onDidChangeJobs],
    });
    // Its notice comes before a prompt's D, as bash prints it before PROMPT_COMMAND: in kill's
    // output or, when the job was reaped only after kill's prompt, in the next command's.
    const next = await runCommand(quirl, 'true');
    assert.match(kill.output + next.output, /Killed\s+sleep 300/);
  });

  it('keeps the link\'s secret from jobs', async () => {
    const { quirl } = terminal;
    const { output, exitCode } = await runCommand(quirl, 'env | grep -c QUIRL_IPC');
    assert.equal(output.trim().split('\n').at(-1), '0', `a job sees the IPC variables: ${output}`);
    assert.equal(exitCode, 1);
  });
});
