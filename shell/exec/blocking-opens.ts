/**
 * Redirects that would block the shell. Opening a FIFO blocks until its other end is opened,
 * which in a shell is usually the next command (`cmd > fifo & cat fifo`): the shell must not
 * wait for it. An external stage with a FIFO target therefore runs through /bin/sh, which
 * performs the stage's redirects in the stage's own process (it may block there, as in bash)
 * and then execs the program in place, keeping the PID. A command the shell runs itself opens
 * its FIFOs without blocking: a reader at once (its reads then wait on a thread, as `read` does),
 * a writer as soon as a reader is there, checking every few milliseconds meanwhile.
 */
import { constants, statSync } from 'node:fs';
import { native } from '../../native';
import { fsPath } from '../bytes';
import { describeErrno, isSystemError, ShellError } from '../errors';
import type { ExecTarget, InShellStage } from './construct';
import { isFed, type FdTable, type FedRedirect, type PlannedRedirect } from './fds';

/** How often a writer waiting for a FIFO's reader tries again. */
const FIFO_WRITER_RETRY_MS = 10;

const REDIRECTING_SHELL = '/bin/sh';

export interface StagePlan {
  readonly target: ExecTarget;
  readonly redirects: readonly PlannedRedirect[];
}

/** The stage as planned, or rewritten so that its redirects happen in the child. */
export function deferBlockingOpens(plan: StagePlan): StagePlan {
  if (!plan.redirects.some(opensFifo)) return plan;
  // Here-strings stay with the shell (it owns their writers); they are set up before the rest.
  const hereStrings = plan.redirects.filter(isFed);
  const inChild = plan.redirects
    .filter((redirect): redirect is Exclude<PlannedRedirect, FedRedirect> => !isFed(redirect))
    .map(shellSyntax)
    .join(' ');
  return {
    target: {
      file: REDIRECTING_SHELL,
      argv: ['sh', '-c', `exec "$0" "$@" ${inChild}`, plan.target.file, ...plan.target.argv.slice(1)],
    },
    redirects: hereStrings,
  };
}

/** An in-shell stage whose FIFO redirects are applied when it starts, where they may wait, rather than at construction. */
export function deferInShellOpens(stage: InShellStage): InShellStage {
  if (!stage.redirects.some(opensFifo)) return stage;
  const { redirects } = stage;
  return { ...stage, redirects: [], run: async (fds, control) => (await applyWithoutBlocking(fds, redirects, control.signal), stage.run(fds, control)) };
}

/**
 * Applies `redirects` to `fds` in source order, as FdTable.apply does, but opens a FIFO without
 * blocking the shell's thread; `signal` ends a writer's wait for a reader with Cancelled.
 */
export async function applyWithoutBlocking(fds: FdTable, redirects: readonly PlannedRedirect[], signal?: AbortSignal, where?: string): Promise<void> {
  for (const redirect of redirects) {
    if (!opensFifo(redirect) || (redirect.kind === 'open' && redirect.mode === 'readWrite')) {
      fds.apply([redirect], where);
      continue;
    }
    const reading = redirect.kind === 'open' && redirect.mode === 'read';
    const append = redirect.kind === 'open' ? redirect.mode === 'append' : redirect.append;
    const flags = reading ? constants.O_RDONLY : constants.O_WRONLY | (append ? constants.O_APPEND : 0);
    const fd = await openFifo(redirect.path, flags, redirect.target ?? redirect.path, signal);
    if (redirect.kind === 'open') {
      fds.set(redirect.fd, fd, true);
    } else {
      fds.set(1, fd, true);
      fds.set(2, fd, false);
    }
  }
}

async function openFifo(path: string, flags: number, target: string, signal: AbortSignal | undefined): Promise<number> {
  for (;;) {
    try {
      const fd = native.open(path, flags | constants.O_NONBLOCK, 0);
      // Children that inherit it, and the reads and writes on threads, expect a blocking descriptor.
      native.setBlocking(fd, true);
      return fd;
    } catch (error) {
      if (!isSystemError(error)) throw error;
      if (error.code !== 'ENXIO') throw new ShellError('RedirectFailed', `${target}: ${describeErrno(error.code)}`, { cause: error });
    }
    // ENXIO: a writer with no reader yet.
    if (signal?.aborted === true) throw new ShellError('Cancelled', `${target}: the wait for a reader was cancelled`);
    await new Promise((resolve) => setTimeout(resolve, FIFO_WRITER_RETRY_MS));
  }
}

function opensFifo(redirect: PlannedRedirect): redirect is Extract<PlannedRedirect, { kind: 'open' | 'both' }> {
  if (redirect.kind !== 'open' && redirect.kind !== 'both') return false;
  try {
    return statSync(fsPath(redirect.path)).isFIFO();
  } catch {
    return false;
  }
}

function shellSyntax(redirect: Exclude<PlannedRedirect, FedRedirect>): string {
  switch (redirect.kind) {
    case 'open': {
      const operator = { read: '<', write: '>', append: '>>', readWrite: '<>' }[redirect.mode];
      return `${redirect.fd}${operator}${quote(redirect.path)}`;
    }
    case 'both':
      return `${redirect.append ? '>>' : '>'}${quote(redirect.path)} 2>&1`;
    case 'dup':
      return `${redirect.fd}>&${redirect.source}${redirect.move === true ? '-' : ''}`;
    case 'close':
      return `${redirect.fd}>&-`;
  }
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
