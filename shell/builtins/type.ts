/** type NAME...: builtin, or the file PATH search finds. */
import type { Builtin } from './types';

export const type: Builtin = async ({ argv, state, output, shell }) => {
  let status = 0;
  for (const name of argv.slice(1)) {
    if (shell.isBuiltin(name)) {
      await output.out(`${name} is a shell builtin\n`);
      continue;
    }
    const file = shell.resolver.lookup(name, state.get('PATH') ?? '', state.cwd);
    if (file === undefined) {
      await output.err(`quirl: type: ${name}: not found\n`);
      status = 1;
    } else {
      await output.out(`${name} is ${file}\n`);
    }
  }
  return status;
};
