// writeAll and readRecord: blocking I/O on threads of the addon's own ("quirl-io" in /proc),
// never libuv's pool, cancellable, joined once settled, and never consuming past a record.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { constants } from 'node:fs';
import { native, type BlockingOperation, type ReadRecordOptions, type RecordRead } from '../../native';
import { Scope, nativeErrorLike, waitFor } from './helpers';

/** The addon's I/O threads alive in this process. */
function ioThreads(): number {
  return readdirSync('/proc/self/task').filter((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'quirl-io';
    } catch {
      return false; // Ended while listed.
    }
  }).length;
}

async function noIoThreadsLeft(): Promise<void> {
  await waitFor('every quirl-io thread to be joined', () => (ioThreads() === 0 ? true : undefined));
}

/** The offset of a descriptor, from /proc/self/fdinfo. */
function offsetOf(fd: number): number {
  return Number(/^pos:\s*(\d+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1]);
}

/** Reads whatever a pipe holds now (its writer closed), to see what a record left behind. */
function rest(fd: number): string {
  const buffer = Buffer.alloc(4096);
  let text = '';
  for (let count = readSync(fd, buffer); count > 0; count = readSync(fd, buffer)) text += buffer.toString('utf8', 0, count);
  return text;
}

/** A file holding `text`, in a temporary directory removed after the test. */
function tempFile(t: TestContext, text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-read-'));
  t.after(() => rmSync(directory, { recursive: true }));
  const file = join(directory, 'lines');
  writeFileSync(file, text);
  return file;
}

const LINE = { delimiter: 0x0a, maxBytes: 1 << 20, timeoutMs: null } as const;

/** A record readRecord read at once, on this thread: fails when it left the read to a thread. */
function now(fd: number, options: ReadRecordOptions): RecordRead {
  const reading = native.readRecord(fd, options);
  assert.ok(!('done' in reading), 'read at once, without a thread');
  return reading;
}

/** A read readRecord left to a thread: fails when it settled at once. */
function pending(fd: number, options: ReadRecordOptions): BlockingOperation<RecordRead> {
  const reading = native.readRecord(fd, options);
  assert.ok('done' in reading, 'left to a thread');
  return reading;
}

describe('writeAll', () => {
  test('writes all of a large buffer into a pipe that is read meanwhile, in order', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    const data = Buffer.alloc(3 << 20);
    for (let i = 0; i < data.length; i += 1) data[i] = i % 251;
    const writing = native.writeAll(write, data);
    // Read on this thread, blocking it: the writer goes on regardless, on its own.
    const received = Buffer.alloc(data.length);
    for (let total = 0; total < data.length; ) total += readSync(read, received, total, data.length - total, null);
    await writing.done;
    assert.ok(received.equals(data));
    await noIoThreadsLeft();
  });

  test('a writer whose reader never reads waits, leaving the pipe flags alone, until cancelled', async (t) => {
    const scope = new Scope(t);
    const { write } = scope.pipe();
    const flags = readFileSync(`/proc/self/fdinfo/${write}`, 'utf8');
    const writing = native.writeAll(write, Buffer.alloc(1 << 20, 0x61));
    let settled = false;
    writing.done.then(
      () => (settled = true),
      () => (settled = true),
    );
    await waitFor('the writer thread to be running', () => (ioThreads() === 1 ? true : undefined));
    // A full turn of timers later it still waits: the pipe is full and nobody reads.
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(settled, false);
    assert.equal(readFileSync(`/proc/self/fdinfo/${write}`, 'utf8'), flags, 'no O_NONBLOCK set on the shared description');
    writing.cancel();
    await assert.rejects(writing.done, nativeErrorLike({ code: 'ECANCELED', syscall: 'writeAll' }));
    await noIoThreadsLeft();
    writing.cancel(); // Settled: a no-op.
  });

  test('16 writers blocked on full pipes stall neither the event loop nor node\'s thread pool', async (t) => {
    const scope = new Scope(t);
    const writers = Array.from({ length: 16 }, () => native.writeAll(scope.pipe().write, Buffer.alloc(1 << 20)));
    const outcomes = writers.map((writer) => writer.done.catch((error: unknown) => error));
    await waitFor('16 writer threads', () => (ioThreads() === 16 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1)); // a timer still fires
    await stat('/'); // and an fs call still gets one of libuv's four threads
    for (const writer of writers) writer.cancel();
    for (const outcome of await Promise.all(outcomes)) assert.equal((outcome as NodeJS.ErrnoException).code, 'ECANCELED');
    await noIoThreadsLeft();
  });

  test('a reader gone is EPIPE from write', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    scope.close(read);
    await assert.rejects(native.writeAll(write, Buffer.from('x')).done, nativeErrorLike({ code: 'EPIPE', syscall: 'write' }));
  });

  test('a descriptor that is not open is EBADF', async () => {
    await assert.rejects(native.writeAll(999_999, Buffer.from('x')).done, nativeErrorLike({ code: 'EBADF' }));
    await noIoThreadsLeft();
  });

  test('arguments are checked before calling in', () => {
    assert.throws(() => native.writeAll(-1, Buffer.alloc(1)), { name: 'TypeError', message: /native\.writeAll: fd/ });
    assert.throws(() => native.writeAll(1, 'text' as unknown as Buffer), { name: 'TypeError', message: /native\.writeAll: data/ });
  });
});

