/**
 * VS Code shell integration (OSC 633): marks around the prompt and each command so the editor
 * knows where commands start and end, their exact text, their exit status and the directory.
 *
 * One prompt cycle: P;Cwd=…, then A prompt B (inside the prompt string, zero-width), the line is
 * typed, then E;line[;nonce] and C before the command runs and D;status after it (a line that does
 * not parse too: D;2). A cycle in which nothing ran (an empty line, Ctrl-C) is closed by a bare D
 * before the next prompt, as VS Code's own bash integration does. Continuation prompts (PS2) carry no marks: the spec's
 * F and G are unfinalized.
 */
import { writeSync } from 'node:fs';
import type { EnvironmentFilter } from '../interp/state';

/** Where the sequences go: the terminal. */
export type Writer = (text: string) => void;

/** Set by VS Code in the terminal it starts; only then is anything emitted. */
const TERM_PROGRAM = 'vscode';
/** VS Code's proof that an E sequence came from the shell, not from a command's output. */
const NONCE_VARIABLE = 'VSCODE_NONCE';

/** OSC 633, ended by BEL as VS Code's own scripts end it. */
function osc(body: string): string {
  return `\x1b]633;${body}\x07`;
}

/**
 * A value as the spec asks: `\` as `\\`, and `;` and every character up to 0x20 as `\xhh`, so
 * neither a separator nor a control ends the sequence early. DEL and the C1 controls are escaped
 * too (the spec allows escaping any character this way): a terminal's parser drops DEL inside an
 * OSC string, and 0x9c is ST on terminals that read C1 controls. Other characters pass raw.
 */
export function escapeValue(value: string): string {
  let escaped = '';
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (character === '\\') escaped += '\\\\';
    else if (character === ';' || code <= 0x20 || (code >= 0x7f && code <= 0x9f)) escaped += `\\x${code.toString(16).padStart(2, '0')}`;
    else escaped += character;
  }
  return escaped;
}

/** A sequence inside bash's \x01 … \x02 markers, which the line editor measures as zero-width. */
function zeroWidth(sequence: string): string {
  return `\x01${sequence}\x02`;
}

export class ShellIntegration {
  /** For ShellState.fromEnvironment: the nonce stays with the shell, so no job can read it and forge an E. */
  readonly keep: EnvironmentFilter = (name) => name !== NONCE_VARIABLE;

  /** Whether the last prompt's cycle is still open: shown, and no command ran from it yet. */
  private promptOpen = false;
  /** Whether C was emitted and its D is owed. */
  private executing = false;

  private constructor(
    private readonly write: Writer,
    private readonly nonce: string | undefined,
  ) {}

  /** The integration when the shell runs in VS Code's terminal, else undefined: nothing changes. */
  static fromEnvironment(env: NodeJS.ProcessEnv, write: Writer = (text) => writeSync(1, text)): ShellIntegration | undefined {
    if (env.TERM_PROGRAM !== TERM_PROGRAM) return undefined;
    const nonce = env[NONCE_VARIABLE];
    return new ShellIntegration(write, nonce === '' ? undefined : nonce);
  }

  /**
   * Before a primary prompt is drawn: closes a cycle in which nothing ran, reports the directory,
   * and returns the prompt with A before it and B after it.
   */
  prompt(prompt: string, cwd: string): string {
    if (this.promptOpen) this.write(osc('D'));
    this.write(osc(`P;Cwd=${escapeValue(cwd)}`));
    this.promptOpen = true;
    return `${zeroWidth(osc('A'))}${prompt}${zeroWidth(osc('B'))}`;
  }

  /** An accepted command line is about to run. */
  commandStarted(commandLine: string): void {
    const nonce = this.nonce === undefined ? '' : `;${this.nonce}`;
    this.write(osc(`E;${escapeValue(commandLine)}${nonce}`) + osc('C'));
    this.promptOpen = false;
    this.executing = true;
  }

  /** The command ended (or its foreground job stopped) with this status. */
  commandFinished(status: number): void {
    if (!this.executing) return;
    this.write(osc(`D;${status}`));
    this.executing = false;
  }
}
