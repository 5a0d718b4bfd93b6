/** A retained-table record with no process behind it, for tests of the table alone. */
import type { JobId } from '../../shell/jobs/job';

export interface FakeJob {
  readonly id: JobId;
  completed: boolean;
  isCompleted(): boolean;
}

export function fakeJob(id: JobId, completed = false): FakeJob {
  return {
    id,
    completed,
    isCompleted() {
      return this.completed;
    },
  };
}
