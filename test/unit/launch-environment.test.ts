// What bin/quirl's /bin/sh (dash) drops on the way to node, carried in QUIRL_LAUNCH_ENVIRONMENT
// and put back: only the functions bash exports, never over what node was given, the carrier gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LAUNCH_ENVIRONMENT_VARIABLE, restoreExportedFunctions } from '../../shell/launch-environment';

test('exported functions come back from the carried environment, and the carrier goes', () => {
  const env: NodeJS.ProcessEnv = {
    PATH: '/bin',
    'BASH_FUNC_kept%%': '() { echo node-saw-it\n}',
    [LAUNCH_ENVIRONMENT_VARIABLE]: ['PATH=/other', 'BASH_FUNC_greet%%=() {  echo "a=b $1"\x01}', 'BASH_FUNC_kept%%=() { echo carried\x01}', 'a-b=1'].join('\n'),
  };
  restoreExportedFunctions(env);
  assert.deepEqual(env, { PATH: '/bin', 'BASH_FUNC_kept%%': '() { echo node-saw-it\n}', 'BASH_FUNC_greet%%': '() {  echo "a=b $1"\n}' });
});

test('without the carrier nothing changes', () => {
  const env: NodeJS.ProcessEnv = { PATH: '/bin' };
  restoreExportedFunctions(env);
  assert.deepEqual(env, { PATH: '/bin' });
});
