/**
 * The state a shell context carries: variables (and which are exported), functions, the working
 * directory, positional parameters, $?, $!, and how deep in functions and loops it runs. A
 * subshell context (a pipeline stage run inside the shell, a command substitution, `( ... )`)
 * works on a clone, so its changes never leak out.
 */
import { ShellError } from '../errors';
import type { ArithmeticVariables } from '../expand/arith';
import type { FunctionDefinition } from '../syntax/ast';
import { ShellOptions } from './options';
import { TrapTable } from './traps';

interface Variable {
  /** undefined for a name that is exported but not yet assigned (`export NAME`). */
  value: string | undefined;
  exported: boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function isValidName(name: string): boolean {
  return NAME.test(name);
}

/** Variables the shell removes from the environment it was given, before any job sees them. */
export type EnvironmentFilter = (name: string) => boolean;

/** What `local` replaced in one function call: each name's variable before it (undefined: unset). */
type LocalFrame = Map<string, Variable | undefined>;

export class ShellState {
  private readonly variables: Map<string, Variable>;
  readonly functions: Map<string, FunctionDefinition>;
  /** `alias NAME=TEXT`: expanded where commands are parsed, in an interactive shell. */
  readonly aliases: Map<string, string>;
  /** One frame per function call running, innermost last. */
  private readonly localFrames: LocalFrame[] = [];
  /** Loops running around the current command (`break` and `continue` need one). */
  loopDepth = 0;
  /** `.` / `source` files running (where `return` is allowed, as in a function). */
  sourceDepth = 0;
  /** The line of the command running (bash's LINENO): where a script's diagnostics say they are. */
  lineNumber = 0;
  cwd: string;
  positional: string[];
  scriptName: string;
  lastStatus = 0;
  lastBackgroundPid: number | undefined;
  readonly shellPid: number;
  /** True in a subshell context: `exit` ends the context, not the shell. */
  readonly isSubshell: boolean;
  /** `set` and `shopt` options: a subshell starts with a copy. */
  options = new ShellOptions();
  /** `trap`: a subshell keeps only the ignored signals (POSIX). */
  traps = new TrapTable();

  private constructor(
    variables: Map<string, Variable>,
    functions: Map<string, FunctionDefinition>,
    aliases: Map<string, string>,
    cwd: string,
    scriptName: string,
    positional: string[],
    shellPid: number,
    isSubshell: boolean,
  ) {
    this.variables = variables;
    this.functions = functions;
    this.aliases = aliases;
    this.cwd = cwd;
    this.scriptName = scriptName;
    this.positional = positional;
    this.shellPid = shellPid;
    this.isSubshell = isSubshell;
  }

  /** The top-level state, from the process environment. */
  static fromEnvironment(
    env: NodeJS.ProcessEnv,
    cwd: string,
    scriptName: string,
    positional: string[],
    keep: EnvironmentFilter = () => true,
  ): ShellState {
    const variables = new Map<string, Variable>();
    for (const [name, value] of Object.entries(env)) {
      if (value !== undefined && keep(name)) variables.set(name, { value, exported: true });
    }
    const state = new ShellState(variables, new Map(), new Map(), cwd, scriptName, positional, process.pid, false);
    if (state.get('IFS') === undefined) state.variables.set('IFS', { value: ' \t\n', exported: false });
    state.variables.set('PWD', { value: cwd, exported: true });
    return state;
  }

  /** A subshell context: an independent copy. */
  clone(): ShellState {
    const variables = new Map<string, Variable>();
    for (const [name, variable] of this.variables) variables.set(name, { ...variable });
    const copy = new ShellState(variables, new Map(this.functions), new Map(this.aliases), this.cwd, this.scriptName, [...this.positional], this.shellPid, true);
    copy.lastStatus = this.lastStatus;
    copy.lastBackgroundPid = this.lastBackgroundPid;
    copy.loopDepth = this.loopDepth;
    copy.sourceDepth = this.sourceDepth;
    copy.lineNumber = this.lineNumber;
    copy.options = this.options.clone();
    copy.traps = this.traps.forSubshell(this.options);
    for (const frame of this.localFrames) copy.localFrames.push(new Map(frame));
    return copy;
  }

  /** How many function calls are running. */
  get functionDepth(): number {
    return this.localFrames.length;
  }

