/**
 * The link a running shell was started with, read from its process's environment (Linux /proc).
 * A terminal revived in a new page shows no creation environment, and the window's state (kept by
 * the browser) may be gone with the browser: the shell's own start-up environment still names the
 * socket it retries and the secret it proves, and this window's terminal runs it.
 */
import { readFileSync } from 'node:fs';
import { IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE, type LinkAddress } from '../shell/ipc/address';

/** `pid`'s start-up environment entries (NAME=value); undefined where /proc does not tell (gone, another user's, not Linux). */
export function startupEnvironment(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
}

/** The socket path and secret `pid` was started with, if it was started as a linked Quirl shell. */
export function linkOfProcess(pid: number): LinkAddress | undefined {
  const environment = startupEnvironment(pid);
  if (environment === undefined) return undefined;
  const value = (name: string): string | undefined => environment.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
  const socketPath = value(IPC_SOCKET_VARIABLE);
  const secret = value(IPC_SECRET_VARIABLE);
  return socketPath === undefined || socketPath === '' || secret === undefined || secret === '' ? undefined : { socketPath, secret };
}
