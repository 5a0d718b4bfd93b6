/**
 * What bin/quirl's /bin/sh dropped on the way to node. dash hands on no variable whose name is
 * no identifier, and so loses the functions bash exports (`BASH_FUNC_f%%`, see
 * interp/function-export.ts). Where it was given one, the launcher passes those entries of the
 * environment it was given in QUIRL_LAUNCH_ENVIRONMENT, one a line, each newline in them as
 * \x01 (tr swaps the two): they are put back here.
 */
export const LAUNCH_ENVIRONMENT_VARIABLE = 'QUIRL_LAUNCH_ENVIRONMENT';

const EXPORTED_FUNCTION = /^(BASH_FUNC_[^=]+%%)=(.*)$/s;

/** The exported functions the launcher carried put back in `env`, and the carrier taken out (no job sees it). */
export function restoreExportedFunctions(env: NodeJS.ProcessEnv): void {
  const carried = env[LAUNCH_ENVIRONMENT_VARIABLE];
  if (carried === undefined) return;
  delete env[LAUNCH_ENVIRONMENT_VARIABLE];
  for (const line of carried.split('\n')) {
    const [, name, value] = EXPORTED_FUNCTION.exec(line.replaceAll('\x01', '\n')) ?? [];
    if (name !== undefined && value !== undefined && env[name] === undefined) env[name] = value;
  }
}
