/**
 * A lock between processes on one file, as a lock file beside it (`FILE.lock`, made with O_EXCL and
 * holding its owner's PID): Node has no flock. A lock whose owner is gone, or that is older than
 * STALE_MS, is broken. Where the lock cannot be made at all (a directory that is not writable) or
 * is not had within WAIT_MS, the action runs without it: history must never stop the shell.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';

const WAIT_MS = 2000;
const STALE_MS = 10_000;
const RETRY_MS = 2;

export function withFileLock<T>(file: string, action: () => T): T {
  const lock = `${file}.lock`;
  const held = acquire(lock);
  try {
    return action();
  } finally {
    if (held) removeLock(lock);
  }
}

/**
 * The lock file removed, gone already or not: unlink, as rmSync's force would, without the
 * module node loads for rmSync on its first call (a cost at every shell's first command).
 */
function removeLock(lock: string): void {
  try {
    unlinkSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** True when the lock is ours. */
function acquire(lock: string): boolean {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    const state = lockState(lock);
    // Released meanwhile: try again at once, but remove nothing (another process may hold it by now).
    if (state === 'released') continue;
    if (state === 'stale') {
      removeLock(lock);
      continue;
    }
    if (Date.now() >= deadline) return false;
    // A short synchronous wait: the holder appends one line or rewrites one file.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
  }
}

/** Whether the lock's owner still holds it, is gone (or held it too long), or released it meanwhile. */
function lockState(lock: string): 'held' | 'stale' | 'released' {
  try {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (Date.now() - statSync(lock).mtimeMs > STALE_MS) return 'stale';
    // Empty: its owner made it and has not written its PID yet.
    if (!Number.isInteger(owner) || owner <= 0) return 'held';
    process.kill(owner, 0);
    return 'held';
  } catch (error) {
    // ENOENT: released. EPERM: alive, another user's. ESRCH (or unreadable): the owner is gone.
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'released' : code === 'EPERM' ? 'held' : 'stale';
  }
}
