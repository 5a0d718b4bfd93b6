/**
 * Redirects from the syntax tree to planned redirects: targets expanded (one field each), paths
 * made absolute against the context's directory, the mode of a file they create from the
 * context's umask, here-strings and here-document bodies expanded into the text the shell will
 * feed.
 */
import { statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fsPath } from '../bytes';
import { isShellError, ShellError } from '../errors';
import type { FdTable, PlannedRedirect } from '../exec/fds';
import type { ExpansionBudget } from '../expand/budget';
import { expandRedirectTarget, expandWord } from '../expand';
import type { ExpansionEnvironment } from '../expand/types';
import type { Redirect } from '../syntax/ast';
import type { ShellState } from './state';

const OPEN_MODES = { '<': 'read', '>': 'write', '>|': 'write', '>>': 'append', '<>': 'readWrite' } as const;

/** Where redirects are planned: the context's directory and umask. */
export interface RedirectContext {
  readonly cwd: string;
  readonly umask: number;
}

/** New files get 0666 less the umask, as in every shell. */
const CREATE_MODE = 0o666;

/** Where bash's `{NAME}>file` gets its descriptor: the lowest number from 10 up that the command's descriptors do not name. */
export interface DescriptorVariables {
  readonly state: ShellState;
  readonly fds: FdTable;
}

/** bash's first descriptor for `{NAME}` redirects. */
const FIRST_NAMED_FD = 10;

/** Plans `redirects` in source order: they are opened in this order too. */
export async function planRedirects(
  redirects: readonly Redirect[],
  environment: ExpansionEnvironment,
  budget: ExpansionBudget,
  where: RedirectContext,
  variables: DescriptorVariables,
): Promise<PlannedRedirect[]> {
  const planned: PlannedRedirect[] = [];
  const permissions = CREATE_MODE & ~where.umask;
  for (const redirect of redirects) {
    const varname = redirect.kind === 'FileRedirect' || redirect.kind === 'DupRedirect' ? redirect.varname : undefined;
    if (varname === undefined) {
      planned.push(await planRedirect(redirect, environment, budget, where.cwd, permissions));
      continue;
    }
    planned.push(await planNamedRedirect(redirect as NamedSyntax, varname, planned, variables, (numbered) => planRedirect(numbered, environment, budget, where.cwd, permissions)));
  }
  return planned;
}

/** `NAME` or `NAME[subscript]` of a `{...}` redirect: a number subscripts by index, anything else by key. */
function namedVariable(varname: string): { name: string; subscript: bigint | string | undefined } {
  const match = /^(\w+)\[(.*)\]$/.exec(varname);
  if (match === null) return { name: varname, subscript: undefined };
  const subscript = match[2] as string;
  return { name: match[1] as string, subscript: /^-?\d+$/.test(subscript) ? BigInt(subscript) : subscript };
}

type NamedSyntax = Extract<Redirect, { kind: 'FileRedirect' | 'DupRedirect' }>;

/** A planned `{NAME}` redirect. */
export type NamedRedirect = Extract<PlannedRedirect, { kind: 'open' | 'dup' | 'close' }> & { readonly named: string };

/**
 * Once `redirects` are open, each `{NAME}` that opened one gets its number; returns the `{NAME}`
 * redirects. A NAME that cannot be assigned (readonly) fails the command, not the script (bash).
 */
export function assignNamedDescriptors(redirects: readonly PlannedRedirect[], state: ShellState): NamedRedirect[] {
  const named = redirects.filter((redirect): redirect is NamedRedirect => 'named' in redirect && redirect.named !== undefined);
  for (const redirect of named) {
    if (redirect.kind === 'close') continue;
    try {
      const { name, subscript } = namedVariable(redirect.named);
      if (subscript === undefined) state.set(name, String(redirect.fd));
      else state.assignElement(name, subscript, String(redirect.fd));
    } catch (error) {
      if (!isShellError(error, 'AssignmentError')) throw error;
      throw new ShellError('RedirectFailed', `${error.message}\nquirl: ${redirect.named}: cannot assign fd to variable`, { cause: error });
    }
  }
  return named;
}

