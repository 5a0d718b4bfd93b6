// A revived terminal's shell tells its link through its own start-up environment: the socket path
// and secret it was started with, even after it took them out of process.env (as the shell does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE } from '../../shell/ipc/address';
import { linkOfProcess } from '../../extension/process-link';

/** A node process started with `env` that drops the link's variables, as the shell does, then says so and waits. */
async function started(env: Record<string, string>): Promise<ChildProcess> {
  const script = `delete process.env.${IPC_SOCKET_VARIABLE}; delete process.env.${IPC_SECRET_VARIABLE}; process.stdout.write('ready\\n'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout ?? assert.fail('no stdout'), 'data');
  return child;
}

test('process link: the socket path and secret a process was started with, after it dropped them; none for other processes', { skip: process.platform !== 'linux' && 'needs /proc' }, async (t) => {
  const linked = await started({ [IPC_SOCKET_VARIABLE]: '/tmp/quirl-abcdef/ext.sock', [IPC_SECRET_VARIABLE]: 'f00d' });
  const plain = await started({});
  const halfway = await started({ [IPC_SOCKET_VARIABLE]: '/tmp/quirl-abcdef/ext.sock' });
  t.after(() => [linked, plain, halfway].forEach((child) => child.kill('SIGKILL')));
  assert.deepEqual(linkOfProcess(linked.pid ?? assert.fail('no pid')), { socketPath: '/tmp/quirl-abcdef/ext.sock', secret: 'f00d' });
  assert.equal(linkOfProcess(plain.pid ?? assert.fail('no pid')), undefined);
  assert.equal(linkOfProcess(halfway.pid ?? assert.fail('no pid')), undefined, 'a socket path without a secret is no link');
  assert.equal(linkOfProcess(2 ** 22 + 1), undefined, 'no such process');
});
