/** Closing descriptors in cleanup, where a failed close must not stop the rest. */
import { native } from '../../native';

export function closeQuietly(fd: number): void {
  try {
    native.close(fd);
  } catch {
    // Best effort: cleanup must go on, and the descriptor is released either way.
  }
}
