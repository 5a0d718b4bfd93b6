/**
 * Signal names and numbers for this platform (from os.constants, so macOS numbering is right),
 * and the words a shell prints for a job that a signal ended or stopped.
 */
import { constants } from 'node:os';

const BY_NAME: ReadonlyMap<string, number> = new Map(Object.entries(constants.signals));
const BY_NUMBER: ReadonlyMap<number, string> = (() => {
  const names = new Map<number, string>();
  // First name wins, and the table lists the canonical names first (SIGABRT before SIGIOT).
  for (const [name, number] of BY_NAME) if (!names.has(number)) names.set(number, name);
  return names;
})();

export const SIGNALS = {
  SIGHUP: signalNumberOf('SIGHUP'),
  SIGINT: signalNumberOf('SIGINT'),
  SIGQUIT: signalNumberOf('SIGQUIT'),
  SIGKILL: signalNumberOf('SIGKILL'),
  SIGPIPE: signalNumberOf('SIGPIPE'),
  SIGTERM: signalNumberOf('SIGTERM'),
  SIGCHLD: signalNumberOf('SIGCHLD'),
  SIGCONT: signalNumberOf('SIGCONT'),
  SIGSTOP: signalNumberOf('SIGSTOP'),
  SIGTSTP: signalNumberOf('SIGTSTP'),
  SIGTTIN: signalNumberOf('SIGTTIN'),
  SIGTTOU: signalNumberOf('SIGTTOU'),
} as const;

function signalNumberOf(name: string): number {
  const number = BY_NAME.get(name);
  if (number === undefined) throw new Error(`this platform has no ${name}`);
  return number;
}

/** 'TERM', 'SIGTERM', 'term' or '15' → 15; undefined when it names no signal. */
export function parseSignal(text: string): number | undefined {
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    return number === 0 || BY_NUMBER.has(number) ? number : undefined;
  }
  const upper = text.toUpperCase();
  return BY_NAME.get(upper.startsWith('SIG') ? upper : `SIG${upper}`);
}

/** 15 → 'TERM' (as `kill -l` prints it). */
export function signalName(number: number): string {
  return BY_NUMBER.get(number)?.slice(3) ?? String(number);
}

/** Every signal as [number, name without SIG], in number order. */
export function allSignals(): readonly (readonly [number, string])[] {
  return [...BY_NUMBER].sort((a, b) => a[0] - b[0]).map(([number, name]) => [number, name.slice(3)] as const);
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  SIGHUP: 'Hangup',
  SIGINT: 'Interrupt',
  SIGQUIT: 'Quit',
  SIGILL: 'Illegal instruction',
  SIGTRAP: 'Trace/breakpoint trap',
  SIGABRT: 'Aborted',
  SIGBUS: 'Bus error',
  SIGFPE: 'Floating point exception',
  SIGKILL: 'Killed',
  SIGUSR1: 'User defined signal 1',
  SIGSEGV: 'Segmentation fault',
  SIGUSR2: 'User defined signal 2',
  SIGPIPE: 'Broken pipe',
  SIGALRM: 'Alarm clock',
  SIGTERM: 'Terminated',
  SIGSTOP: 'Stopped (signal)',
  SIGTSTP: 'Stopped',
  SIGTTIN: 'Stopped (tty input)',
  SIGTTOU: 'Stopped (tty output)',
  SIGXCPU: 'CPU time limit exceeded',
  SIGXFSZ: 'File size limit exceeded',
};

/** What bash prints for a process ended or stopped by `number`: 'Killed', 'Stopped (tty input)'. */
export function describeSignal(number: number): string {
  const name = BY_NUMBER.get(number);
  return (name !== undefined ? DESCRIPTIONS[name] : undefined) ?? `Signal ${number}`;
}
