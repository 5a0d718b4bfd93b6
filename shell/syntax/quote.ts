/** Quoting a value so that the shell reads it back as it is, in the forms bash's `set` listing uses. */
import { escapedByte } from '../bytes';

/** Characters that never need quoting. */
const PLAIN = /^[A-Za-z0-9_./:+@%,=-]*$/;
/** Control characters and bytes that are not UTF-8 (escaped: shell/bytes.ts): only $'...' can carry them readably. */
const CONTROL = /[\x00-\x1f\x7f\udc80-\udcff]/;
const ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\x1b': '\\E', '\\': '\\\\', "'": "\\'" };

/** Whether only $'...' can carry `value` readably. */
export function needsAnsiC(value: string): boolean {
  return CONTROL.test(value);
}

export function quoteForShell(value: string): string {
  if (PLAIN.test(value)) return value;
  if (needsAnsiC(value)) {
    const escaped = value.replace(/[\x00-\x1f\x7f\\'\udc80-\udcff]/g, (c) => ESCAPES[c] ?? `\\${(escapedByte(c) ?? c.charCodeAt(0)).toString(8).padStart(3, '0')}`);
    return `$'${escaped}'`;
  }
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/** An alias's text as `alias` prints it: always single-quoted, as bash prints it. */
export function quoteForAlias(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}
