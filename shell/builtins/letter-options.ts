/**
 * bash's internal_getopt, for builtins whose options are letters: clusters after `-` (and `+`
 * where the builtin takes it), a letter that takes a value takes the rest of its word or the next
 * word; `--` or the first other word ends them.
 */
export interface LetterOption {
  readonly letter: string;
  /** Written after `+` rather than `-`. */
  readonly plus: boolean;
  readonly value?: string;
}

export type LetterOptions =
  | { readonly options: readonly LetterOption[]; readonly operands: readonly string[] }
  /** A letter that takes a value came last with none after it. */
  | { readonly missing: string };

export function readLetterOptions(words: readonly string[], withValue: string, plus = false): LetterOptions {
  const options: LetterOption[] = [];
  let index = 0;
  for (; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--') {
      index++;
      break;
    }
    if (word.length < 2 || !(word.startsWith('-') || (plus && word.startsWith('+')))) break;
    for (let at = 1; at < word.length; at++) {
      const letter = word[at] as string;
      if (!withValue.includes(letter)) {
        options.push({ letter, plus: word.startsWith('+') });
        continue;
      }
      const value = at + 1 < word.length ? word.slice(at + 1) : words[++index];
      if (value === undefined) return { missing: letter };
      options.push({ letter, plus: word.startsWith('+'), value });
      break;
    }
  }
  return { options, operands: words.slice(index) };
}
