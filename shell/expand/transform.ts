/**
 * `${x@Q}`, `${x@E}`, `${x@P}`, `${x@U}`, `${x@u}`, `${x@L}`, `${x@K}` on one value, in locale units
 * (text.ts): bytes outside a UTF-8 locale, where no byte above 0x7f is printable.
 */
import { escapedByte, fromByteString, toByteString } from '../bytes';
import { ansiCBytes, ansiCString } from '../syntax/escapes';
import { caseOf, changeCase } from './matching';
import { decodePrompt } from './prompt-escapes';
import type { ExpansionEnvironment } from './types';

/** The transformation `letter` names, or undefined for a letter this shell does not know. */
export function transformer(letter: string, bytes: boolean, env: PromptEnvironment): ((value: string) => string) | undefined {
  switch (letter) {
    case 'Q':
    // `@K` and `@k` quote as `@Q` does a scalar; they differ only for arrays (not here yet).
    case 'K':
    case 'k':
      return (value) => quote(value, bytes);
    case 'E':
      // `$'...'`'s escapes; outside a UTF-8 locale the value is bytes already, and `\u` stays as written.
      return (value) => (bytes ? ansiCBytes(value, false) : ansiCString(value, true));
    case 'P':
      // A prompt is text (the directory, the host name, and `\NNN`'s bytes as shell/bytes.ts has them).
      return (value) => (bytes ? toByteString(expandPrompt(fromByteString(value), env)) : expandPrompt(value, env));
    case 'U':
      return (value) => caseOf(value, true, bytes);
    case 'L':
      return (value) => caseOf(value, false, bytes);
    case 'u':
      return (value) => changeCase(value, '', true, false, bytes);
  }
  return undefined;
}

const ANSI_C_NAMED: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\x1b': '\\E',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  "'": "\\'",
};

/** `@Q`: bash's reusable quoting: `'...'`, or `$'...'` when a character is not printable. */
export function quote(value: string, bytes: boolean): string {
  // In a UTF-8 locale a byte that is not part of a character (its escape, shell/bytes.ts) is unprintable too.
  const unprintable = bytes ? /[\x00-\x1f\x7f-\xff]/ : /[\x00-\x1f\x7f\udc80-\udcff]/;
  // A lone single quote is bash's one special case.
  if (value === "'") return "\\'";
  if (!unprintable.test(value)) return `'${value.replaceAll("'", "'\\''")}'`;
  let quoted = '';
  for (const c of value) {
    quoted += ANSI_C_NAMED[c] ?? (unprintable.test(c) ? `\\${(escapedByte(c) ?? c.codePointAt(0)!).toString(8).padStart(3, '0')}` : c);
  }
  return `$'${quoted}'`;
}

/** What `@P` needs of the shell. */
export type PromptEnvironment = Pick<ExpansionEnvironment, 'lookup' | 'promptCounts'>;

/**
 * `@P`: the prompt's escapes (prompt-escapes.ts), with the shell's jobs and command number for
 * `\j \#`, what a shell without history shows for `\!`, and no expansion of the result afterwards
 * (bash's promptvars would expand it; a transformation here cannot run a command substitution).
 */
function expandPrompt(value: string, env: PromptEnvironment): string {
  const { jobs, commandNumber } = env.promptCounts?.() ?? { jobs: 0, commandNumber: 0 };
  const facts = {
    cwd: env.lookup('PWD') ?? '',
    home: env.lookup('HOME'),
    uid: process.getuid?.() ?? 1000,
    jobs,
    historyNumber: 1,
    commandNumber,
    shellName: 'quirl',
    now: new Date(),
  };
  return decodePrompt(value, facts, { forExpansion: false, markers: false });
}
