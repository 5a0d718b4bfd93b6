// The link's failure paths on a real PTY: a peer that fails the handshake, sends garbage or an
// oversized frame, or stays silent is dropped while the shell keeps working; an extension that
// restarts gets the whole table again; a shell started without the link's variables has no link.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Socket } from 'node:net';
import type { FakeExtensionOptions } from '../ipc/fake-extension';
import { checkFileLeavesNothing, MODES, withShell, type PtyShell } from './harness';
import { linkTest, waitForConnection, type Link } from './ipc-link';
import { endJob, waitForProcs } from './scenario';

checkFileLeavesNothing();

function hasSocket(sh: PtyShell): boolean {
  return sh.fds().some((fd) => fd.target.startsWith('socket:'));
}

/** The shell still runs commands, builtins and jobs alike. */
async function stillWorks(sh: PtyShell): Promise<void> {
  assert.deepEqual(await sh.run('echo builtin; /bin/echo external | cat'), ['builtin', 'external']);
}

const BAD_PEERS: readonly { name: string; fake: Partial<FakeExtensionOptions> }[] = [
  { name: 'refuses the shell’s proof (another terminal’s secret)', fake: { secret: 'another terminal' } },
  { name: 'cannot prove it holds the secret', fake: { hello: 'wrong-proof' } },
  { name: 'never answers the hello', fake: { hello: 'silent' } },
  { name: 'sends garbage', fake: { raw: (socket: Socket) => socket.write('this is not a frame\r\n\r\n') } },
  { name: 'sends an oversized frame', fake: { raw: (socket: Socket) => socket.write(`Content-Length: ${64 * 1024 * 1024}\r\n\r\n{"jsonrpc":"2.0"`) } },
];

for (const peer of BAD_PEERS) {
  linkTest(`ipc: an extension that ${peer.name} is dropped and the shell keeps working`, async (sh, link) => {
    await sh.until(() => link.extension.closedByPeer >= 1, 'the shell to hang up on the extension');
    await stillWorks(sh);
    assert.equal(link.extension.tables.length, 0, 'no job table went to the peer');
    assert.equal(link.extension.connection, undefined, 'no peer passed the handshake');
    await link.shutDown(sh);
    await stillWorks(sh);
  }, { fake: peer.fake, modes: ['direct'] });
}

linkTest('ipc: when the extension restarts on the same socket, the shell reconnects and sends the whole table again', async (sh, link) => {
  await waitForConnection(sh, link);
  await sh.run('sleep 30 &');
  const pid = (await waitForProcs(sh, 'sleep'))[0]!.pid;
  await link.waitForTable(sh, 'the job listed', (jobs) => jobs.length === 1);
  await link.close();
  // The shell notices the loss at the prompt, while the extension is away.
  await sh.until(() => !hasSocket(sh), 'the shell to notice the extension has gone');
  const restarted = await link.listen();
  await waitForConnection(sh, link);
  const table = restarted.tables[0]!.params;
  assert.deepEqual(table.jobs.map((job) => [job.id, job.processes[0]?.pid, job.state.kind]), [[1, pid, 'running']]);
  await endJobFromExtension(sh, link);
}, { modes: ['direct'] });

async function endJobFromExtension(sh: PtyShell, link: Link): Promise<void> {
  assert.deepEqual(await link.signal(1, 'kill'), { ok: true });
  await link.waitForTable(sh, 'the job gone', (jobs) => jobs.length === 0);
  await sh.until(() => sh.atPrompt(), 'the prompt after the notice');
}

for (const mode of MODES) {
  test(`ipc: a shell started without the link's variables opens no socket and runs as before [quirl, ${mode}]`, { timeout: 120_000 }, async () => {
    await withShell('quirl', mode, async (sh) => {
      assert.ok(!hasSocket(sh), 'no link at the first prompt');
      await sh.run('sleep 30 &');
      const pid = (await waitForProcs(sh, 'sleep'))[0]!.pid;
      assert.deepEqual(await sh.run('jobs'), ['[1]+  Running                 sleep 30 &']);
      assert.ok(!hasSocket(sh), 'no link with a job running');
      await endJob(sh, '%1', [pid]);
      await stillWorks(sh);
    });
  });
}
