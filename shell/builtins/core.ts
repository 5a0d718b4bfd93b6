/** The builtins every script leans on: true, false, :, echo, pwd, cd, exit. */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeErrno, isSystemError } from '../errors';
import type { CommandOutput } from '../interp/output';
import { expandEscapes, fromBytes, toBytes } from '../expand/escapes';
import { isUtf8Locale } from './printf';
import { type Builtin, ExitRequest } from './types';

export const trueBuiltin: Builtin = async () => 0;
export const falseBuiltin: Builtin = async () => 1;

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
    const expanded = expandEscapes(toBytes(text), 'echo', isUtf8Locale(state));
    text = fromBytes(expanded.bytes);
    stop = expanded.stop;
  }
  await output.out(text + (newline && !stop ? '\n' : ''));
  return 0;
};

/** pwd [-L | -P]: the logical directory, or with -P the one with every symlink resolved. */
export const pwd: Builtin = async ({ argv, state, output }) => {
  let physical = false;
  for (const option of argv.slice(1)) {
    if (option === '-P') physical = true;
    else if (option === '-L') physical = false;
    else return usageError(output, 'pwd', option, 'pwd [-LP]');
  }
  await output.out(`${physical ? realpathSync(state.cwd) : state.cwd}\n`);
  return 0;
};

async function usageError(output: CommandOutput, builtin: string, option: string, usage: string): Promise<number> {
  await output.err(`quirl: ${builtin}: ${option}: invalid option\n${builtin}: usage: ${usage}\n`);
  return 2;
}

/** cd [dir | -]: HOME by default; `-` is OLDPWD and prints the new directory. */
export const cd: Builtin = async ({ argv, state, output }) => {
  let start = 1;
  while (start < argv.length && /^-[LP]+$/.test(argv[start] as string)) start += 1;
  if (argv[start] === '--') start += 1;
  else if (argv[start] !== undefined && argv[start] !== '-' && (argv[start] as string).startsWith('-')) {
    return usageError(output, 'cd', argv[start] as string, 'cd [-L|-P] [dir]');
  }
  const operands = argv.slice(start);
  if (operands.length > 1) {
    await output.err('quirl: cd: too many arguments\n');
    return 1;
  }
  let target = operands[0];
  let announce = false;
  if (target === undefined) {
    target = state.get('HOME');
    if (target === undefined || target === '') {
      await output.err('quirl: cd: HOME not set\n');
      return 1;
    }
  } else if (target === '-') {
    target = state.get('OLDPWD');
    if (target === undefined) {
      await output.err('quirl: cd: OLDPWD not set\n');
      return 1;
    }
    announce = true;
  }
  const directory = resolve(state.cwd, target);
  try {
    if (!statSync(directory).isDirectory()) {
      await output.err(`quirl: cd: ${target}: ${describeErrno('ENOTDIR')}\n`);
      return 1;
    }
  } catch (error) {
    await output.err(`quirl: cd: ${target}: ${describeErrno(isSystemError(error) ? error.code : 'ENOENT')}\n`);
    return 1;
  }
  state.set('OLDPWD', state.cwd);
  state.cwd = directory;
  state.set('PWD', directory);
  if (announce) await output.out(`${directory}\n`);
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

