/**
 * An owned process group: its PGID and its anchor. While the anchor is owned, the PGID cannot
 * be reused, so signaling the group is safe; cleanup signals it once, then kills and reaps the
 * anchor last, after which the PGID is never addressed again.
 */
import { native } from '../../native';
import { ShellError, errorMessage } from '../errors';
import { type Anchor, stopAnchor } from './anchor';
import { SIGNALS } from './signals';

export class ProcessGroup {
  private released = false;
  private cleanupSignaled = false;
  private anchorReaped = false;

  constructor(
    readonly pgid: number,
    readonly anchor: Anchor,
  ) {}

  get isReleased(): boolean {
    return this.released;
  }

  /** Sends `signal` to the whole group (stop, continue, a user's kill). */
  signal(signal: number): void {
    if (this.released) throw new ShellError('SystemError', `process group ${this.pgid} is no longer owned`);
    try {
      native.killpg(this.pgid, signal);
    } catch (error) {
      throw new ShellError('SystemError', `cannot signal process group ${this.pgid}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
  }

  /**
   * Cleanup's one group signal: SIGKILL to every member still in the group, survivors included
   * (a grandchild holding an inherited pipe end must not hang the shell). Best effort; later
   * calls do nothing. Returns the failure, if any, for the caller to weigh against its own error.
   */
  terminateOnce(): unknown {
    if (this.released || this.cleanupSignaled) return undefined;
    this.cleanupSignaled = true;
    try {
      native.killpg(this.pgid, SIGNALS.SIGKILL);
      return undefined;
    } catch (error) {
      return error;
    }
  }

  /** The child watcher collected the anchor (it died on its own). */
  noteAnchorReaped(): void {
    this.anchorReaped = true;
  }

  /** Kills and reaps the anchor and ends ownership of the PGID. Idempotent. */
  release(): void {
    if (this.released) return;
    this.released = true;
    stopAnchor(this.anchor, this.anchorReaped);
  }
}
