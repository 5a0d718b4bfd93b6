/**
 * `set -x`: each command as it runs, after expansion, on stderr after PS4 (`+ ` by default),
 * whose first character repeats once per level of `$(...)` and `eval` nesting, with each word
 * quoted as bash quotes it, so that the line could be run again.
 */

/** Characters that make bash single-quote a traced word. */
const SPECIAL = /[\s'"\\|&;()<>!{}*?[\]^$`]|^[~#]|^$/;

export function traceWord(word: string): string {
  return SPECIAL.test(word) ? `'${word.replaceAll("'", "'\\''")}'` : word;
}

/** `NAME=value` as traced: the value quoted as a word. */
export function traceAssignment(name: string, value: string): string {
  return `${name}=${traceWord(value)}`;
}

/** PS4 (already expanded) with its first character repeated for `level` (1 at the top). */
export function tracePrefix(ps4: string, level: number): string {
  const first = ps4[0];
  return first === undefined ? '' : first.repeat(Math.max(0, level - 1)) + ps4;
}
