// A `for` loop starting a program each time: N iterations of `/bin/true` over a word list written
// out in the file, per command (the loop's cost and a fork-exec-wait each).
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

export const forFigure: FigureRunner = async (context) => {
  const n = context.config.forIterations;
  const words = Array.from({ length: n }, (_, i) => i + 1).join(' ');
  return [
    await timeScript(context, {
      id: 'for',
      title: `for loop of ${n} × /bin/true, per command`,
      unit: 'µs',
      goal: { kind: 'ratio', against: 'bash', max: 0.7 },
      script: `for i in ${words}; do /bin/true; done; echo $i\n`,
      expected: `${n}\n`,
      per: n,
      posixOnly: true,
    }),
  ];
};
