// How a Quirl terminal is launched from the settings: the host's own runtime as Node, another
// Node, extra args and env, the link variables last; and each reason Quirl cannot start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LaunchError, shellLaunch, type LaunchHost, type LaunchSettings } from '../../extension/launch';

const host: LaunchHost = { extensionRoot: '/ext', execPath: '/opt/vscode/code', isElectron: true, platform: 'linux', exists: (file) => file === '/ext/dist/quirl.js' };
const link = { socketPath: '/tmp/quirl-x/ext.sock', secret: 'abc' };
const defaults: LaunchSettings = { nodePath: undefined, shellArgs: undefined, env: undefined, loadRcFile: undefined };

test('launch: by default the host runtime runs the bundle as Node, with the link in the env', () => {
  assert.deepEqual(shellLaunch(defaults, host, link, 'n0nce'), {
    shellPath: '/opt/vscode/code',
    shellArgs: ['/ext/dist/quirl.js', '-i'],
    shellIntegrationNonce: 'n0nce',
    env: { ELECTRON_RUN_AS_NODE: '1', VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' },
  });
});

test('launch: quirl.nodePath, quirl.shellArgs and quirl.env; the link variables cannot be overridden', () => {
  const launch = shellLaunch(
    { nodePath: '/usr/bin/node', shellArgs: ['-x'], env: { FOO: 'bar', DROP: null, QUIRL_IPC_SECRET: 'mine' }, loadRcFile: true },
    { ...host, platform: 'darwin' },
    link,
    'n0nce',
  );
  assert.deepEqual(launch, {
    shellPath: '/usr/bin/node',
    shellArgs: ['/ext/dist/quirl.js', '-i', '-x'],
    shellIntegrationNonce: 'n0nce',
    env: { FOO: 'bar', DROP: null, VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' },
  });
  assert.equal(shellLaunch({ ...defaults, nodePath: '  ' }, host, link, 'n0nce').shellPath, '/opt/vscode/code', 'a blank path means the default');
});

test('launch: a host runtime that is Node already (a VS Code server) gets no ELECTRON_RUN_AS_NODE', () => {
  const launch = shellLaunch(defaults, { ...host, execPath: '/srv/node', isElectron: false }, link, 'n0nce');
  assert.equal(launch.shellPath, '/srv/node');
  assert.deepEqual(launch.env, { VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' });
});

test('launch: quirl.loadRcFile false starts the shell with --norc, before -i as bash wants long options', () => {
  assert.deepEqual(shellLaunch({ ...defaults, loadRcFile: false, shellArgs: ['-x'] }, host, link, 'n0nce').shellArgs, ['/ext/dist/quirl.js', '--norc', '-i', '-x']);
  assert.deepEqual(shellLaunch({ ...defaults, loadRcFile: true }, host, link, 'n0nce').shellArgs, ['/ext/dist/quirl.js', '-i']);
});

const failures: readonly [string, LaunchSettings, Partial<LaunchHost>, string, RegExp][] = [
  ['an unsupported platform', defaults, { platform: 'win32' }, 'UnsupportedPlatform', /Linux and macOS only \(this is win32\)/],
  ['a missing bundle', defaults, { exists: () => false }, 'MissingShell', /\/ext\/dist\/quirl\.js is missing; run `npm run build`/],
  ['a nodePath that is not a string', { ...defaults, nodePath: 3 }, {}, 'BadSetting', /quirl\.nodePath must be a string, not 3/],
  ['shellArgs that are not strings', { ...defaults, shellArgs: ['-x', 1] }, {}, 'BadSetting', /quirl\.shellArgs must be a list of strings/],
  ['an env that is a list', { ...defaults, env: ['A=1'] }, {}, 'BadSetting', /quirl\.env must be an object/],
  ['an env value that is a number', { ...defaults, env: { A: 1 } }, {}, 'BadSetting', /quirl\.env must be an object/],
  ['a loadRcFile that is not a boolean', { ...defaults, loadRcFile: 'no' }, {}, 'BadSetting', /quirl\.loadRcFile must be true or false, not "no"/],
];

for (const [name, settings, hostChange, code, message] of failures) {
  test(`launch: ${name} is refused with a reason`, () => {
    assert.throws(
      () => shellLaunch(settings, { ...host, ...hostChange }, link, 'n0nce'),
      (error: unknown) => error instanceof LaunchError && error.code === code && message.test(error.message),
    );
  });
}
