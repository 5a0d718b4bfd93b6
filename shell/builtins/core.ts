/** The builtins every script leans on: true, false, :, echo, exit. */
import { fromByteString, toByteString } from '../bytes';
import { expandEscapes } from '../syntax/escapes';
import { isUtf8Locale } from './printf';
import { type Builtin, ExitRequest } from '../interp/builtin-api';

export const trueBuiltin: Builtin = () => 0;
export const falseBuiltin: Builtin = () => 1;

/** echo [-n] [-e|-E] args: bash's echo, options only as leading words of those letters. */
export const echo: Builtin = async ({ argv, state, output }) => {
  let newline = true;
  let escapes = false;
  let index = 1;
  for (; index < argv.length; index += 1) {
    const word = argv[index] as string;
    if (!/^-[neE]+$/.test(word)) break;
    for (const letter of word.slice(1)) {
      if (letter === 'n') newline = false;
      else escapes = letter === 'e';
    }
  }
  let text = argv.slice(index).join(' ');
  let stop = false;
  if (escapes) {
    // On bytes, as bash: `\xff` is one byte, `\u` is in the locale's encoding.
    const expanded = expandEscapes(toByteString(text), 'echo', isUtf8Locale(state));
    text = fromByteString(expanded.bytes);
    stop = expanded.stop;
  }
  await output.out(text + (newline && !stop ? '\n' : ''));
  return 0;
};

/** exit [n]: n modulo 256; $? by default. */
export const exit: Builtin = async ({ argv, state, output }) => {
  const word = argv[1];
  let status = state.lastStatus;
  if (word !== undefined) {
    if (!/^[+-]?\d+$/.test(word)) {
      await output.err(`quirl: exit: ${word}: numeric argument required\n`);
      status = 2;
    } else {
      status = ((Number(word) % 256) + 256) % 256;
    }
  }
  throw new ExitRequest(status);
};