  /** A function call begins: its `local` variables go into a new frame. */
  enterFunction(): void {
    this.localFrames.push(new Map());
  }

  /** The call ends: every variable its `local` replaced is as it was before (bash's dynamic scope). */
  leaveFunction(): void {
    const frame = this.localFrames.pop();
    if (frame === undefined) throw new Error('leaveFunction without enterFunction');
    for (const [name, previous] of frame) {
      if (previous === undefined) this.variables.delete(name);
      else this.variables.set(name, previous);
    }
  }

  /**
   * `local NAME[=value]`: from here to the end of the current call NAME is a variable of its own
   * (unset until assigned, as in bash; an export flag is kept). False outside a function.
   */
  makeLocal(name: string, value?: string): boolean {
    const frame = this.localFrames.at(-1);
    if (frame === undefined) return false;
    if (value !== undefined) checkAssignment(name, value);
    else if (!isValidName(name)) throw new ShellError('Usage', `\`${name}': not a valid identifier`);
    const existing = this.variables.get(name);
    if (!frame.has(name)) {
      frame.set(name, existing === undefined ? undefined : { ...existing });
      this.variables.set(name, { value, exported: existing?.exported ?? false });
    } else if (value !== undefined) {
      this.set(name, value);
    }
    return true;
  }

  /**
   * Prefix assignments of a builtin (`IFS=, read a b`): set until the returned function puts
   * back what they replaced, as bash does for every builtin outside POSIX mode.
   */
  assignTemporarily(assignments: readonly (readonly [string, string])[]): () => void {
    const saved = assignments.map(([name]): [string, Variable | undefined] => {
      const existing = this.variables.get(name);
      return [name, existing === undefined ? undefined : { ...existing }];
    });
    for (const [name, value] of assignments) this.set(name, value);
    return () => {
      for (const [name, previous] of saved.reverse()) {
        if (previous === undefined) this.variables.delete(name);
        else this.variables.set(name, previous);
      }
    };
  }

  /** The variables as arithmetic (`$(( ))`, `let`, `(( ))`) reads and assigns them. */
  arithmeticVariables(): ArithmeticVariables {
    return { get: (name) => this.get(name), set: (name, value) => this.set(name, value) };
  }

  /** Every variable with a value, in name order (`set` with no arguments). */
  assigned(): [string, string][] {
    return [...this.variables]
      .filter((entry): entry is [string, { value: string; exported: boolean }] => entry[1].value !== undefined)
      .map(([name, variable]): [string, string] => [name, variable.value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get(name: string): string | undefined {
    return this.variables.get(name)?.value;
  }

  set(name: string, value: string): void {
    checkAssignment(name, value);
    const existing = this.variables.get(name);
    if (existing !== undefined) existing.value = value;
    else this.variables.set(name, { value, exported: false });
  }

  export(name: string, value?: string): void {
    if (value !== undefined) this.set(name, value);
    else if (!isValidName(name)) throw new ShellError('Usage', `export: \`${name}': not a valid identifier`);
    const existing = this.variables.get(name);
    if (existing !== undefined) existing.exported = true;
    else this.variables.set(name, { value: undefined, exported: true });
  }

  unset(name: string): void {
    this.variables.delete(name);
  }

  /** Exported variables as [name, value] (for `export -p`), in name order. */
  exported(): [string, string | undefined][] {
    return [...this.variables]
      .filter(([, variable]) => variable.exported)
      .map(([name, variable]): [string, string | undefined] => [name, variable.value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The environment a child gets: exported variables, overridden by `extra` (prefix assignments). */
  environment(extra: readonly (readonly [string, string])[] = []): string[] {
    const env = new Map<string, string>();
    for (const [name, variable] of this.variables) {
      if (variable.exported && variable.value !== undefined) env.set(name, variable.value);
    }
    for (const [name, value] of extra) env.set(name, value);
    return [...env].map(([name, value]) => `${name}=${value}`);
  }
}

function checkAssignment(name: string, value: string): void {
  if (!isValidName(name)) throw new ShellError('Usage', `\`${name}': not a valid identifier`);
  if (value.includes('\0')) throw new ShellError('InvalidCommandData', `${name}: a value cannot contain a NUL byte`);
}
