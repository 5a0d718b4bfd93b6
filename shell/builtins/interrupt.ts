/**
 * Ctrl-C during a builtin that waits (`wait`) in an interactive shell: the terminal sends SIGINT
 * to the shell's group; the line's abort signal (CommandOutput.signal) carries it to the builtin,
 * which gives up waiting, as bash's returns 130. The signal stays aborted, so a Ctrl-C that came
 * before the builtin began waiting is not lost. A non-interactive shell has no such signal at
 * its top level: SIGINT ends it, as it ends sh. A signal the shell traps ends a wait too (POSIX),
 * with 128 + its number; its trap runs once the wait has returned.
 */
import { SIGNALS } from '../exec/signals';
import type { BuiltinContext } from '../interp/builtin-api';

export type Interruptible<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'interrupted'; readonly status: number };

/** 128 + SIGINT: what a wait ended by Ctrl-C returns. */
const INTERRUPTED: Interruptible<never> = { kind: 'interrupted', status: 128 + SIGNALS.SIGINT };

/** `work`'s value, unless Ctrl-C or a trapped signal comes first. */
export async function unlessInterrupted<T>(context: BuiltinContext, work: Promise<T>): Promise<Interruptible<T>> {
  const { output } = context;
  const { signal } = output;
  if (signal?.aborted === true) return INTERRUPTED;
  const arrival = context.trappedSignal();
  let listener: (() => void) | undefined;
  const racers: Promise<Interruptible<T>>[] = [work.then((value): Interruptible<T> => ({ kind: 'done', value }))];
  if (signal !== undefined) {
    racers.push(
      new Promise((resolve) => {
        listener = () => resolve(INTERRUPTED);
        signal.addEventListener('abort', listener, { once: true });
      }),
    );
  }
  if (arrival !== undefined) racers.push(arrival.heard.then((number): Interruptible<T> => ({ kind: 'interrupted', status: 128 + number })));
  try {
    return await Promise.race(racers);
  } finally {
    if (listener !== undefined) signal?.removeEventListener('abort', listener);
    arrival?.release();
  }
}
