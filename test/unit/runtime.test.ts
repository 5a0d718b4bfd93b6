// The runtime's own variables: what Electron needed to run the shell as Node is not handed to jobs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropRuntimeVariables } from '../../shell/ipc/runtime';

test('runtime: under Electron, ELECTRON_RUN_AS_NODE is dropped from the environment jobs get', () => {
  const env: NodeJS.ProcessEnv = { ELECTRON_RUN_AS_NODE: '1', PATH: '/bin' };
  dropRuntimeVariables(env, { ...process.versions, electron: '32.2.5' });
  assert.deepEqual(env, { PATH: '/bin' });
});

test('runtime: under plain Node a user-set ELECTRON_RUN_AS_NODE is theirs and stays', () => {
  const env: NodeJS.ProcessEnv = { ELECTRON_RUN_AS_NODE: '1', PATH: '/bin' };
  const versions: NodeJS.ProcessVersions = { ...process.versions };
  delete versions.electron;
  dropRuntimeVariables(env, versions);
  assert.deepEqual(env, { ELECTRON_RUN_AS_NODE: '1', PATH: '/bin' });
});

test('runtime: QUIRL_RUNTIME, bin/quirl\'s runtime from the VS Code profile, is dropped under any runtime', () => {
  const env: NodeJS.ProcessEnv = { QUIRL_RUNTIME: '/opt/vscode/code', PATH: '/bin' };
  const versions: NodeJS.ProcessVersions = { ...process.versions };
  delete versions.electron;
  dropRuntimeVariables(env, versions);
  assert.deepEqual(env, { PATH: '/bin' });
});