/**
 * `{NAME}>&-` closes the descriptor NAME holds (unset or empty: an ambiguous redirect; any other
 * text that is not a number is 0, as bash reads it); any other `{NAME}` redirect is planned for
 * a new descriptor, whose number NAME gets when it is open.
 */
async function planNamedRedirect(
  redirect: NamedSyntax,
  varname: string,
  before: readonly PlannedRedirect[],
  { state, fds }: DescriptorVariables,
  plan: (numbered: NamedSyntax) => Promise<PlannedRedirect>,
): Promise<PlannedRedirect> {
  if (redirect.kind === 'DupRedirect' && redirect.target.text === '-') {
    const { name, subscript } = namedVariable(varname);
    const value = subscript === undefined ? state.get(name) : state.element(name, subscript);
    if (value === undefined || value === '') throw new ShellError('RedirectFailed', `${varname}: ambiguous redirect`);
    const fd = /^\s*[-+]?\d+\s*$/.test(value) ? Number(value.trim()) : 0;
    return { kind: 'close', fd, named: varname };
  }
  const taken = new Set(before.map((planned) => ('fd' in planned ? planned.fd : -1)));
  let fd = FIRST_NAMED_FD;
  while (fds.has(fd) || taken.has(fd)) fd += 1;
  const planned = await plan({ ...redirect, fd, varname: undefined });
  return { ...planned, named: varname } as PlannedRedirect;
}

async function planRedirect(
  redirect: Redirect,
  environment: ExpansionEnvironment,
  budget: ExpansionBudget,
  cwd: string,
  permissions: number,
): Promise<PlannedRedirect> {
  switch (redirect.kind) {
    case 'FileRedirect': {
      const target = await expandRedirectTarget(redirect.target, environment, budget);
      const input = redirect.operator === '<' || redirect.operator === '<>';
      const fd = redirect.fd ?? (input ? 0 : 1);
      const path = resolvePath(cwd, target);
      if (redirect.operator === '>') refuseClobber(path, target, environment);
      return { kind: 'open', fd, path, mode: OPEN_MODES[redirect.operator], permissions, target };
    }
    case 'BothRedirect': {
      const target = await expandRedirectTarget(redirect.target, environment, budget);
      const path = resolvePath(cwd, target);
      if (redirect.operator !== '&>>') refuseClobber(path, target, environment);
      return { kind: 'both', path, append: redirect.operator === '&>>', permissions, target };
    }
    case 'DupRedirect': {
      const target = await expandRedirectTarget(redirect.target, environment, budget);
      const fd = redirect.fd ?? (redirect.operator === '<&' ? 0 : 1);
      if (target === '-') return { kind: 'close', fd };
      if (/^\d+$/.test(target)) return { kind: 'dup', fd, source: Number(target) };
      // `n>&m-` moves m to n: duplicate, then close m.
      if (/^\d+-$/.test(target)) return { kind: 'dup', fd, source: Number(target.slice(0, -1)), move: true };
      // bash: `>&file` with no descriptor number means `&>file`.
      if (redirect.operator === '>&' && redirect.fd === null) {
        refuseClobber(resolvePath(cwd, target), target, environment);
        return { kind: 'both', path: resolvePath(cwd, target), append: false, permissions, target };
      }
      throw new ShellError('RedirectFailed', `${target}: ambiguous redirect`);
    }
    case 'HereString':
      return { kind: 'hereString', fd: redirect.fd ?? 0, text: await expandWord(redirect.target, environment, budget) };
    case 'HereDocument':
      return { kind: 'hereDocument', fd: redirect.fd ?? 0, text: await expandWord(redirect.body, environment, budget) };
  }
}

/** `set -C`: `>` and `&>` refuse to truncate an existing regular file (devices and FIFOs are fine, as in bash). */
function refuseClobber(path: string, target: string, environment: ExpansionEnvironment): void {
  if (environment.options?.noclobber !== true) return;
  let regular: boolean;
  try {
    regular = statSync(fsPath(path)).isFile();
  } catch {
    return;
  }
  if (regular) throw new ShellError('RedirectFailed', `${target}: cannot overwrite existing file`);
}
