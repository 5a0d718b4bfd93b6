/**
 * The kill buffer C-y yanks from. Kills in a row build one entry, as in Emacs and readline:
 * forward kills append and backward kills prepend, so C-w C-w then C-y restores both words in
 * their order. It outlives a read, so a kill can be yanked into the next command line.
 */
export type KillDirection = 'forward' | 'backward';

export class KillBuffer {
  private text = '';

  /** Records killed text; `continuing` when the previous command was a kill too. */
  kill(text: string, direction: KillDirection, continuing: boolean): void {
    if (!continuing) this.text = text;
    else this.text = direction === 'forward' ? this.text + text : text + this.text;
  }

  get yanked(): string {
    return this.text;
  }
}
