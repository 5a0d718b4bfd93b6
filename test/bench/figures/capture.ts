// Bounded capture: a capture request (shell/exec) over BYTES of output with a 1 MiB budget, in a
// process of its own: its rate against `head -c BYTES /dev/zero | cat > /dev/null` run by bash
// (one pipe, a reader that discards), and how much its resident memory grew while it ran.
import { join } from 'node:path';
import { planOf, type FigureRunner } from '../context';
import { QUIRL, type SubjectOutcome } from '../model';
import { BenchError } from '../pty-session';
import { interleaved } from '../rounds';
import { runTimed } from '../spawn-timed';
import { findProgram, REPO } from '../subjects';
import { sizeLabel } from './pipeline';

const BUDGET = 2 ** 20;
const CAT = 'cat > /dev/null';

interface ProbeResult {
  readonly seconds: number;
  readonly total: number;
  readonly retained: number;
  readonly before: number;
  readonly peak: number;
}

export const captureFigure: FigureRunner = async (context) => {
  const { bytes } = context.config;
  const bash = findProgram('bash') ?? '/bin/bash';
  const growth: number[] = [];
  const subjects = [{ name: QUIRL }, { name: CAT }];
  const rates = await interleaved(subjects, planOf(context, 'capture'), async (subject, round) => {
    const mib = bytes / 2 ** 20;
    if (subject.name === CAT) return mib / ((await runTimed([bash, '-c', `head -c ${bytes} /dev/zero | cat > /dev/null`], REPO)).ms / 1000);
    const { stdout } = await runTimed([process.execPath, '--import', 'tsx', join(__dirname, '..', 'capture-probe.ts'), String(bytes), String(BUDGET)], REPO);
    const probe = JSON.parse(stdout) as ProbeResult;
    if (probe.total !== bytes || probe.retained !== Math.min(bytes, BUDGET)) {
      throw new BenchError('Unexpected', `the capture saw ${probe.total} bytes and kept ${probe.retained}`);
    }
    if (round >= 0) growth.push(probe.peak - probe.before);
    return mib / probe.seconds;
  });
  const quirlRate = rates.find((o) => o.subject === QUIRL);
  const memory: SubjectOutcome = quirlRate?.kind === 'skipped' ? quirlRate : { kind: 'measured', subject: QUIRL, samples: growth };
  const label = sizeLabel(bytes);
  return [
    { id: 'capture-rate', title: `bounded capture rate (${label}, 1 MiB budget)`, unit: 'MiB/s', goal: { kind: 'rate', against: CAT, min: 0.8 }, subjects: rates },
    { id: 'capture-rss', title: `bounded capture RSS growth (${label})`, unit: 'MiB', goal: { kind: 'absolute', max: 4 }, subjects: [memory] },
  ];
};
