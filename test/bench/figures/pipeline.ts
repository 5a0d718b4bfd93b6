// Pipeline throughput: `head -c BYTES /dev/zero | cat | cat | wc -c` typed at the prompt, Enter →
// next prompt (no shell start-up in the figure); the count on the screen proves the bytes flowed.
// In Quirl the bytes go from stage to stage through kernel pipes and never through Node.
import { planOf, type FigureRunner } from '../context';
import { BenchError } from '../pty-session';
import { interleaved, withSessions } from '../rounds';

export function sizeLabel(bytes: number): string {
  if (bytes >= 2 ** 30 && bytes % 2 ** 30 === 0) return `${bytes / 2 ** 30} GiB`;
  if (bytes >= 2 ** 20 && bytes % 2 ** 20 === 0) return `${bytes / 2 ** 20} MiB`;
  return `${bytes} B`;
}

export const pipelineFigure: FigureRunner = async (context) => {
  const { bytes } = context.config;
  const subjects = [context.quirl, ...context.references];
  const outcomes = await withSessions(subjects, (session) =>
    interleaved(subjects, planOf(context, 'pipeline'), async (subject) => {
      const sh = await session(subject);
      const [typedAt, promptAt] = await sh.run(`head -c ${bytes} /dev/zero | cat | cat | wc -c`);
      if (!sh.lastOutput().some((row) => row.trim() === String(bytes))) {
        throw new BenchError('Unexpected', `${subject.name}: the pipeline did not print ${bytes}:\n${sh.screenText()}`);
      }
      return (promptAt - typedAt) / 1000;
    }),
  );
  return [{ id: 'pipeline', title: `pipeline throughput (${sizeLabel(bytes)} through 2 cats)`, unit: 's', goal: { kind: 'ratio', against: 'bash', max: 1.02 }, subjects: outcomes }];
};
