/**
 * The builtins that steer the tree walker: `break`, `continue`, `return` (typed control flow the
 * loops and function calls catch), `local`, `shift`, `eval`, `.` / `source` and `let`.
 */
import { statSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { decodeBytes, fsPath } from '../bytes';
import { nodeFsPromises } from '../lazy-builtins';
import { describeErrno, isSystemError } from '../errors';
import { ArithmeticError, arithmeticValue, type ArithmeticValue } from '../expand/arith';
import { fatalIfUnbound } from '../interp/arithmetic';
import { FunctionReturn, Interrupted, LoopControl } from '../control';
import { ExitRequest, type Builtin, type BuiltinContext } from '../interp/builtin-api';
import { descriptorNamed, readToEnd } from '../interp/file-substitution';

const NUMBER = /^[+-]?\d+$/;
/** The most of a descriptor `.` reads (a file is read whole, whatever its size). */
const SOURCE_LIMIT = 1 << 30;

function loopControl(kind: 'break' | 'continue'): Builtin {
  return async ({ argv, state, output, shell }) => {
    if (state.loopDepth === 0) {
      await output.err(`quirl: ${kind}: only meaningful in a \`for', \`while', or \`until' loop\n`);
      return 0;
    }
    // bash's errors inside a loop: a bad count leaves every loop with status 1; too many
    // arguments likewise (bash abandons the whole command); a word that is not a number is
    // fatal, status 128, as bash's throw_to_top_level is for a shell that is not interactive.
    if (argv.length > 2) {
      await output.err(`quirl: ${kind}: too many arguments\n`);
      throw new LoopControl('break', state.loopDepth, 1);
    }
    const word = argv[1] ?? '1';
    if (!NUMBER.test(word)) {
      await output.err(`quirl: ${kind}: ${word}: numeric argument required\n`);
      // bash ends a script here; an interactive shell only abandons the line.
      if (shell.interactive) throw new Interrupted(128);
      throw new ExitRequest(128);
    }
    const levels = Number(word);
    if (levels < 1) {
      await output.err(`quirl: ${kind}: ${word}: loop count out of range\n`);
      throw new LoopControl('break', state.loopDepth, 1);
    }
    // More levels than loops: all of them (bash).
    throw new LoopControl(kind, Math.min(levels, state.loopDepth));
  };
}

export const breakBuiltin = loopControl('break');
export const continueBuiltin = loopControl('continue');

/** return [N]: N modulo 256, $? by default; only in a function or a sourced file. */
export const returnBuiltin: Builtin = async ({ argv, state, output }) => {
  if (state.functionDepth === 0 && state.sourceDepth === 0) {
    await output.err("quirl: return: can only `return' from a function or sourced script\n");
    return 2;
  }
  if (argv.length > 2) {
    await output.err('quirl: return: too many arguments\n');
    throw new FunctionReturn(2);
  }
  const word = argv[1];
  if (word === undefined) throw new FunctionReturn(state.lastStatus);
  if (!NUMBER.test(word)) {
    await output.err(`quirl: return: ${word}: numeric argument required\n`);
    throw new FunctionReturn(2);
  }
  throw new FunctionReturn(Number(BigInt.asUintN(8, BigInt(word))));
};

/** shift [N]: drops the first N positional parameters; more than there are is status 1, unchanged. */
export const shift: Builtin = async ({ argv, state, output }) => {
  const word = argv[1] ?? '1';
  if (argv.length > 2) {
    await output.err('quirl: shift: too many arguments\n');
    return 1;
  }
  if (!NUMBER.test(word)) {
    await output.err(`quirl: shift: ${word}: numeric argument required\n`);
    return 1;
  }
  const count = Number(word);
  if (count < 0) {
    await output.err(`quirl: shift: ${word}: shift count out of range\n`);
    return 1;
  }
  if (count > state.positional.length) return 1;
  state.positional = state.positional.slice(count);
  return 0;
};

/** eval [ARG ...]: the arguments joined by spaces, parsed and run here. */
export const evalBuiltin: Builtin = async (context) => {
  const source = context.argv.slice(1).join(' ');
  return source.trim() === '' ? 0 : context.run(source);
};

/**
 * `. FILE [ARGS]` / `source FILE [ARGS]`: FILE's commands run here; without a slash FILE is
 * looked for on PATH first, then in the current directory (bash). ARGS replace the positional
 * parameters while it runs; `return` ends it.
 */
export const source: Builtin = async (context) => {
  const { argv, state, output } = context;
  const name = argv[0] as string;
  const operands = argv[1] === '--' ? argv.slice(2) : argv.slice(1);
  const file = operands[0];
  if (file === undefined) {
    await output.err(`quirl: ${name}: filename argument required\n${name}: usage: ${name} filename [arguments]\n`);
    return 2;
  }
  const path = findSourceFile(file, context);
  let text: string;
  try {
    // Not a blocking read: the file may be a pipe whose writer runs in this shell (`source <(list)`).
    text = decodeBytes(await readSourceFile(file, path, context));
  } catch (error) {
    const reason = isSystemError(error) ? describeErrno(error.code) : describeErrno('ENOENT');
    await output.err(`quirl: ${file}: ${reason}\n`);
    return 1;
  }
  const positional = state.positional;
  if (operands.length > 1) state.positional = operands.slice(1);
  state.sourceDepth += 1;
  state.enterSource(file, operands.slice(1));
  try {
    return await context.runFile(text, file);
  } finally {
    state.leaveSource();
    state.sourceDepth -= 1;
    if (operands.length > 1) state.positional = positional;
  }
};

/** The file's bytes to EOF; /dev/stdin and /dev/fd/N are the command's own descriptors. */
async function readSourceFile(file: string, path: string, { output }: BuiltinContext): Promise<Buffer> {
  const fd = descriptorNamed(file);
  if (fd === undefined) return nodeFsPromises().readFile(fsPath(path));
  const osFd = output.fds.get(fd);
  // A descriptor not open has no /dev/fd entry: the file is not there.
  if (osFd === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT', errno: constants.errno.ENOENT });
  return readToEnd(osFd, SOURCE_LIMIT, output.signal);
}

function findSourceFile(file: string, { state }: BuiltinContext): string {
  if (file.includes('/')) return resolve(state.cwd, file);
  for (const directory of (state.get('PATH') ?? '').split(delimiter)) {
    const candidate = resolve(state.cwd, join(directory === '' ? '.' : directory, file));
    try {
      if (statSync(fsPath(candidate)).isFile()) return candidate;
    } catch {
      // Not here: the next directory.
    }
  }
  return resolve(state.cwd, file);
}

/** let EXPR ...: each argument is evaluated as arithmetic; status 0 when the last is non-zero. */
export const letBuiltin: Builtin = ({ argv, state, output }) => {
  if (argv.length < 2) return output.err('quirl: let: expression expected\n').then(() => 1);
  let last: ArithmeticValue = 0;
  try {
    for (let index = 1; index < argv.length; index++) last = arithmeticValue(argv[index] as string, state.arithmeticVariables());
  } catch (error) {
    fatalIfUnbound(error);
    if (!(error instanceof ArithmeticError)) throw error;
    return output.err(`quirl: let: ${error.message}\n`).then(() => 1);
  }
  return last === 0 ? 1 : 0;
};
