/**
 * Reading a script as sh does: one complete command at a time, each parsed after the one before
 * it has run, so that the lines before a syntax error run (and the line with the error does not).
 * The text is all there is: a here-document left open ends at the end, with bash's warning.
 */
import { parseCommands, type Program } from '../syntax';

export function completeCommands(
  source: string,
  warn: (message: string) => void = (message) => process.stderr.write(`quirl: ${message}\n`),
  utf8Locale?: () => boolean,
): Generator<Program, void, void> {
  return parseCommands(source, { final: true, warn, utf8Locale });
}
