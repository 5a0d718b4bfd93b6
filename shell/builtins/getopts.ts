/**
 * getopts OPTSTRING NAME [ARG...]: POSIX option parsing, one option per call, over the
 * arguments given or the positional parameters. OPTIND is the next word; the position inside a
 * word of grouped options (`-ab`) is kept between calls, and forgotten when OPTIND is set to
 * another value (`OPTIND=1` starts over). A leading `:` in OPTSTRING is the silent mode: errors
 * are told through NAME (`?` or `:`) and OPTARG instead of messages.
 */
import { isValidName, type ShellState } from '../interp/state';
import type { Builtin } from '../interp/builtin-api';

/** Where the last call left off: OPTIND as it set it, and the letter's index in that word. */
interface Position {
  readonly optind: string;
  readonly letter: number;
}

const positions = new WeakMap<ShellState, Position>();

/** What one call found. */
type Found =
  | { readonly kind: 'end' }
  | { readonly kind: 'option'; readonly letter: string; readonly value?: string }
  | { readonly kind: 'invalid'; readonly letter: string }
  | { readonly kind: 'missing'; readonly letter: string };

export const getopts: Builtin = async ({ argv, state, output }) => {
  const [, optstring, name, ...given] = argv;
  if (optstring === undefined || name === undefined) {
    await output.err('getopts: usage: getopts optstring name [arg ...]\n');
    return 2;
  }
  if (!isValidName(name)) {
    await output.err(`quirl: getopts: \`${name}': not a valid identifier\n`);
    return 1;
  }
  const args = argv.length > 3 ? given : state.positional;
  const silent = optstring.startsWith(':');
  const spec = silent ? optstring.slice(1) : optstring;
  const optindText = state.get('OPTIND') ?? '1';
  const remembered = positions.get(state);
  let optind = Math.max(1, Number.parseInt(optindText, 10) || 1);
  let letter = remembered !== undefined && remembered.optind === optindText ? remembered.letter : 0;

  const found = ((): Found => {
    if (letter === 0) {
      const word = args[optind - 1];
      if (word === undefined || !word.startsWith('-') || word === '-') return { kind: 'end' };
      if (word === '--') {
        optind += 1;
        return { kind: 'end' };
      }
      letter = 1;
    }
    const word = args[optind - 1] as string;
    const option = word[letter] as string;
    letter += 1;
    if (letter >= word.length) {
      optind += 1;
      letter = 0;
    }
    const at = spec.indexOf(option);
    if (at < 0 || option === ':') return { kind: 'invalid', letter: option };
    if (spec[at + 1] !== ':') return { kind: 'option', letter: option };
    if (letter !== 0) {
      const value = word.slice(letter);
      optind += 1;
      letter = 0;
      return { kind: 'option', letter: option, value };
    }
    const value = args[optind - 1];
    if (value === undefined) return { kind: 'missing', letter: option };
    optind += 1;
    return { kind: 'option', letter: option, value };
  })();

  state.set('OPTIND', String(optind));
  positions.set(state, { optind: String(optind), letter });
  const report = async (message: string): Promise<void> => {
    if (state.get('OPTERR') !== '0') await output.write(2, `${state.scriptName}: ${message}\n`);
  };
  switch (found.kind) {
    case 'end':
      state.set(name, '?');
      return 1;
    case 'option':
      state.set(name, found.letter);
      if (found.value === undefined) state.unset('OPTARG');
      else state.set('OPTARG', found.value);
      return 0;
    case 'invalid':
      state.set(name, '?');
      if (silent) state.set('OPTARG', found.letter);
      else {
        state.unset('OPTARG');
        await report(`illegal option -- ${found.letter}`);
      }
      return 0;
    case 'missing':
      if (silent) {
        state.set(name, ':');
        state.set('OPTARG', found.letter);
      } else {
        state.set(name, '?');
        state.unset('OPTARG');
        await report(`option requires an argument -- ${found.letter}`);
      }
      return 0;
  }
};
