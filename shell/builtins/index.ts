/** The builtin table. As in bash, a prefix assignment to a builtin never stays in the shell. */
import { alias, unalias } from './alias';
import { cd, echo, exit, falseBuiltin, pwd, trueBuiltin } from './core';
import { breakBuiltin, continueBuiltin, evalBuiltin, letBuiltin, returnBuiltin, shift, source } from './flow';
import { fc, history } from './history';
import { bg, disown, fg } from './jobctl';
import { jobs, kill, wait } from './jobs';
import { printf } from './printf';
import { read } from './read';
import { set } from './set';
import { shopt } from './shopt';
import { testBuiltin } from './test';
import { trap } from './trap';
import { type } from './type';
import type { Builtin } from './types';
import { unset } from './variables';
import { declare, exportBuiltin, local, readonly } from './declare';

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map([
  [':', trueBuiltin],
  ['true', trueBuiltin],
  ['false', falseBuiltin],
  ['echo', echo],
  ['pwd', pwd],
  ['cd', cd],
  ['exit', exit],
  ['export', exportBuiltin],
  ['unset', unset],
  ['type', type],
  ['jobs', jobs],
  ['wait', wait],
  ['kill', kill],
  ['fg', fg],
  ['bg', bg],
  ['disown', disown],
  ['history', history],
  ['fc', fc],
  ['break', breakBuiltin],
  ['continue', continueBuiltin],
  ['return', returnBuiltin],
  ['local', local],
  ['declare', declare],
  ['typeset', declare],
  ['readonly', readonly],
  ['shift', shift],
  ['eval', evalBuiltin],
  ['.', source],
  ['source', source],
  ['set', set],
  ['shopt', shopt],
  ['trap', trap],
  ['let', letBuiltin],
  ['alias', alias],
  ['unalias', unalias],
  ['read', read],
  ['test', testBuiltin],
  ['[', testBuiltin],
  ['printf', printf],
]);

export type { Builtin, BuiltinContext, ShellServices } from './types';
export { ExitRequest } from './types';
