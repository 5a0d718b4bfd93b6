/**
 * A lock between processes on one file, as a lock file beside it (`FILE.lock`, made with O_EXCL and
 * holding its owner's PID): Node has no flock. A lock whose owner is gone, or that is older than
 * STALE_MS, is broken. Where the lock cannot be made at all (a directory that is not writable) or
 * is not had within WAIT_MS, the action runs without it: history must never stop the shell.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

const WAIT_MS = 2000;
const STALE_MS = 10_000;
const RETRY_MS = 2;

export function withFileLock<T>(file: string, action: () => T): T {
  const lock = `${file}.lock`;
  const held = acquire(lock);
  try {
    return action();
  } finally {
    if (held) rmSync(lock, { force: true });
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
    if (isStale(lock)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return false;
    // A short synchronous wait: the holder appends one line or rewrites one file.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
  }
}

function isStale(lock: string): boolean {
  try {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (Date.now() - statSync(lock).mtimeMs > STALE_MS) return true;
    if (!Number.isInteger(owner) || owner <= 0) return false;
    process.kill(owner, 0);
    return false;
  } catch (error) {
    // ESRCH: the owner is gone. ENOENT: released meanwhile, so try again at once. EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
