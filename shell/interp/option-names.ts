/**
 * The names and letters of `set`'s options, and how the words of `set` and of the command line
 * (`-euxo pipefail`, `+e`) turn into changes of them. Nothing but data and string handling: the
 * launcher's argument parsing reads it before the shell's bundle loads.
 */

/** `set -o` names, in bash's listing order, with their letters. */
export const SET_OPTIONS = [
  { name: 'allexport', letter: 'a' },
  { name: 'braceexpand', letter: 'B' },
  { name: 'emacs' },
  { name: 'errexit', letter: 'e' },
  { name: 'errtrace', letter: 'E' },
  { name: 'functrace', letter: 'T' },
  { name: 'hashall', letter: 'h' },
  { name: 'histexpand', letter: 'H' },
  { name: 'history' },
  { name: 'ignoreeof' },
  { name: 'interactive-comments' },
  { name: 'keyword', letter: 'k' },
  { name: 'monitor', letter: 'm' },
  { name: 'noclobber', letter: 'C' },
  { name: 'noexec', letter: 'n' },
  { name: 'noglob', letter: 'f' },
  { name: 'nolog' },
  { name: 'notify', letter: 'b' },
  { name: 'nounset', letter: 'u' },
  { name: 'onecmd', letter: 't' },
  { name: 'physical', letter: 'P' },
  { name: 'pipefail' },
  { name: 'posix' },
  { name: 'privileged', letter: 'p' },
  { name: 'verbose', letter: 'v' },
  { name: 'vi' },
  { name: 'xtrace', letter: 'x' },
] as const satisfies readonly { name: string; letter?: string }[];

export type SetOptionName = (typeof SET_OPTIONS)[number]['name'];

/** The order in which `$-` lists the letters (bash's flag table); `i` is the interactive shell's. */
export const FLAG_ORDER = 'abefhikmnptuvxBCEHPT';

const BY_LETTER: ReadonlyMap<string, SetOptionName> = new Map(
  SET_OPTIONS.flatMap((option) => ('letter' in option ? [[option.letter, option.name] as const] : [])),
);
const NAMES: ReadonlySet<string> = new Set(SET_OPTIONS.map((option) => option.name));

export function isSetOptionName(name: string): name is SetOptionName {
  return NAMES.has(name);
}

export function optionOfLetter(letter: string): SetOptionName | undefined {
  return BY_LETTER.get(letter);
}

/** `-e` / `+o pipefail`: one option turned on or off. */
export interface OptionChange {
  readonly name: SetOptionName;
  readonly on: boolean;
}

/** What the option words at the start of `set`'s (or the command line's) arguments ask for. */
export type OptionWords =
  | {
      readonly kind: 'options';
      readonly changes: OptionChange[];
      /** `-o` / `+o` with no name: list the options (`+o` as commands). */
      readonly list: 'names' | 'commands' | undefined;
      /** The words after the options; undefined when none ended them (`--`, `-` or an operand). */
      readonly operands: string[] | undefined;
      /** Letters the caller handles itself (the command line's `c`, `i`, `s`), in order. */
      readonly others: string[];
    }
  | { readonly kind: 'error'; readonly message: string; readonly usage: boolean };

/**
 * Reads option words as `set` does: clusters of letters after `-` or `+`, `-o NAME`, then `--`
 * (the rest are operands, even none), `-` (likewise, and -x and -v go off) or the first operand.
 * `others` are letters the caller accepts besides set's own (the command line's `c`, `i`, `s`).
 */
export function readOptionWords(words: readonly string[], others = ''): OptionWords {
  const changes: OptionChange[] = [];
  const taken: string[] = [];
  let list: 'names' | 'commands' | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--') return { kind: 'options', changes, list, operands: words.slice(index + 1), others: taken };
    if (word === '-') {
      changes.push({ name: 'xtrace', on: false }, { name: 'verbose', on: false });
      return { kind: 'options', changes, list, operands: words.slice(index + 1), others: taken };
    }
    const sign = word[0];
    if ((sign !== '-' && sign !== '+') || word.length < 2) return { kind: 'options', changes, list, operands: words.slice(index), others: taken };
    const on = sign === '-';
    for (const letter of word.slice(1)) {
      if (letter === 'o') {
        const name = words[index + 1];
        if (name === undefined) {
          list = on ? 'names' : 'commands';
          continue;
        }
        index++;
        if (!isSetOptionName(name)) return { kind: 'error', message: `${name}: invalid option name`, usage: false };
        changes.push({ name, on });
        continue;
      }
      const name = optionOfLetter(letter);
      if (name !== undefined) changes.push({ name, on });
      else if (others.includes(letter)) taken.push(`${sign}${letter}`);
      else return { kind: 'error', message: `${sign}${letter}: invalid option`, usage: true };
    }
  }
  return { kind: 'options', changes, list, operands: undefined, others: taken };
}
