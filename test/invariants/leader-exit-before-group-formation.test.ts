// Contract: "Leader exit before group formation: the parent verifies each child's process-group
// membership after spawn. It never continues with an assumed group, and cleanup addresses both
// the group and each direct child so a fast leader cannot strand later stages."
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoChildrenLeft, external, newExecutor, pipeline, quiet } from '../support/pipelines';

test('leader exit before group formation: 300 fast leaders never strand a later stage', async () => {
  const executor = newExecutor();
  for (let run = 0; run < 300; run += 1) {
    const outcome = await executor.executeInteractiveRequest(quiet(external(['true']), external(['true']), external(['true'])));
    assert.equal(outcome.status, 0, `run ${run}`);
  }
  assert.equal(executor.jobs.size, 0);
  await assertNoChildrenLeft();
});

test('leader exit before group formation: every stage joins the leader\'s group, even once the leader has exited', async () => {
  const executor = newExecutor();
  for (let run = 0; run < 50; run += 1) {
    // The leader says who it is and exits at once; the second stage reports the group it is in.
    const outcome = await executor.executeCaptureRequest(
      pipeline(external(['sh', '-c', 'echo $$ >&2']), external(['sh', '-c', 'sleep 0.01; cut -d" " -f5 /proc/$$/stat'])),
      { maxBytes: 64 },
    );
    const leader = Number(outcome.stderr.data.toString().trim());
    const group = Number(outcome.stdout.data.toString().trim());
    assert.ok(leader > 0, `run ${run}: the leader reported ${JSON.stringify(outcome.stderr.data.toString())}`);
    assert.equal(group, leader, `run ${run}: the later stage is in the leader's group`);
  }
  await assertNoChildrenLeft();
});
