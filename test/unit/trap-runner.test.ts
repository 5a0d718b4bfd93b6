// The checkpoint after a foreground job hears a trapped signal whose listener libuv has not run
// yet, even when the job's end was seen from a poll callback (SIGCHLD's), whose check phase comes
// before the loop polls again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Executor } from '../../shell/exec/executor';
import type { Context } from '../../shell/interp/context';
import { TrapRunner } from '../../shell/interp/trap-runner';
import { TrapTable } from '../../shell/interp/traps';
import { constants } from 'node:os';

/** The shell's own top-level context, with just what the trap runner reads. */
function topLevel(traps: TrapTable): Context {
  const state = { traps, isSubshell: false, lastStatus: 0, lineNumber: 1, trapsRunning: 0, runningConditions: new Set() };
  return { state, scope: { kind: 'shell' } } as unknown as Context;
}

test('a trapped signal raised inside a poll callback runs its trap at the next checkpoint', async (t) => {
  const ran: string[] = [];
  const host = { runSource: (text: string) => Promise.resolve(void ran.push(text)).then(() => 0), abandoned: () => Promise.resolve(1) };
  // A child was reaped since the last checkpoint: a job ended.
  const executor = { watcher: { reaped: 1 } } as unknown as Executor;
  const runner = new TrapRunner(host, executor, true);
  const traps = new TrapTable();
  traps.set(constants.signals.SIGUSR2, { kind: 'command', text: 'echo usr2' });
  const context = topLevel(traps);
  t.after(() => {
    traps.set(constants.signals.SIGUSR2, undefined);
    runner.syncAfterLine(context);
  });
  assert.equal(runner.trapsMayBePending(context), true);

  // A signal listener runs in the poll phase, as the SIGCHLD listener that ends a job does. The
  // SIGUSR2 raised there reaches libuv's pipe after this poll read it, as one that another of
  // Node's threads took and wrote down late does.
  const checkpoint = new Promise<void>((resolve, reject) => {
    // Signal listeners keep no loop alive: a deadline does, and fails a listener that never runs.
    const deadline = setTimeout(() => reject(new Error('SIGURG never reached its listener')), 30_000);
    t.after(() => clearTimeout(deadline));
    process.once('SIGURG', () => {
      process.kill(process.pid, 'SIGUSR2');
      runner.runPendingTraps(context).then(resolve, reject);
    });
  });
  process.kill(process.pid, 'SIGURG');
  await checkpoint;
  assert.deepEqual(ran, ['echo usr2']);
});
