/**
 * What the command line asks for, decided as sh decides it. The launcher reads it too, before the
 * shell's bundle loads (an interactive shell must not die of a Ctrl-C pressed while it starts), so
 * this module needs nothing but node's own: it never touches process.stdin, whose creation makes
 * a terminal on fd 0 non-blocking for every process sharing it.
 */
import { isatty } from 'node:tty';

export type Invocation =
  | { readonly kind: 'interactive' }
  | { readonly kind: 'command'; readonly source: string; readonly name: string; readonly args: string[] }
  | { readonly kind: 'file'; readonly path: string; readonly args: string[] }
  | { readonly kind: 'stdin'; readonly args: string[] }
  | { readonly kind: 'usage'; readonly message: string };

const USAGE = 'usage: quirl [-i] [-c command [name [arg ...]]] [file [arg ...]]';

/** `terminals`: whether stdin and stderr are terminals (sh's test for an interactive shell without -i). */
export function parseArguments(args: readonly string[], terminals: boolean = isatty(0) && isatty(2)): Invocation {
  // -i before the rest only forces interactivity where the rest would read commands from stdin:
  // `-i -c CMD` runs CMD and ends, as in bash.
  const forced = args[0] === '-i';
  const [first, ...rest] = forced ? args.slice(1) : args;
  if (first === '-c') {
    const [source, name, ...positional] = rest;
    if (source === undefined) return { kind: 'usage', message: `quirl: -c: option requires an argument\n${USAGE}` };
    return { kind: 'command', source, name: name ?? 'quirl', args: positional };
  }
  if (first === undefined && (forced || terminals)) return { kind: 'interactive' };
  if (first === '-s') return { kind: 'stdin', args: rest };
  if (first === '--') return rest[0] === undefined ? { kind: 'stdin', args: [] } : { kind: 'file', path: rest[0], args: rest.slice(1) };
  if (first !== undefined && first.startsWith('-') && first !== '-') return { kind: 'usage', message: `quirl: ${first}: invalid option\n${USAGE}` };
  if (first === undefined || first === '-') return { kind: 'stdin', args: rest };
  return { kind: 'file', path: first, args: rest };
}
