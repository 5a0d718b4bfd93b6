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

/** The shell options that change how words expand (`set -u`, `set -f`, shopt's glob options). */
export interface ExpansionOptions {
  /** `set -u`: expanding an unset parameter is a fatal error. */
  readonly nounset: boolean;
  /** `set -f`: no pathname expansion. */
  readonly noglob: boolean;
  /** A pattern that matches nothing expands to no field. */
  readonly nullglob: boolean;
  /** A pattern that matches nothing is an error. */
  readonly failglob: boolean;
  /** Wildcards match names starting with `.` (never `.` and `..`). */
  readonly dotglob: boolean;
  /** Pathname expansion ignores case. */
  readonly nocaseglob: boolean;
  /** shopt extglob: patterns have bash's `?(...)` `*(...)` `+(...)` `@(...)` `!(...)` groups (`[[ == ]]`'s always do). */
  readonly extglob: boolean;
  /** `**` alone in a component matches any depth of directories. */
  readonly globstar: boolean;
  /** `case` and `[[ == ]]` patterns ignore case. */
  readonly nocasematch: boolean;
  /** `set -C`: redirects planned in this environment never truncate an existing regular file (`>|` still does). */
  readonly noclobber: boolean;
}

/** What `${x@P}` counts: `\j` the jobs the shell knows of, `\#` the number of its top-level command running. */
export interface PromptCounts {
  readonly jobs: number;
  readonly commandNumber: number;
}

export interface ExpansionEnvironment {
  /** Absent: every option off. */
  readonly options?: ExpansionOptions;
  /** A shell variable's value (exported or not), or undefined when unset. */
  lookup(name: string): string | undefined;
  readonly special: SpecialParameters;
  /** What `~prefix` expands to (`~` HOME, `~user` a home directory, `~+` PWD...), or undefined when it names nothing. */
  tildePrefix(prefix: string): string | undefined;
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
  /**
   * `<(list)` and `>(list)`: starts the list beside the command being expanded and returns the
   * name of its end of the pipe (`/dev/fd/N`). Absent where expansion runs no commands.
   */
  processSubstitution?(program: Program, direction: '<' | '>'): string;
  /** `${x=w}`: assigns shell variable `name`. */
  assign(name: string, value: string): void;
  /** `${a[@]}`, `${!a[@]}`: the elements of `name` in order as [key, value] (a scalar is element 0); undefined when unset. */
  entries(name: string): readonly (readonly [string, string])[] | undefined;
  /** `${a[sub]}`: `subscript` (expanded) is an index expression, or an associative array's key. */
  element(name: string, subscript: string): string | undefined;
  /** `${a[sub]=w}`: assigns one element. */
  assignElement(name: string, subscript: string, value: string): void;
  /** `${x@a}`, `${x@A}`: the variable's attribute letters (as `declare` prints them), undefined when there is no such variable. */
  attributes(name: string): string | undefined;
  /** `${!r}` of a nameref r: the name its chain ends at; undefined when `name` is no nameref holding a name. */
  referenceOf?(name: string): string | undefined;
  /** A nameref whose chain comes back on itself: `${!r}` of it is no indirection (bash refuses it). */
  isCircularReference?(name: string): boolean;
  /** `${x@P}`'s `\j` and `\#`; absent: 0 and 0. */
  promptCounts?(): PromptCounts;
  /** The names of the variables that have values, for `${!prefix*}`. */
  variableNames(): readonly string[];
  /**
   * `$(( ))`: the value of the expression text (already expanded), in decimal. `name` is what
   * bash puts before an error of the expression's own: the parameter of `${x:1/0}` (`x: 1/0: ...`).
   */
  arithmetic(expression: string, name?: string): string;
}
