/**
 * A value now, or a promise of it: what a step of the interpreter or the expander returns when
 * it usually completes at once (a builtin such as `[`, an assignment, `$((i+1))`). Its caller
 * goes on synchronously when there is no promise, so a loop of such commands allocates no
 * promise and waits for no microtask; only a step that really waits (a program, a pipe, a
 * `$(...)`) makes the rest of the walk asynchronous.
 */
export type Eventually<T> = T | Promise<T>;

/** `next(value)` at once when `value` is there, after it settles otherwise. */
export function andThen<T, U>(value: Eventually<T>, next: (value: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `run()`, with `recover` taking what it throws or rejects with: a `catch` for either kind. */
export function recovering<T>(run: () => Eventually<T>, recover: (error: unknown) => Eventually<T>): Eventually<T> {
  let result: Eventually<T>;
  try {
    result = run();
  } catch (error) {
    return recover(error);
  }
  return result instanceof Promise ? result.catch(recover) : result;
}

/** `run()`, then `cleanup()` however it ended: a `finally` for either kind. */
export function finishing<T>(run: () => Eventually<T>, cleanup: () => void): Eventually<T> {
  let result: Eventually<T>;
  try {
    result = run();
  } catch (error) {
    cleanup();
    throw error;
  }
  if (result instanceof Promise) return result.finally(cleanup);
  cleanup();
  return result;
}

/**
 * `step(0)`, `step(1)` ... `step(count - 1)` in turn: synchronously while each completes at once;
 * after the first that waits, in an async loop, so that no promise chain grows with `count`.
 */
export function inTurn(count: number, step: (index: number) => Eventually<void>): Eventually<void> {
  for (let index = 0; index < count; index++) {
    const done = step(index);
    if (done instanceof Promise) return inTurnAfter(done, index + 1, count, step);
  }
}

async function inTurnAfter(pending: Promise<void>, from: number, count: number, step: (index: number) => Eventually<void>): Promise<void> {
  await pending;
  for (let index = from; index < count; index++) {
    const done = step(index);
    if (done instanceof Promise) await done;
  }
}

/** Where a repeated step leaves off: its value, and whether to stop. */
export interface Progress<T> {
  readonly done: boolean;
  readonly value: T;
}

/**
 * `step(value)` again and again, each given the last one's value, until one is done: a loop
 * that runs synchronously while its passes do, and goes on in an async loop after one waits.
 */
export function repeat<T>(step: (value: T) => Eventually<Progress<T>>, value: T): Eventually<T> {
  for (;;) {
    const next = step(value);
    if (next instanceof Promise) return repeatAfter(next, step);
    if (next.done) return next.value;
    value = next.value;
  }
}

async function repeatAfter<T>(pending: Promise<Progress<T>>, step: (value: T) => Eventually<Progress<T>>): Promise<T> {
  let progress = await pending;
  while (!progress.done) {
    const next = step(progress.value);
    progress = next instanceof Promise ? await next : next;
  }
  return progress.value;
}
