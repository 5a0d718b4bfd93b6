// How a Quirl terminal is launched from the settings: /bin/sh runs bin/quirl (whose first lines
// guard the start-up against Ctrl-C), which starts the host's own runtime as Node or another Node;
// extra args and env, the link variables last; and each reason Quirl cannot start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LaunchError, shellLaunch, type LaunchHost, type LaunchSettings } from '../../extension/launch';

const host: LaunchHost = { extensionRoot: '/ext', execPath: '/opt/vscode/code', isElectron: true, platform: 'linux', exists: (file) => file === '/ext/dist/quirl.js' || file === '/ext/bin/quirl' };
const link = { socketPath: '/tmp/quirl-x/ext.sock', secret: 'abc' };
const defaults: LaunchSettings = { nodePath: undefined, shellArgs: undefined, env: undefined, loadRcFile: undefined };

test('launch: by default /bin/sh runs bin/quirl, which starts the host runtime as Node (QUIRL_RUNTIME), with the link in the env', () => {
  assert.deepEqual(shellLaunch(defaults, host, link, 'n0nce'), {
    shellPath: '/bin/sh',
    shellArgs: ['/ext/bin/quirl', '-i'],
    shellIntegrationNonce: 'n0nce',
    env: { ELECTRON_RUN_AS_NODE: '1', QUIRL_RUNTIME: '/opt/vscode/code', VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' },
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
    shellPath: '/bin/sh',
    shellArgs: ['/ext/bin/quirl', '-i', '-x'],
    shellIntegrationNonce: 'n0nce',
    env: { FOO: 'bar', DROP: null, QUIRL_RUNTIME: '/usr/bin/node', VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' },
  });
  assert.equal(shellLaunch({ ...defaults, nodePath: '  ' }, host, link, 'n0nce').env.QUIRL_RUNTIME, '/opt/vscode/code', 'a blank path means the default');
  assert.equal(shellLaunch({ ...defaults, env: { QUIRL_RUNTIME: '/elsewhere' } }, host, link, 'n0nce').env.QUIRL_RUNTIME, '/opt/vscode/code', 'quirl.env cannot redirect the runtime');
});

test('launch: a host runtime that is Node already (a VS Code server) gets no ELECTRON_RUN_AS_NODE', () => {
  const launch = shellLaunch(defaults, { ...host, execPath: '/srv/node', isElectron: false }, link, 'n0nce');
  assert.equal(launch.shellPath, '/bin/sh');
  assert.deepEqual(launch.env, { QUIRL_RUNTIME: '/srv/node', VSCODE_NONCE: 'n0nce', QUIRL_IPC_SOCKET: '/tmp/quirl-x/ext.sock', QUIRL_IPC_SECRET: 'abc' });
});

test('launch: quirl.loadRcFile false starts the shell with --norc, before -i as bash wants long options', () => {
  assert.deepEqual(shellLaunch({ ...defaults, loadRcFile: false, shellArgs: ['-x'] }, host, link, 'n0nce').shellArgs, ['/ext/bin/quirl', '--norc', '-i', '-x']);
  assert.deepEqual(shellLaunch({ ...defaults, loadRcFile: true }, host, link, 'n0nce').shellArgs, ['/ext/bin/quirl', '-i']);
});

const failures: readonly [string, LaunchSettings, Partial<LaunchHost>, string, RegExp][] = [
  ['an unsupported platform', defaults, { platform: 'win32' }, 'UnsupportedPlatform', /Linux and macOS only \(this is win32\)/],
  ['a missing bundle', defaults, { exists: () => false }, 'MissingShell', /\/ext\/dist\/quirl\.js is missing; run `npm run build`/],
  ['a missing launcher', defaults, { exists: (file) => file === '/ext/dist/quirl.js' }, 'MissingShell', /launcher \/ext\/bin\/quirl is missing/],
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
