// `seq N | while read -r l; do ...; done`: the shell reading a pipe line by line (a shell must not
// read past the newline, so bash and dash read a pipe a byte at a time). The loop body keeps the
// line so that the last one can be printed: the proof that every line was read.
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

export const readFigure: FigureRunner = async (context) => {
  const n = context.config.readLines;
  return [
    await timeScript(context, {
      id: 'read',
      title: `seq ${n} | while read -r l, per line`,
      unit: 'µs',
      goal: { kind: 'ratio', against: 'bash', max: 1.0 },
      script: `seq ${n} | { while read -r l; do last=$l; done; echo "$last"; }\n`,
      expected: `${n}\n`,
      per: n,
      posixOnly: true,
    }),
  ];
};
