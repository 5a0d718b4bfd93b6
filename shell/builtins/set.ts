/**
 * `set`: the positional parameters, the variables' listing, and the shell's options (`-e`,
 * `+x`, `-o pipefail`, `-o` / `+o` listings that read back).
 */
import { readOptionWords } from '../interp/option-names';
import { listing } from '../interp/variable';
import type { Builtin } from '../interp/builtin-api';

const USAGE = 'set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n';

/**
 * set [-abefhkmnptuvxBCEHPT] [-o NAME] [--] [ARG ...]: options on (-) or off (+), then the new
 * positional parameters if any word ended the options; with no words at all, every variable as
 * `NAME=value` that the shell can read back.
 */
export const set: Builtin = async ({ argv, state, output }) => {
  const words = argv.slice(1);
  if (words.length === 0) {
    await output.out(state.assigned().map(([name, variable]) => `${listing(name, variable)}\n`).join(''));
    return 0;
  }
  const read = readOptionWords(words);
  if (read.kind === 'error') {
    await output.err(`quirl: set: ${read.message}\n${read.usage ? USAGE : ''}`);
    return 2;
  }
  for (const change of read.changes) state.options.apply(change);
  if (read.list === 'names') await output.out(state.options.listing());
  if (read.list === 'commands') await output.out(state.options.commands());
  if (read.operands !== undefined) state.positional = read.operands;
  return 0;
};
