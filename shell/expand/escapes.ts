/** The single-letter backslash escapes that `$'...'`, `${x@E}`, `printf` and `echo -e` share. */
export const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};
