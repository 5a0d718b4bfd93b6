// Paths, arguments and environment entries reach the system as their bytes: the wrapper encodes
// each string with shell/bytes.ts and the addon reads Buffers, so an escaped byte (U+DC80 +
// byte - 0x80) becomes that byte, not the EF BF BD a string's UTF-8 would make of it.
import { strict as assert } from 'node:assert';
import { constants, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { native } from '../../native';
import { Scope, nativeErrorLike, waitForExec } from './helpers';

/** The escape of one byte, as shell/bytes.ts decodes it. */
const escaped = (byte: number): string => String.fromCharCode(0xdc00 + byte);

/** NUL-separated /proc/<pid>/cmdline or environ, each entry as its bytes. */
function procBytes(pid: number, file: 'cmdline' | 'environ'): Buffer[] {
  const data = readFileSync(`/proc/${pid}/${file}`);
  const entries: Buffer[] = [];
  for (let start = 0; start < data.length; ) {
    const end = data.indexOf(0, start);
    entries.push(data.subarray(start, end));
    start = end + 1;
  }
  return entries;
}

const dir = mkdtempSync(path.join(tmpdir(), 'quirl-bytes-'));
/** A directory whose name is the byte 0xff, made with a Buffer path. */
const byteDirectory = Buffer.concat([Buffer.from(`${dir}/d`), Buffer.of(0xff)]);
mkdirSync(byteDirectory);

describe('the addon takes bytes', () => {
  test('spawn: argv, env and cwd with escaped bytes reach the child as those bytes', async (t) => {
    const scope = new Scope(t);
    // The shell stays (it forks sleep, which is not its last command), so its arguments stay to be read.
    const argv = ['sh', '-c', '/bin/sleep 60; exit', `a${escaped(0xff)}`, `é${escaped(0xc3)}`];
    const env = [`V=${escaped(0xfe)}`, 'W=é'];
    const pid = native.spawn({ ...scope.options(['/bin/sh']), argv, env, cwd: `${dir}/d${escaped(0xff)}` });
    scope.adopt(pid);
    await waitForExec(pid, '/bin/sh');
    const fixed = ['sh', '-c', '/bin/sleep 60; exit'].map((arg) => Buffer.from(arg));
    assert.deepEqual(procBytes(pid, 'cmdline'), [...fixed, Buffer.from('61ff', 'hex'), Buffer.from('c3a9c3', 'hex')]);
    assert.deepEqual(procBytes(pid, 'environ'), [Buffer.from('563dfe', 'hex'), Buffer.from('W=é')]);
    assert.deepEqual(readlinkSync(`/proc/${pid}/cwd`, { encoding: 'buffer' }), byteDirectory);
  });

  test('spawnStaged and releaseStaged: the guest gets its argv and env as bytes', async (t) => {
    const scope = new Scope(t);
    const child = scope.spawnStaged(['/bin/sh', '-c', '/bin/sleep 60; exit', `a${escaped(0x80)}`], { env: [`V=a${escaped(0xed)}${escaped(0xa0)}${escaped(0x80)}`] });
    scope.release(child);
    await waitForExec(child.pid, '/bin/sh');
    const fixed = ['/bin/sh', '-c', '/bin/sleep 60; exit'].map((arg) => Buffer.from(arg));
    assert.deepEqual(procBytes(child.pid, 'cmdline'), [...fixed, Buffer.from('6180', 'hex')]);
    assert.deepEqual(procBytes(child.pid, 'environ'), [Buffer.from('563d61eda080', 'hex')]);
  });

  test('a staged guest whose program is missing fails with execve, once released', (t) => {
    const scope = new Scope(t);
    const file = `${dir}/missing${escaped(0xff)}`;
    const child = scope.spawnStaged([file]);
    assert.throws(() => scope.release(child), nativeErrorLike({ code: 'ENOENT', syscall: 'execve' }));
  });

  test('open: a path with an escaped byte names the file whose name has that byte', (t) => {
    const scope = new Scope(t);
    scope.own(native.open(`${dir}/f${escaped(0xfe)}`, constants.O_WRONLY | constants.O_CREAT, 0o644));
    assert.deepEqual(
      readdirSync(dir, { encoding: 'buffer' }).filter((name) => name[0] === 0x66),
      [Buffer.from('66fe', 'hex')],
    );
  });

  test.after(() => rmSync(dir, { recursive: true, force: true }));
});
