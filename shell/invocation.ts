/**
 * What the command line asks for, decided as bash decides it: long options first (`--login`,
 * `--rcfile FILE`, `--norc`, `--noprofile`, `--posix`, `--version`, `--help`), then option words
 * (`-euxo pipefail`, `+e`, `-O extglob`, `-c`, `-i`, `-l`, `-s`) up to `--`, `-` or the first
 * operand. The launcher reads it too, before the shell's bundle loads (an interactive shell must not
 * die of a Ctrl-C pressed while it starts), so this module needs nothing but node's own and
 * option-names' data: it never touches process.stdin, whose creation makes a terminal on fd 0
 * non-blocking for every process sharing it.
 */
import { isatty } from 'node:tty';
import { isSetOptionName, optionOfLetter, type OptionChange } from './interp/option-names';

/** The start-up files a shell reads, and the options the command line set (applied before any file runs). */
export interface Startup {
  /** `-l`, `--login`, or argv[0] starting with `-`: the profile is read first. */
  readonly login: boolean;
  /** `--rcfile FILE` (or `--init-file FILE`): read instead of ~/.quirlrc. */
  readonly rcfile: string | undefined;
  readonly norc: boolean;
  readonly noprofile: boolean;
  /** `--posix` (or `-o posix`): an interactive shell reads $ENV instead of the rc file. */
  readonly posix: boolean;
  /** `-e`, `+o pipefail`...: set's options, in command-line order. */
  readonly options: readonly OptionChange[];
  /** `-O NAME` / `+O NAME`: shopt's, in order (names checked where they are applied). */
  readonly shopt: readonly { readonly name: string; readonly on: boolean }[];
  /** `-o` or `+o` with no name: list the options (`+o` as commands) before running, as bash does. */
  readonly list: 'names' | 'commands' | undefined;
}

export type Invocation =
  | { readonly kind: 'interactive'; readonly startup: Startup; readonly name: string; readonly args: string[] }
  /** `interactive`: `-i -c`, which reads the rc file and runs the string as an interactive shell would, as bash does. */
  | { readonly kind: 'command'; readonly source: string; readonly name: string; readonly args: string[]; readonly startup: Startup; readonly interactive: boolean }
  | { readonly kind: 'file'; readonly path: string; readonly args: string[]; readonly startup: Startup }
  | { readonly kind: 'stdin'; readonly args: string[]; readonly startup: Startup }
  | { readonly kind: 'version' }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage'; readonly message: string };

export const USAGE = `Usage:\tquirl [long option] [option] ...
\tquirl [long option] [option] script-file ...
Long options:
\t--help
\t--init-file FILE
\t--login
\t--noprofile
\t--norc
\t--posix
\t--rcfile FILE
\t--version
Shell options:
\t-ils or -c command or -O shopt_option\t\t(invocation only)
\t-abefhkmnptuvxBCEHPT or -o option`;

/** Letters only the command line takes. */
const INVOCATION_LETTERS = 'cils';

interface Flags {
  login: boolean;
  rcfile: string | undefined;
  norc: boolean;
  noprofile: boolean;
  posix: boolean;
  interactive: boolean;
  command: boolean;
  stdin: boolean;
  options: OptionChange[];
  shopt: { name: string; on: boolean }[];
  list: 'names' | 'commands' | undefined;
}

type LongOption = (flags: Flags, value: () => string | undefined) => string | undefined;

/** Each long option, setting its flag; one that needs a value returns an error without one. */
const LONG_OPTIONS: ReadonlyMap<string, LongOption> = new Map<string, LongOption>([
  ['--login', (flags) => void (flags.login = true)],
  ['--norc', (flags) => void (flags.norc = true)],
  ['--noprofile', (flags) => void (flags.noprofile = true)],
  ['--posix', (flags) => void (flags.posix = true)],
  ['--rcfile', (flags, value) => rcfile(flags, value(), 'rcfile')],
  ['--init-file', (flags, value) => rcfile(flags, value(), 'init-file')],
]);

