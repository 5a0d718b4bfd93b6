// Command substitution of a builtin, `x=$(echo hi)`, N times in a `for` loop: bash and dash fork
// for each one; a shell that runs the builtin in-process need not. The loop runs over a word list
// written out in the file, so that the figure is the substitution's, not a counter's arithmetic.
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

export const substFigure: FigureRunner = async (context) => {
  const n = context.config.substs;
  const words = Array.from({ length: n }, (_, i) => i + 1).join(' ');
  return [
    await timeScript(context, {
      id: 'subst',
      title: `${n} × x=$(echo hi) in a for loop, per substitution`,
      unit: 'µs',
      goal: { kind: 'ratio', against: 'bash', max: 0.1 },
      script: `for i in ${words}; do x=$(echo hi); done; echo "$i $x"\n`,
      expected: `${n} hi\n`,
      per: n,
      posixOnly: true,
    }),
  ];
};
