/** `shopt`: bash's optional behaviours (nullglob, extglob...), and with -o the options of `set -o`. */
import { isSetOptionName, SET_OPTIONS, type SetOptionName } from '../interp/option-names';
import { isShoptName, ShellOptions } from '../interp/options';
import type { ShellState } from '../interp/state';
import { readLetterOptions } from './letter-options';
import { hostnameWordBreaks } from '../completion/line';
import type { Builtin } from '../interp/builtin-api';

const USAGE = 'shopt: usage: shopt [-pqsu] [-o] [optname ...]\n';

interface Flags {
  set: boolean;
  unset: boolean;
  print: boolean;
  quiet: boolean;
  setOptions: boolean;
}

/** The option words at the front: clusters of p, q, s, u, o; `--` ends them. */
function readFlags(words: readonly string[]): { flags: Flags; names: string[] } | { bad: string } {
  const flags: Flags = { set: false, unset: false, print: false, quiet: false, setOptions: false };
  const read = readLetterOptions(words, '');
  if ('missing' in read) return { bad: `-${read.missing}` };
  for (const { letter } of read.options) {
    if (letter === 's') flags.set = true;
    else if (letter === 'u') flags.unset = true;
    else if (letter === 'p') flags.print = true;
    else if (letter === 'q') flags.quiet = true;
    else if (letter === 'o') flags.setOptions = true;
    else return { bad: `-${letter}` };
  }
  return { flags, names: [...read.operands] };
}

/** One kind of option (`shopt`'s own, or `set -o`'s with -o), read and written the same way. */
interface OptionKind {
  readonly names: readonly string[];
  readonly known: (name: string) => boolean;
  readonly invalid: string;
  readonly get: (name: string) => boolean;
  readonly put: (name: string, on: boolean) => void;
  readonly line: (name: string, on: boolean, asCommand: boolean) => string;
}

function optionKind(state: ShellState, setOptions: boolean): OptionKind {
  const { options } = state;
  if (setOptions) {
    return {
      names: SET_OPTIONS.map(({ name }) => name),
      known: isSetOptionName,
      invalid: 'invalid option name',
      get: (name) => options.has(name as SetOptionName),
      put: (name, on) => options.apply({ name: name as SetOptionName, on }),
      line: (name, on, asCommand) => ShellOptions.setLine(name as SetOptionName, on, asCommand),
    };
  }
  return {
    names: ShellOptions.shoptNames(),
    known: isShoptName,
    invalid: 'invalid shell option name',
    get: (name) => options.shopted(name),
    // login_shell says how the shell started: bash takes -s and -u for it and changes nothing.
    put: (name, on) => {
      if (name !== 'login_shell') options.setShopt(name, on);
      const wordBreaks = state.get('COMP_WORDBREAKS');
      if (name === 'hostcomplete' && wordBreaks !== undefined) state.set('COMP_WORDBREAKS', hostnameWordBreaks(wordBreaks, on));
    },
    line: ShellOptions.shoptLine,
  };
}

/**
 * shopt [-pqsu] [-o] [NAME ...]: -s and -u set and unset the names given; without names they
 * list the options on or off. With no -s or -u the names (or all) are listed, as commands with
 * -p, not at all with -q; the status says whether every one named is on.
 */
export const shopt: Builtin = async ({ argv, state, output }) => {
  const read = readFlags(argv.slice(1));
  if ('bad' in read) {
    await output.err(`quirl: shopt: ${read.bad}: invalid option\n${USAGE}`);
    return 2;
  }
  const { flags, names } = read;
  if (flags.set && flags.unset) {
    await output.err('quirl: shopt: cannot set and unset shell options simultaneously\n');
    return 1;
  }
  const kind = optionKind(state, flags.setOptions);
  let status = 0;
  const known: string[] = [];
  for (const name of names) {
    if (kind.known(name)) known.push(name);
    else {
      await output.err(`quirl: shopt: ${name}: ${kind.invalid}\n`);
      status = 1;
    }
  }
  if ((flags.set || flags.unset) && names.length > 0) {
    for (const name of known) kind.put(name, flags.set);
    return status;
  }
  const listed = names.length > 0 ? known : kind.names.filter((name) => !(flags.set || flags.unset) || kind.get(name) === flags.set);
  let text = '';
  for (const name of listed) {
    const on = kind.get(name);
    if (names.length > 0 && !on) status = 1;
    text += kind.line(name, on, flags.print);
  }
  if (!flags.quiet) await output.out(text);
  return status;
};
