// Parsing alone: `SHELL -n FILE` over a generated script of about N bytes, a realistic mix
// (functions, if/elif, case, for, while, until, here-docs quoted and not, nested quoting, command
// substitutions old and new, parameter expansions, pipelines, lists, groups and subshells): the
// block in parse-block.sh, repeated with its functions and here-doc words numbered apart.
// `-n` prints nothing, so before its first timed run each shell must refuse the same file with a
// stray `fi` at its very end: the proof that it parsed all of it rather than exiting at once.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FigureRunner } from '../context';
import { BenchError } from '../pty-session';
import { timeScript, type ScriptSubject } from '../script-timing';
import { runToEnd } from '../spawn-timed';
import { sizeLabel } from './pipeline';

const BLOCK = readFileSync(join(__dirname, 'parse-block.sh'), 'utf8');

export function parseScript(bytes: number): string {
  const blocks: string[] = [];
  for (let n = 0, size = 0; size < bytes; n++) {
    const block = BLOCK.replaceAll('@N@', String(n));
    blocks.push(block);
    size += Buffer.byteLength(block);
  }
  return blocks.join('');
}

export const parseFigure: FigureRunner = async (context) => {
  const { parseBytes } = context.config;
  const script = parseScript(parseBytes);
  const refusesTrailingFi = async (subject: ScriptSubject, dir: string): Promise<void> => {
    const broken = join(dir, 'broken.sh');
    writeFileSync(broken, `${script}fi\n`);
    const run = await runToEnd(subject.script(broken, ['-n']), dir);
    if (run.status === 0) throw new BenchError('Unexpected', `${subject.name}: -n accepted the script with a stray fi at its end: it did not parse it all`);
  };
  return [
    await timeScript(context, {
      id: 'parse',
      title: `parse of a ${sizeLabel(parseBytes)} script (-n)`,
      unit: 'ms',
      goal: { kind: 'ratio', against: 'bash', max: 1.0 },
      script,
      flags: ['-n'],
      expected: '',
      per: 1,
      posixOnly: true,
      precheck: refusesTrailingFi,
    }),
  ];
};
