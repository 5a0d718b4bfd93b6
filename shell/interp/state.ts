/**
 * The state a shell context carries: variables (and which are exported), the working
 * directory, positional parameters, $?, $!. A subshell context (a pipeline stage run inside the
 * shell, a command substitution) works on a clone, so its changes never leak out.
 */
import { ShellError } from '../errors';

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

export class ShellState {
  private readonly variables: Map<string, Variable>;
  cwd: string;
  positional: string[];
  scriptName: string;
  lastStatus = 0;
  lastBackgroundPid: number | undefined;
  readonly shellPid: number;
  /** True in a subshell context: `exit` ends the context, not the shell. */
  readonly isSubshell: boolean;

  private constructor(
    variables: Map<string, Variable>,
    cwd: string,
    scriptName: string,
    positional: string[],
    shellPid: number,
    isSubshell: boolean,
  ) {
    this.variables = variables;
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
    const state = new ShellState(variables, cwd, scriptName, positional, process.pid, false);
    if (state.get('IFS') === undefined) state.variables.set('IFS', { value: ' \t\n', exported: false });
    state.variables.set('PWD', { value: cwd, exported: true });
    return state;
  }

  /** A subshell context: an independent copy. */
  clone(): ShellState {
    const variables = new Map<string, Variable>();
    for (const [name, variable] of this.variables) variables.set(name, { ...variable });
    const copy = new ShellState(variables, this.cwd, this.scriptName, [...this.positional], this.shellPid, true);
    copy.lastStatus = this.lastStatus;
    copy.lastBackgroundPid = this.lastBackgroundPid;
    return copy;
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
