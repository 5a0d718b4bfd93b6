/**
 * The socket directory at deactivation. It goes at once when no shell needs it. Otherwise it stays
 * for the shells to reconnect to the window's next host (a reload or restart), unless none of them
 * can: the server itself is stopping (the host's parent process is gone, the pty host goes with
 * it and its shells end on the hang-up), or the window's terminals do not outlive it (persistent
 * sessions off: VS Code kills them). Then the directory goes as soon as none of those shells is
 * left and nobody listens in it, within VS Code's time for deactivation. Without this every
 * stopped code-server left a `quirl-XXXXXX` folder in the temp dir until the next start swept it.
 */
import { removeSocketDirectory, socketAnswers, type SocketDirectory } from './socket-dir';
import { socketPathsOfProcesses } from './socket-sweep';

/** Within the 5 s VS Code gives an extension's deactivate before its host exits. */
export const SERVER_STOP_WAIT_MS = 4_500;
const POLL_MS = 100;

export interface ReleaseOptions {
  readonly directory: SocketDirectory;
  /** Whether a shell, a Quirl terminal or a newer host of the window still needs the directory. */
  readonly inUse: boolean;
  /** Whether the shells end with this host: its server has gone, or terminals do not persist. */
  readonly shellsEnd: boolean;
  readonly waitMs?: number;
  /** The socket paths live processes were started with; undefined where that cannot be known. */
  readonly socketPathsInUse?: () => ReadonlySet<string> | undefined;
}

export type Release = 'removed' | 'kept';

export async function releaseSocketDirectory(options: ReleaseOptions): Promise<Release> {
  const { directory } = options;
  if (!options.inUse) {
    removeSocketDirectory(directory.directory);
    return 'removed';
  }
  if (!options.shellsEnd) return 'kept';
  const inUse = options.socketPathsInUse ?? socketPathsOfProcesses;
  const end = Date.now() + (options.waitMs ?? SERVER_STOP_WAIT_MS);
  for (;;) {
    const paths = inUse();
    // Where /proc does not tell whether a shell still knows the path, the directory stays.
    if (paths === undefined) return 'kept';
    if (!paths.has(directory.socketPath) && !(await socketAnswers(directory.socketPath))) {
      removeSocketDirectory(directory.directory);
      return 'removed';
    }
    if (Date.now() >= end) return 'kept';
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Whether this process's parent has changed since `parentAtStart` was read: it died and we were re-parented. */
export function parentGone(parentAtStart: number): boolean {
  return process.ppid !== parentAtStart;
}
