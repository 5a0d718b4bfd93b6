/**
 * Ctrl-C during a builtin that waits (`wait`) in an interactive shell: the terminal sends SIGINT
 * to the shell's group, which catches it (launch-signals.ts) and so far ignored it; here the
 * builtin gives up waiting, as bash's returns 130. A non-interactive shell keeps Node's default:
 * SIGINT ends it, as it ends sh.
 */
export type Interruptible<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'interrupted' };

/** `work`'s value, or 'interrupted' when SIGINT comes first (only in an interactive shell). */
export function unlessInterrupted<T>(interactive: boolean, work: Promise<T>): Promise<Interruptible<T>> {
  const done = work.then((value): Interruptible<T> => ({ kind: 'done', value }));
  if (!interactive) return done;
  let listener: (() => void) | undefined;
  const interrupted = new Promise<Interruptible<T>>((resolve) => {
    listener = () => resolve({ kind: 'interrupted' });
    process.once('SIGINT', listener);
  });
  return Promise.race([done, interrupted]).finally(() => {
    if (listener !== undefined) process.removeListener('SIGINT', listener);
  });
}
