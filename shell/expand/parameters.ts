/** The values of parameters: special ones (`$?`, `$$`, `$#`...), positional ones, and variables. */
import { ShellError } from '../errors';
import type { ExpansionEnvironment } from './types';

const POSITIONAL = /^[1-9][0-9]*$/;

/** The value of parameter `name`, or undefined when it is unset. `@` and `*` are expanded by the caller. */
export function parameterValue(name: string, env: ExpansionEnvironment): string | undefined {
  const first = name.charCodeAt(0);
  // Most are variables, whose names begin with a letter or `_`, as no special or positional parameter's does.
  if (((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a) || first === 0x5f) return env.lookup(name);
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
  // Only a name that starts with a digit can be positional.
  if (first >= 0x31 && first <= 0x39) {
    // $1 to $9, most of them: no pattern test or number parsed.
    if (name.length === 1) return special.positional[first - 0x31];
    if (POSITIONAL.test(name)) return special.positional[Number(name) - 1];
  }
  return env.lookup(name);
}

/**
 * A parameter's value where an unset one expands to nothing, or, with `set -u`, is a fatal error
 * (`x: unbound variable`, `$1: unbound variable`): a script ends with status 1, as in bash.
 */
export function boundValue(name: string, value: string | undefined, env: ExpansionEnvironment): string {
  if (value !== undefined) return value;
  if (env.options?.nounset === true) throw new ShellError('FatalExpansion', `${/^[A-Za-z_]/.test(name) ? name : `$${name}`}: unbound variable`);
  return '';
}
