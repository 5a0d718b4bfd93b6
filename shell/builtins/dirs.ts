/**
 * The working directory and its stack: cd [-L|-P [-e]] [DIR|-], pwd [-LP], pushd, popd, dirs.
 * The shell's directory is logical, as bash's is: `..` goes back over the symlink that led
 * there (`cd -P` and `pwd -P` resolve links). cd searches CDPATH for a relative name, and says
 * where it went when CDPATH or `-` chose it.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeBytes, fsPath } from '../bytes';
import { describeErrno, isSystemError } from '../errors';
import type { CommandOutput } from '../interp/output';
import type { ShellState } from '../interp/state';
import { has, parseOrReport, usageError } from './options';
import type { Builtin } from '../interp/builtin-api';
import { fullStack, setStack, stackIndex, stackOf } from '../interp/directory-stack';

/** A relative name that CDPATH does not apply to (`.`, `..`, `./x`, `../x`). */
function skipsCdpath(name: string): boolean {
  return name.startsWith('/') || /^\.\.?(\/|$)/.test(name);
}

/** What a change of directory came to: the new directory, or why not. */
type Change = { readonly kind: 'changed'; readonly directory: string } | { readonly kind: 'failed'; readonly reason: string };

function tryDirectory(directory: string, physical: boolean): Change {
  try {
    if (!statSync(fsPath(directory)).isDirectory()) return { kind: 'failed', reason: describeErrno('ENOTDIR') };
    return { kind: 'changed', directory: physical ? realPath(directory) : directory };
  } catch (error) {
    return { kind: 'failed', reason: describeErrno(isSystemError(error) ? error.code : 'ENOENT') };
  }
}

/** The directory's path without symbolic links, its bytes as they are. */
function realPath(directory: string): string {
  return decodeBytes(realpathSync(fsPath(directory), { encoding: 'buffer' }));
}

/**
 * Changes `state`'s directory to `target` as cd does (CDPATH, logical or physical); reports a
 * failure on stderr. True when it changed; `announce` is set when the new directory is printed.
 */
async function changeDirectory(state: ShellState, output: CommandOutput, target: string, physical: boolean, name: string): Promise<{ changed: boolean; announce: boolean }> {
  let change: Change | undefined;
  let announce = false;
  if (!skipsCdpath(target)) {
    for (const entry of (state.get('CDPATH') ?? '').split(':')) {
      if (state.get('CDPATH') === undefined) break;
      const attempt = tryDirectory(resolve(state.cwd, entry === '' ? '.' : entry, target), physical);
      if (attempt.kind === 'changed') {
        change = attempt;
        announce = entry !== '';
        break;
      }
    }
  }
  change ??= tryDirectory(resolve(state.cwd, target), physical);
  if (change.kind === 'failed') {
    await output.err(`quirl: ${name}: ${target}: ${change.reason}\n`);
    return { changed: false, announce: false };
  }
  state.set('OLDPWD', state.cwd);
  state.cwd = change.directory;
  state.set('PWD', change.directory);
  return { changed: true, announce };
}

