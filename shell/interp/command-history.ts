/** The command history as the shell's state and builtins see it (the interactive shell's: interactive/editor/history.ts). */
export interface CommandHistory {
  /** Oldest first. */
  readonly entries: readonly string[];
  /** The history number of `entries[0]`. */
  readonly base: number;
  /** Whether the line being run was recorded (a line starting with a space may not be): `fc` leaves it out. */
  readonly lastLineAdded: boolean;
  add(command: string): boolean;
  clear(): void;
  remove(index: number): void;
  writeTo(file: string): void;
  appendTo(file: string): void;
  readFrom(file: string): void;
  readNewFrom(file: string): void;
  /** An independent copy for a subshell. */
  copy(): CommandHistory;
}
