/**
 * Terminal ownership as a lease. The shell holds the terminal; a foreground job borrows it (its
 * group becomes the foreground group, with its own saved modes or the shell's) and the lease's
 * release gives it back: the shell's group in the foreground and the shell's saved modes, on
 * every path. The job's modes at release are kept, so that `fg` restores a stopped job's modes.
 */
import { constants } from 'node:fs';
import { native } from '../../native';
import { errorMessage, ShellError } from '../errors';
import { SIGNALS } from './signals';

export class Terminal {
  private constructor(
    /** A descriptor on the terminal, used for tcsetpgrp and termios only. */
    readonly fd: number,
    readonly shellPgid: number,
    private shellModes: Buffer,
  ) {}

  /**
   * Opens the controlling terminal when the shell has one and its group is in the foreground;
   * otherwise (no terminal, or started in the background) returns undefined.
   */
  static openControlling(): Terminal | undefined {
    let fd: number;
    try {
      fd = native.open('/dev/tty', constants.O_RDWR | constants.O_NOCTTY, 0);
    } catch {
      return undefined;
    }
    try {
      const shellPgid = native.getpgrp();
      if (native.tcgetpgrp(fd) !== shellPgid) {
        native.close(fd);
        return undefined;
      }
      return new Terminal(fd, shellPgid, native.tcgetattr(fd));
    } catch {
      native.close(fd);
      return undefined;
    }
  }

  /**
   * Job control's start, as bash does it: wait (stopped by SIGTTIN) until the shell's group is
   * in the terminal's foreground, ignore the stop signals, lead a group of its own and take the
   * terminal for it. Throws TerminalHandoff when there is no controlling terminal.
   */
  static acquire(): Terminal {
    let fd: number;
    try {
      fd = native.open('/dev/tty', constants.O_RDWR | constants.O_NOCTTY, 0);
    } catch (error) {
      throw new ShellError('TerminalHandoff', `no controlling terminal: ${errorMessage(error)}`, { cause: error });
    }
    try {
      // Started in the background of another shell: stop until it brings us to the foreground.
      while (native.tcgetpgrp(fd) !== native.getpgrp()) native.killpg(native.getpgrp(), SIGNALS.SIGTTIN);
      for (const signal of [SIGNALS.SIGTSTP, SIGNALS.SIGTTIN, SIGNALS.SIGTTOU]) native.setSignalDisposition(signal, 'ignore');
      if (native.getpgrp() !== process.pid) native.setpgid(0, 0);
      native.tcsetpgrp(fd, process.pid);
      return new Terminal(fd, process.pid, native.tcgetattr(fd));
    } catch (error) {
      native.close(fd);
      throw new ShellError('TerminalHandoff', `cannot take the terminal: ${errorMessage(error)}`, { cause: error });
    }
  }

  /** Records the shell's current modes as the ones every lease restores (after the editor's setup). */
  saveShellModes(): void {
    this.shellModes = native.tcgetattr(this.fd);
  }

  /**
   * Hands the terminal to group `pgid`, with `jobModes` (a stopped job's own) or the shell's.
   * Throws TerminalHandoff and leaves the terminal the shell's when the handoff fails.
   */
  lend(pgid: number, jobModes: Buffer | undefined): TerminalLease {
    try {
      native.tcsetattr(this.fd, jobModes ?? this.shellModes);
      native.tcsetpgrp(this.fd, pgid);
    } catch (error) {
      this.reclaim();
      throw new ShellError('TerminalHandoff', `cannot give the terminal to process group ${pgid}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    return new TerminalLease(this);
  }

  /** Takes the terminal back: the shell's group in the foreground, the shell's modes. */
  reclaim(): void {
    native.tcsetpgrp(this.fd, this.shellPgid);
    native.tcsetattr(this.fd, this.shellModes);
  }

  modes(): Buffer {
    return native.tcgetattr(this.fd);
  }
}

export class TerminalLease {
  private released = false;

  constructor(private readonly terminal: Terminal) {}

  /**
   * Returns the terminal to the shell and gives back the job's modes as they were at the end.
   * Idempotent: a second call (from an unwinding path) does nothing and returns undefined.
   */
  release(): Buffer | undefined {
    if (this.released) return undefined;
    this.released = true;
    let jobModes: Buffer | undefined;
    try {
      jobModes = this.terminal.modes();
    } finally {
      this.terminal.reclaim();
    }
    return jobModes;
  }
}
