/**
 * The terminal's signal keys while the shell starts. bin/quirl, when it leads the terminal's
 * session (a terminal emulator, VS Code or an expect script started it), turns ISIG off before it
 * starts node: node's own start-up (before any of the shell's code runs) resets ignored signals
 * to their defaults, so a Ctrl-C then would end the shell. With ISIG off the key is a byte the
 * line editor reads at the first prompt instead. The shell turns ISIG on again as it starts,
 * before it records the terminal's modes, and drops the variable so no job sees it.
 */
import { native } from '../native';

/** Set by bin/quirl when it turned the terminal's signal keys off. */
export const SIGNAL_KEYS_OFF_VARIABLE = 'QUIRL_SIGNAL_KEYS_OFF';

export function restoreSignalKeys(env: NodeJS.ProcessEnv): void {
  if (env[SIGNAL_KEYS_OFF_VARIABLE] === undefined) return;
  delete env[SIGNAL_KEYS_OFF_VARIABLE];
  try {
    native.tcsetattr(0, native.termiosWithSignalKeys(native.tcgetattr(0)));
  } catch {
    // Standard input is no longer that terminal (or the terminal is gone): nothing to restore.
  }
}
