/**
 * Option words of a builtin, as bash's internal getopt reads them: letters grouped after one `-`
 * (`-pv`), a letter followed by `:` in the spec takes a value (the rest of the word or the next
 * word), `--` ends the options and `-` alone is an operand. A bad option is reported with the
 * builtin's synopsis and status 2, as bash reports it.
 */
import type { CommandOutput } from '../interp/output';
import { synopsis } from './help';

export interface ParsedOption {
  readonly letter: string;
  readonly value?: string;
}

export type ParsedOptions =
  | { readonly kind: 'parsed'; readonly options: readonly ParsedOption[]; readonly operands: readonly string[] }
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * Parses `words` (argv without the builtin's name) against `spec` ("pVv", "a:cl"). With
 * `stopAt`, a word that matches it ends the options and is the first operand (`dirs +1`, `-1`).
 */
export function parseOptions(words: readonly string[], spec: string, stopAt?: RegExp): ParsedOptions {
  const options: ParsedOption[] = [];
  let index = 0;
  for (; index < words.length; index += 1) {
    const word = words[index] as string;
    if (word === '--') {
      index += 1;
      break;
    }
    if (!word.startsWith('-') || word === '-' || stopAt?.test(word) === true) break;
    for (let at = 1; at < word.length; at += 1) {
      const letter = word[at] as string;
      const position = spec.indexOf(letter);
      if (position < 0 || letter === ':') return { kind: 'invalid', message: `-${letter}: invalid option` };
      if (spec[position + 1] !== ':') {
        options.push({ letter });
        continue;
      }
      const value = at + 1 < word.length ? word.slice(at + 1) : words[++index];
      if (value === undefined) return { kind: 'invalid', message: `-${letter}: option requires an argument` };
      options.push({ letter, value });
      break;
    }
  }
  return { kind: 'parsed', options, operands: words.slice(index) };
}

/** Whether `letter` was given. */
export function has(options: readonly ParsedOption[], letter: string): boolean {
  return options.some((option) => option.letter === letter);
}

/** The value of the last `letter` given, if any. */
export function valueOf(options: readonly ParsedOption[], letter: string): string | undefined {
  return options.findLast((option) => option.letter === letter)?.value;
}

/** `quirl: NAME: MESSAGE` and bash's `NAME: usage: ...` line; returns 2, bash's status for misuse. */
export async function usageError(output: CommandOutput, name: string, message: string): Promise<number> {
  await output.err(`quirl: ${name}: ${message}\n${name}: usage: ${synopsis(name)}\n`);
  return 2;
}

/** Parses, or reports the bad option and returns its status. */
export async function parseOrReport(
  output: CommandOutput,
  argv: readonly string[],
  spec: string,
  stopAt?: RegExp,
): Promise<Extract<ParsedOptions, { kind: 'parsed' }> | number> {
  const parsed = parseOptions(argv.slice(1), spec, stopAt);
  if (parsed.kind === 'parsed') return parsed;
  return usageError(output, argv[0] as string, parsed.message);
}
