/** The answers to the extension's job requests: done, or refused with the reason the user is shown. */
import type { ControlResult } from '../ipc/protocol';

export const OK: ControlResult = { ok: true };

export function refuse(reason: string): ControlResult {
  return { ok: false, reason };
}
