// The interpreter's own speed on the commonest loop: `i=0; while [ $i -lt N ]; do i=$((i+1)); done`
// as a script file, no process started; per iteration (a test, an arithmetic expansion, an assignment).
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

export const whileFigure: FigureRunner = async (context) => {
  const n = context.config.whileIterations;
  return [
    await timeScript(context, {
      id: 'while',
      title: `while [ $i -lt ${n} ] counting loop, per iteration`,
      unit: 'µs',
      goal: { kind: 'ratio', against: 'bash', max: 0.5 },
      script: `i=0; while [ $i -lt ${n} ]; do i=$((i+1)); done; echo $i\n`,
      expected: `${n}\n`,
      per: n,
      posixOnly: true,
    }),
  ];
};
