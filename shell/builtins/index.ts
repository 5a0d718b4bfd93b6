/** The builtin table. As in bash, a prefix assignment to a builtin never stays in the shell. */
import { alias, unalias } from './alias';
import { bind } from './bind';
import { builtin, enable } from './builtin';
import { caller } from './caller';
import { command } from './command';
import { compgen, complete, compopt } from './complete';
import { echo, exit, falseBuiltin, trueBuiltin } from './core';
import { exec } from './exec';
import { cd, dirs, popd, pushd, pwd } from './dirs';
import { getopts } from './getopts';
import { hash } from './hash';
import { help } from './help';
import { logout } from './logout';
import { breakBuiltin, continueBuiltin, evalBuiltin, letBuiltin, returnBuiltin, shift, source } from './flow';
import { fc, history } from './history';
import { bg, disown, fg, suspend } from './jobctl';
import { jobs, kill, wait } from './jobs';
import { printf } from './printf';
import { read } from './read';
import { set } from './set';
import { shopt } from './shopt';
import { BuiltinTable } from './table';
import { testBuiltin } from './test';
import { times } from './times';
import { trap } from './trap';
import { type } from './type';
import { ulimit } from './ulimit';
import { umask } from './umask';
import { unset } from './variables';
import { mapfile } from './mapfile';
import { declare, exportBuiltin, local, readonly } from './declare';

export const BUILTINS = new BuiltinTable([
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
  ['mapfile', mapfile],
  ['readarray', mapfile],
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
  ['command', command],
  ['hash', hash],
  ['getopts', getopts],
  ['umask', umask],
  ['pushd', pushd],
  ['popd', popd],
  ['dirs', dirs],
  ['builtin', builtin],
  ['complete', complete],
  ['compgen', compgen],
  ['compopt', compopt],
  ['enable', enable],
  ['help', help],
  ['logout', logout],
  ['suspend', suspend],
  ['exec', exec],
  ['ulimit', ulimit],
  ['times', times],
  ['caller', caller],
  ['bind', bind],
]);
