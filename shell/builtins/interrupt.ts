/**
 * Ctrl-C during a builtin that waits (`wait`) in an interactive shell: the terminal sends SIGINT
 * to the shell's group; the line's abort signal (CommandOutput.signal) carries it to the builtin,
 * which gives up waiting, as bash's returns 130. The signal stays aborted, so a Ctrl-C that came
 * before the builtin began waiting is not lost. A non-interactive shell has no such signal at
 * its top level: SIGINT ends it, as it ends sh.
 */
export type Interruptible<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'interrupted' };

/** `work`'s value, or 'interrupted' once `signal` is aborted, whichever comes first. */
export function unlessInterrupted<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<Interruptible<T>> {
  const done = work.then((value): Interruptible<T> => ({ kind: 'done', value }));
  if (signal === undefined) return done;
  if (signal.aborted) return Promise.resolve({ kind: 'interrupted' });
  let listener: (() => void) | undefined;
  const interrupted = new Promise<Interruptible<T>>((resolve) => {
    listener = () => resolve({ kind: 'interrupted' });
    signal.addEventListener('abort', listener, { once: true });
  });
  return Promise.race([done, interrupted]).finally(() => {
    if (listener !== undefined) signal.removeEventListener('abort', listener);
  });
}
