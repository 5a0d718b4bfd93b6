/**
 * Job control's start for an interactive shell. Without a terminal to take (no controlling
 * terminal: `setsid quirl -i`, a daemon's pipe) the shell runs without job control, as bash
 * does, after saying so in bash's words: every job then runs in the shell's own group.
 */
import { errorMessage, isShellError } from '../errors';
import { Terminal } from '../exec/terminal';

export function takeTerminal(say: (text: string) => void): Terminal | undefined {
  try {
    return Terminal.acquire();
  } catch (error) {
    if (!isShellError(error, 'TerminalHandoff')) throw error;
    say(`quirl: cannot set terminal process group (-1): ${reason(error)}\nquirl: no job control in this shell\n`);
    return undefined;
  }
}

/** The system's words for why ("Inappropriate ioctl for device" where there is no terminal). */
function reason(error: Error): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return code === 'ENXIO' || code === 'ENOTTY' ? 'Inappropriate ioctl for device' : errorMessage(error.cause ?? error);
}
