// The loader: where it looks, and what it says when the addon is missing or unloadable.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { addonDirectories, loadAddon } from '../../native';

const ROOT = path.resolve(__dirname, '..', '..');

function loadError(directories: string[]): Error & { code?: string } {
  try {
    loadAddon(directories);
  } catch (error) {
    return error as Error & { code?: string };
  }
  return assert.fail('loadAddon did not throw');
}

describe('loader', () => {
  test('looks next to the running module, then in native/build/Release, then native/build/Debug', () => {
    assert.deepEqual(addonDirectories(), [
      path.join(ROOT, 'native'),
      path.join(ROOT, 'native', 'build', 'Release'),
      path.join(ROOT, 'native', 'build', 'Debug'),
    ]);
  });

  test('loads the built addon with every function of the contract', () => {
    const binding = loadAddon(addonDirectories());
    const names = ['spawn', 'spawnStaged', 'releaseStaged', 'abandonStaged', 'waitPid', 'reapKilled', 'kill', 'killpg', 'getpgid',
      'getpgrp', 'setpgid', 'tcgetpgrp', 'tcsetpgrp', 'tcgetattr', 'tcsetattr', 'setSignalDisposition', 'pipe', 'open', 'close',
      'setBlocking', 'readTimeout'];
    for (const name of names) assert.equal(typeof (binding as unknown as Record<string, unknown>)[name], 'function', name);
  });

  test('a missing addon throws NativeAddonMissing naming every place it looked and how to rebuild', () => {
    const error = loadError(['/nonexistent/a', '/nonexistent/b']);
    assert.equal(error.code, 'NativeAddonMissing');
    assert.match(error.message, /\/nonexistent\/a\/quirl_native\.node \(not found\)/);
    assert.match(error.message, /\/nonexistent\/b\/quirl_native\.node \(not found\)/);
    assert.ok(error.message.endsWith(`run \`npm install\` (or \`npm run build\`) in ${ROOT}`), error.message);
    assert.doesNotMatch(error.message, /\n\s+at /, 'no stack in the message');
  });

  test('an addon file that fails to load is reported in one line, with the load error as cause', (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quirl-loader-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'quirl_native.node'), 'not an ELF file');
    const error = loadError([dir]);
    assert.equal(error.code, 'NativeAddonMissing');
    const line = error.message.split('\n').find((text) => text.includes(dir)) ?? '';
    assert.match(line, /quirl_native\.node \(.*(invalid ELF header|too short).*\)$/);
    assert.ok(error.cause instanceof Error);
  });
});
