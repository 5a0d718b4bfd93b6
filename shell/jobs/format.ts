/** How job states read in `jobs` and in notifications, as bash prints them. */
import { describeSignal } from '../exec/signals';
import type { JobProcess, JobState, ProcessState } from './job';

/** bash's LONGEST_SIGNAL_DESC: the width a state is padded to before the command. */
const STATE_WIDTH = 24;

/** 'Running', 'Stopped', 'Done', 'Exit 3', 'Killed', 'Stopped (tty input)'. */
export function describeJobState(state: JobState): string {
  if (state.kind !== 'done') return describeProcessState(state);
  return describeProcessState(state.last) + (state.last.kind === 'signaled' && state.last.coreDumped ? ' (core dumped)' : '');
}

/** `[1]+  Running                 sleep 10 &`. */
export function formatJobLine(id: number, mark: string, state: JobState, command: string): string {
  const suffix = state.kind === 'running' ? ' &' : '';
  return `[${id}]${mark}  ${describeJobState(state).padEnd(STATE_WIDTH)}${command}${suffix}`;
}

/**
 * `jobs -l`, as bash's print_pipeline writes it: a row per process with its PID (%5d), the first
 * after the job's number, each later one's state only where it differs from the first's, and
 * `| ` before each later command:
 *
 *     [1]+ 4242 Stopped                 sleep 100
 *          4243                       | cat
 */
export function formatJobLong(id: number, mark: string, state: JobState, processes: readonly JobProcess[], command: string): string {
  const first = processes[0];
  if (first === undefined) return `[${id}]${mark} ${''.padStart(5)} ${describeJobState(state).padEnd(STATE_WIDTH)}${command}${state.kind === 'running' ? ' &' : ''}\n`;
  // A stopped member reads as the job's stop: the SIGSTOP that spreads a stop to every member is the shell's, not the user's.
  const describe = (process: JobProcess): string => {
    if (state.kind === 'running') return 'Running';
    if (state.kind === 'stopped' && process.state.kind === 'stopped') return describeSignal(state.signal);
    return describeProcessState(process.state);
  };
  const firstState = describe(first);
  return processes
    .map((process, index) => {
      const pid = (process.pid === null ? '' : String(process.pid)).padStart(5);
      const own = describe(process);
      // A later row's state shows only where it differs; its empty text counts as the "| " (bash).
      const shown = index > 0 && own === firstState && sameCore(process.state, first.state) ? '' : own;
      const padding = ' '.repeat(Math.max(0, STATE_WIDTH - (shown === '' ? 2 : shown.length)));
      const core = shown !== '' && process.state.kind === 'signaled' && process.state.coreDumped ? '(core dumped) ' : '';
      const suffix = index === processes.length - 1 && state.kind === 'running' ? ' &' : '';
      const lead = index === 0 ? `[${id}]${mark} ` : '     ';
      return `${lead}${pid} ${shown}${padding}${core}${index > 0 ? '| ' : ''}${process.command}${suffix}\n`;
    })
    .join('');
}

/** A process's own state as bash's printable_job_status reads it for `jobs -l`. */
function describeProcessState(state: ProcessState): string {
  switch (state.kind) {
    case 'running':
      return 'Running';
    case 'stopped':
      return describeSignal(state.signal);
    case 'exited':
      return state.code === 0 ? 'Done' : `Exit ${state.code}`;
    case 'signaled':
      return describeSignal(state.signal);
  }
}

function sameCore(a: ProcessState, b: ProcessState): boolean {
  return (a.kind === 'signaled' && a.coreDumped) === (b.kind === 'signaled' && b.coreDumped);
}
