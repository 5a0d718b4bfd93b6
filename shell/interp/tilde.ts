/**
 * What a tilde prefix names, as bash expands it: `~` is HOME, `~+` PWD, `~-` OLDPWD, `~N`, `~+N`
 * and `~-N` the directory stack's entry that `dirs +N` / `dirs -N` shows, and `~user` that user's
 * home directory from the passwd database (so is `~` with HOME unset).
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fullStack, stackIndex } from './directory-stack';
import type { ShellState } from './state';

/** `~N`, `~+N`, `~-N`: an entry of the directory stack. */
const STACK_ENTRY = /^[+-]?\d+$/;

/** The expansion of `~prefix`, or undefined when it names nothing (the prefix then stays as written). */
export function tildeExpansion(state: ShellState, prefix: string): string | undefined {
  // With HOME unset, bash's `~` is the user's home from the passwd database.
  if (prefix === '') return state.get('HOME') ?? ownHomeDirectory();
  // bash falls back on the passwd database when a special prefix names nothing (PWD unset...).
  return directoryPrefix(state, prefix) ?? homeDirectoryOf(prefix);
}

function directoryPrefix(state: ShellState, prefix: string): string | undefined {
  if (prefix === '+') return state.get('PWD');
  if (prefix === '-') return state.get('OLDPWD');
  if (!STACK_ENTRY.test(prefix)) return undefined;
  const stack = fullStack(state);
  const at = stackIndex(/^[+-]/.test(prefix) ? prefix : `+${prefix}`, stack.length);
  // The top of the stack is the working directory, which bash reads from PWD here.
  return at === 0 ? state.get('PWD') : at === undefined ? undefined : stack[at];
}

function ownHomeDirectory(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    // No passwd entry for this user: `~` stays as typed.
    return undefined;
  }
}

function homeDirectoryOf(user: string): string | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const fields = line.split(':');
      if (fields[0] === user) return fields[5];
    }
  } catch {
    // No passwd database: ~user stays as typed.
  }
  return undefined;
}
