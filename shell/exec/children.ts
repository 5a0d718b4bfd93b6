/**
 * Watches the shell's own direct children by PID. SIGCHLD wakes a poll of every watched PID
 * (waitpid on each one, never -1, so libuv's children stay libuv's); while someone waits on a
 * job, a bounded polling interval backs it up and keeps the event loop alive. A shell that only
 * holds background jobs does not poll: 1,024 of them would be 2,048 waitpid calls 20 times a
 * second, for as long as they live.
 */
import type { WaitStatus } from '../../native/native';
import { native } from '../../native';

export type StatusListener = (status: WaitStatus) => void;

/** How often watched children are polled while a wait holds the loop, should a SIGCHLD not come. */
const POLL_INTERVAL_MS = 50;

/** The contract's bound on queued status transitions taken from one child per polling turn. */
export const MAX_TRANSITIONS_PER_TURN = 16;

interface Watch {
  readonly pid: number;
  readonly listener: StatusListener;
}

export class ChildWatcher {
  private readonly watches = new Map<number, Watch>();
  /** The backstop poll, running while any wait holds the event loop. */
  private timer: NodeJS.Timeout | undefined;
  private holds = 0;
  /** How many watched children have been reaped: a checkpoint tells from it that a job ended since the last. */
  reaped = 0;
  private listening = false;
  /** Set when the SIGCHLD listener came after the child it was installed for: that child's signal may have gone unheard. */
  private mayHaveMissedSignal = false;
  private readonly onSignal = (): void => this.poll();

  /**
   * Delivers every status change of `pid` to `listener` until the child is reaped (exited or
   * signaled), after which the watch ends by itself.
   */
  watch(pid: number, listener: StatusListener): void {
    if (this.watches.has(pid)) throw new Error(`pid ${pid} is already watched`);
    this.watches.set(pid, { pid, listener });
    // The listener stays once installed: it holds no loop reference, and re-arming it per
    // command would cost a signal-handler change each time.
    if (this.listening) return;
    process.on('SIGCHLD', this.onSignal);
    this.listening = true;
    this.mayHaveMissedSignal = true;
  }

  /**
   * Polls now only if a status may have come before anyone listened for SIGCHLD (the first child
   * watched); any later status brings its own SIGCHLD, heard in the loop's next turn, so a
   * foreground wait need not ask each new child at once (a waitpid per command, nearly always
   * answered "still running").
   */
  catchUp(): void {
    if (!this.mayHaveMissedSignal) return;
    this.mayHaveMissedSignal = false;
    this.poll();
  }

  /** Stops watching a child (it was reaped elsewhere, e.g. by cleanup's blocking reap). */
  unwatch(pid: number): void {
    this.watches.delete(pid);
  }

  isWatched(pid: number): boolean {
    return this.watches.has(pid);
  }

  /**
   * Keeps the event loop alive until the returned release is called: a foreground wait holds
   * one, since neither a SIGCHLD listener nor a paused stdin does.
   */
  holdEventLoop(): () => void {
    this.holds += 1;
    if (this.timer === undefined) this.timer = setInterval(this.onTick, POLL_INTERVAL_MS);
    else this.timer.ref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      // Unref'd, not cleared: the next command's wait takes it back (a script runs thousands),
      // and if none comes, its next tick ends it.
      if (this.holds === 0) this.timer?.unref();
    };
  }

  private readonly onTick = (): void => {
    if (this.holds > 0) {
      this.poll();
      return;
    }
    clearInterval(this.timer);
    this.timer = undefined;
  };

  /** Reports every pending status of every watched child now. */
  poll(): void {
    // A listener may watch or unwatch children meanwhile: a Map's iteration visits what is added and skips what is deleted.
    for (const watch of this.watches.values()) {
      // A child may report several transitions (stopped, then continued) between two polls.
      for (let turn = 0; turn < MAX_TRANSITIONS_PER_TURN; turn += 1) {
        if (this.watches.get(watch.pid) !== watch) break;
        let status;
        try {
          status = native.waitPid(watch.pid);
        } catch {
          // ECHILD: reaped elsewhere (a cleanup's blocking reap). Nothing more will come.
          this.unwatch(watch.pid);
          break;
        }
        if (status === null) break;
        if (status.kind === 'exited' || status.kind === 'signaled') {
          this.unwatch(watch.pid);
          this.reaped += 1;
        }
        watch.listener(status);
        if (status.kind === 'exited' || status.kind === 'signaled') break;
      }
    }
  }

}
