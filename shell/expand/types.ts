/**
 * What word expansion needs from the outside, passed in as data and callbacks so that expansion
 * runs in tests with no processes: variables, special parameters, home directories, directory
 * reads for pathname expansion, and command substitution through the executor.
 */
import type { Program } from '../syntax/ast';

export interface SpecialParameters {
  /** `$?` */
  readonly lastStatus: number;
  /** `$$`: the shell's PID (a subshell context keeps its parent's). */
  readonly shellPid: number;
  /** `$!`: PID of the most recent background job's last process, or undefined if none. */
  readonly lastBackgroundPid: number | undefined;
  /** `$0` */
  readonly scriptName: string;
  /** `$1`... */
  readonly positional: readonly string[];
  /** `$-`: the shell's option letters. */
  readonly optionFlags: string;
}

export interface ExpansionEnvironment {
  /** A shell variable's value (exported or not), or undefined when unset. */
  lookup(name: string): string | undefined;
  readonly special: SpecialParameters;
  /** The home directory of `user` (empty: the current user, from HOME), or undefined. */
  homeOf(user: string): string | undefined;
  /** The current directory, against which relative glob patterns are matched. */
  readonly cwd: string;
  /** Entry names of a directory (without `.` and `..`), or undefined if it cannot be read. */
  readDirectory(path: string): readonly string[] | undefined;
  /**
   * Runs `program` in a subshell context and returns its standard output, unmodified
   * (the expander removes trailing newlines). It retains at most `maxBytes` of output and fails
   * with ResourceLimit past it; `maxBytes` is what remains of the pipeline's expansion budget.
   */
  commandSubstitution(program: Program, maxBytes: number): Promise<string>;
  /** `${x=w}`: assigns shell variable `name`. */
  assign(name: string, value: string): void;
  /** The names of the variables that have values, for `${!prefix*}`. */
  variableNames(): readonly string[];
  /** `$(( ))`: the value of the expression text (already expanded), in decimal. */
  arithmetic(expression: string): string;
}
