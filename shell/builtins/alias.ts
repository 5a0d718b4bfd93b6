/** alias and unalias: the table the parser expands a command's first word from (interactive shells). */
import { quoteForAlias } from '../syntax/quote';
import type { Builtin } from '../interp/builtin-api';

/** Any word without the characters that end or quote a word: bash's rule for an alias name. */
const ALIAS_NAME = /^[^\s$`'"\\/=|&;<>()]+$/;

/** alias [-p] [NAME[=VALUE] ...]: defines, or prints as input the shell reads back. */
export const alias: Builtin = async ({ argv, state, output }) => {
  const operands = argv.slice(1).filter((word, index) => !(index === 0 && (word === '-p' || word === '--')));
  const line = (name: string, value: string): string => `alias ${name}=${quoteForAlias(value)}\n`;
  if (operands.length === 0) {
    const names = [...state.aliases.keys()].sort();
    await output.out(names.map((name) => line(name, state.aliases.get(name) as string)).join(''));
    return 0;
  }
  let status = 0;
  for (const operand of operands) {
    const equals = operand.indexOf('=');
    const name = equals < 0 ? operand : operand.slice(0, equals);
    if (equals < 0) {
      const value = state.aliases.get(name);
      if (value === undefined) {
        await output.err(`quirl: alias: ${name}: not found\n`);
        status = 1;
      } else {
        await output.out(line(name, value));
      }
    } else if (!ALIAS_NAME.test(name)) {
      await output.err(`quirl: alias: \`${name}': invalid alias name\n`);
      status = 1;
    } else {
      state.aliases.set(name, operand.slice(equals + 1));
    }
  }
  return status;
};

/** unalias [-a] NAME ...: removes aliases; a name that is none is status 1. */
export const unalias: Builtin = async ({ argv, state, output }) => {
  const operands = argv.slice(1);
  if (operands[0] === '-a') {
    state.aliases.clear();
    return 0;
  }
  if (operands.length === 0) {
    await output.err('quirl: unalias: usage: unalias [-a] name [name ...]\n');
    return 2;
  }
  let status = 0;
  for (const name of operands.filter((word) => word !== '--')) {
    if (!state.aliases.delete(name)) {
      await output.err(`quirl: unalias: ${name}: not found\n`);
      status = 1;
    }
  }
  return status;
};
