/**
 * Redirects from the syntax tree to planned redirects: targets expanded (one field each), paths
 * made absolute against the context's directory, the mode of a file they create from the
 * context's umask, here-strings and here-document bodies expanded into the text the shell will
 * feed.
 */
import { statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fsPath } from '../bytes';
import { ShellError } from '../errors';
import type { PlannedRedirect } from '../exec/fds';
import type { ExpansionBudget } from '../expand/budget';
import { expandRedirectTarget, expandWord } from '../expand';
import type { ExpansionEnvironment } from '../expand/types';
import type { Redirect } from '../syntax/ast';

const OPEN_MODES = { '<': 'read', '>': 'write', '>|': 'write', '>>': 'append', '<>': 'readWrite' } as const;

/** Where redirects are planned: the context's directory and umask. */
export interface RedirectContext {
  readonly cwd: string;
  readonly umask: number;
}

/** New files get 0666 less the umask, as in every shell. */
const CREATE_MODE = 0o666;

/** Plans `redirects` in source order: they are opened in this order too. */
export async function planRedirects(
  redirects: readonly Redirect[],
  environment: ExpansionEnvironment,
  budget: ExpansionBudget,
  where: RedirectContext,
): Promise<PlannedRedirect[]> {
  const planned: PlannedRedirect[] = [];
  const permissions = CREATE_MODE & ~where.umask;
  for (const redirect of redirects) planned.push(await planRedirect(redirect, environment, budget, where.cwd, permissions));
  return planned;
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
