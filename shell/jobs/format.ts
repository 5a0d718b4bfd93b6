/** How job states read in `jobs` and in notifications, as bash prints them. */
import { describeSignal } from '../exec/signals';
import type { JobState } from './job';

/** 'Running', 'Stopped', 'Done', 'Exit 3', 'Killed', 'Stopped (tty input)'. */
export function describeJobState(state: JobState): string {
  switch (state.kind) {
    case 'running':
      return 'Running';
    case 'stopped':
      return describeSignal(state.signal);
    case 'done':
      if (state.last.kind === 'signaled') return describeSignal(state.last.signal) + (state.last.coreDumped ? ' (core dumped)' : '');
      return state.status === 0 ? 'Done' : `Exit ${state.status}`;
  }
}

/** `[1]+  Running                 sleep 10 &`; with a pid (jobs -l), `[1]+  4242 Running ...`. */
export function formatJobLine(id: number, mark: string, state: JobState, command: string, pid?: number): string {
  const suffix = state.kind === 'running' ? ' &' : '';
  const middle = pid === undefined ? '  ' : `  ${pid} `;
  return `[${id}]${mark}${middle}${describeJobState(state).padEnd(24)}${command}${suffix}`;
}