describe('readRecord', () => {
  test('reads one line of a pipe at once, without a thread, and leaves the rest unread', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('a\nb\nc\n')).done;
    // The writer stays open: only the delimiter, not EOF, can end the record.
    const first = now(read, LINE);
    assert.deepEqual([first.data.toString(), first.end, ioThreads()], ['a', 'delimiter', 0]);
    const second = now(read, LINE);
    assert.equal(second.data.toString(), 'b');
    scope.close(write);
    assert.equal(rest(read), 'c\n');
  });

  test('a pipe is read ahead without consuming past a record: long and short lines, the rest left to the next reader', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    const long = 'y'.repeat(5000); // longer than one look-ahead
    await native.writeAll(write, Buffer.from(`${long}\nshort\n\nlast\nafter`)).done;
    assert.equal(now(read, LINE).data.toString(), long);
    assert.equal(now(read, LINE).data.toString(), 'short');
    assert.deepEqual([now(read, LINE).data.toString(), ioThreads()], ['', 0]);
    assert.equal(now(read, { delimiter: 0x0a, maxBytes: 2, timeoutMs: null }).data.toString(), 'la');
    scope.close(write);
    assert.equal(rest(read), 'st\nafter');
  });

  test('a descriptor number that was a file and is now a pipe is read as a pipe', async (t) => {
    const scope = new Scope(t);
    const fd = native.open(tempFile(t, 'file\nrest\n'), constants.O_RDONLY, 0);
    assert.equal(now(fd, LINE).data.toString(), 'file');
    native.close(fd);
    const { read, write } = scope.pipe();
    assert.equal(read, fd, 'the lowest free number again');
    await native.writeAll(write, Buffer.from('pipe\nmore\n')).done;
    assert.equal(now(read, LINE).data.toString(), 'pipe');
    scope.close(write);
    assert.equal(rest(read), 'more\n');
  });

  test('a FIFO opened before its writer waits for the writer, not taken for EOF', async (t) => {
    const scope = new Scope(t);
    const fifo = join(tempFile(t, ''), '..', 'fifo');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const read = scope.own(native.open(fifo, constants.O_RDONLY | constants.O_NONBLOCK, 0));
    const reading = pending(read, LINE);
    const write = scope.own(native.open(fifo, constants.O_WRONLY, 0));
    await native.writeAll(write, Buffer.from('through\n')).done;
    assert.deepEqual(await reading.done, { data: Buffer.from('through'), end: 'delimiter' });
  });

  test('a socket, which tee(2) refuses, is read a byte at a time, leaving the rest', () => {
    // libuv gives a child's stdin as one end of a socketpair.
    const script = `
      const { native } = require(${JSON.stringify(join(__dirname, '..', '..', 'native'))});
      const fs = require('node:fs');
      if (!fs.fstatSync(0).isSocket()) throw new Error('stdin is not a socket');
      const line = { delimiter: 10, maxBytes: 100, timeoutMs: null };
      const first = native.readRecord(0, line);
      const second = native.readRecord(0, line);
      process.stdout.write(JSON.stringify([first.data.toString(), second.data.toString(), fs.readFileSync(0, 'utf8')]));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { input: 'one\ntwo\nthree\n', encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.stderr, '');
    assert.deepEqual(JSON.parse(result.stdout), ['one', 'two', 'three\n']);
  });

  test('the look-ahead pipe is made as the addon loads, close-on-exec, and reads open no descriptor', () => {
    const script = `
      const { native } = require(${JSON.stringify(join(__dirname, '..', '..', 'native'))});
      const fs = require('node:fs');
      // The listing's own directory descriptor is gone once listed.
      const open = () => fs.readdirSync('/proc/self/fd').filter((fd) => fs.existsSync('/proc/self/fdinfo/' + fd));
      const unloaded = new Set(open());
      const { read, write } = native.pipe(); // loads the addon
      const made = open().filter((fd) => !unloaded.has(fd) && fd !== String(read) && fd !== String(write));
      fs.writeSync(write, 'a\\nb\\nc\\n');
      const loaded = new Set(open());
      native.readRecord(read, { delimiter: 10, maxBytes: 100, timeoutMs: null });
      native.readRecord(read, { delimiter: 10, maxBytes: 100, timeoutMs: null });
      const flags = made.map((fd) => Number.parseInt(/^flags:\\s*(\\d+)/m.exec(fs.readFileSync('/proc/self/fdinfo/' + fd, 'utf8'))[1], 8));
      process.stdout.write(JSON.stringify({ made: made.length, opened: open().filter((fd) => !loaded.has(fd)).map((fd) => fs.readlinkSync('/proc/self/fd/' + fd)), cloexec: flags.every((f) => (f & 0o2000000) !== 0) }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.stderr, '');
    assert.deepEqual(JSON.parse(result.stdout), { made: 2, opened: [], cloexec: true });
  });

  test('EOF without a delimiter ends the record at once, and again with nothing', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('x\ntail')).done;
    scope.close(write);
    assert.equal(now(read, LINE).data.toString(), 'x');
    const last = now(read, LINE);
    assert.deepEqual([last.data.toString(), last.end], ['tail', 'eof']);
    const after = now(read, LINE);
    assert.deepEqual([after.data.toString(), after.end], ['', 'eof']);
  });

  test('a record split across two writes is finished on a thread, its first part kept', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('par')).done;
    const reading = pending(read, LINE);
    // The second part is written only once the thread waits for it: the pause is real.
    await waitFor('the reader thread to be running', () => (ioThreads() === 1 ? true : undefined));
    await native.writeAll(write, Buffer.from('tial\nnext\n')).done;
    const record = await reading.done;
    assert.deepEqual([record.data.toString(), record.end], ['partial', 'delimiter']);
    await noIoThreadsLeft();
    scope.close(write);
    assert.equal(rest(read), 'next\n');
  });

  test('on a regular file, reads at once and leaves the offset just after the record', async (t) => {
    const scope = new Scope(t);
    const fd = scope.own(native.open(tempFile(t, `one\n${'x'.repeat(10_000)}\nthree`), constants.O_RDONLY, 0));
    const first = now(fd, LINE);
    assert.deepEqual([first.data.toString(), first.end, offsetOf(fd)], ['one', 'delimiter', 4]);
    const second = now(fd, LINE);
    assert.deepEqual([second.data.length, offsetOf(fd)], [10_000, 10_005]);
    const last = now(fd, LINE);
    assert.deepEqual([last.data.toString(), last.end, offsetOf(fd)], ['three', 'eof', 10_010]);
  });

  test('maxBytes ends a record early; a null delimiter reads to the limit or EOF', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('abc\ndef')).done;
    scope.close(write);
    const limited = now(read, { delimiter: 0x0a, maxBytes: 2, timeoutMs: null });
    assert.deepEqual([limited.data.toString(), limited.end], ['ab', 'limit']);
    const whole = now(read, { delimiter: null, maxBytes: 100, timeoutMs: null });
    assert.deepEqual([whole.data.toString(), whole.end], ['c\ndef', 'eof']);
  });

  test('a timeout returns what came in time, read at once or on the thread', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('partial')).done;
    const record = await pending(read, { ...LINE, timeoutMs: 30 }).done;
    assert.deepEqual([record.data.toString(), record.end], ['partial', 'timeout']);
    // No time to wait: what is there now, without a thread.
    await native.writeAll(write, Buffer.from('more')).done;
    const quick = now(read, { ...LINE, timeoutMs: 0 });
    assert.deepEqual([quick.data.toString(), quick.end], ['more', 'timeout']);
  });

  test('maxBytes 0 only waits for input: a poll with timeout 0, consuming nothing', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    const poll = { delimiter: null, maxBytes: 0, timeoutMs: 0 };
    assert.equal(now(read, poll).end, 'timeout');
    await native.writeAll(write, Buffer.from('x\n')).done;
    assert.equal(now(read, poll).end, 'limit');
    assert.equal(now(read, LINE).data.toString(), 'x');
  });

  test('a blocked read is cancelled at once and its thread joined', async (t) => {
    const scope = new Scope(t);
    const { read } = scope.pipe();
    const reading = pending(read, LINE);
    await waitFor('the reader thread to be running', () => (ioThreads() === 1 ? true : undefined));
    reading.cancel();
    await assert.rejects(reading.done, nativeErrorLike({ code: 'ECANCELED', syscall: 'readRecord' }));
    await noIoThreadsLeft();
  });

  test('a read cancelled with part of its record read is cancelled, and the rest left unread', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    await native.writeAll(write, Buffer.from('part')).done;
    const reading = pending(read, LINE);
    await waitFor('the reader thread to be running', () => (ioThreads() === 1 ? true : undefined));
    reading.cancel();
    await assert.rejects(reading.done, nativeErrorLike({ code: 'ECANCELED', syscall: 'readRecord' }));
    await noIoThreadsLeft();
    await native.writeAll(write, Buffer.from('next\n')).done;
    scope.close(write);
    assert.equal(rest(read), 'next\n');
  });

  test('a descriptor someone made non-blocking is waited on, not failed with EAGAIN', async (t) => {
    const scope = new Scope(t);
    const { read, write } = scope.pipe();
    native.setBlocking(read, false);
    await native.writeAll(write, Buffer.from('now\n')).done;
    assert.equal(now(read, LINE).data.toString(), 'now');
    const reading = pending(read, LINE);
    await waitFor('the reader thread to be running', () => (ioThreads() === 1 ? true : undefined));
    await native.writeAll(write, Buffer.from('late\n')).done;
    assert.equal((await reading.done).data.toString(), 'late');
  });

  test('a device (a terminal\'s kind) is read on a thread even with input there', async (t) => {
    const scope = new Scope(t);
    const fd = scope.own(native.open('/dev/zero', constants.O_RDONLY, 0));
    const record = await pending(fd, { delimiter: null, maxBytes: 3, timeoutMs: null }).done;
    assert.deepEqual([record.data, record.end], [Buffer.alloc(3), 'limit']);
  });

  test('a descriptor that is not open throws EBADF at once', () => {
    assert.throws(() => native.readRecord(999_999, LINE), nativeErrorLike({ code: 'EBADF', syscall: 'fstat' }));
  });

  test('the process exits while a read is pending', () => {
    const script = `
      const { native } = require(${JSON.stringify(join(__dirname, '..', '..', 'native'))});
      native.readRecord(native.pipe().read, { delimiter: 10, maxBytes: 10, timeoutMs: null });
      setTimeout(() => process.exit(7), 10);`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.stderr, '');
    assert.equal(result.status, 7);
  });

  test('arguments are checked before calling in', () => {
    const bad = [
      [{ ...LINE, delimiter: 256 }, /options\.delimiter/],
      [{ ...LINE, maxBytes: -1 }, /options\.maxBytes/],
      [{ ...LINE, timeoutMs: 1.5 }, /options\.timeoutMs/],
    ] as const;
    for (const [options, message] of bad) assert.throws(() => native.readRecord(0, options), { name: 'TypeError', message });
  });
});
