/**
 * The private directory the IPC socket lives in. It is made fresh (mkdtemp, mode 0700) once per
 * window and then reused by every later extension host of that window, because running shells
 * know only the socket path from their environment and reconnect to exactly that path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socketDirectoryProblem } from '../shell/ipc/socket-directory';

/** The socket's file name inside the directory. */
export const SOCKET_FILE = 'ext.sock';

export class SocketDirectoryError extends Error {
  readonly code = 'QuirlSocketDirectory';
}

export interface SocketDirectory {
  readonly directory: string;
  readonly socketPath: string;
  /** False when an earlier host's directory was reused. */
  readonly fresh: boolean;
}

/**
 * Reuses `previous` (an earlier host's directory) when it is still ours and private; otherwise
 * makes a new one. A directory anyone else could enter is never used: they could stand in for us.
 */
export function openSocketDirectory(previous: string | undefined, parent: string = tmpdir()): SocketDirectory {
  if (previous !== undefined && socketDirectoryProblem(previous) === undefined) {
    return { directory: previous, socketPath: join(previous, SOCKET_FILE), fresh: false };
  }
  let directory: string;
  try {
    directory = mkdtempSync(join(parent, 'quirl-'));
  } catch (error) {
    throw new SocketDirectoryError(`cannot make the IPC directory in ${parent}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // mkdtemp already makes it 0700; check rather than trust the platform.
  const problem = socketDirectoryProblem(directory);
  if (problem !== undefined) {
    rmSync(directory, { recursive: true, force: true });
    throw new SocketDirectoryError(problem);
  }
  return { directory, socketPath: join(directory, SOCKET_FILE), fresh: true };
}

/** Removes the directory; once it is gone the shells stop trying to reconnect. */
export function removeSocketDirectory(directory: string): void {
  rmSync(directory, { recursive: true, force: true });
}

/** Whether a listener answers on `socketPath` (a socket file nobody answers on is a dead host's). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
