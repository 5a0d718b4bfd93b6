/**
 * Condition-based waiting inside the extension host: re-check on the events that can change the
 * answer and on a short poll, until a generous deadline (a loaded 2-core CI machine is slow).
 */
import type * as vscode from 'vscode';

/** Long enough for a loaded machine; a hang still fails in well under the suite's timeout. */
export const DEADLINE_MS = 60_000;

export class WaitTimeout extends Error {
  readonly code = 'WaitTimeout';
  constructor(what: string, ms: number, last: string) {
    super(`waited ${ms / 1000} s for ${what}; last seen: ${last}`);
    this.name = 'WaitTimeout';
  }
}

/**
 * Resolves with the first defined value `probe` returns. `describe` says what was last seen when
 * the deadline passes, so a failure tells what state things were in.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  options: { readonly events?: readonly vscode.Event<unknown>[]; readonly timeoutMs?: number; readonly describe?: () => string | Promise<string> } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEADLINE_MS;
  const end = Date.now() + timeoutMs;
  let wake: () => void = () => undefined;
  const subscriptions = (options.events ?? []).map((event) => event(() => wake()));
  try {
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new WaitTimeout(what, timeoutMs, options.describe === undefined ? 'nothing' : await options.describe());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    for (const subscription of subscriptions) subscription.dispose();
  }
}
