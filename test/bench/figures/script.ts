// Per command, script: `SHELL FILE` with FILE = N lines of `/bin/true`, wall time from spawn to
// exit (Quirl's node start-up included, as a user running a script pays it), per command.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planOf, type FigureRunner } from '../context';
import { interleaved } from '../rounds';
import { runTimed } from '../spawn-timed';
import type { Subject } from '../subjects';

export const scriptFigure: FigureRunner = async (context) => {
  const { lines } = context.config;
  const dir = mkdtempSync(join(tmpdir(), 'quirl-bench-script-'));
  try {
    const file = join(dir, 'true.sh');
    writeFileSync(file, '/bin/true\n'.repeat(lines));
    const subjects = [context.quirl, ...context.references].filter((s): s is Subject & { script: NonNullable<Subject['script']> } => s.script !== undefined);
    const outcomes = await interleaved(subjects, planOf(context, 'script'), async (subject) => {
      const { ms } = await runTimed(subject.script(file), dir);
      return (ms * 1000) / lines;
    });
    return [{ id: 'script', title: `per command, script (${lines} × /bin/true)`, unit: 'µs', goal: { kind: 'ratio', against: 'bash', max: 1.0 }, subjects: outcomes }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
