/** logout [N]: exit, for a login shell; any other shell is told to use exit, as bash tells it. */
import { exit } from './core';
import type { Builtin } from '../interp/builtin-api';

export const logout: Builtin = async (context) => {
  if (!context.state.options.shopted('login_shell')) {
    await context.output.err("quirl: logout: not login shell: use `exit'\n");
    return 1;
  }
  return exit(context);
};
