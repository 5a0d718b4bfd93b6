/// <reference types="mocha" />
// Two Quirl terminals at once: each shell is its own node with its own jobs, a job action reaches
// only its own shell, and Foreground reveals the job's terminal.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { QuirlApi } from '../../../extension/api';
import { quirlApi } from './api';
import { jobIn, memberNode, publishedJob } from './jobs';
import { isDead, processState } from './proc';
import { closeQuirlTerminal, openQuirlTerminal, runCommand, type QuirlTerminal } from './terminals';
import { eventually } from './wait';
import { readTree, shellNode } from './tree';
import { TreeWatch } from './watch';

describe('two Quirl terminals at once', function () {
  this.timeout(240_000);
  let api: QuirlApi;
  const terminals: { quirl: QuirlTerminal; watch: TreeWatch }[] = [];

  before(async () => {
    api = await quirlApi();
    for (const by of ['profile', 'command'] as const) {
      const quirl = await openQuirlTerminal(api, by);
      terminals.push({ quirl, watch: new TreeWatch(api, quirl.pid) });
    }
  });

  after(async () => {
    for (const { quirl, watch } of terminals) {
      watch.dispose();
      await closeQuirlTerminal(api, quirl);
    }
  });

  it('shows each shell with its own terminal and only its own jobs', async () => {
    const [a, b] = terminals;
    assert.ok(a && b);
    assert.notEqual(a.quirl.pid, b.quirl.pid);
    assert.equal((await runCommand(a.quirl, 'sleep 41 &')).exitCode, 0);
    assert.equal((await runCommand(b.quirl, 'sleep 42 &')).exitCode, 0);
    const jobA = await publishedJob(api, a.quirl.pid, 'sleep 41');
    const jobB = await publishedJob(api, b.quirl.pid, 'sleep 42');
    const nodeA = (await a.watch.expect('sleep 41 running under the first shell', jobIn(jobA.id, 'running'))).node;
    const nodeB = (await b.watch.expect('sleep 42 running under the second shell', jobIn(jobB.id, 'running'))).node;
    assert.match(nodeA.label, /sleep 41$/);
    // Numbered as VS Code's own would be, the two read apart in the tabs and the tree.
    // (Other Quirl terminals may be open: the restart test's survivor is.)
    assert.notEqual(a.quirl.terminal.name, b.quirl.terminal.name);
    for (const { quirl } of terminals) assert.match(quirl.terminal.name, /^Quirl( \d+)?$/);
    const tree = await readTree(api.jobsTree);
    assert.deepEqual([shellNode(tree, a.quirl.pid)?.label, shellNode(tree, b.quirl.pid)?.label], [a.quirl.terminal.name, b.quirl.terminal.name]);
    assert.match(nodeB.label, /sleep 42$/);
    for (const [quirl, other] of [
      [a.quirl, jobB],
      [b.quirl, jobA],
    ] as const) {
      const jobs = api.shells().find((shell) => shell.pid === quirl.pid)?.jobs ?? [];
      assert.ok(!jobs.some((job) => job.command === other.command), `shell ${quirl.pid} lists the other shell's ${other.command}`);
      assert.equal(api.shells().find((shell) => shell.pid === quirl.pid)?.terminal, quirl.terminal);
    }
  });

  it('Terminate on one shell\'s job leaves the other shell\'s job running', async () => {
    const [a, b] = terminals;
    assert.ok(a && b);
    const jobA = await publishedJob(api, a.quirl.pid, 'sleep 41');
    const jobB = await publishedJob(api, b.quirl.pid, 'sleep 42');
    const pidA = jobA.processes[0]?.pid ?? assert.fail('no pid');
    const pidB = jobB.processes[0]?.pid ?? assert.fail('no pid');
    const nodeA = (await a.watch.expect('sleep 41 running', jobIn(jobA.id, 'running'))).node;
    await vscode.commands.executeCommand('quirl.job.terminate', nodeA.element);
    await a.watch.expect('sleep 41 done', jobIn(jobA.id, 'done'));
    await eventually('sleep 41 to be gone', () => (isDead(pidA) ? true : undefined));
    assert.ok(!isDead(pidB), 'the other shell\'s job was hit too');
    const nodeB = await b.watch.expect('sleep 42 still running', jobIn(jobB.id, 'running'));
    assert.ok(memberNode(nodeB.node, pidB));
  });

  it('Foreground reveals the job\'s own terminal', async () => {
    const [a, b] = terminals;
    assert.ok(a && b);
    const jobB = await publishedJob(api, b.quirl.pid, 'sleep 42');
    a.quirl.terminal.show();
    await eventually('the first terminal to be active', () => (vscode.window.activeTerminal === a.quirl.terminal ? true : undefined), {
      events: [vscode.window.onDidChangeActiveTerminal],
    });
    const nodeB = (await b.watch.expect('sleep 42 running', jobIn(jobB.id, 'running'))).node;
    await vscode.commands.executeCommand('quirl.job.foreground', nodeB.element);
    await eventually('the second terminal to be revealed', () => (vscode.window.activeTerminal === b.quirl.terminal ? true : undefined), {
      events: [vscode.window.onDidChangeActiveTerminal],
    });
    // It holds that terminal now: Ctrl-Z there stops it.
    b.quirl.terminal.sendText('\x1a', false);
    await b.watch.expect('sleep 42 stopped by Ctrl-Z in its terminal', jobIn(jobB.id, 'stopped'));
    assert.equal(processState(jobB.processes[0]?.pid ?? 0), 'T');
  });
});
