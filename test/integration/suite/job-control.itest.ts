/// <reference types="mocha" />
// `sleep 30`, Ctrl-Z, then Background, Foreground and Terminate from the jobs tree, each checked in
// the tree, in the terminal's shell-integration record and against /proc.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JobSnapshot } from '../../../shell/ipc/protocol';
import { withQuirlTerminal } from './fixture';
import { jobIn, memberNode, publishedJob } from './jobs';
import { isDead, processState } from './proc';
import { nextExecution, startCommand, within } from './terminals';
import { eventually } from './wait';

const CTRL_Z = '\x1a';
/** 128 + SIGTSTP: what a command stopped with Ctrl-Z ends with. */
const STOPPED_STATUS = 148;

describe('job control from the jobs tree', function () {
  this.timeout(240_000);
  const terminal = withQuirlTerminal('profile');
  let job: JobSnapshot;
  let pid: number;

  it('sleep 30 then Ctrl-Z: the command ends with 148 and the tree shows the job stopped', async () => {
    const { api, quirl, watch } = terminal;
    const sleeping = startCommand(quirl, 'sleep 30');
    job = await publishedJob(api, quirl.pid, 'sleep 30');
    pid = job.processes[0]?.pid ?? assert.fail(`job without a process: ${JSON.stringify(job)}`);
    const running = await watch.expect(`[${job.id}] sleep 30 running in the tree`, jobIn(job.id, 'running'));
    assert.equal(running.node.label, `[${job.id}] sleep 30`);
    assert.ok(memberNode(running.node, pid), `no member process ${pid} under ${running.node.label}`);

    quirl.terminal.sendText(CTRL_Z, false);
    assert.equal(await within('the stopped command to end', sleeping.exitCode), STOPPED_STATUS);
    const stopped = await watch.expect(`[${job.id}] stopped in the tree`, jobIn(job.id, 'stopped'));
    assert.match(stopped.node.description, /stop/i, 'a stopped job says so in its description');
    assert.equal(processState(pid), 'T', 'the kernel has the sleep stopped');
    assert.ok(memberNode(stopped.node, pid));
  });

  it('Background from the tree continues it in the background', async () => {
    const { watch } = terminal;
    const stopped = await watch.expect('the stopped job', jobIn(job.id, 'stopped'));
    await vscode.commands.executeCommand('quirl.job.background', stopped.node.element);
    await watch.expect(`[${job.id}] running again`, jobIn(job.id, 'running'));
    await eventually('the sleep to run again', () => (processState(pid) !== 'T' ? true : undefined));
    assert.notEqual(processState(pid), undefined, 'the job was continued, not killed');
  });

  it('Foreground from the tree gives it the terminal, as `fg` would: Ctrl-Z reaches it', async () => {
    const { quirl, watch } = terminal;
    const running = await watch.expect('the running job', jobIn(job.id, 'running'));
    const started = nextExecution(quirl.terminal);
    const ended = (execution: vscode.TerminalShellExecution): Promise<number | undefined> =>
      new Promise((resolve) => {
        const subscription = vscode.window.onDidEndTerminalShellExecution((event) => {
          if (event.execution !== execution) return;
          subscription.dispose();
          resolve(event.exitCode);
        });
      });
    await vscode.commands.executeCommand('quirl.job.foreground', running.node.element);
    const foreground = await within('`fg` to start as a new command', started);
    const exitCode = ended(foreground);
    watch.skipToNow();

    // Only the terminal's foreground process group receives the Ctrl-Z.
    quirl.terminal.sendText(CTRL_Z, false);
    assert.equal(await within('the foreground job to stop', exitCode), STOPPED_STATUS);
    await watch.expect(`[${job.id}] stopped by Ctrl-Z`, jobIn(job.id, 'stopped'));
    assert.equal(processState(pid), 'T');
    // VS Code knows the command by the shell's E mark (`fg %N`), as if typed.
    assert.match(foreground.commandLine.value, new RegExp(`^fg\\b.*${job.id}`), `the command VS Code recorded: ${JSON.stringify(foreground.commandLine)}`);
  });

  it('Terminate from the tree ends it: done with status 143 in the tree, gone from /proc', async () => {
    const { watch } = terminal;
    const stopped = await watch.expect('the stopped job', jobIn(job.id, 'stopped'));
    await vscode.commands.executeCommand('quirl.job.background', stopped.node.element);
    const running = await watch.expect('the job running in the background', jobIn(job.id, 'running'));
    await vscode.commands.executeCommand('quirl.job.terminate', running.node.element);
    const done = await watch.expect(`[${job.id}] done`, jobIn(job.id, 'done'));
    assert.match(done.node.description, /\b143\b/, 'the exit status (128 + SIGTERM) is in the description');
    await eventually(`sleep ${pid} to be gone`, () => (isDead(pid) ? true : undefined));
  });
});
