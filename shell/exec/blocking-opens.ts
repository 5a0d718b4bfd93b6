/**
 * Redirects the stage must open itself. Opening a FIFO blocks until its other end is opened,
 * which in a shell is usually the next command (`cmd > fifo & cat fifo`): the shell must not
 * wait for it. An external stage with a FIFO target therefore runs through /bin/sh, which
 * performs the stage's redirects in the stage's own process (it may block there, as in bash)
 * and then execs the program in place, keeping the PID.
 */
import { statSync } from 'node:fs';
import type { ExecTarget } from './construct';
import { isFed, type FedRedirect, type PlannedRedirect } from './fds';

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

function opensFifo(redirect: PlannedRedirect): boolean {
  if (redirect.kind !== 'open' && redirect.kind !== 'both') return false;
  try {
    return statSync(redirect.path).isFIFO();
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
