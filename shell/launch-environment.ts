/**
 * What bin/quirl's /bin/sh dropped on the way to node. dash hands on no variable whose name is
 * no identifier, and so loses the functions bash exports (`BASH_FUNC_f%%`, see
 * interp/function-export.ts). Where it was given one, the launcher passes the environment it was
 * given whole, entries separated by \x01, in QUIRL_LAUNCH_ENVIRONMENT: they are put back here.
 */
export const LAUNCH_ENVIRONMENT_VARIABLE = 'QUIRL_LAUNCH_ENVIRONMENT';

const EXPORTED_FUNCTION = /^(BASH_FUNC_[^=]+%%)=(.*)$/s;

/** The exported functions the launcher carried put back in `env`, and the carrier taken out (no job sees it). */
export function restoreExportedFunctions(env: NodeJS.ProcessEnv): void {
  const carried = env[LAUNCH_ENVIRONMENT_VARIABLE];
  if (carried === undefined) return;
  delete env[LAUNCH_ENVIRONMENT_VARIABLE];
  for (const entry of carried.split('\x01')) {
    const [, name, value] = EXPORTED_FUNCTION.exec(entry) ?? [];
    if (name !== undefined && value !== undefined && env[name] === undefined) env[name] = value;
  }
}
