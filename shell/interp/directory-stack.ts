/** The directory stack (pushd, popd, dirs, `~N`), kept where bash keeps it: in DIRSTACK. */
import type { ShellState } from './state';

/**
 * DIRSTACK's element 0 is the working directory when it was last set; a subshell sees the stack
 * and `${DIRSTACK[@]}` shows it. The entries below the top, in order.
 */
export function stackOf(state: ShellState): string[] {
  const entries = state.entries('DIRSTACK') ?? [];
  return entries
    .filter(([key]) => key !== '0')
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, directory]) => directory);
}

/** Sets the entries below the top; the top is the working directory. */
export function setStack(state: ShellState, stack: readonly string[]): void {
  state.unset('DIRSTACK');
  [state.cwd, ...stack].forEach((directory, index) => state.assignElement('DIRSTACK', BigInt(index), directory));
}

/** The whole stack as dirs shows it: the working directory first. */
export function fullStack(state: ShellState): string[] {
  return [state.cwd, ...stackOf(state)];
}

/** `+N` counts from the left (0 is the working directory), `-N` from the right; undefined when out of range. */
export function stackIndex(word: string, length: number): number | undefined {
  const count = Number(word.slice(1));
  const index = word.startsWith('+') ? count : length - 1 - count;
  return index >= 0 && index < length ? index : undefined;
}
