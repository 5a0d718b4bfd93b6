/** The values of parameters: special ones (`$?`, `$$`, `$#`...), positional ones, and variables. */
import type { ExpansionEnvironment } from './types';

/** The value of parameter `name`, or undefined when it is unset. `@` and `*` are expanded by the caller. */
export function parameterValue(name: string, env: ExpansionEnvironment): string | undefined {
  const special = env.special;
  switch (name) {
    case '?':
      return String(special.lastStatus);
    case '$':
      return String(special.shellPid);
    case '!':
      return special.lastBackgroundPid === undefined ? undefined : String(special.lastBackgroundPid);
    case '#':
      return String(special.positional.length);
    case '-':
      return special.optionFlags;
    case '0':
      return special.scriptName;
  }
  if (/^[1-9][0-9]*$/.test(name)) return special.positional[Number(name) - 1];
  return env.lookup(name);
}
