/**
 * Process groups prepared ahead of need: a staged leader with no guest yet, leading a fresh
 * group, and that group's anchor, started while the shell is busy with the previous job, so that
 * the next command's critical path pays neither spawn nor the anchor's start-up. The contract is
 * the same as for a group made on demand: the anchor has joined and reported ready before the
 * leader is released, and no guest instruction runs before that. One group is kept at a time.
 */
import type { PreparedGuest, StagedChild } from '../../native/native';
import { native } from '../../native';
import { type Anchor, type PendingAnchor, awaitAnchor, discardAnchor, launchAnchor, stopAnchor } from './anchor';
import { SIGNALS } from './signals';

export interface PreparedGroup {
  readonly staged: StagedChild;
  readonly anchor: Anchor;
}

/** The helper's fixed buffers (stage-protocol.h); a larger guest is started the ordinary way. */
const MAX_FDS = 64;
const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
const MAX_STRINGS = 256 * 1024;

/** Whether a prepared helper can take this guest (what releasePrepared would refuse with E2BIG). */
export function fitsPrepared(guest: PreparedGuest): boolean {
  const strings = [guest.cwd ?? '', guest.file, ...guest.argv, ...guest.env];
  if (guest.fds.length > MAX_FDS || strings.length + 3 > MAX_STRINGS) return false;
  // Each string and its NUL, plus the terminal and count fields and the `--` mark.
  let bytes = 64;
  for (const text of strings) bytes += Buffer.byteLength(text) + 1;
  return bytes <= MAX_PAYLOAD_BYTES;
}

export class GroupPreparer {
  private pending: { readonly staged: StagedChild; readonly anchor: PendingAnchor } | undefined;
  private disposed = false;

  /**
   * Starts the next prepared group unless one is waiting. A failure is dropped (what was started
   * is killed and reaped): the next construction then makes its group on demand and reports.
   */
  refill(): void {
    if (this.pending !== undefined || this.disposed) return;
    let staged: StagedChild | undefined;
    try {
      staged = native.prepareStaged();
      this.pending = { staged, anchor: launchAnchor(staged.pid) };
    } catch {
      if (staged !== undefined) discardStaged(staged);
    }
  }

  /**
   * The waiting group with its anchor ready, or undefined when there is none, or its anchor failed,
   * or either process died while waiting (then both are killed and reaped, and the caller makes a
   * group on demand).
   */
  take(): PreparedGroup | undefined {
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined) return undefined;
    let anchor: Anchor;
    try {
      anchor = awaitAnchor(pending.anchor);
    } catch {
      discardStaged(pending.staged);
      return undefined;
    }
    // Either may have been killed while it waited (its readiness byte still in the pipe): a group
    // whose anchor is gone no longer holds its PGID, so it is given up.
    const anchorStatus = native.waitPid(anchor.pid);
    const leaderStatus = native.waitPid(pending.staged.pid);
    if (anchorStatus === null && leaderStatus === null) return { staged: pending.staged, anchor };
    discardStaged(pending.staged);
    stopAnchor(anchor, anchorStatus?.kind === 'exited' || anchorStatus?.kind === 'signaled');
    return undefined;
  }

  /** Ends the waiting group for good (the shell exits): the leader, then the anchor, killed and reaped. */
  dispose(): void {
    this.disposed = true;
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined) return;
    discardStaged(pending.staged);
    discardAnchor(pending.anchor);
  }
}

/** Abandons an unreleased helper, kills it, and reaps it. */
function discardStaged(staged: StagedChild): void {
  try {
    native.abandonStaged(staged);
  } catch {
    // Its channels are closed either way; the kill below ends it.
  }
  try {
    native.kill(staged.pid, SIGNALS.SIGKILL);
  } catch {
    // Already gone: the reap below collects it.
  }
  try {
    native.reapKilled(staged.pid);
  } catch {
    // Reaped already (ECHILD).
  }
}