function rcfile(flags: Flags, file: string | undefined, name: string): string | undefined {
  if (file === undefined) return `${name}: option requires an argument`;
  flags.rcfile = file;
  return undefined;
}

/**
 * `args` are the words after the program; `argv0` is the name the shell was started under (a
 * login shell's starts with `-`). `terminals`: whether stdin and stderr are terminals (sh's test
 * for an interactive shell without -i).
 */
export function parseArguments(args: readonly string[], terminals: boolean = isatty(0) && isatty(2), argv0 = process.argv0): Invocation {
  const flags: Flags = {
    login: argv0.startsWith('-'),
    rcfile: undefined,
    norc: false,
    noprofile: false,
    posix: false,
    interactive: false,
    command: false,
    stdin: false,
    options: [],
    shopt: [],
    list: undefined,
  };
  let index = 0;
  // Long options come first, as in bash.
  for (; index < args.length; index += 1) {
    const word = args[index] as string;
    if (word === '--version') return { kind: 'version' };
    if (word === '--help') return { kind: 'help' };
    if (!word.startsWith('--') || word === '--') break;
    const option = LONG_OPTIONS.get(word);
    if (option === undefined) return usage(`${word}: invalid option`);
    const error = option(flags, () => args[++index]);
    if (error !== undefined) return usage(error, false);
  }
  const operands = readOptions(args, index, flags);
  if (typeof operands === 'string') return usage(operands, operands.endsWith('invalid option'));
  const posix = flags.posix || flags.options.some(({ name, on }) => name === 'posix' && on);
  const startup: Startup = {
    login: flags.login,
    rcfile: flags.rcfile,
    norc: flags.norc,
    noprofile: flags.noprofile,
    posix,
    options: flags.posix ? [{ name: 'posix', on: true }, ...flags.options] : flags.options,
    shopt: flags.shopt,
    list: flags.list,
  };
  if (flags.command) {
    const [source, name, ...positional] = operands;
    if (source === undefined) return usage('-c: option requires an argument', false);
    return { kind: 'command', source, name: name ?? 'quirl', args: positional, startup, interactive: flags.interactive };
  }
  if (flags.stdin || operands[0] === undefined) {
    if (flags.interactive || terminals) return { kind: 'interactive', startup, name: argv0.startsWith('-') ? argv0 : 'quirl', args: operands };
    return { kind: 'stdin', args: operands, startup };
  }
  return { kind: 'file', path: operands[0], args: operands.slice(1), startup };
}

/** Option words from `start`; returns the operands after them, or an error message. */
function readOptions(args: readonly string[], start: number, flags: Flags): string[] | string {
  for (let index = start; index < args.length; index += 1) {
    const word = args[index] as string;
    if (word === '--' || word === '-') return args.slice(index + 1);
    const sign = word[0];
    if ((sign !== '-' && sign !== '+') || word.length < 2) return args.slice(index);
    const on = sign === '-';
    for (const letter of word.slice(1)) {
      if (letter === 'o' || letter === 'O') {
        const name = args[index + 1];
        if (name === undefined) {
          if (letter === 'O') return `${sign}O: option requires an argument`;
          flags.list = on ? 'names' : 'commands';
          continue;
        }
        index += 1;
        if (letter === 'O') flags.shopt.push({ name, on });
        else if (isSetOptionName(name)) flags.options.push({ name, on });
        else return `${name}: invalid option name`;
        continue;
      }
      const name = optionOfLetter(letter);
      if (name !== undefined) flags.options.push({ name, on });
      else if (!INVOCATION_LETTERS.includes(letter)) return `${sign}${letter}: invalid option`;
      else if (letter === 'c') flags.command = true;
      else if (letter === 'i') flags.interactive = true;
      else if (letter === 'l') flags.login = true;
      else flags.stdin = true;
    }
  }
  return [];
}

function usage(message: string, withUsage = true): Invocation {
  return { kind: 'usage', message: withUsage ? `quirl: ${message}\n${USAGE}` : `quirl: ${message}` };
}
