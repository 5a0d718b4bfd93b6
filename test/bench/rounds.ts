// Repeated runs, interleaved: each round measures every subject once, so that the machine's noise
// (others' tests, on a shared 2-core box) falls on all subjects alike. A subject that fails is
// reported as not measured, with the reason, and the others carry on.
import type { SubjectOutcome } from './model';
import { PtySession } from './pty-session';
import type { Subject } from './subjects';

export interface RoundPlan {
  readonly warmup: number;
  readonly runs: number;
  readonly log: (message: string) => void;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] as string;
}

/** Runs `measure` once per subject per round, warm-up rounds first; returns each subject's samples. */
export async function interleaved<S extends { readonly name: string }>(
  subjects: readonly S[],
  plan: RoundPlan,
  measure: (subject: S, round: number) => Promise<number>,
): Promise<SubjectOutcome[]> {
  const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  const failed = new Map<string, string>();
  for (let round = -plan.warmup; round < plan.runs; round++) {
    for (const subject of subjects) {
      if (failed.has(subject.name)) continue;
      try {
        const value = await measure(subject, round);
        if (round >= 0) (samples.get(subject.name) as number[]).push(value);
      } catch (error) {
        failed.set(subject.name, firstLine(error));
        plan.log(`  ${subject.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return subjects.map((s): SubjectOutcome => {
    const reason = failed.get(s.name);
    return reason === undefined ? { kind: 'measured', subject: s.name, samples: samples.get(s.name) as number[] } : { kind: 'skipped', subject: s.name, reason };
  });
}

/**
 * Opens one PTY session per subject for the whole figure (a subject that cannot start is measured
 * as failing), runs `body`, and closes every session however it ends.
 */
export async function withSessions<T>(subjects: readonly Subject[], body: (session: (subject: Subject) => Promise<PtySession>) => Promise<T>): Promise<T> {
  const sessions = new Map<string, Promise<PtySession>>();
  const session = (subject: Subject): Promise<PtySession> => {
    let started = sessions.get(subject.name);
    if (started === undefined) {
      started = PtySession.start(subject).then(({ session: s }) => s);
      sessions.set(subject.name, started);
    }
    return started;
  };
  try {
    return await body(session);
  } finally {
    for (const started of sessions.values()) {
      const s = await started.catch(() => undefined);
      await s?.close();
    }
  }
}
