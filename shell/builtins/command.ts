/**
 * command [-pVv] NAME [ARG...]: runs NAME as a builtin or a program, never as a function; with
 * -p, PATH search uses a default PATH that finds the standard utilities. With -v or -V it only
 * says what NAME is (`type`'s lookup).
 */
import { has, parseOrReport } from './options';
import { describe, lookUp, terse } from './type';
import type { Builtin } from '../interp/builtin-api';

/** What `command -p` searches: bash's default, the value of `getconf PATH` on glibc. */
export const DEFAULT_PATH = '/bin:/usr/bin';

export const command: Builtin = async (context) => {
  const { argv, state, output, shell } = context;
  const parsed = await parseOrReport(output, argv, 'pVv');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const searchPath = has(options, 'p') ? DEFAULT_PATH : undefined;
  const verbose = has(options, 'V');
  if (!verbose && !has(options, 'v')) {
    if (operands.length === 0) return 0;
    return context.runCommand(operands, searchPath);
  }
  let status = 0;
  for (const name of operands) {
    const [meaning] = lookUp(name, state, shell, { all: false, functions: true, pathOnly: false, searchPath });
    if (meaning === undefined) {
      if (verbose) await output.err(`quirl: command: ${name}: not found\n`);
      status = 1;
    } else await output.out(verbose ? describe(name, meaning) : terse(name, meaning));
  }
  return status;
};
