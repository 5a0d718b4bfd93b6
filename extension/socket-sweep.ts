/**
 * Stale socket directories. Each window's first extension host makes a `quirl-XXXXXX` directory;
 * a host that is stopped rather than shut down (killed, or its window gone with the server) leaves
 * it behind, often with a dead socket file in it. A later host sweeps those that are surely ours
 * and dead: our own and private (as socketDirectoryProblem checks), holding nothing but the
 * socket, untouched for a while (a host between making one and listening in it is not robbed),
 * with nobody listening, and, where /proc tells, no live process started with that socket path
 * (a shell retrying to reach its window's next host). Where /proc does not tell, nothing is swept.
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { IPC_SOCKET_VARIABLE } from '../shell/ipc/address';
import { socketDirectoryProblem } from '../shell/ipc/socket-directory';
import { startupEnvironment } from './process-link';
import { SOCKET_FILE, socketAnswers, type SocketDirectory } from './socket-dir';

/** mkdtemp's name for a socket directory: the prefix and six random characters. */
const DIRECTORY_NAME = /^quirl-[A-Za-z0-9]{6}$/;
/** A directory changed more recently than this may be a starting host's. */
export const MIN_IDLE_MS = 60_000;

export interface SweepOptions {
  readonly parent?: string;
  /** This host's own directory, never swept. */
  readonly keep: string;
  readonly now?: number;
  /** The socket paths live processes were started with; undefined where that cannot be known. */
  readonly socketPathsInUse?: () => ReadonlySet<string> | undefined;
}

/**
 * The socket directory `socketPath` names, when it is one a host of ours made in `parent` (a
 * `quirl-XXXXXX` folder holding the socket file): only such a folder may be removed for a path
 * learnt from elsewhere (a shell's environment names any path it was given).
 */
export function socketDirectoryAt(socketPath: string, parent: string = tmpdir()): SocketDirectory | undefined {
  const directory = dirname(socketPath);
  if (basename(socketPath) !== SOCKET_FILE || dirname(directory) !== parent || !DIRECTORY_NAME.test(basename(directory))) return undefined;
  return { directory, socketPath, fresh: false };
}

/** Removes the stale directories; returns the ones removed. */
export async function sweepSocketDirectories(options: SweepOptions): Promise<string[]> {
  const parent = options.parent ?? tmpdir();
  const now = options.now ?? Date.now();
  const inUse = (options.socketPathsInUse ?? socketPathsOfProcesses)();
  if (inUse === undefined) return [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const swept: string[] = [];
  for (const name of names) {
    const directory = join(parent, name);
    if (!DIRECTORY_NAME.test(name) || directory === options.keep || !looksAbandoned(directory, now)) continue;
    const socketPath = join(directory, SOCKET_FILE);
    if (inUse.has(socketPath) || (await socketAnswers(socketPath))) continue;
    rmSync(directory, { recursive: true, force: true });
    swept.push(directory);
  }
  return swept;
}

/** Ours, private, nothing in it but a socket file, and idle long enough. */
function looksAbandoned(directory: string, now: number): boolean {
  if (socketDirectoryProblem(directory) !== undefined) return false;
  try {
    const entries = readdirSync(directory);
    if (entries.some((entry) => entry !== SOCKET_FILE)) return false;
    const times = [lstatSync(directory).mtimeMs];
    if (entries.length > 0) {
      const socket = lstatSync(join(directory, SOCKET_FILE));
      if (!socket.isSocket()) return false;
      times.push(socket.mtimeMs);
    }
    return times.every((time) => now - time >= MIN_IDLE_MS);
  } catch {
    return false;
  }
}

/** The link socket paths in the environments live processes of this user were started with (Linux). */
export function socketPathsOfProcesses(): ReadonlySet<string> | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const prefix = `${IPC_SOCKET_VARIABLE}=`;
  const paths = new Set<string>();
  for (const pid of pids) {
    // Undefined when gone, or another user's.
    for (const entry of startupEnvironment(Number(pid)) ?? []) if (entry.startsWith(prefix)) paths.add(entry.slice(prefix.length));
  }
  return paths;
}