export const cd: Builtin = async ({ argv, state, output }) => {
  const parsed = await parseOrReport(output, argv, 'LPe@');
  if (typeof parsed === 'number') return parsed;
  const physical = parsed.options.findLast((option) => option.letter === 'L' || option.letter === 'P')?.letter === 'P';
  const { operands } = parsed;
  if (operands.length > 1) {
    await output.err('quirl: cd: too many arguments\n');
    return 1;
  }
  let target = operands[0];
  let announce = false;
  if (target === undefined) {
    target = state.get('HOME');
    if (target === undefined) {
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
  // An empty name changes nothing (bash), and `cd -` with an empty OLDPWD prints the empty line.
  if (target === '') {
    if (announce) await output.out('\n');
    return 0;
  }
  const result = await changeDirectory(state, output, target, physical, 'cd');
  if (!result.changed) return 1;
  if (announce || result.announce) await output.out(`${state.cwd}\n`);
  return 0;
};

export const pwd: Builtin = async ({ argv, state, output }) => {
  const parsed = await parseOrReport(output, argv, 'LP');
  if (typeof parsed === 'number') return parsed;
  const physical = parsed.options.at(-1)?.letter === 'P';
  let directory = state.cwd;
  if (physical) {
    try {
      directory = realPath(state.cwd);
    } catch (error) {
      await output.err(`quirl: pwd: error retrieving current directory: ${describeErrno(isSystemError(error) ? error.code : 'ENOENT')}\n`);
      return 1;
    }
  }
  await output.out(`${directory}\n`);
  return 0;
};

/** `~` for HOME at the start of an entry, as dirs shows it without -l. */
function abbreviate(state: ShellState, directory: string): string {
  const home = state.get('HOME');
  if (home === undefined || home === '' || home === '/') return directory;
  if (directory === home) return '~';
  return directory.startsWith(`${home}/`) ? `~${directory.slice(home.length)}` : directory;
}

const STACK_INDEX = /^[+-]\d+$/;

async function printStack(state: ShellState, output: CommandOutput, options: { long: boolean; lines: boolean; numbered: boolean }): Promise<void> {
  const entries = fullStack(state).map((directory) => (options.long ? directory : abbreviate(state, directory)));
  if (options.numbered) await output.out(entries.map((entry, index) => `${String(index).padStart(2)}  ${entry}\n`).join(''));
  else await output.out(options.lines ? entries.map((entry) => `${entry}\n`).join('') : `${entries.join(' ')}\n`);
}

const PLAIN = { long: false, lines: false, numbered: false };

export const dirs: Builtin = async ({ argv, state, output }) => {
  const index = argv.slice(1).find((word) => STACK_INDEX.test(word));
  const words = argv.filter((word) => word !== index);
  const bad = words.slice(1).find((word) => !/^-[clpv]+$/.test(word));
  if (bad !== undefined) return usageError(output, 'dirs', `${bad}: invalid number`);
  const parsed = await parseOrReport(output, words, 'clpv');
  if (typeof parsed === 'number') return parsed;
  const { options } = parsed;
  if (has(options, 'c')) {
    setStack(state, []);
    return 0;
  }
  const long = has(options, 'l');
  if (index !== undefined) {
    const stack = fullStack(state);
    const at = stackIndex(index, stack.length);
    if (at === undefined) {
      await output.err(stack.length === 1 ? 'quirl: dirs: directory stack empty\n' : `quirl: dirs: ${index.slice(1)}: directory stack index out of range\n`);
      return 1;
    }
    const entry = stack[at] as string;
    await output.out(`${long ? entry : abbreviate(state, entry)}\n`);
    return 0;
  }
  await printStack(state, output, { long, lines: has(options, 'p'), numbered: has(options, 'v') });
  return 0;
};

/** Makes `stack` (the full one, its top first) the shell's, going to its top. */
async function rotateTo(state: ShellState, output: CommandOutput, stack: string[]): Promise<boolean> {
  if (stack[0] !== state.cwd) {
    if (!(await changeDirectory(state, output, stack[0] as string, false, 'pushd')).changed) return false;
    stack[0] = state.cwd;
  }
  setStack(state, stack.slice(1));
  return true;
}

export const pushd: Builtin = async ({ argv, state, output }) => {
  const parsed = await parseOrReport(output, argv, 'n', STACK_INDEX);
  if (typeof parsed === 'number') return parsed;
  const stay = has(parsed.options, 'n');
  const [operand, extra] = parsed.operands;
  if (extra !== undefined) return usageError(output, 'pushd', 'too many arguments');
  const stack = fullStack(state);
  if (operand === undefined || STACK_INDEX.test(operand)) {
    if (stack.length === 1) {
      await output.err(operand === undefined ? 'quirl: pushd: no other directory\n' : 'quirl: pushd: directory stack empty\n');
      return 1;
    }
    const at = operand === undefined ? 1 : stackIndex(operand, stack.length);
    if (at === undefined) {
      await output.err(`quirl: pushd: ${operand?.slice(1)}: directory stack index out of range\n`);
      return 1;
    }
    const rotated = operand === undefined ? [stack[1] as string, stack[0] as string, ...stack.slice(2)] : [...stack.slice(at), ...stack.slice(0, at)];
    // bash's -n with a rotation keeps the directory; Quirl rotates and goes there regardless.
    if (!(await rotateTo(state, output, rotated))) return 1;
  } else if (stay) {
    setStack(state, [operand === '' ? state.cwd : resolve(state.cwd, operand), ...stackOf(state)]);
  } else {
    const before = state.cwd;
    if (operand !== '' && !(await changeDirectory(state, output, operand, false, 'pushd')).changed) return 1;
    setStack(state, [before, ...stackOf(state)]);
  }
  await printStack(state, output, PLAIN);
  return 0;
};

export const popd: Builtin = async ({ argv, state, output }) => {
  const words = argv.slice(1);
  const bad = words.find((word) => word.startsWith('-') && word !== '-n' && !STACK_INDEX.test(word));
  if (bad !== undefined) return usageError(output, 'popd', `${bad}: invalid number`);
  const stay = words.includes('-n');
  const operands = words.filter((word) => word !== '-n');
  const operand = operands[0];
  if (operand !== undefined && !STACK_INDEX.test(operand)) return usageError(output, 'popd', `${operand}: invalid argument`);
  const stack = fullStack(state);
  if (stack.length === 1) {
    await output.err('quirl: popd: directory stack empty\n');
    return 1;
  }
  const at = operand === undefined ? 0 : stackIndex(operand, stack.length);
  if (at === undefined) {
    await output.err(`quirl: popd: ${operand?.slice(1)}: directory stack index out of range\n`);
    return 1;
  }
  // -n keeps the working directory: the entry removed is then counted from the one after it.
  const removed = stay && operand === undefined ? 1 : at;
  const remaining = stack.filter((_, index) => index !== removed);
  if (removed === 0) {
    if (!(await changeDirectory(state, output, remaining[0] as string, false, 'popd')).changed) return 1;
  }
  setStack(state, remaining.slice(1));
  await printStack(state, output, PLAIN);
  return 0;
};
