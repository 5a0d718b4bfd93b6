// Memory: idle RSS at the prompt (after one command) against a bare node + readline; and the RSS
// growth of a shell holding N retained jobs. "Retained" as shell/jobs/table.ts means it: records
// of live jobs (a finished background job is reported at the next prompt and forgotten), so the
// jobs are N `sleep` background jobs that outlive the measure; they are then killed by pid and the
// shell must be back to only itself before it exits. Quirl's live JavaScript heap per retained
// job is read from heap snapshots (heap-snapshot.ts), in shells of their own: a snapshot's own
// allocations would be reused by the jobs' and hide part of their RSS growth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planOf, type FigureContext, type FigureRunner } from '../context';
import { heapSnapshotFlags, liveHeapBytes } from '../heap-snapshot';
import type { SubjectOutcome } from '../model';
import { PtySession, BenchError } from '../pty-session';
import { interleaved } from '../rounds';
import { rssMiB } from '../rss';
import { BARE_NODE, quirlProfileSubject, type Subject } from '../subjects';
import { allProcs } from '../../pty/proc';

/** Background jobs typed per command line. */
const JOBS_PER_LINE = 64;
/** Time for a garbage collector or lazy frees to settle before RSS is read (this is a bench, not a test). */
const SETTLE_MS = 500;

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

export const idleFigure: FigureRunner = async (context) => {
  const subjects = [context.quirl, context.quirlProfile, context.bareNode, ...context.references];
  const outcomes = await interleaved(subjects, planOf(context, 'idle'), async (subject) => {
    const { session } = await PtySession.start(subject);
    try {
      await session.run('true');
      await settle();
      return rssMiB(session.pid);
    } finally {
      await session.close();
    }
  });
  return [{ id: 'idle', title: 'idle RSS', unit: 'MiB', goal: { kind: 'ratio', against: BARE_NODE, max: 1.2 }, subjects: outcomes }];
};

/** The session's processes other than the shell, still alive. */
function jobProcesses(session: PtySession): number[] {
  return allProcs()
    .filter((p) => p.sid === session.pid && p.pid !== session.pid && p.state !== 'Z')
    .map((p) => p.pid);
}

/** The live `sleep` processes of the session: the retained jobs. */
function sessionSleeps(session: PtySession): number[] {
  return allProcs()
    .filter((p) => p.sid === session.pid && p.state !== 'Z' && p.comm === 'sleep')
    .map((p) => p.pid);
}

async function endJobs(session: PtySession): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const pid of sessionSleeps(session)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    // An empty line lets the shell report the jobs and forget them.
    await session.run('');
    if (jobProcesses(session).length === 0) return;
    if (Date.now() > deadline) throw new BenchError('Timeout', `processes left after the retained jobs were killed: ${jobProcesses(session).join(' ')}`);
    await settle();
  }
}

/** Starts `retained` background sleeps in a fresh session of `subject`, runs `measure` around them, and ends them. */
async function aroundRetainedJobs(
  subject: Subject,
  retained: number,
  measure: (session: PtySession) => Promise<() => Promise<number>>,
): Promise<number> {
  const { session: sh } = await PtySession.start(subject);
  try {
    await sh.run('true');
    await settle();
    const after = await measure(sh);
    for (let started = 0; started < retained; started += JOBS_PER_LINE) {
      await sh.run('sleep 600 & '.repeat(Math.min(JOBS_PER_LINE, retained - started)).trimEnd());
    }
    await settle();
    // A shell that refused some jobs (or lost them) would look leaner than it is.
    const sleeping = sessionSleeps(sh).length;
    if (sleeping !== retained) throw new BenchError('Unexpected', `${subject.name}: ${sleeping} of ${retained} background jobs are running`);
    return await after();
  } finally {
    await endJobs(sh);
    await sh.close();
  }
}

/** Quirl's live heap growth per retained job, in KiB, one fresh shell per run. */
async function heapPerJob(context: FigureContext, retained: number): Promise<SubjectOutcome[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quirl-bench-heap-'));
  try {
    // node's own flags make the snapshot: Quirl as the profile launches it, which takes them.
    const quirl: Subject = { ...quirlProfileSubject(heapSnapshotFlags(dir)), name: context.quirl.name };
    return await interleaved([quirl], planOf(context, 'retained'), (subject) =>
      aroundRetainedJobs(subject, retained, async (sh) => {
        const before = await liveHeapBytes(sh.pid, dir);
        return async () => ((await liveHeapBytes(sh.pid, dir)) - before) / retained / 1024;
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const retainedFigure: FigureRunner = async (context) => {
  const { retained } = context.config;
  const subjects = [context.quirl, ...context.references.filter((s) => s.name === 'bash')];
  // A fresh shell per run, as for idle RSS: in a shell that ran the warm-up, the heap the first
  // 1,024 jobs grew may be given back during the measured run, and the growth read below zero.
  const outcomes = await interleaved(subjects, planOf(context, 'retained'), (subject) =>
    aroundRetainedJobs(subject, retained, async (sh) => {
      const before = rssMiB(sh.pid);
      return async () => rssMiB(sh.pid) - before;
    }),
  );
  const heap = await heapPerJob(context, retained);
  return [
    { id: 'retained', title: `RSS growth with ${retained} retained jobs`, unit: 'MiB', goal: { kind: 'absolute', max: 16 }, subjects: outcomes },
    { id: 'retained-heap', title: `live JS heap per retained job (${retained} jobs)`, unit: 'KiB', goal: { kind: 'absolute', max: 2.5 }, subjects: heap },
  ];
};
