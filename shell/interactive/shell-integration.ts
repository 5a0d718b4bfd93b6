/**
 * VS Code shell integration (OSC 633): marks around the prompt and each command so the editor
 * knows where commands start and end, their exact text, their exit status and the directory.
 *
 * The first prompt says once that every command is reported in order (P;HasRichCommandDetection,
 * VS Code's "Rich" level). One prompt cycle: D for the cycle before, P;Cwd=…, then A prompt B
 * (inside the prompt string, zero-width), the line is typed (continuation prompts between F and
 * G, their text told as P;ContinuationPrompt when it changes), then E;line[;nonce] and C before the
 * command runs. Its D;status is written before the next prompt, after the job notices and
 * PROMPT_COMMAND's output, where VS Code's own bash integration writes it: they are the command's
 * output as in bash. A cycle in which nothing ran (an empty line, Ctrl-C) ends with a bare D; a
 * line that does not parse is a command of its own (E, C, D;2).
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

/** What a prompt string shows: the zero-width parts between \x01 and \x02 left out. */
function visibleText(prompt: string): string {
  return prompt.replace(/\x01[^\x02]*\x02?/g, '');
}

/** What the next primary prompt's D reports for the cycle before it. */
type Owed =
  | { readonly kind: 'nothing' } // the first prompt: no cycle before it
  | { readonly kind: 'prompt-only' } // a prompt from which no command ran: a bare D
  | { readonly kind: 'running' } // C was written; the command's status is not known yet
  | { readonly kind: 'finished'; readonly status: number };

export class ShellIntegration {
  /** For ShellState.fromEnvironment: the nonce stays with the shell, so no job can read it and forge an E. */
  readonly keep: EnvironmentFilter = (name) => name !== NONCE_VARIABLE;

  private owed: Owed = { kind: 'nothing' };
  /** Whether HasRichCommandDetection was told (once, before the first prompt). */
  private richTold = false;
  /** The continuation prompt's text as last told to VS Code. */
  private continuationTold: string | undefined;

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
   * Before a new primary prompt is drawn: ends the cycle before it (D), reports the directory,
   * and returns the prompt with A before it and B after it.
   */
  prompt(prompt: string, cwd: string): string {
    let marks = '';
    if (!this.richTold) marks += osc('P;HasRichCommandDetection=True');
    this.richTold = true;
    marks += this.endOfCycle();
    marks += osc(`P;Cwd=${escapeValue(cwd)}`);
    this.write(marks);
    this.owed = { kind: 'prompt-only' };
    return this.samePrompt(prompt);
  }

  /** The current primary prompt drawn again (after a `bind -x` command): its marks only, no new cycle. */
  samePrompt(prompt: string): string {
    return `${zeroWidth(osc('A'))}${prompt}${zeroWidth(osc('B'))}`;
  }

  /** A continuation prompt (PS2) between F and G; its text is told first when it changed. */
  continuationPrompt(prompt: string): string {
    const text = visibleText(prompt);
    if (text !== this.continuationTold) this.write(osc(`P;ContinuationPrompt=${escapeValue(text)}`));
    this.continuationTold = text;
    return `${zeroWidth(osc('F'))}${prompt}${zeroWidth(osc('G'))}`;
  }

  /** An accepted command line is about to run. */
  commandStarted(commandLine: string): void {
    const nonce = this.nonce === undefined ? '' : `;${this.nonce}`;
    this.write(osc(`E;${escapeValue(commandLine)}${nonce}`) + osc('C'));
    this.owed = { kind: 'running' };
  }

  /** The command ended (or its foreground job stopped) with this status; D is written before the next prompt. */
  commandFinished(status: number): void {
    if (this.owed.kind === 'running') this.owed = { kind: 'finished', status };
  }

  private endOfCycle(): string {
    switch (this.owed.kind) {
      case 'nothing':
        return '';
      case 'prompt-only':
      case 'running': // a command whose status never came: its cycle ends all the same
        return osc('D');
      case 'finished':
        return osc(`D;${this.owed.status}`);
    }
  }
}
