/** builtin NAME [ARG...] runs the builtin NAME, whatever function has that name; enable [-anps] [NAME...] switches builtins off and on. */
import { BUILTINS } from './index';
import { has, parseOrReport } from './options';
import type { Builtin } from '../interp/builtin-api';

export const builtin: Builtin = async (context) => {
  const { argv, output, shell } = context;
  const parsed = await parseOrReport(output, argv, '');
  if (typeof parsed === 'number') return parsed;
  const [name] = parsed.operands;
  if (name === undefined) return 0;
  if (!shell.isBuiltin(name, context.state)) {
    await output.err(`quirl: builtin: ${name}: not a shell builtin\n`);
    return 1;
  }
  return context.runCommand(parsed.operands);
};

export const enable: Builtin = async ({ argv, output, state }) => {
  const parsed = await parseOrReport(output, argv, 'adnps');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const off = has(options, 'n');
  if (operands.length === 0) {
    const lines = [...BUILTINS.keys()]
      .map((name): [string, boolean] => [name, !state.disabledBuiltins.has(name)])
      .filter(([, on]) => has(options, 'a') || on !== off)
      .map(([name, on]) => `enable ${on ? '' : '-n '}${name}\n`);
    await output.out(lines.join(''));
    return 0;
  }
  let status = 0;
  const disabled = new Set(state.disabledBuiltins);
  for (const name of operands) {
    if (!BUILTINS.has(name)) {
      await output.err(`quirl: enable: ${name}: not a shell builtin\n`);
      status = 1;
    } else if (off) disabled.add(name);
    else disabled.delete(name);
  }
  state.disabledBuiltins = disabled;
  return status;
};
