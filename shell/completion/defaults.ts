/**
 * The completions used when a compspec gives none and asks for them: `-o default` is readline's
 * filename completion, `-o bashdefault` bash's own first (`$NAME` variables, `~user`).
 */
import { actionMatches, type ActionSources } from './actions';

export function defaultMatches(word: string, sources: ActionSources, bashDefaults: boolean): string[] {
  if (bashDefaults) {
    const bash = bashMatches(word, sources);
    if (bash !== undefined) return bash;
  }
  return actionMatches('file', word, sources);
}

/** bash's own completions of a word that is a variable or a user's home; undefined for any other word. */
export function bashMatches(word: string, sources: ActionSources): string[] | undefined {
  const variable = /^(\$\{?)([A-Za-z_][A-Za-z0-9_]*)?$/.exec(word);
  if (variable !== null) {
    const [, sigil = '$', name = ''] = variable;
    return actionMatches('variable', name, sources).map((match) => `${sigil}${match}${sigil === '${' ? '}' : ''}`);
  }
  if (word.startsWith('~') && !word.includes('/')) return actionMatches('user', word.slice(1), sources).map((user) => `~${user}`);
  return undefined;
}
