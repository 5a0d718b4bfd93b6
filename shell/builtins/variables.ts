/** `unset`: variables, array elements (`unset 'a[1]'`), namerefs themselves (`-n`) and functions. */
import { isShellError } from '../errors';
import { isValidName } from '../interp/state';
import type { Builtin } from '../interp/builtin-api';

const ELEMENT = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s;

/**
 * unset [-f | -v | -n] NAME ...: -v variables, -f functions, -n a nameref itself; with none, the
 * variable NAME, or the function NAME where there is no such variable (bash).
 */
export const unset: Builtin = async ({ argv, state, output }) => {
  let only: 'functions' | 'variables' | 'references' | undefined;
  let index = 1;
  for (; index < argv.length && /^-[fvn]+$/.test(argv[index] as string); index += 1) {
    const letter = (argv[index] as string).at(-1);
    only = letter === 'f' ? 'functions' : letter === 'n' ? 'references' : 'variables';
  }
  if (argv[index] === '--') index += 1;
  else if (argv[index]?.startsWith('-') === true) {
    await output.err(`quirl: unset: ${argv[index]}: invalid option\nunset: usage: unset [-f] [-v] [-n] [name ...]\n`);
    return 2;
  }
  let status = 0;
  for (const name of argv.slice(index)) {
    const element = only === 'functions' ? null : ELEMENT.exec(name);
    try {
      if (only === 'functions') state.removeFunction(name);
      else if (element !== null) state.unsetElement(element[1] as string, element[2] as string);
      else if (!isValidName(name)) {
        await output.err(`quirl: unset: \`${name}': not a valid identifier\n`);
        status = 1;
      } else if (only === 'references') state.unsetReference(name);
      else if (only === undefined && state.lookup(name) === undefined && state.functions.has(name)) state.removeFunction(name);
      else state.unsetVisible(name);
    } catch (error) {
      if (!isShellError(error)) throw error;
      await output.err(`quirl: unset: ${error.message}\n`);
      status = 1;
    }
  }
  return status;
};
