/** type [-t] NAME...: what a command name runs: a function, a builtin, or the file PATH search finds. */
import type { Builtin } from './types';

export const type: Builtin = async ({ argv, state, output, shell }) => {
  const terse = argv[1] === '-t';
  let status = 0;
  for (const name of argv.slice(terse ? 2 : 1)) {
    const definition = shell.functionText(state, name);
    const file = definition === undefined && !shell.isBuiltin(name) ? shell.resolver.lookup(name, state.get('PATH') ?? '', state.cwd) : undefined;
    if (definition !== undefined) {
      // bash prints the definition as it re-reads it; Quirl prints it as it was written.
      await output.out(terse ? 'function\n' : `${name} is a function\n${definition}\n`);
    } else if (shell.isBuiltin(name)) {
      await output.out(terse ? 'builtin\n' : `${name} is a shell builtin\n`);
    } else if (file !== undefined) {
      await output.out(terse ? 'file\n' : `${name} is ${file}\n`);
    } else {
      if (!terse) await output.err(`quirl: type: ${name}: not found\n`);
      status = 1;
    }
  }
  return status;
};
