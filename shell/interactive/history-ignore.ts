/**
 * HISTIGNORE as bash reads it: a colon-separated list of patterns (`\:` a literal colon), each
 * matched against the whole command line; `&` stands for the previous history entry (`\&` is a
 * literal one). extglob applies as it is set.
 */
import { matchesPattern } from '../expand/pattern';

/** The predicate History takes for `value`, or undefined when nothing is ignored. */
export function historyIgnore(value: string | undefined, extglob: boolean): ((command: string, previous: string | undefined) => boolean) | undefined {
  const patterns = (value ?? '').split(/(?<!\\):/).filter((pattern) => pattern !== '');
  if (patterns.length === 0) return undefined;
  return (command, previous) =>
    patterns.some((pattern) => {
      if (pattern === '&') return command === previous;
      // A backslash makes `\:` and `\&` literal in the pattern too.
      return matchesPattern(pattern, command, { extglob });
    });
}
