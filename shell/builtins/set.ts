/** `set`: the positional parameters, the variables' listing, and the shell's options. */
import { quoteForShell } from './quote';
import type { Builtin } from './types';

/**
 * set [--] [ARG ...]: with arguments, the new positional parameters; with none, every variable
 * as `NAME=value` that the shell can read back. The options (`-e`, `-o pipefail`...) are the
 * language's part 3 and refused here by name.
 */
export const set: Builtin = async ({ argv, state, output }) => {
  const operands = argv.slice(1);
  if (operands.length === 0) {
    await output.out(state.assigned().map(([name, value]) => `${name}=${quoteForShell(value)}\n`).join(''));
    return 0;
  }
  const first = operands[0] as string;
  if (first === '--') {
    state.positional = operands.slice(1);
    return 0;
  }
  if (/^[-+]/.test(first) && first !== '-' && first !== '+') {
    await output.err(`quirl: set: ${first}: invalid option (shell options are not supported yet)\n`);
    return 2;
  }
  state.positional = operands;
  return 0;
};
