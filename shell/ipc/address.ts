/**
 * Where the shell finds the extension: the socket path and the terminal's secret, passed in the
 * environment. Kept apart from the protocol so every invocation can drop the variables without
 * loading the JSON-RPC library; protocol.ts re-exports the names for the extension.
 */

/** The Unix socket path the extension listens on. */
export const IPC_SOCKET_VARIABLE = 'QUIRL_IPC_SOCKET';
/** The per-terminal secret (hex); never handed on to jobs. */
export const IPC_SECRET_VARIABLE = 'QUIRL_IPC_SECRET';
/** What the shell removes from the environment it gives jobs. */
export const IPC_ENVIRONMENT_VARIABLES: readonly string[] = [IPC_SOCKET_VARIABLE, IPC_SECRET_VARIABLE];

/** Where the extension listens and the terminal's secret, as the environment gave them. */
export interface LinkAddress {
  readonly socketPath: string;
  readonly secret: string;
}

/**
 * Takes the link's variables out of `env` (so no job, `env` or `$QUIRL_IPC_SECRET` sees them)
 * and returns them; undefined outside the extension's terminals, where either is missing.
 */
export function takeLinkAddress(env: NodeJS.ProcessEnv): LinkAddress | undefined {
  const socketPath = env[IPC_SOCKET_VARIABLE];
  const secret = env[IPC_SECRET_VARIABLE];
  for (const name of IPC_ENVIRONMENT_VARIABLES) delete env[name];
  if (socketPath === undefined || socketPath === '' || secret === undefined || secret === '') return undefined;
  return { socketPath, secret };
}
