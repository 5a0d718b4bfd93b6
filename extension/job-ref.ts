/**
 * The argument every job command takes: which shell (by pid) and which of its jobs (by number).
 * A jobs-tree job element is one; anything else passed in is not taken for one.
 */
export interface JobRef {
  readonly shellPid: number;
  readonly jobId: number;
}

export function isJobRef(value: unknown): value is JobRef {
  if (typeof value !== 'object' || value === null) return false;
  const { shellPid, jobId } = value as { shellPid?: unknown; jobId?: unknown };
  return Number.isSafeInteger(shellPid) && (shellPid as number) > 0 && Number.isSafeInteger(jobId) && (jobId as number) > 0;
}
