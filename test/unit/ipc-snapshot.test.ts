import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '../../shell/exec/job';
import { FrameGuard } from '../../shell/ipc/frames';
import { MAX_COMMAND_LENGTH } from '../../shell/ipc/protocol';
import { snapshotJob, snapshotJobs, type SnapshotSource } from '../../shell/ipc/snapshot';

// The exec Job is what the loop will snapshot; this fails to compile if the two drift apart.
const _jobIsASource = (job: Job): SnapshotSource => job;

test('ipc snapshot: a running pipeline with pgid, member pids and states', () => {
  const snapshot = snapshotJob({
    id: 3,
    command: 'sleep 10 | echo hi',
    pgid: 4242,
    state: { kind: 'running' },
    processes: [
      { pid: 4242, command: 'sleep 10', state: { kind: 'running' } },
      { pid: null, command: 'echo hi', state: { kind: 'exited', code: 0 } },
    ],
  });
  assert.deepEqual(snapshot, {
    id: 3,
    command: 'sleep 10 | echo hi',
    commandTruncated: false,
    pgid: 4242,
    state: { kind: 'running' },
    processes: [
      { pid: 4242, command: 'sleep 10', state: { kind: 'running' } },
      { pid: null, command: 'echo hi', state: { kind: 'exited', code: 0 } },
    ],
  });
  assert.deepEqual(JSON.parse(JSON.stringify(snapshot)), snapshot, 'plain JSON');
});

test('ipc snapshot: stopped and signalled states name their signal; done carries $?', () => {
  const stopped = snapshotJob({ id: 1, command: 'vim', pgid: 7, state: { kind: 'stopped', signal: 20 }, processes: [{ pid: 7, command: 'vim', state: { kind: 'stopped', signal: 20 } }] });
  assert.deepEqual(stopped.state, { kind: 'stopped', signal: 'TSTP' });
  assert.deepEqual(stopped.processes[0]?.state, { kind: 'stopped', signal: 'TSTP' });
  const killed = snapshotJob({
    id: 2,
    command: 'yes',
    pgid: undefined,
    state: { kind: 'done', status: 137, last: { kind: 'signaled', signal: 9, coreDumped: false } },
    processes: [{ pid: 8, command: 'yes', state: { kind: 'signaled', signal: 9, coreDumped: false } }],
  });
  assert.deepEqual(killed.state, { kind: 'done', status: 137, signal: 'KILL' });
  assert.deepEqual(killed.processes[0]?.state, { kind: 'signaled', signal: 'KILL', coreDumped: false });
  assert.equal(killed.pgid, null);
  const exited = snapshotJob({ id: 3, command: 'false', pgid: 9, state: { kind: 'done', status: 1, last: { kind: 'exited', code: 1 } }, processes: [] });
  assert.deepEqual(exited.state, { kind: 'done', status: 1 });
});

test('ipc snapshot: long command text is cut, never inside a surrogate pair', () => {
  const long = `${'a'.repeat(MAX_COMMAND_LENGTH - 1)}😀tail`;
  const snapshot = snapshotJob({ id: 1, command: long, pgid: 1, state: { kind: 'running' }, processes: [{ pid: 1, command: long, state: { kind: 'running' } }] });
  assert.equal(snapshot.commandTruncated, true);
  assert.equal(snapshot.command, 'a'.repeat(MAX_COMMAND_LENGTH - 1));
  assert.equal(snapshot.processes[0]?.command, snapshot.command);
  assert.equal(snapshotJob({ id: 1, command: 'a'.repeat(MAX_COMMAND_LENGTH), pgid: 1, state: { kind: 'running' }, processes: [] }).commandTruncated, false);
});

test('ipc snapshot: the table is in id order', () => {
  const source = (id: number): SnapshotSource => ({ id, command: 'x', pgid: id, state: { kind: 'running' }, processes: [] });
  assert.deepEqual(snapshotJobs([source(3), source(1), source(2)]).map((job) => job.id), [1, 2, 3]);
});

test('ipc frames: frames split anywhere, or many in one chunk, pass', () => {
  const frame = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const stream = Buffer.from(frame('{"a":1}') + frame('') + frame('{"é":2}') + frame('{}'));
  for (let cut = 0; cut <= stream.length; cut += 1) {
    const guard = new FrameGuard(64);
    assert.ok(guard.accept(stream.subarray(0, cut)) && guard.accept(stream.subarray(cut)), `cut at ${cut}: ${guard.failure}`);
  }
  const byteByByte = new FrameGuard(64);
  for (const byte of stream) assert.ok(byteByByte.accept(Buffer.from([byte])));
});

test('ipc frames: an oversized, unframed or endless header is refused, and stays refused', () => {
  const oversized = new FrameGuard(64);
  assert.equal(oversized.accept(Buffer.from('content-length: 65\r\n\r\n')), false);
  assert.match(oversized.failure ?? '', /65 bytes/);
  assert.equal(oversized.accept(Buffer.from('Content-Length: 1\r\n\r\n{')), false);
  assert.equal(new FrameGuard(64).accept(Buffer.from('Content-Length: 64\r\n\r\n')), true, 'the limit itself is allowed');
  assert.equal(new FrameGuard(64).accept(Buffer.from('Content-Length: -1\r\n\r\n')), false);
  assert.equal(new FrameGuard(64).accept(Buffer.from('Content-Type: a\r\n\r\n')), false);
  const endless = new FrameGuard(64);
  for (let index = 0; index < 8; index += 1) assert.equal(endless.accept(Buffer.alloc(1024, 'x')), true);
  assert.equal(endless.accept(Buffer.from('x')), false);
});
