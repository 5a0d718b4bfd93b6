/**
 * bash's coprocesses, apart from running one: where the shell's ends of its pipes go, and the
 * variables that name them.
 */
import { ShellError } from '../errors';
import type { FdTable } from '../exec/fds';
import type { ShellState } from './state';

/** bash moves a coprocess's pipes below this, the highest first (its move_to_high_fd). */
const HIGHEST_FD = 63;

/**
 * The descriptor numbers of the shell's ends, as bash picks them: the four highest free below 64
 * go to the two pipes' four ends in turn (its read end, the coprocess's write end, the
 * coprocess's read end, its write end); the shell keeps the first and the last.
 */
export function coprocessDescriptors(fds: FdTable): { readonly read: number; readonly write: number } {
  const free: number[] = [];
  for (let fd = HIGHEST_FD; fd > 2 && free.length < 4; fd -= 1) if (!fds.has(fd)) free.push(fd);
  if (free.length < 4) throw new ShellError('ResourceLimit', 'coproc: no descriptor below 64 is free for its pipes');
  return { read: free[0] as number, write: free[3] as number };
}

/** NAME=(read write) and NAME_PID=pid, as bash sets them. */
export function setCoprocessVariables(state: ShellState, name: string, fds: { readonly read: number; readonly write: number }, pid: number): void {
  state.unset(name);
  state.assignArray(
    name,
    [fds.read, fds.write].map((fd) => ({ key: undefined, value: String(fd), append: false })),
    false,
  );
  state.set(`${name}_PID`, String(pid));
}

/** Unsets NAME and NAME_PID, unless a later coprocess of the same name holds them now. */
export function unsetCoprocessVariables(state: ShellState, name: string, pid: number): void {
  if (state.get(`${name}_PID`) !== String(pid)) return;
  state.unset(name);
  state.unset(`${name}_PID`);
}
