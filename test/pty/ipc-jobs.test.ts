// The job table the extension receives, and its Background and SignalJob requests, on a real PTY:
// what the table says is checked against /proc, and each request against what the processes do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IPC_ENVIRONMENT_VARIABLES, type JobSignal } from '../../shell/ipc/protocol';
import { checkFileLeavesNothing } from './harness';
import { linkTest, waitForConnection, waitForEditedLine } from './ipc-link';
import { procHasEnv, procStat } from './proc';
import { endJob, isGoneOrZombie, jobLine, waitForProcs, waitForStates } from './scenario';

checkFileLeavesNothing();

linkTest('ipc: a shell connects when the extension starts listening, and its first table holds the jobs it already had', async (sh, link) => {
  await sh.run('sleep 30 &');
  const pid = (await waitForProcs(sh, 'sleep'))[0]!.pid;
  const fake = await link.listen();
  await waitForConnection(sh, link);
  const first = fake.tables[0]!.params;
  assert.deepEqual(first.jobs, [
    {
      id: 1,
      command: 'sleep 30',
      commandTruncated: false,
      pgid: procStat(pid)!.pgid,
      state: { kind: 'running' },
      processes: [{ pid, command: 'sleep 30', state: { kind: 'running' } }],
    },
  ]);
  assert.equal(fake.hellos[0]?.pid, sh.shellPid, 'the hello names the shell');
  assert.deepEqual(await link.signal(1, 'kill'), { ok: true });
  await link.waitForTable(sh, 'the job gone', (jobs) => jobs.length === 0);
  assert.ok(fake.tables.every((table, index) => index === 0 || table.params.revision > fake.tables[index - 1]!.params.revision), 'revisions only grow');
  // The link was made after the first prompt: it is ended, as the extension going away for good.
  await link.shutDown(sh);
}, { listen: false });

linkTest('ipc: one stage of a running pipeline ending is a change of its own: the table shows that member exited, the job running', async (sh, link) => {
  await waitForConnection(sh, link);
  // The first stage outlives the job's first table by far, so only its own change can report its end.
  await sh.run('sleep 2 | sleep 30 &');
  const [first, second] = (await waitForProcs(sh, 'sleep', 2)).map((p) => p.pid);
  const jobs = await link.waitForTable(sh, 'the first member exited, the job still running', (all) => all[0]?.processes[0]?.state.kind === 'exited');
  assert.deepEqual(jobs[0]?.state, { kind: 'running' });
  assert.deepEqual(jobs[0]?.processes.map((p) => [p.pid, p.state]), [[first, { kind: 'exited', code: 0 }], [second, { kind: 'running' }]]);
  await endJob(sh, '%1', [second!]);
});

linkTest('ipc: after Ctrl-Z the table shows the job stopped by TSTP, with each member pid stopped', async (sh, link) => {
  await waitForConnection(sh, link);
  sh.type('sleep 30 | sleep 31\r');
  const members = await waitForProcs(sh, 'sleep', 2);
  const pids = members.map((p) => p.pid).sort((a, b) => a - b);
  await link.waitForTable(sh, 'the job running', (jobs) => jobs[0]?.state.kind === 'running' && jobs[0].processes.length === 2);
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await waitForStates(sh, pids, (state) => state === 'T', 'both members stopped');
  const [job] = await link.waitForTable(sh, 'the job stopped', (jobs) => jobs[0]?.state.kind === 'stopped');
  assert.deepEqual(job!.state, { kind: 'stopped', signal: 'TSTP' });
  assert.equal(job!.pgid, procStat(pids[0]!)!.pgid);
  assert.deepEqual(
    job!.processes.map((p) => ({ pid: p.pid, command: p.command, state: p.state.kind })),
    [
      { pid: pids[0], command: 'sleep 30', state: 'stopped' },
      { pid: pids[1], command: 'sleep 31', state: 'stopped' },
    ],
  );
  await endJob(sh, '%1', pids);
  await link.waitForTable(sh, 'the job gone', (jobs) => jobs.length === 0);
});

