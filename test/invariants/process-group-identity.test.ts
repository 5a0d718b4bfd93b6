// Contract: "Process-group identity: every Unix group has a dedicated direct-child anchor member
// before guest code can run. The anchor stays unreaped while any group signal is possible ...
// Cleanup signals the group once while the anchor is owned, then kills and reaps the anchor and
// never addresses that PGID again."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANCHOR_SCRIPT } from '../../shell/exec/anchor';
import { cmdline, groupMembers, readStat, waitFor } from '../support/proc';
import { assertNoChildrenLeft, external, newExecutor, pipeline, quiet } from '../support/pipelines';

/** Prints, at the guest's first instruction, the command lines of every process in its group. */
const LIST_GROUP = `
const fs = require('fs');
const pgid = Number(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[2]);
const members = [];
for (const name of fs.readdirSync('/proc')) {
  if (!/^[0-9]+$/.test(name)) continue;
  try {
    const stat = fs.readFileSync('/proc/' + name + '/stat', 'utf8');
    if (Number(stat.split(') ')[1].split(' ')[2]) === pgid)
      members.push({ pid: Number(name), ppid: Number(stat.split(') ')[1].split(' ')[1]), argv: fs.readFileSync('/proc/' + name + '/cmdline', 'utf8').split('\\0') });
  } catch {}
}
process.stdout.write(JSON.stringify({ self: process.pid, pgid, members }));
`;

test('process-group identity: the anchor is a group member, a direct child of the shell, before the first guest instruction', async () => {
  const executor = newExecutor();
  const outcome = await executor.executeCaptureRequest(
    pipeline(external([process.execPath, '-e', LIST_GROUP])),
    { maxBytes: 1 << 20 },
  );
  assert.equal(outcome.status, 0, outcome.stderr.data.toString());
  const seen = JSON.parse(outcome.stdout.data.toString()) as {
    self: number;
    pgid: number;
    members: { pid: number; ppid: number; argv: string[] }[];
  };
  assert.equal(seen.pgid, seen.self, 'the first stage leads its group');
  const anchor = seen.members.find((member) => member.argv.includes(ANCHOR_SCRIPT));
  assert.ok(anchor, `no anchor in the group at the guest's start: ${JSON.stringify(seen.members)}`);
  assert.equal(anchor.ppid, process.pid, 'the anchor is a direct child of the shell');
  await assertNoChildrenLeft();
});

test('process-group identity: the anchor stays while the job runs, and is killed and reaped when it ends', async () => {
  const executor = newExecutor();
  const job = executor.startBackground(quiet(external(['sleep', '30'])));
  const pgid = job.pgid as number;
  const anchorPid = job.group?.anchor.pid as number;
  assert.deepEqual(
    groupMembers(pgid).map((member) => member.pid).sort(),
    [pgid, anchorPid].sort(),
    'the group is the guest and its anchor',
  );
  assert.equal(readStat(anchorPid)?.ppid, process.pid);
  assert.ok(cmdline(anchorPid).includes(ANCHOR_SCRIPT));
  job.signal(15);
  const state = await job.whenDone();
  assert.equal(state.kind === 'done' && state.status, 143);
  assert.equal(readStat(anchorPid), undefined, 'the anchor is reaped once the job is done');
  assert.equal(job.group?.isReleased, true, 'the PGID is released');
  assert.throws(() => job.group?.signal(0), /no longer owned/, 'a released PGID is never addressed again');
  await assertNoChildrenLeft();
});

test('process-group identity: a guest that escapes into the background is terminated with the group when its job ends', async () => {
  const executor = newExecutor();
  const job = executor.startBackground(quiet(external(['sh', '-c', 'sleep 300 & echo started'])));
  const pgid = job.pgid as number;
  await job.whenDone();
  // SIGKILL was sent to the group before the job completed; under load the escaped sleep may take
  // a moment to die, and init (its new parent) reaps it in its own time.
  await waitFor('the escaped grandchild to be gone', () => groupMembers(pgid).length === 0);
  await assertNoChildrenLeft();
});
