// `npm run package`: one .vsix per platform, from the matching build; a target other than the
// build's is refused, and the package says which platform it is for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const here = `${process.platform}-${process.arch}`;
const other = here === 'linux-arm64' ? 'linux-x64' : 'linux-arm64';

function packageFor(target: string, out: string): { status: number | null; output: string } {
  const result = spawnSync('npm', ['run', '--silent', 'package', '--', '--target', target], { cwd: root, env: { ...process.env, QUIRL_PACKAGE_OUT: out }, encoding: 'utf8', timeout: 240_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('package: another platform\'s target is refused, with nothing written', (t) => {
  const out = mkdtempSync(join(tmpdir(), 'quirl-vsix-'));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const { status, output } = packageFor(other, out);
  assert.equal(status, 2, output);
  assert.match(output, new RegExp(`this build is for ${here}, not ${other}`));
  assert.deepEqual(readdirSync(out), []);
});

test('package: this machine\'s target gives quirl-<version>-<target>.vsix marked for it, with the build\'s addon and helper', (t) => {
  const out = mkdtempSync(join(tmpdir(), 'quirl-vsix-'));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const { status, output } = packageFor(here, out);
  assert.equal(status, 0, output);
  const [vsix] = readdirSync(out);
  assert.match(vsix ?? '', new RegExp(`^quirl-\\d+\\.\\d+\\.\\d+-${here}\\.vsix$`));
  const manifest = spawnSync('unzip', ['-p', join(out, vsix!), 'extension.vsixmanifest'], { encoding: 'utf8' }).stdout;
  assert.match(manifest, new RegExp(`TargetPlatform="${here}"`));
  const files = spawnSync('unzip', ['-Z1', join(out, vsix!)], { encoding: 'utf8' }).stdout.split('\n');
  for (const binary of ['extension/native/build/Release/quirl_native.node', 'extension/native/build/Release/quirl-stage']) assert.ok(files.includes(binary), `${binary} in ${files.join(' ')}`);
});
