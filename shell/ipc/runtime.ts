/**
 * What the runtime running the shell needed in the environment and the shell's jobs must not
 * inherit: under VS Code's Electron, ELECTRON_RUN_AS_NODE (set by the extension's launch) made
 * Electron act as Node; left in place, every Electron program a job starts (`code`, say) would too.
 * QUIRL_RUNTIME told bin/quirl which runtime to start; a `bin/quirl` a job runs finds its own node.
 */

/** Set by the VS Code profile: the runtime bin/quirl starts (VS Code's own, or quirl.nodePath). */
export const RUNTIME_VARIABLE = 'QUIRL_RUNTIME';

export function dropRuntimeVariables(env: NodeJS.ProcessEnv, versions: NodeJS.ProcessVersions = process.versions): void {
  if (versions.electron !== undefined) delete env.ELECTRON_RUN_AS_NODE;
  delete env[RUNTIME_VARIABLE];
}
