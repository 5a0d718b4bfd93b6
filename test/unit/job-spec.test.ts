import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobOrder, resolveJobSpec, type NamedJob } from '../../shell/jobs/spec';
import { isShellError } from '../../shell/errors';

const jobs: NamedJob[] = [
  { id: 1, command: 'sleep 30' },
  { id: 2, command: 'vim notes.txt' },
  { id: 3, command: 'sleep 40 | cat' },
];

function order(...recent: number[]): JobOrder {
  const result = new JobOrder();
  for (const id of [...recent].reverse()) result.touch(id);
  return result;
}

const rows: { spec: string; recent: number[]; want: number | RegExp }[] = [
  { spec: '%1', recent: [], want: 1 },
  { spec: '2', recent: [], want: 2 },
  { spec: '%+', recent: [2, 1], want: 2 },
  { spec: '%%', recent: [1, 2], want: 1 },
  { spec: '%', recent: [3], want: 3 },
  { spec: '%-', recent: [2, 1], want: 1 },
  { spec: '%+', recent: [], want: 3 },
  { spec: '%-', recent: [], want: 2 },
  { spec: '%vim', recent: [], want: 2 },
  { spec: '%?notes', recent: [], want: 2 },
  { spec: '%?cat', recent: [], want: 3 },
  { spec: '%sleep', recent: [], want: /ambiguous job spec/ },
  { spec: '%?sleep', recent: [], want: /ambiguous job spec/ },
  { spec: '%9', recent: [], want: /%9: no such job/ },
  { spec: '%emacs', recent: [], want: /no such job/ },
];

for (const row of rows) {
  test(`job spec ${row.spec} with recent [${row.recent.join(',')}]`, () => {
    const resolve = () => resolveJobSpec(row.spec, jobs, order(...row.recent), 'fg');
    if (typeof row.want === 'number') assert.equal(resolve().id, row.want);
    else assert.throws(resolve, (error) => isShellError(error, 'Usage') && (row.want as RegExp).test(error.message) && error.status === 1);
  });
}

test('job marks: + for current, - for previous, blank otherwise', () => {
  const recent = order(3, 1);
  assert.deepEqual(jobs.map((job) => recent.mark(job, jobs)), ['-', ' ', '+']);
});
