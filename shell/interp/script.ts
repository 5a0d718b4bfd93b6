/**
 * Reading a script as sh does: one complete command at a time, each parsed after the one before
 * it has run, so that the lines before a syntax error run (and the line with the error does not).
 * The text is all there is: a here-document left open ends at the end, with bash's warning.
 */
import { parseCommands, type ParseOptions, type Program } from '../syntax';
import type { ShellState } from './state';

/** What the parser asks of the shell as it reads each word: the locale (`$'\u...'`), extglob and the aliases. */
export type ReaderSettings = Pick<ParseOptions, 'utf8Locale' | 'extglob' | 'aliases'>;

/**
 * The settings of the shell `state()` gives, asked as each word is read (so the state may come
 * later). Aliases are expanded while expand_aliases is on: from the start in an interactive
 * shell, after `shopt -s expand_aliases` in a script (bash).
 */
export function readingFor(state: () => ShellState): ReaderSettings {
  return {
    utf8Locale: () => state().utf8Locale(),
    extglob: () => state().options.shopted('extglob'),
    aliases: (name) => (state().options.shopted('expand_aliases') ? state().aliases.get(name) : undefined),
  };
}

export function completeCommands(
  source: string,
  warn: (message: string) => void = (message) => process.stderr.write(`quirl: ${message}\n`),
  settings: ReaderSettings = {},
): Generator<Program, void, void> {
  return parseCommands(source, { final: true, warn, ...settings });
}
