/**
 * The launcher's first instructions: the signal dispositions that must hold before the shell's
 * bundle loads, a few hundred milliseconds in which a signal would otherwise find Node's own.
 *
 * - An interactive shell ignores SIGINT, SIGQUIT and SIGTERM, as bash does; Node's default
 *   SIGINT/SIGTERM handler would end it on a Ctrl-C pressed while it starts. They are caught by
 *   listeners that do nothing rather than set to SIG_IGN, so that a builtin that waits (`wait`)
 *   can listen for the Ctrl-C that interrupts it.
 * - SIGUSR1 terminates the shell, as it does bash. Node's own handler starts the inspector on
 *   127.0.0.1:9229 instead, a door into the shell for every local process of the user (Node 20
 *   has no --disable-sigusr1). A listener is the only way to replace Node's handler from
 *   JavaScript; it then dies of the signal, unless a trap takes it (sending it again would run
 *   the trap twice). To debug Quirl, start it with `node --inspect`.
 */

const INTERACTIVE_IGNORED = ['SIGINT', 'SIGQUIT', 'SIGTERM'] as const;

export function installLaunchSignals(interactive: boolean): void {
  if (interactive) ignoreInteractiveSignals();
  process.on('SIGUSR1', dieOfUsr1);
}

/** Idempotent: the launcher calls it first, the interactive shell again in case it was started without the launcher. */
export function ignoreInteractiveSignals(): void {
  for (const signal of INTERACTIVE_IGNORED) if (process.listenerCount(signal) === 0) process.on(signal, ignore);
}

function ignore(): void {
  // Caught and dropped: the interactive shell ignores these signals.
}

function dieOfUsr1(): void {
  // A trap of the script's listens too (signal-traps.ts) and takes the signal: the shell lives on.
  if (process.listenerCount('SIGUSR1') > 1) return;
  // Without a listener libuv puts SIG_DFL back: the signal sent again then ends the process.
  process.removeListener('SIGUSR1', dieOfUsr1);
  process.kill(process.pid, 'SIGUSR1');
}
