// Start to usable prompt: spawn in a PTY → first prompt drawn → a typed `true` runs and the next
// prompt is drawn. Against a bare node with readline on the same runtime (the goal) and the shells.
import { planOf, type FigureRunner } from '../context';
import { PtySession } from '../pty-session';
import { interleaved } from '../rounds';
import { BARE_NODE } from '../subjects';

export const startFigure: FigureRunner = async (context) => {
  const subjects = [context.quirl, context.quirlProfile, context.bareNode, ...context.references];
  const outcomes = await interleaved(subjects, planOf(context, 'start'), async (subject) => {
    const { session, startedAt } = await PtySession.start(subject);
    try {
      const [, promptAt] = await session.run('true');
      return promptAt - startedAt;
    } finally {
      await session.close();
    }
  });
  return [{ id: 'start', title: 'start → usable prompt', unit: 'ms', goal: { kind: 'ratio', against: BARE_NODE, max: 1.0 }, subjects: outcomes }];
};
