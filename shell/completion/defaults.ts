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

/**
 * bash's own completions of a word that is a variable, a user's home, or with hostcomplete a host
 * after `@`; undefined for any other word, and for a host none matches (file names come next).
 */
export function bashMatches(word: string, sources: ActionSources): string[] | undefined {
  const variable = /^(\$\{?)([A-Za-z_][A-Za-z0-9_]*)?$/.exec(word);
  if (variable !== null) {
    const [, sigil = '$', name = ''] = variable;
    return actionMatches('variable', name, sources).map((match) => `${sigil}${match}${sigil === '${' ? '}' : ''}`);
  }
  if (word.startsWith('~') && !word.includes('/')) return actionMatches('user', word.slice(1), sources).map((user) => `~${user}`);
  if (word.startsWith('@') && sources.state.options.shopted('hostcomplete')) {
    const hosts = actionMatches('hostname', word.slice(1), sources).map((host) => `@${host}`);
    if (hosts.length > 0) return hosts;
  }
  return undefined;
}
