// Per command, script: `SHELL FILE` with FILE = N lines of `/bin/true` and a last `echo` that
// shows the shell got to the end, per command.
import type { FigureRunner } from '../context';
import { timeScript } from '../script-timing';

export const scriptFigure: FigureRunner = async (context) => {
  const { lines } = context.config;
  return [
    await timeScript(context, {
      id: 'script',
      title: `per command, script (${lines} × /bin/true)`,
      unit: 'µs',
      goal: { kind: 'ratio', against: 'bash', max: 0.7 },
      script: `${'/bin/true\n'.repeat(lines)}echo ${lines}\n`,
      expected: `${lines}\n`,
      per: lines,
      posixOnly: false,
    }),
  ];
};
