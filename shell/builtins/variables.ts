/** export, unset, and the NAME[=value] operands that export and local share. */
import { isShellError } from '../errors';
import { isValidName } from '../interp/state';
import type { CommandOutput } from '../interp/output';
import type { Builtin } from './types';

/**
 * Applies `declare` to each `NAME[=value]` operand (value undefined without `=`); an operand whose
 * name the state refuses is reported as bash reports it, and makes the status 1.
 */
export async function declareEach(
  builtin: string,
  operands: readonly string[],
  output: CommandOutput,
  declare: (name: string, value: string | undefined) => void,
): Promise<number> {
  let status = 0;
  for (const operand of operands) {
    const equals = operand.indexOf('=');
    try {
      declare(equals < 0 ? operand : operand.slice(0, equals), equals < 0 ? undefined : operand.slice(equals + 1));
    } catch (error) {
      if (!isShellError(error)) throw error;
      await output.err(`quirl: ${builtin}: \`${operand}': not a valid identifier\n`);
      status = 1;
    }
  }
  return status;
}

/** export [-p] [NAME[=value] ...] */
export const exportBuiltin: Builtin = async ({ argv, state, output }) => {
  const operands = argv.slice(1).filter((word) => word !== '-p' && word !== '--');
  if (operands.length === 0) {
    const lines = state
      .exported()
      .map(([name, value]) => (value === undefined ? `declare -x ${name}\n` : `declare -x ${name}="${value.replace(/(["\\$`])/g, '\\$1')}"\n`));
    await output.out(lines.join(''));
    return 0;
  }
  return declareEach('export', operands, output, (name, value) => state.export(name, value));
};

/**
 * unset [-f | -v] NAME ...: -v variables, -f functions; with neither, the variable NAME, or the
 * function NAME where there is no such variable (bash).
 */
export const unset: Builtin = async ({ argv, state, output }) => {
  let only: 'functions' | 'variables' | undefined;
  let index = 1;
  for (; index < argv.length && /^-[fv]+$/.test(argv[index] as string); index += 1) {
    only = (argv[index] as string).endsWith('f') ? 'functions' : 'variables';
  }
  if (argv[index] === '--') index += 1;
  else if (argv[index]?.startsWith('-') === true) {
    await output.err(`quirl: unset: ${argv[index]}: invalid option\nunset: usage: unset [-f] [-v] [name ...]\n`);
    return 2;
  }
  let status = 0;
  for (const name of argv.slice(index)) {
    if (only === 'functions') {
      state.functions.delete(name);
    } else if (!isValidName(name)) {
      await output.err(`quirl: unset: \`${name}': not a valid identifier\n`);
      status = 1;
    } else if (only === undefined && state.get(name) === undefined) {
      state.functions.delete(name);
    } else {
      state.unset(name);
    }
  }
  return status;
};
