/**
 * The process-group anchor: a dedicated direct child that joins each group before any guest
 * instruction runs and stays unreaped while the group may be signaled, so the PGID cannot be
 * reused by an unrelated group. It is absolute /bin/sh running a fixed script with an empty
 * environment, a piped stdin, and null terminal-facing output; it ignores INT, TERM, TTIN and
 * TTOU but keeps the default SIGTSTP, so that it stops with the job and serves as the stop
 * sentinel of a foreground wait. One byte on its readiness pipe says it is in place.
 */
import { constants } from 'node:fs';
import type { AnchorSpawnOptions, PipeEnds } from '../../native/native';
import { native } from '../../native';
import { errorMessage, ShellError } from '../errors';
import { closeQuietly } from './close';
import { SIGNALS } from './signals';

export const ANCHOR_PROGRAM = '/bin/sh';
export const ANCHOR_SCRIPT = "trap '' INT TERM TTIN TTOU; printf R; read -r line";
export const ANCHOR_READY_BYTE = 'R';

/** What runs as the anchor: always the fixed script, except in the tests of its failure paths. */
export interface AnchorProgram {
  readonly file: string;
  readonly script: string;
}

const FIXED_ANCHOR: AnchorProgram = { file: ANCHOR_PROGRAM, script: ANCHOR_SCRIPT };
/** The contract's bound on each setup wait. */
export const SETUP_TIMEOUT_MS = 2000;

export interface Anchor {
  readonly pid: number;
  /** Parent's write end of the anchor's stdin: closing it (or the shell dying) ends the anchor. */
  readonly stdinFd: number;
}

/** An anchor spawned into its group whose readiness byte has not been read yet. */
export interface PendingAnchor extends Anchor {
  /** Read end of the readiness pipe. */
  readonly readyFd: number;
  readonly pgid: number;
}

/**
 * Starts an anchor in group `pgid` and waits for its readiness byte. Every failure (spawn, group
 * verification, early exit, malformed readiness, timeout) kills and reaps the anchor and closes
 * both pipes before the error is thrown.
 */
export function startAnchor(pgid: number, program: AnchorProgram = FIXED_ANCHOR): Anchor {
  return awaitAnchor(launchAnchor(pgid, program));
}

/** An anchor's descriptors in the shell, opened before its spawn: its stdin and readiness pipes, and /dev/null. */
export interface AnchorFds {
  readonly stdin: PipeEnds;
  readonly ready: PipeEnds;
  readonly devNull: number;
}

/** Opens an anchor's descriptors; on failure closes what it opened. */
export function openAnchorFds(): AnchorFds {
  const opened: number[] = [];
  try {
    const stdin = native.pipe();
    opened.push(stdin.read, stdin.write);
    const ready = native.pipe();
    opened.push(ready.read, ready.write);
    return { stdin, ready, devNull: native.open('/dev/null', constants.O_WRONLY, 0) };
  } catch (error) {
    for (const fd of opened) closeQuietly(fd);
    throw error;
  }
}

/** What the anchor is spawned as, less the group it joins. */
export function anchorSpawnOptions(fds: AnchorFds, program: AnchorProgram = FIXED_ANCHOR): AnchorSpawnOptions {
  return {
    file: program.file,
    argv: ['sh', '-c', program.script],
    env: [],
    cwd: '/',
    fds: [fds.stdin.read, fds.ready.write, fds.devNull],
  };
}

/** The first half of startAnchor: spawns the anchor into `pgid` and verifies its group. */
function launchAnchor(pgid: number, program: AnchorProgram = FIXED_ANCHOR): PendingAnchor {
  let fds: AnchorFds;
  try {
    fds = openAnchorFds();
  } catch (error) {
    throw anchorStartError(pgid, error);
  }
  let pid: number;
  try {
    pid = native.spawn({ ...anchorSpawnOptions(fds, program), group: { kind: 'join', pgid } });
  } catch (error) {
    throw anchorSpawnFailed(fds, pgid, error);
  }
  return anchorSpawned(fds, pid, pgid);
}

/** The anchor's spawn failed: closes its descriptors and returns the error to throw. */
function anchorSpawnFailed(fds: AnchorFds, pgid: number, error: unknown): ShellError {
  closeAnchorFds(fds);
  return anchorStartError(pgid, error);
}

/** Closes every descriptor of an anchor that was never spawned. */
export function closeAnchorFds(fds: AnchorFds): void {
  for (const fd of [fds.stdin.read, fds.stdin.write, fds.ready.read, fds.ready.write, fds.devNull]) closeQuietly(fd);
}

function anchorStartError(pgid: number, error: unknown): ShellError {
  return new ShellError('SpawnFailed', `cannot start the anchor of process group ${pgid}: ${errorMessage(error)}`, { cause: error });
}

/** The anchor was spawned into `pgid`: closes the child's ends of its descriptors and verifies its group. */
export function anchorSpawned(fds: AnchorFds, pid: number, pgid: number): PendingAnchor {
  for (const fd of [fds.stdin.read, fds.ready.write, fds.devNull]) closeQuietly(fd);
  const anchor = { pid, stdinFd: fds.stdin.write, readyFd: fds.ready.read, pgid };
  failing(anchor, () => {
    const group = native.getpgid(pid);
    if (group !== pgid) throw new Error(`it is in group ${group}, not ${pgid}`);
  });
  return anchor;
}

/** The second half of startAnchor: waits (bounded) for the readiness byte. */
export function awaitAnchor(anchor: PendingAnchor): Anchor {
  failing(anchor, () => {
    const byte = native.readTimeout(anchor.readyFd, 2, SETUP_TIMEOUT_MS);
    if (byte.length === 0) throw new Error('it exited before reporting ready');
    if (byte.toString('latin1') !== ANCHOR_READY_BYTE) {
      throw new Error(`malformed readiness ${JSON.stringify(byte.toString('latin1'))}`);
    }
  });
  native.close(anchor.readyFd);
  return { pid: anchor.pid, stdinFd: anchor.stdinFd };
}

/** Kills and reaps a pending anchor and closes its pipes (a prepared group given up). */
export function discardAnchor(anchor: PendingAnchor): void {
  killAndReap(anchor.pid);
  closeQuietly(anchor.readyFd);
  closeQuietly(anchor.stdinFd);
}

/** Runs a setup step; if it throws, the anchor is killed, reaped and closed before the error goes on. */
function failing(anchor: PendingAnchor, step: () => void): void {
  try {
    step();
  } catch (error) {
    discardAnchor(anchor);
    throw new ShellError('SpawnFailed', `the anchor of process group ${anchor.pgid} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * Kills and reaps the anchor and closes its stdin: the last step of releasing a group.
 * `alreadyReaped` is for an anchor that died on its own and was collected by the child watcher.
 */
export function stopAnchor(anchor: Anchor, alreadyReaped: boolean): void {
  if (!alreadyReaped) killAndReap(anchor.pid);
  closeQuietly(anchor.stdinFd);
}

function killAndReap(pid: number): void {
  try {
    native.kill(pid, SIGNALS.SIGKILL);
  } catch {
    // Already dead: the reap below still collects it.
  }
  native.reapKilled(pid);
}
