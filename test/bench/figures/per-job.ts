// Per job, interactive: N × `true` typed at the prompt through a PTY, Enter → next prompt; one
// sample is one run's mean per job. One session per shell for the whole figure.
import { planOf, type FigureRunner } from '../context';
import { interleaved, withSessions } from '../rounds';

export const perJobFigure: FigureRunner = async (context) => {
  const { jobs } = context.config;
  const subjects = [context.quirl, ...context.references];
  const outcomes = await withSessions(subjects, (session) =>
    interleaved(subjects, planOf(context, 'job'), async (subject) => {
      const sh = await session(subject);
      let total = 0;
      for (let i = 0; i < jobs; i++) {
        const [typedAt, promptAt] = await sh.run('true');
        total += promptAt - typedAt;
      }
      return total / jobs;
    }),
  );
  return [{ id: 'job', title: `per job, interactive (${jobs} × true)`, unit: 'ms', goal: { kind: 'ratio', against: 'bash', max: 1.1 }, subjects: outcomes }];
};