linkTest('ipc: Background continues a stopped job as bg would, `bg %1` and its line printed above the line being edited', async (sh, link) => {
  await waitForConnection(sh, link);
  sh.type('sleep 30\r');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const pid = sleep!.pid;
  sh.press('Ctrl-Z');
  await sh.nextPrompt();
  await link.waitForTable(sh, 'the job stopped', (jobs) => jobs[0]?.state.kind === 'stopped');

  sh.type('echo half');
  await waitForEditedLine(sh, 'echo half', 9, 'typed');
  const promptRow = sh.cursor.row;
  assert.deepEqual(await link.background(1), { ok: true });
  await waitForStates(sh, [pid], (state) => state !== 'T', 'the job continued');
  await link.waitForTable(sh, 'the job running', (jobs) => jobs[0]?.state.kind === 'running');
  // The edited line was on the screen before the request too: bg's own line says it was drawn again.
  await sh.until(() => sh.row(promptRow + 1) === '[1]+ sleep 30 &', 'bg’s line below the prompt’s old row');
  await waitForEditedLine(sh, 'echo half', 9, 'after bg');
  assert.equal(sh.row(promptRow), 'bg %1', 'the command the request stands for, where the prompt was');
  assert.equal(sh.row(promptRow + 1), '[1]+ sleep 30 &', 'bg’s line after it, the prompt below');
  assert.equal(sh.tpgid(), sh.shellPgid(), 'the shell kept the terminal');

  assert.deepEqual(await link.background(1), { ok: true }, 'a running job is already in the background');
  assert.match((await link.background(7) as { reason?: string }).reason ?? '', /there is no job 7/);
  sh.press('Enter');
  await sh.waitForPrompt(3);
  assert.match(sh.row(sh.cursor.row - 1), /^half$/);

  assert.deepEqual(await link.signal(1, 'kill'), { ok: true });
  await sh.until(() => isGoneOrZombie(pid), 'the job killed');
  await sh.until(() => sh.screenText().includes(jobLine(1, '+', 'Killed', 'sleep 30')) && sh.atPrompt(), 'the Killed notice');
  assert.match((await link.background(1) as { reason?: string }).reason ?? '', /there is no job 1/, 'a reported job is gone');
});

const SIGNALS: readonly { signal: JobSignal; notice: string; status: number }[] = [
  { signal: 'interrupt', notice: 'Interrupt', status: 130 },
  { signal: 'terminate', notice: 'Terminated', status: 143 },
  { signal: 'kill', notice: 'Killed', status: 137 },
];

linkTest('ipc: SignalJob sends interrupt, terminate and kill to the whole job, running or stopped, and the notice comes above the prompt', async (sh, link) => {
  await waitForConnection(sh, link);
  for (const { signal, notice, status } of SIGNALS) {
    for (const stopped of [false, true]) {
      const what = `${signal} to a ${stopped ? 'stopped' : 'running'} job`;
      sh.type(`sleep 30 | sleep 31${stopped ? '' : ' &'}\r`);
      const pids = (await waitForProcs(sh, 'sleep', 2)).map((p) => p.pid);
      if (stopped) {
        sh.press('Ctrl-Z');
        await waitForStates(sh, pids, (state) => state === 'T', `${what}: stopped first`);
      }
      await sh.nextPrompt();
      await link.waitForTable(sh, `${what}: listed`, (jobs) => jobs[0]?.state.kind === (stopped ? 'stopped' : 'running'));
      const seen = link.extension.tables.length;
      const line = jobLine(1, '+', notice, 'sleep 30 | sleep 31');
      const notices = sh.countOnScreen(line);
      assert.deepEqual(await link.signal(1, signal), { ok: true }, what);
      await sh.until(() => pids.every(isGoneOrZombie), `${what}: every member ends`);
      await sh.until(() => sh.countOnScreen(line) === notices + 1 && sh.atPrompt(), `${what}: the notice above the prompt`);
      await link.waitForTable(sh, `${what}: reported, then removed`, (jobs) => jobs.length === 0);
      const done = link.extension.tables.slice(seen).flatMap((table) => table.params.jobs.flatMap((job) => (job.state.kind === 'done' ? [job.state.status] : [])));
      assert.deepEqual([...new Set(done)], [status], `${what}: the extension saw the job done with its status`);
    }
  }
  assert.match((await link.signal(5, 'kill') as { reason?: string }).reason ?? '', /there is no job 5/);
});

linkTest('ipc: the link’s variables reach no job, and neither env, export -p nor $QUIRL_IPC_SECRET shows them', async (sh, link) => {
  await waitForConnection(sh, link);
  const secretEntry = `QUIRL_IPC_SECRET=${link.secret}`;
  assert.ok(procHasEnv(sh.shellPid, secretEntry), 'the shell was started with the secret (else this test proves nothing)');
  await sh.run('sleep 30 &');
  const [sleep] = await waitForProcs(sh, 'sleep');
  const environ = readFileSync(`/proc/${sleep!.pid}/environ`, 'utf8').split('\0');
  assert.ok(environ.includes(sh.marker), 'the job has the rest of the environment');
  assert.deepEqual(environ.filter((entry) => IPC_ENVIRONMENT_VARIABLES.some((name) => entry.startsWith(`${name}=`))), []);
  assert.deepEqual(await sh.run('env | grep -c QUIRL_IPC'), ['0']);
  assert.deepEqual(await sh.run('export -p | grep -c QUIRL_IPC'), ['0']);
  assert.deepEqual(await sh.run('echo "[$QUIRL_IPC_SECRET$QUIRL_IPC_SOCKET]"'), ['[]']);
  assert.deepEqual(await link.signal(1, 'terminate'), { ok: true });
  await sh.until(() => sh.screenText().includes(jobLine(1, '+', 'Terminated', 'sleep 30')) && sh.atPrompt(), 'the Terminated notice');
});
