/**
 * Process groups prepared ahead of need: a staged leader with no guest yet, leading a fresh
 * group, and that group's anchor, started on a background thread while the shell releases and
 * waits for the current job, so that the next command's critical path pays neither spawn nor the
 * anchor's start-up. The contract is the same as for a group made on demand: the anchor has
 * joined and reported ready before the leader is released, and no guest instruction runs before
 * that. One group is kept at a time.
 */
import type { PreparedGuest, PreparingGroup, StagedChild } from '../../native/native';
import { native } from '../../native';
import {
  type Anchor,
  type AnchorFds,
  type PendingAnchor,
  anchorSpawned,
  anchorSpawnOptions,
  awaitAnchor,
  closeAnchorFds,
  discardAnchor,
  openAnchorFds,
  stopAnchor,
} from './anchor';
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
  // With programInEnvironment, `_=<file>` is one entry more (at most: it may replace one).
  const strings = [guest.cwd ?? '', guest.file, ...guest.argv, ...(guest.programInEnvironment === true ? [`_=${guest.file}`] : [])];
  if (guest.fds.length > MAX_FDS || strings.length + guest.env.length + 3 > MAX_STRINGS) return false;
  // Each string and its NUL, plus the terminal and count fields and the `--` mark.
  let bytes = 64 + environmentBytes(guest.env);
  for (const text of strings) bytes += Buffer.byteLength(text) + 1;
  return bytes <= MAX_PAYLOAD_BYTES;
}

/** The sizes of frozen environments (the shell passes one to command after command until it changes). */
const frozenEnvironmentBytes = new WeakMap<readonly string[], number>();

/** An environment's bytes, each entry with its NUL. */
function environmentBytes(env: readonly string[]): number {
  const known = frozenEnvironmentBytes.get(env);
  if (known !== undefined) return known;
  let bytes = 0;
  for (const entry of env) bytes += Buffer.byteLength(entry) + 1;
  if (Object.isFrozen(env)) frozenEnvironmentBytes.set(env, bytes);
  return bytes;
}

/** A preparation in flight: its thread's handle, and the anchor's descriptors it spawns with. */
interface Preparation {
  readonly handle: PreparingGroup;
  readonly anchorFds: AnchorFds;
}

/** A preparation's two children, spawned and in one group, the anchor not yet known to be ready. */
interface Spawned {
  readonly staged: StagedChild;
  readonly anchor: PendingAnchor;
}

export class GroupPreparer {
  private pending: Preparation | undefined;
  private disposed = false;

  /**
   * Starts preparing the next group unless one is on its way. A failure is dropped (what was
   * started is killed and reaped when it is collected): the next construction then makes its
   * group on demand and reports.
   */
  refill(): void {
    if (this.pending !== undefined || this.disposed) return;
    let anchorFds: AnchorFds;
    try {
      anchorFds = openAnchorFds();
    } catch {
      return;
    }
    try {
      this.pending = { handle: native.startPreparingGroup(anchorSpawnOptions(anchorFds)), anchorFds };
    } catch {
      closeAnchorFds(anchorFds);
    }
  }

  /**
   * The prepared group with its anchor ready, or undefined when its preparation failed, or either
   * process died while waiting (then both are killed and reaped, and the caller makes a group on
   * demand). The next group starts preparing at once.
   */
  take(): PreparedGroup | undefined {
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined) return undefined;
    const group = collect(pending);
    this.refill();
    return group;
  }

  /** Ends the waiting group for good (the shell exits): the leader, then the anchor, killed and reaped. */
  dispose(): void {
    this.disposed = true;
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined) return;
    const spawned = finish(pending);
    if (spawned === undefined) return;
    discardStaged(spawned.staged);
    discardAnchor(spawned.anchor);
  }
}

/** A finished preparation whose anchor reported ready, with both children still alive. */
function collect(preparation: Preparation): PreparedGroup | undefined {
  const spawned = finish(preparation);
  if (spawned === undefined) return undefined;
  let anchor: Anchor;
  try {
    anchor = awaitAnchor(spawned.anchor);
  } catch {
    discardStaged(spawned.staged);
    return undefined;
  }
  // Either may have been killed while it waited (its readiness byte still in the pipe): a group
  // whose anchor is gone no longer holds its PGID, so it is given up.
  const anchorStatus = native.waitPid(anchor.pid);
  const leaderStatus = native.waitPid(spawned.staged.pid);
  if (anchorStatus === null && leaderStatus === null) return { staged: spawned.staged, anchor };
  discardStaged(spawned.staged);
  stopAnchor(anchor, anchorStatus?.kind === 'exited' || anchorStatus?.kind === 'signaled');
  return undefined;
}

/**
 * Waits for a preparation's thread and owns what it started. When either spawn failed, or the
 * anchor is not in the helper's group, everything it started is killed and reaped and its
 * descriptors closed.
 */
function finish(preparation: Preparation): Spawned | undefined {
  let spawns;
  try {
    spawns = native.finishPreparingGroup(preparation.handle);
  } catch {
    closeAnchorFds(preparation.anchorFds);
    return undefined;
  }
  const { staged } = spawns;
  if (spawns.anchor.kind === 'failed') {
    closeAnchorFds(preparation.anchorFds);
    discardStaged(staged);
    return undefined;
  }
  try {
    return { staged, anchor: anchorSpawned(preparation.anchorFds, spawns.anchor.pid, staged.pid) };
  } catch {
    // anchorSpawned discarded the anchor.
    discardStaged(staged);
    return undefined;
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
