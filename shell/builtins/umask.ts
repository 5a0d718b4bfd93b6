/**
 * umask [-p] [-S] [MODE]: the file creation mask, in octal (`022`) or symbolic (`u=rwx,g=rx,o=`)
 * form. It is the context's own (a subshell's change stays there): the files the context creates
 * for redirects get it, and so do the programs it starts. The top-level context's is also the
 * process's, which children inherit without a fork; a process group prepared ahead of need is
 * then made again with it.
 */
import { setProcessUmask } from '../exec/child-settings';
import { has, parseOrReport } from './options';
import type { Builtin } from '../interp/builtin-api';

const WHO: Readonly<Record<string, number>> = { u: 0o700, g: 0o070, o: 0o007, a: 0o777 };
const PERMISSION: Readonly<Record<string, number>> = { r: 0o444, w: 0o222, x: 0o111 };

/** The mask a symbolic MODE makes of `mask`, or the message for what is wrong in it. */
export function applySymbolic(mode: string, mask: number): number | { readonly error: string } {
  let allowed = ~mask & 0o777;
  for (const clause of mode.split(',')) {
    let at = 0;
    let who = 0;
    while (at < clause.length && WHO[clause[at] as string] !== undefined) who |= WHO[clause[at++] as string] as number;
    if (who === 0) who = 0o777;
    do {
      const operator = clause[at] ?? ' ';
      if (!'+-='.includes(operator) || operator === '') return { error: `\`${operator}': invalid symbolic mode operator` };
      at += 1;
      let bits = 0;
      while (at < clause.length && !'+-='.includes(clause[at] as string)) {
        const bit = PERMISSION[clause[at] as string];
        if (bit === undefined) return { error: `\`${clause[at]}': invalid symbolic mode character` };
        bits |= bit;
        at += 1;
      }
      bits &= who;
      if (operator === '+') allowed |= bits;
      else if (operator === '-') allowed &= ~bits;
      else allowed = (allowed & ~who) | bits;
    } while (at < clause.length);
  }
  return ~allowed & 0o777;
}

/** `u=rwx,g=rx,o=rx`: what the mask allows. */
export function symbolic(mask: number): string {
  const allowed = ~mask & 0o777;
  return (['u', 'g', 'o'] as const)
    .map((who, index) => {
      const bits = (allowed >> (6 - 3 * index)) & 7;
      return `${who}=${bits & 4 ? 'r' : ''}${bits & 2 ? 'w' : ''}${bits & 1 ? 'x' : ''}`;
    })
    .join(',');
}

export const umask: Builtin = async ({ argv, output, shell, state }) => {
  const parsed = await parseOrReport(output, argv, 'pS');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const mode = operands[0];
  if (mode === undefined) {
    const mask = state.umask;
    const shown = has(options, 'S') ? symbolic(mask) : mask.toString(8).padStart(4, '0');
    await output.out(has(options, 'p') ? `umask ${has(options, 'S') ? '-S ' : ''}${shown}\n` : `${shown}\n`);
    return 0;
  }
  let mask: number;
  if (/^[0-9]+$/.test(mode)) {
    if (/[89]/.test(mode)) {
      await output.err(`quirl: umask: ${mode}: octal number out of range\n`);
      return 1;
    }
    mask = Number.parseInt(mode, 8) & 0o777;
  } else {
    const result = applySymbolic(mode, state.umask);
    if (typeof result !== 'number') {
      await output.err(`quirl: umask: ${result.error}\n`);
      return 1;
    }
    mask = result;
  }
  if (mask !== state.umask) {
    state.umask = mask;
    if (!state.isSubshell) {
      setProcessUmask(mask);
      shell.umaskChanged();
    }
  }
  if (has(options, 'S')) await output.out(`${symbolic(mask)}\n`);
  return 0;
};
