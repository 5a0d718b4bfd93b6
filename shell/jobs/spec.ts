/**
 * Job specs as users type them (%N, %+, %%, %-, %prefix, %?substring) and the current/previous
 * job order they refer to: the most recently stopped or backgrounded job is current (+), the
 * one before it previous (-).
 */
import { ShellError } from '../errors';

export interface NamedJob {
  readonly id: number;
  readonly command: string;
}

export class JobOrder {
  private readonly recent: number[] = [];

  /** The job became current (stopped, or started or continued in the background). */
  touch(id: number): void {
    this.forget(id);
    this.recent.unshift(id);
  }

  forget(id: number): void {
    const index = this.recent.indexOf(id);
    if (index >= 0) this.recent.splice(index, 1);
  }

  current(jobs: readonly NamedJob[]): NamedJob | undefined {
    return this.ranked(jobs)[0];
  }

  previous(jobs: readonly NamedJob[]): NamedJob | undefined {
    return this.ranked(jobs)[1];
  }

  /** '+', '-' or ' ' for `jobs`. */
  mark(job: NamedJob, jobs: readonly NamedJob[]): string {
    const ranked = this.ranked(jobs);
    if (ranked[0]?.id === job.id) return '+';
    if (ranked[1]?.id === job.id) return '-';
    return ' ';
  }

  /** Retained jobs, most recent first; jobs never touched follow, newest first. */
  private ranked(jobs: readonly NamedJob[]): NamedJob[] {
    const byId = new Map(jobs.map((job) => [job.id, job]));
    const ranked = this.recent.flatMap((id) => byId.get(id) ?? []);
    const rest = jobs.filter((job) => !this.recent.includes(job.id)).sort((a, b) => b.id - a.id);
    return [...ranked, ...rest];
  }
}

/** Finds the job `spec` names among `jobs`; throws Usage naming the spec when none or several do. */
export function resolveJobSpec<J extends NamedJob>(spec: string, jobs: readonly J[], order: JobOrder, builtin: string): J {
  const found = (job: NamedJob | undefined): J => {
    const match = job === undefined ? undefined : jobs.find((candidate) => candidate.id === job.id);
    if (match === undefined) throw new ShellError('Usage', `${builtin}: ${spec}: no such job`, { status: 1 });
    return match;
  };
  if (spec === '%%' || spec === '%+' || spec === '%') return found(order.current(jobs));
  if (spec === '%-') return found(order.previous(jobs));
  const body = spec.startsWith('%') ? spec.slice(1) : spec;
  if (/^\d+$/.test(body)) return found(jobs.find((job) => job.id === Number(body)));
  const matches = body.startsWith('?')
    ? jobs.filter((job) => job.command.includes(body.slice(1)))
    : jobs.filter((job) => job.command.startsWith(body));
  if (matches.length > 1) throw new ShellError('Usage', `${builtin}: ${spec}: ambiguous job spec`, { status: 1 });
  return found(matches[0]);
}
