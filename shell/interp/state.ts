/**
 * The state a shell context carries: variables (and which are exported), functions, the working
 * directory, positional parameters, $?, $!, how deep in functions and loops it runs, and what
 * bash keeps per process (the umask, the limits for children, the command hash
 * table, the builtins enabled, the command history). A
 * subshell context (a pipeline stage run inside the shell, a command substitution, `( ... )`)
 * works on a clone, so its changes never leak out.
 */
import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import { joinText } from '../bytes';
import { ShellError } from '../errors';
import { QUIRL_VERSION } from '../version';
import { evaluateArithmeticText, type ArithmeticVariables } from '../expand/arith';
import { isUtf8Locale } from '../expand/text';
import type { FunctionDefinition } from '../syntax/ast';
import type { CommandHistory } from './command-history';
import type { ResourceLimit, ResourceName } from '../../native/native';
import { processUmaskNow } from '../exec/child-settings';
import { CommandHashTable } from '../exec/resolve';
import { ShellOptions } from './options';
import type { SetOptionName } from './option-names';
import { TrapTable, type CommandCondition } from './traps';
import { commandText, type AnnouncedCommand } from './command-text';
import { AssociativeArray, IndexedArray, type ShellArray } from './arrays';
import { CompletionSpecs } from './completion-specs';
import { DYNAMIC_NAMES, DynamicVariables } from './dynamic';
import { functionEntry, importedFunctions } from './function-export';
import { bashVersion, bashVersionInfo, hostType, machType, osType, shellPath } from './identity';
import { VariableTable } from './variable-table';
import { asArray, copyVariable, NO_ATTRIBUTES, scalarOf, withAttributes, type Attribute, type Variable } from './variable';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function isValidName(name: string): boolean {
  return NAME.test(name);
}

/** A nameref holding a name. */
function isReference(variable: Variable): boolean {
  return variable.attributes.has('n') && typeof variable.value === 'string' && variable.value !== '';
}

/** What a nameref may hold: a variable's name or an element's (`a[2]`). */
export function isReferenceName(value: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*\[.+\]$/s.test(value) || NAME.test(value);
}

/** Where a variable is kept: the shell's map, or the call frame that keeps a global a local hides. */
interface VariableStore {
  get(name: string): Variable | undefined;
  set(name: string, variable: Variable): unknown;
}

/** The variable a read or an assignment through a name reaches: its name and where it is kept. */
interface Target {
  readonly name: string;
  readonly store: VariableStore;
}

/** Variables the shell removes from the environment it was given, before any job sees them. */
export type EnvironmentFilter = (name: string) => boolean;

/** An environment built, and what it was built from. */
interface BuiltEnvironment {
  readonly version: number;
  readonly functions: readonly (FunctionDefinition | undefined)[];
  readonly entries: readonly string[];
}

/** A running call's `local`s: each variable as it was before, and with `local -` the `set` options. */
interface LocalFrame {
  readonly variables: Map<string, Variable | undefined>;
  options?: ReadonlySet<SetOptionName>;
}

/** A function call or `.` file running: what FUNCNAME, BASH_SOURCE and BASH_LINENO say of it. */
interface CallFrame {
  /** The function's name, or `source`. */
  readonly name: string;
  /** The file the function was defined in, or the file sourced (as it was named). */
  readonly file: string;
  /** The line of the caller it was called from. */
  readonly line: number;
  /** The words BASH_ARGV shows for it (with `shopt -s extdebug`); none pushed there when undefined. */
  readonly args: readonly string[] | undefined;
}

/** The file each function was defined in (BASH_SOURCE in its calls), by its definition's node. */
const definitionFiles = new WeakMap<FunctionDefinition, string>();

/** A variable a `local` replaced is as it was before the call: `this` is the shell's table. */
function restoreVariable(this: VariableTable, previous: Variable | undefined, name: string): void {
  if (previous === undefined) this.delete(name);
  else this.set(name, previous);
}

function isSetAndExported(variable: Variable | undefined): variable is Variable {
  return variable !== undefined && variable.value !== undefined && variable.attributes.has('x');
}

/** bash's FUNCNAME, BASH_SOURCE and BASH_LINENO as arrays, innermost first (what `caller` reads). */
export interface CallStackArrays {
  readonly names: readonly string[];
  readonly files: readonly string[];
  readonly lines: readonly number[];
}

export class ShellState {
  private readonly variables: VariableTable;
  /** environment() without prefix assignments, and what it was built from: the table's exportVersion and the exported functions' definitions. */
  private builtEnvironment: BuiltEnvironment | undefined;
  readonly functions: Map<string, FunctionDefinition>;
  /** `alias NAME=TEXT`: expanded where commands are parsed, in an interactive shell. */
  readonly aliases: Map<string, string>;
  /** `export -f`: the functions children get in their environment. */
  exportedFunctions = new Set<string>();
  /** One frame per function call running, innermost last. */
  private readonly localFrames: LocalFrame[] = [];
  /** The functions and `.` files running, innermost last (FUNCNAME, BASH_SOURCE, BASH_LINENO are made from it when read). */
  private readonly callStack: CallFrame[] = [];
  /**
   * BASH_ARGV's bottom: the shell's arguments, or what a `.` with arguments replaced them with
   * outside extdebug (bash leaves them there after the file).
   */
  private baseArgs: readonly string[];
  /** Where a function defined outside any file or function says it was (BASH_SOURCE): a script's name, `environment` for `-c`, else `main` (bash). */
  topLevelFile = 'main';
  /** `$BASH_SUBSHELL`: how many subshell contexts this one is inside. */
  subshellLevel = 0;
  /** Dynamic variables not yet unset (unsetting one makes it ordinary). */
  private readonly dynamicNames: Set<string>;
  private readonly dynamic: DynamicVariables;
  /** `$_`: the last argument of the previous simple command. */
  lastArgument = '';
  /**
   * bash's last_shell_builtin and this_shell_builtin: the builtins the last two simple commands with
   * a name ran (undefined for a function or a program). `exit` right after `jobs` or `exit` ends
   * the shell even with stopped jobs.
   */
  previousBuiltin: string | undefined;
  currentBuiltin: string | undefined;
  /** A script file is running: FUNCNAME ends in `main` there, as in bash. */
  runsScriptFile = false;
  /** PIPESTATUS: the statuses of the last pipeline's commands (kept as numbers; an array only when read). */
  pipeStatus: readonly number[] = [0];
  /** Loops running around the current command (`break` and `continue` need one). */
  loopDepth = 0;
  /** `.` / `source` files running (where `return` is allowed, as in a function). */
  sourceDepth = 0;
  /** BASH_COMMAND's command, printed only when read: the one running, or about to (a DEBUG trap's). */
  announced: AnnouncedCommand | undefined;
  /** The line of the command running (bash's LINENO): where a script's diagnostics say they are. */
  lineNumber = 0;
  /**
   * `\#`: the number of the top-level command running, or of the next one at a prompt. bash counts
   * the commands a script or an interactive shell reads; `-c` and `eval` read none (0).
   */
  commandNumber = 0;
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
  /**
   * The shell conditions whose trap is running here: none runs inside itself (bash), so a failure
   * in the ERR trap does not run it again, though `set -e` still applies. A subshell started in a
   * trap is still in it (a `$(...)` in a DEBUG trap does not run the trap again with `set -T`).
   */
  runningConditions = new Set<CommandCondition>();
  /** Traps running here, of any kind: BASH_COMMAND stays the command the outermost came for (bash). */
  trapsRunning = 0;
  /** `umask`: the mask of the files this context creates and of the children it starts. */
  umask = processUmaskNow();
  /** `ulimit`: the limits recorded for this context's children, by resource (others are the shell's own). */
  childLimits: ReadonlyMap<ResourceName, ResourceLimit> = new Map();
  /** `hash`: the PATH search results remembered. */
  commands = new CommandHashTable();
  /** `complete`: the compspecs (a subshell's copy is made when it first changes one). */
  completions = new CompletionSpecs();
  /** `enable -n`: the builtins switched off (replaced whole when changed). */
  disabledBuiltins: ReadonlySet<string> = new Set();
  /** What arithmetic sees of this state: made once, not for every evaluation. */
  private arithmeticView: Required<ArithmeticVariables> | undefined;
  /** The interactive shell's command history (HISTCMD), none in a script. */
  historyOf: () => CommandHistory | undefined = () => undefined;
  /** A subshell's own copy of the command history, made when its builtins first use it. */
  private ownHistory: CommandHistory | undefined;

  private constructor(
    variables: VariableTable,
    functions: Map<string, FunctionDefinition>,
    aliases: Map<string, string>,
    cwd: string,
    scriptName: string,
    positional: string[],
    shellPid: number,
    isSubshell: boolean,
    dynamic: DynamicVariables,
    dynamicNames: Set<string>,
  ) {
    this.variables = variables;
    this.functions = functions;
    this.aliases = aliases;
    this.cwd = cwd;
    this.scriptName = scriptName;
    this.positional = positional;
    this.shellPid = shellPid;
    this.isSubshell = isSubshell;
    this.dynamic = dynamic;
    this.dynamicNames = dynamicNames;
    this.baseArgs = positional;
  }

  /** The top-level state, from the process environment. */
  /** `unset -f`: the function and its export mark go together (bash exports no later definition of the name). */
  removeFunction(name: string): void {
    this.functions.delete(name);
    this.exportedFunctions.delete(name);
  }

  static fromEnvironment(
    env: NodeJS.ProcessEnv,
    cwd: string,
    scriptName: string,
    positional: string[],
    keep: EnvironmentFilter = () => true,
  ): ShellState {
    const variables = new VariableTable();
    for (const [name, value] of Object.entries(env)) {
      if (value !== undefined && keep(name) && isValidName(name)) variables.set(name, { value, attributes: EXPORTED });
    }
    const state = new ShellState(variables, new Map(), new Map(), cwd, scriptName, positional, process.pid, false, new DynamicVariables(), new Set([...DYNAMIC_NAMES, ...COMPUTED_NAMES]));
    if (state.get('IFS') === undefined) state.variables.set('IFS', { value: ' \t\n', attributes: NO_ATTRIBUTES });
    state.variables.set('PWD', { value: cwd, attributes: EXPORTED });
    // bash: an OLDPWD that names no directory is forgotten, and OLDPWD is exported unset, so the first `cd` hands it on.
    const oldpwd = state.variables.get('OLDPWD')?.value;
    if (typeof oldpwd !== 'string' || statSync(oldpwd, { throwIfNoEntry: false })?.isDirectory() !== true) {
      state.variables.set('OLDPWD', { value: undefined, attributes: EXPORTED });
    }
    // bash: `$_` starts as the path the shell was started by, as its environment's `_` says.
    const invokedBy = variables.get('_')?.value;
    if (typeof invokedBy === 'string') state.lastArgument = invokedBy;
    state.setShellVariables(env);
    for (const definition of importedFunctions(env)) {
      state.functions.set(definition.name, definition);
      definitionFiles.set(definition, 'environment');
      state.exportedFunctions.add(definition.name);
    }
    return state;
  }

  /** The variables a shell sets for itself at start-up, as bash does (QUIRL_VERSION for BASH_VERSION). */
  private setShellVariables(env: NodeJS.ProcessEnv): void {
    const readonlyInteger: ReadonlySet<Attribute> = new Set(['i', 'r']);
    const set = (name: string, value: string, attributes: ReadonlySet<Attribute> = NO_ATTRIBUTES): void => {
      this.variables.set(name, { value, attributes });
    };
    set('PPID', String(process.ppid), readonlyInteger);
    set('UID', String(process.getuid?.() ?? 0), readonlyInteger);
    set('EUID', String(process.geteuid?.() ?? 0), readonlyInteger);
    set('HOSTNAME', hostname());
    set('QUIRL_VERSION', QUIRL_VERSION);
    set('BASH', shellPath());
    set('BASH_VERSION', bashVersion());
    this.variables.set('BASH_VERSINFO', { value: IndexedArray.of(bashVersionInfo()), attributes: new Set(['a', 'r']) });
    set('OSTYPE', osType());
    set('MACHTYPE', machType());
    set('HOSTTYPE', hostType());
    set('OPTIND', '1');
    // Where completion splits a line into words (bash's default; bash_completion reads it).
    set('COMP_WORDBREAKS', ' \t\n"\'@><=;|&(:');
    // Each shell started from another counts one more level; a value that is no number starts again.
    const level = /^\s*[-+]?\d+\s*$/.test(env.SHLVL ?? '') ? Number(env.SHLVL) + 1 : 1;
    set('SHLVL', String(Math.max(level, 0)), EXPORTED);
  }

  /** A simple command with a name starts: `builtin` is its builtin's name, undefined for a function or a program. */
  noteCommand(builtin: string | undefined): void {
    this.previousBuiltin = this.currentBuiltin;
    this.currentBuiltin = builtin;
  }

  /** A subshell context: an independent copy. */
  clone(): ShellState {
    const variables = new VariableTable();
    for (const [name, variable] of this.variables) variables.set(name, copyVariable(variable));
    const copy = new ShellState(
      variables,
      new Map(this.functions),
      new Map(this.aliases),
      this.cwd,
      this.scriptName,
      [...this.positional],
      this.shellPid,
      true,
      this.dynamic.clone(),
      new Set(this.dynamicNames),
    );
    copy.lastStatus = this.lastStatus;
    copy.baseArgs = this.baseArgs;
    copy.topLevelFile = this.topLevelFile;
    copy.runsScriptFile = this.runsScriptFile;
    copy.exportedFunctions = new Set(this.exportedFunctions);
    copy.subshellLevel = this.subshellLevel + 1;
    copy.historyOf = this.historyOf;
    copy.lastBackgroundPid = this.lastBackgroundPid;
    copy.loopDepth = this.loopDepth;
    copy.sourceDepth = this.sourceDepth;
    copy.lineNumber = this.lineNumber;
    copy.announced = this.announced;
    copy.commandNumber = this.commandNumber;
    copy.options = this.options.clone();
    copy.traps = this.traps.forSubshell(this.options);
    copy.runningConditions = new Set(this.runningConditions);
    copy.trapsRunning = this.trapsRunning;
    copy.umask = this.umask;
    // Replaced whole by `ulimit`, never changed in place: sharing the map is copying it.
    copy.childLimits = this.childLimits;
    copy.commands = this.commands.clone();
    copy.disabledBuiltins = this.disabledBuiltins;
    copy.completions = this.completions.clone();
    copy.ownHistory = this.ownHistory?.copy();
    // Copied, not shared: an assignment through a circular nameref changes a global kept in a frame.
    for (const frame of this.localFrames) {
      const variables = new Map([...frame.variables].map(([name, variable]) => [name, variable === undefined ? undefined : copyVariable(variable)]));
      copy.localFrames.push({ variables, options: frame.options });
    }
    copy.callStack.push(...this.callStack);
    return copy;
  }

  /**
   * The command history this context's builtins work on: the shell's own (`shared`) at the top
   * level, a copy of it in a subshell, where `history -c` or `-s` must not reach the shell's.
   */
  commandHistory(shared: CommandHistory | undefined): CommandHistory | undefined {
    if (!this.isSubshell || shared === undefined) return shared;
    this.ownHistory ??= shared.copy();
    return this.ownHistory;
  }

  /** How many function calls are running. */
  get functionDepth(): number {
    return this.localFrames.length;
  }

  /**
   * A call of `definition` with `args` begins: its `local` variables go into a new frame, and it
   * is on top of FUNCNAME, BASH_SOURCE (the file it was defined in) and BASH_LINENO.
   */
  enterFunction(definition: FunctionDefinition, args: readonly string[]): void {
    this.localFrames.push({ variables: new Map() });
    const file = definitionFiles.get(definition) ?? this.topLevelFile;
    this.callStack.push({ name: definition.name, file, line: this.lineNumber, args: this.options.shopted('extdebug') ? args : undefined });
  }

  /** `name() ...` runs: the function is defined, remembered as defined in the file running now. */
  defineFunction(definition: FunctionDefinition): void {
    this.functions.set(definition.name, definition);
    if (!definitionFiles.has(definition)) definitionFiles.set(definition, this.callStack.at(-1)?.file ?? this.topLevelFile);
  }

  /**
   * `. file [args]` begins: it is on top of BASH_SOURCE and BASH_LINENO (and of FUNCNAME, as
   * `source`). BASH_ARGV gets its arguments with extdebug; without, they replace the shell's
   * there, and with none the file's name is pushed, as bash does.
   */
  enterSource(file: string, args: readonly string[]): void {
    const pushed = args.length === 0 ? [file] : this.options.shopted('extdebug') ? args : undefined;
    if (args.length > 0 && pushed === undefined) this.baseArgs = args;
    this.callStack.push({ name: 'source', file, line: this.lineNumber, args: pushed });
  }

  leaveSource(): void {
    this.leaveFrame();
  }

  /** The innermost call ends: $LINENO is the line it was called from again (an ERR trap for it says that line, as bash's). */
  private leaveFrame(): void {
    const frame = this.callStack.pop();
    if (frame !== undefined) this.lineNumber = frame.line;
  }

  /** The name diagnostics give (bash's BASH_SOURCE[0], else the script's name). */
  sourceName(): string {
    return this.callStack.at(-1)?.file ?? this.scriptName;
  }

  /**
   * The call ends: every variable its `local` replaced is as it was before (bash's dynamic scope),
   * after `local -` so are the `set` options, and $LINENO is the call's line.
   */
  leaveFunction(): void {
    const frame = this.localFrames.pop();
    if (frame === undefined) throw new Error('leaveFunction without enterFunction');
    this.leaveFrame();
    if (frame.options !== undefined) this.options.restoreSetOptions(frame.options);
    // forEach with the table as `this`: no entry array per local, no closure per call.
    frame.variables.forEach(restoreVariable, this.variables);
  }

  /**
   * `local NAME[=value]`: from here to the end of the current call NAME is a variable of its own
   * (unset until assigned, as in bash; an export flag is kept). False outside a function.
   */
  makeLocal(name: string): boolean {
    const frame = this.localFrames.at(-1);
    if (frame === undefined) return false;
    if (!isValidName(name)) throw new ShellError('Usage', `\`${name}': not a valid identifier`);
    if (!frame.variables.has(name)) {
      const existing = this.variables.get(name);
      if (existing?.attributes.has('r') === true) throw readonlyError(name);
      frame.variables.set(name, existing);
      this.dynamicNames.delete(name);
      this.variables.set(name, { value: undefined, attributes: existing?.attributes.has('x') === true ? EXPORTED : NO_ATTRIBUTES });
    }
    return true;
  }

  /**
   * `declare -g`: `change` runs with the global variables in view where the running calls' locals
   * hide them (each kept in the outermost frame that made its name local); the locals are back in
   * view after it, and what it did to a global is kept in that frame.
   */
  inGlobalScope<T>(change: () => T): T {
    const globalKeepers = new Map<string, LocalFrame>();
    for (const frame of this.localFrames) for (const name of frame.variables.keys()) if (!globalKeepers.has(name)) globalKeepers.set(name, frame);
    if (globalKeepers.size === 0) return change();
    const locals = new Map<string, Variable | undefined>();
    for (const [name, frame] of globalKeepers) {
      locals.set(name, this.variables.get(name));
      restoreVariable.call(this.variables, frame.variables.get(name), name);
    }
    try {
      return change();
    } finally {
      for (const [name, frame] of globalKeepers) {
        frame.variables.set(name, this.variables.get(name));
        restoreVariable.call(this.variables, locals.get(name), name);
      }
    }
  }

  /** `local -`: the `set` options the innermost running function changes are put back when it returns. */
  makeOptionsLocal(): void {
    const frame = this.localFrames.at(-1);
    if (frame !== undefined) frame.options ??= this.options.setOptions();
  }

  /** The variables the innermost running function made local, set or not, in name order (`local` with no names). */
  locals(): [string, Variable][] {
    const frame = this.localFrames.at(-1);
    return frame === undefined ? [] : this.all().filter(([name]) => frame.variables.has(name));
  }

  /** Whether `name` was made local in the innermost running function (`declare` there makes one). */
  isLocalHere(name: string): boolean {
    return this.localFrames.at(-1)?.variables.has(name) ?? false;
  }

  /**
   * Prefix assignments of a builtin (`IFS=, read a b`): set until the returned function puts
   * back what they replaced, as bash does for every builtin outside POSIX mode.
   */
  assignTemporarily(assignments: readonly (readonly [string, string])[]): () => void {
    const saved = assignments.map(([name]): [string, Variable | undefined] => {
      const existing = this.variables.get(name);
      return [name, existing === undefined ? undefined : copyVariable(existing)];
    });
    for (const [name, value] of assignments) this.set(name, value);
    return () => {
      for (const [name, previous] of saved.reverse()) {
        if (previous === undefined) this.variables.delete(name);
        else this.variables.set(name, previous);
      }
    };
  }

  /** The variables as arithmetic (`$(( ))`, `let`, `(( ))`, subscripts, `declare -i`) reads and assigns them. */
  arithmeticVariables(): Required<ArithmeticVariables> {
    return (this.arithmeticView ??= new StateArithmeticVariables(this));
  }

  /** Every variable with a value, in name order (`set` with no arguments, `${!prefix*}`). */
  assigned(): [string, Variable][] {
    return [...this.variables]
      .filter(([, variable]) => variable.value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The names of the variables set, the shell's dynamic ones (RANDOM...) among them: what `compgen -v` lists. */
  variableNames(): string[] {
    return [...new Set([...this.assigned().map(([name]) => name), ...this.dynamicNames])].sort();
  }

  /** Every variable, set or only declared, in name order (`declare -p`). */
  all(): [string, Variable][] {
    return [...this.variables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The variable `name` stands for, through namerefs (`declare -n`); undefined when there is none. */
  lookup(name: string): Variable | undefined {
    const variable = this.variables.get(name);
    if (variable === undefined) return this.dynamicNames.has(name) ? this.computed(name) : undefined;
    if (!variable.attributes.has('n') || typeof variable.value !== 'string') return variable;
    const target = this.resolved(name);
    const found = target.store.get(target.name);
    // A circular chain (b -> c -> b) outside a function names no variable: reading it gives nothing, as in bash.
    return found !== undefined && target.store === this.variables && isReference(found) ? undefined : found;
  }

  /** The variable named `name` itself, a nameref not followed (`declare -p`, `unset -n`). */
  own(name: string): Variable | undefined {
    return this.variables.get(name) ?? (this.dynamicNames.has(name) ? this.computed(name) : undefined);
  }

  /** Whether the locale LC_ALL, LC_CTYPE and LANG make now is UTF-8 (what the parser decodes `$'\u...'` to). */
  utf8Locale(): boolean {
    return isUtf8Locale((name) => this.get(name));
  }

  /** A scalar's value, an array's element 0; dynamic variables computed; undefined when unset. */
  get(name: string): string | undefined {
    if (name === '_') return this.lastArgument;
    // Most reads: a variable without a nameref, one map lookup.
    const own = this.variables.get(name);
    if (own !== undefined && !own.attributes.has('n')) return scalarOf(own);
    // A nameref goes through what it names; no variable at all (FUNCNEST at every call) is only
    // looked for among the dynamic and special names, with no second lookup of the table.
    if (own !== undefined) {
      const element = this.referencedElement(name);
      if (element !== undefined) return this.element(element.name, element.subscript);
      const variable = this.lookup(name);
      if (variable !== undefined) return scalarOf(variable);
      if (this.dynamicNames.has(name)) return this.dynamic.get(name);
    } else if (this.dynamicNames.has(name)) {
      const computed = this.computed(name);
      return computed === undefined ? this.dynamic.get(name) : scalarOf(computed);
    }
    if (name === 'LINENO') return String(this.lineNumber);
    if (name === 'BASH_COMMAND') return this.announced === undefined ? undefined : commandText(this.announced);
    if (name === 'PIPESTATUS') return String(this.pipeStatus[0]);
    return undefined;
  }

  /** Whether `name` is set: a scalar with a value, or an array with any element. */
  isSet(name: string): boolean {
    const value = this.lookup(name)?.value;
    if (value === undefined) return this.get(name) !== undefined;
    return typeof value === 'string' || value.size > 0;
  }

  /**
   * FUNCNAME: the functions and `.` files running, innermost first, ending in `main` in a script;
   * bash shows none while no function runs.
   */
  functionNames(): readonly string[] {
    if (this.functionDepth === 0) return [];
    return this.stack((frame) => frame.name, 'main');
  }

  /** A field of each call frame, innermost first, then the script's own (`bottom`) in a script file. */
  private stack(field: (frame: CallFrame) => string, bottom: string): string[] {
    const values = this.callStack.map(field).reverse();
    if (this.runsScriptFile) values.push(bottom);
    return values;
  }

  /**
   * FUNCNAME, BASH_SOURCE and BASH_LINENO whole, as `caller` reads them: unlike FUNCNAME the
   * variable, the names are there in a sourced file's top level too (`source`).
   */
  callStackArrays(): CallStackArrays {
    return {
      names: this.callStack.length === 0 ? [] : this.stack((frame) => frame.name, 'main'),
      files: this.stack((frame) => frame.file, this.scriptName),
      lines: this.stack((frame) => String(frame.line), '0').map(Number),
    };
  }

  /** What `frames` of BASH_ARGC and BASH_ARGV say: innermost first, each frame's words last first. */
  private argumentFrames(): (readonly string[])[] {
    const frames = this.callStack.flatMap((frame) => (frame.args === undefined ? [] : [frame.args]));
    return [this.baseArgs, ...frames].reverse();
  }

  /**
   * The variables bash computes when read (`unset` makes one ordinary): the call stack's, the
   * options', BASH_SUBSHELL, BASHPID, HISTCMD, and DIRSTACK until pushd sets it.
   */
  private computed(name: string): Variable | undefined {
    const array = (values: readonly string[]): Variable => ({ value: IndexedArray.of(values), attributes: INDEXED });
    switch (name) {
      case 'FUNCNAME': {
        const names = this.functionNames();
        return names.length === 0 ? { value: undefined, attributes: INDEXED } : array(names);
      }
      case 'BASH_SOURCE':
        return array(this.stack((frame) => frame.file, this.scriptName));
      case 'BASH_LINENO':
        return array(this.stack((frame) => String(frame.line), '0'));
      case 'BASH_ARGC':
        return array(this.argumentFrames().map((frame) => String(frame.length)));
      case 'BASH_ARGV':
        return array(this.argumentFrames().flatMap((frame) => frame.toReversed()));
      case 'BASH_SUBSHELL':
        return { value: String(this.subshellLevel), attributes: NO_ATTRIBUTES };
      // Quirl's subshells run inside its own process: their BASHPID is the shell's.
      case 'BASHPID':
        return { value: String(process.pid), attributes: INTEGER };
      case 'SHELLOPTS':
        return { value: this.options.shellopts(), attributes: READONLY };
      case 'BASHOPTS':
        return { value: this.options.bashopts(), attributes: READONLY };
      case 'HISTCMD': {
        const history = this.commandHistory(this.historyOf());
        const number = history === undefined ? 0 : history.base + history.entries.length - (history.lastLineAdded ? 1 : 0);
        return { value: String(number), attributes: INTEGER };
      }
      case 'DIRSTACK':
        return array([this.cwd]);
      default:
        return undefined;
    }
  }

  /** Element `subscript` of `name` (an indexed array's number, an associative key); a scalar is element 0. */
  element(name: string, subscript: bigint | string): string | undefined {
    if (name === 'PIPESTATUS') return this.entries(name)?.[Number(this.index(name, undefined, subscript, 'read') ?? -1)]?.[1];
    const variable = this.lookup(name);
    const value = variable?.value;
    if (value instanceof AssociativeArray) return value.get(String(subscript));
    const index = this.index(name, value, subscript, 'read');
    if (index === undefined) return undefined;
    if (value instanceof IndexedArray) return value.get(index);
    return index === 0 && variable !== undefined ? scalarOf(variable) : index === 0 ? this.get(name) : undefined;
  }

  /** `name`'s elements in order, as [key, value] (a scalar is one element, key 0); undefined when unset. */
  entries(name: string): [string, string][] | undefined {
    if (name === 'PIPESTATUS') return this.pipeStatus.map((status, index) => [String(index), String(status)]);
    const variable = this.lookup(name);
    if (variable === undefined) {
      const value = this.get(name);
      return value === undefined ? undefined : [['0', value]];
    }
    const { value } = variable;
    if (value === undefined) return undefined;
    if (typeof value === 'string') return [['0', value]];
    return value.entries().map(([key, element]) => [String(key), element]);
  }

  set(name: string, value: string): void {
    this.assign(name, value, false);
  }

  /** `name=value` or `name+=value`: element 0 of an array; the variable's attributes applied; `set -a` exports it. */
  assign(name: string, value: string, append: boolean): void {
    this.assignValue(name, value, append);
    this.exportIfAllexport(name);
  }

  /**
   * `set -a` (allexport): a variable given a value by name is exported (`read`'s, `for`'s and
   * `getopts`' too, and an array assigned as `a=v`); `a[i]=v` and `a=(...)` export nothing, as in bash.
   */
  private exportIfAllexport(name: string): void {
    if (this.options.has('allexport')) this.setAttributes(name, ['x'], []);
  }

  private assignValue(name: string, value: string, append: boolean): void {
    // Most assignments: a scalar without attributes, changed in place (a loop's `i=$((i+1))`).
    const plain = this.variables.get(name);
    if (plain !== undefined && plain.attributes.size === 0 && typeof plain.value !== 'object') {
      if (value.includes('\0')) throw new ShellError('InvalidCommandData', `${name}: a value cannot contain a NUL byte`);
      plain.value = append && plain.value !== undefined ? joinText(plain.value, value) : value;
      return;
    }
    const element = this.referencedElement(name);
    if (element !== undefined) return this.assignElement(element.name, element.subscript, value, append);
    const target = this.writableTarget(name);
    if (this.dynamicNames.has(target.name) && !this.variables.has(target.name)) {
      this.dynamic.set(target.name, value);
      return;
    }
    const variable = target.store.get(target.name);
    // A nameref without a value takes the value as the name it stands for: it must be one (bash).
    if (variable?.attributes.has('n') === true && !append && !isReferenceName(value)) throw new ShellError('AssignmentError', `\`${value}': not a valid identifier`);
    if (variable !== undefined && (typeof variable.value === 'object' || variable.attributes.has('a') || variable.attributes.has('A'))) {
      this.assignElementOf(target, variable.attributes.has('A') || variable.value instanceof AssociativeArray ? '0' : 0n, value, append);
      return;
    }
    const converted = this.converted(variable, value, append ? variable?.value : undefined);
    if (variable !== undefined) {
      variable.value = converted;
      this.variables.changedInPlace(variable);
    } else target.store.set(target.name, { value: converted, attributes: NO_ATTRIBUTES });
  }

  /** `name[subscript]=value` (`+=` appends); an unset or scalar name becomes an indexed array. */
  assignElement(name: string, subscript: bigint | string, value: string, append = false): void {
    this.assignElementOf(this.writableTarget(name), subscript, value, append);
  }

  private assignElementOf(target: Target, subscript: bigint | string, value: string, append: boolean): void {
    const variable = this.arrayVariable(target, 'indexed');
    const array = variable.value as ShellArray;
    if (array.kind === 'associative') {
      const key = String(subscript);
      if (key === '') throw new ShellError('AssignmentError', `${target.name}[]: bad array subscript`);
      array.set(key, this.converted(variable, value, append ? array.get(key) : undefined));
      return;
    }
    const index = this.index(target.name, array, subscript, 'write') as number;
    array.set(index, this.converted(variable, value, append ? array.get(index) : undefined));
  }

  /**
   * `read -a NAME`, `mapfile NAME`: the variable NAME reaches becomes an empty indexed array, its
   * other attributes kept (bash); an associative array is refused.
   */
  emptyIndexedArray(name: string): void {
    const target = this.writableTarget(name);
    const existing = target.store.get(target.name);
    if (existing?.value instanceof AssociativeArray || existing?.attributes.has('A') === true) throw new ShellError('AssignmentError', `${target.name}: not an indexed array`);
    target.store.set(target.name, { value: new IndexedArray(), attributes: withAttributes(existing ?? { value: undefined, attributes: NO_ATTRIBUTES }, ['a']) });
    this.dynamicNames.delete(target.name);
  }

  /**
   * `name=(...)` / `name+=(...)`: elements with `[key]=` subscripts or none (the next index). An
   * associative array takes unsubscripted words as key-value pairs, as bash 5.1 does.
   */
  assignArray(name: string, elements: readonly ArrayElementValue[], append: boolean): string[] {
    const warnings: string[] = [];
    const target = this.writableTarget(name);
    const existing = target.store.get(target.name);
    const kind = existing?.value instanceof AssociativeArray || existing?.attributes.has('A') === true ? 'associative' : 'indexed';
    const fresh: Variable = { value: kind === 'indexed' ? new IndexedArray() : new AssociativeArray(), attributes: withAttributes(existing ?? { value: undefined, attributes: NO_ATTRIBUTES }, [kind === 'indexed' ? 'a' : 'A']) };
    if (append && existing?.value !== undefined) fresh.value = asArray(existing.value, kind).clone();
    const array = fresh.value as ShellArray;
    if (array.kind === 'indexed') {
      let next = array.end;
      for (const element of elements) {
        const index = element.key === undefined ? next : (this.index(target.name, array, element.key, 'write') as number);
        array.set(index, this.converted(fresh, element.value, element.append ? array.get(index) : undefined));
        next = index + 1;
      }
    } else {
      for (let at = 0; at < elements.length; at++) {
        const element = elements[at] as ArrayElementValue;
        if (element.key !== undefined) {
          if (element.key === '') throw new ShellError('AssignmentError', `${target.name}[]: bad array subscript`);
          array.set(element.key, this.converted(fresh, element.value, element.append ? array.get(element.key) : undefined));
        } else if (elements.every((e) => e.key === undefined)) {
          // `m=(k1 v1 k2 v2)`: pairs, a missing last value empty.
          array.set(element.value, this.converted(fresh, elements[at + 1]?.value ?? '', undefined));
          at += 1;
        } else {
          warnings.push(`${target.name}: '${element.value}': must use subscript when assigning associative array`);
        }
      }
    }
    target.store.set(target.name, fresh);
    return warnings;
  }

  /**
   * `declare` / `typeset` / `local -...` attribute changes on `name` (the variable is made if
   * missing), through namerefs unless `itself` or the change is to -n.
   */
  setAttributes(name: string, add: readonly Attribute[], remove: readonly Attribute[], itself = false): void {
    const target = itself || add.includes('n') || remove.includes('n') ? { name, store: this.variables } : this.resolved(name);
    const existing = target.store.get(target.name);
    if (add.length === 0 && remove.length === 0) {
      // Only declared (`local x`, `declare x`): no attribute to change, no set to copy.
      if (existing === undefined) target.store.set(target.name, { value: undefined, attributes: NO_ATTRIBUTES });
      if (this.dynamicNames.has(target.name)) this.dynamicNames.delete(target.name);
      return;
    }
    if (existing?.attributes.has('r') === true && (remove.includes('r') || add.some((a) => !existing.attributes.has(a)))) {
      if (remove.includes('r') || add.includes('a') || add.includes('A') || add.includes('n')) throw readonlyError(target.name);
    }
    const variable: Variable = existing ?? { value: undefined, attributes: NO_ATTRIBUTES };
    if (add.includes('a') || add.includes('A')) {
      const kind = add.includes('A') ? 'associative' : 'indexed';
      if (typeof variable.value === 'object' && variable.value.kind !== kind) {
        throw new ShellError('AssignmentError', `${target.name}: cannot convert ${kind === 'indexed' ? 'associative to indexed' : 'indexed to associative'} array`);
      }
      if (variable.value !== undefined) variable.value = asArray(variable.value, kind);
    }
    const wasExported = variable.attributes.has('x');
    // -l and -u exclude each other: the one asked for last wins; both at once cancel (bash).
    const cases: Attribute[] = add.includes('l') && add.includes('u') ? ['l', 'u'] : add.includes('l') ? ['u'] : add.includes('u') ? ['l'] : [];
    const added = add.filter((a) => !(add.includes('l') && add.includes('u') && (a === 'l' || a === 'u')));
    variable.attributes = withAttributes(variable, added, [...remove, ...cases]);
    if (existing === undefined) target.store.set(target.name, variable);
    else this.variables.changedInPlace(variable, wasExported);
    if (this.dynamicNames.has(target.name)) this.dynamicNames.delete(target.name);
  }

  export(name: string, value?: string): void {
    if (!isValidName(name)) throw new ShellError('Usage', `\`${name}': not a valid identifier`);
    if (value !== undefined) this.set(name, value);
    this.setAttributes(name, ['x'], []);
  }

  /** `declare -n r=NAME`, `for r in NAME...` with r a nameref: r itself takes the name, not the variable r names. */
  setReference(name: string, value: string): void {
    const variable = this.variables.get(name);
    if (variable?.attributes.has('r') === true) throw readonlyError(name);
    if (variable === undefined) this.variables.set(name, { value, attributes: new Set<Attribute>(['n']) });
    else {
      variable.value = value;
      this.variables.changedInPlace(variable);
    }
  }

  /** `unset NAME`: through a nameref to what it names; a readonly variable stays. */
  unset(name: string): void {
    // `declare -n r='a[1]'; unset r` unsets the element.
    const element = this.referencedElement(name);
    if (element !== undefined) return this.unsetElement(element.name, element.subscript);
    const target = this.variables.get(name)?.attributes.has('n') === true ? this.referenced(name) : name;
    if (this.own(target)?.attributes.has('r') === true) throw new ShellError('AssignmentError', `${target}: cannot unset: readonly variable`);
    this.variables.delete(target);
    this.dynamicNames.delete(target);
  }

  /**
   * The `unset` builtin's NAME: as unset(), except for a local: one of a calling function's scope
   * is removed and the variable it shadowed shows again (bash, unless localvar_unset):
   * bash_completion's _upvars returns values to its caller's caller through this; one of the
   * running function's scope stays a local without a value.
   */
  unsetVisible(name: string): void {
    if (this.referencedElement(name) !== undefined) return this.unset(name);
    const target = this.variables.get(name)?.attributes.has('n') === true ? this.referenced(name) : name;
    this.unsetScoped(target, () => this.unset(name));
  }

  /** `unset -n NAME`: the nameref itself, a local as unsetVisible() leaves one. */
  unsetReference(name: string): void {
    this.unsetScoped(name, () => {
      if (this.variables.get(name)?.attributes.has('r') === true) throw new ShellError('AssignmentError', `${name}: cannot unset: readonly variable`);
      this.variables.delete(name);
    });
  }

  /** The `unset` builtin on the variable `target`: `global` unsets it where no function made it local. */
  private unsetScoped(target: string, global: () => void): void {
    const owner = this.localFrames.findLastIndex((frame) => frame.variables.has(target));
    if (owner < 0) return global();
    if (this.variables.get(target)?.attributes.has('r') === true) throw new ShellError('AssignmentError', `${target}: cannot unset: readonly variable`);
    if (owner === this.localFrames.length - 1 || this.options.shopted('localvar_unset')) {
      // Unset in its own scope, a local stays one, with no value and no attributes: `declare -p`
      // shows `declare -- v`, and a later assignment is still local (bash).
      this.variables.set(target, { value: undefined, attributes: NO_ATTRIBUTES });
      return;
    }
    const frame = this.localFrames[owner] as LocalFrame;
    const shadowed = frame.variables.get(target);
    frame.variables.delete(target);
    if (shadowed === undefined) this.variables.delete(target);
    else this.variables.set(target, shadowed);
  }

  /** `unset 'a[sub]'`. */
  unsetElement(name: string, subscript: string): void {
    const variable = this.lookup(name);
    if (variable === undefined) return;
    if (variable.attributes.has('r')) throw new ShellError('AssignmentError', `${name}: cannot unset: readonly variable`);
    const { value } = variable;
    if (value instanceof AssociativeArray) {
      value.delete(subscript);
      return;
    }
    // `unset 'a[@]'` empties an indexed array and keeps it, as bash 5.2 does; a scalar has no elements.
    if (subscript === '@' || subscript === '*') {
      if (!(value instanceof IndexedArray)) throw new ShellError('AssignmentError', `${name}: not an array variable`);
      for (const [index] of value.entries()) value.delete(index);
      return;
    }
    const index = this.index(name, value, evaluateArithmeticText(subscript, this.arithmeticVariables()), 'unset');
    if (index === undefined) return;
    if (value instanceof IndexedArray) value.delete(index);
    else if (index === 0) this.unset(name);
  }

  /** Exported variables as [name, value] (for `export -p`), in name order. */
  exported(): [string, Variable][] {
    return this.all().filter(([, variable]) => variable.attributes.has('x'));
  }

  /**
   * The environment a child gets: exported variables, overridden by `extra` (prefix assignments).
   * Without them, the same frozen array until an exported variable or function changes: the
   * native spawn then knows it by identity, checked and encoded already.
   */
  environment(extra: readonly (readonly [string, string])[] = []): readonly string[] {
    if (extra.length > 0) return this.buildEnvironment(extra);
    const version = this.variables.exportVersion;
    const built = this.builtEnvironment;
    if (built !== undefined && built.version === version && this.exportsSameFunctions(built.functions)) return built.entries;
    const functions = [...this.exportedFunctions].map((name) => this.functions.get(name));
    this.builtEnvironment = { version, functions, entries: Object.freeze(this.buildEnvironment([])) };
    return this.builtEnvironment.entries;
  }

  /**
   * What a child gets for `name`: the innermost of the visible variable and those the running
   * calls' locals hide that is set and exported (bash's environment passes over an unset or
   * unexported local: `export V=1; f() { local V; env; }` hands on V=1). An array there gives
   * nothing: bash exports no arrays.
   */
  private exportedValue(name: string, visible: Variable): string | undefined {
    if (isSetAndExported(visible)) return typeof visible.value === 'string' ? visible.value : undefined;
    for (let depth = this.localFrames.length - 1; depth >= 0; depth--) {
      const hidden = (this.localFrames[depth] as LocalFrame).variables.get(name);
      if (isSetAndExported(hidden)) return typeof hidden.value === 'string' ? hidden.value : undefined;
    }
    return undefined;
  }

  /** Whether the functions exported now are `functions`, in order, each with the same definition (a node is never changed). */
  private exportsSameFunctions(functions: readonly (FunctionDefinition | undefined)[]): boolean {
    if (functions.length !== this.exportedFunctions.size) return false;
    let index = 0;
    for (const name of this.exportedFunctions) if (this.functions.get(name) !== functions[index++]) return false;
    return true;
  }

  private buildEnvironment(extra: readonly (readonly [string, string])[]): string[] {
    const env = new Map<string, string>();
    for (const [name, variable] of this.variables) {
      const value = this.exportedValue(name, variable);
      if (value !== undefined) env.set(name, value);
    }
    for (const name of this.exportedFunctions) {
      const definition = this.functions.get(name);
      if (definition !== undefined) env.set(...functionEntry(definition));
    }
    for (const [name, value] of extra) env.set(name, value);
    return [...env].map(([name, value]) => `${name}=${value}`);
  }

  /** The name the nameref `name` stands for at the end of its chain; undefined when `name` is no nameref holding a name. */
  referenceOf(name: string): string | undefined {
    const variable = this.variables.get(name);
    if (variable === undefined || !isReference(variable)) return undefined;
    const target = this.referenced(name);
    const end = this.variables.get(target);
    return end !== undefined && isReference(end) ? undefined : target;
  }

  /**
   * The name a nameref chain ends at (bash's limit on chains is its own: 8 here). A circular
   * chain ends at `name` itself, a nameref still: `unset` removes it, and it reads as nothing.
   */
  private referenced(name: string): string {
    return this.chain(name).end;
  }

  /** A nameref chain's end, and the name it came back to where it comes back to its start or to a nameref naming itself. */
  private chain(name: string): { end: string; circle?: string } {
    let current = name;
    const seen = new Set<string>();
    for (let hops = 0; hops < 8; hops++) {
      const variable = this.variables.get(current);
      if (variable === undefined || !isReference(variable)) return { end: current };
      seen.add(current);
      const next = variable.value as string;
      if (next === name || next === current) return { end: name, circle: next };
      if (seen.has(next)) return { end: name };
      current = next;
    }
    return { end: current };
  }

  /**
   * Where reading or assigning through `name` goes: the end of its nameref chain. A chain that
   * comes back to a local (`f() { local -n arr=$1; }; f arr`) reaches the global variable of that
   * name instead, as bash's does, though a local hides it (the global is kept in a call frame then).
   */
  private resolved(name: string): Target {
    if (this.variables.get(name)?.attributes.has('n') !== true) return { name, store: this.variables };
    const { end, circle } = this.chain(name);
    if (circle === undefined) return { name: end, store: this.variables };
    const hiding = this.localFrames.find((frame) => frame.variables.has(circle));
    if (hiding === undefined) return { name: end, store: this.variables };
    // A hidden variable can be what a child's environment holds (exportedValue): built anew.
    this.variables.exportVersion++;
    return { name: circle, store: hiding.variables };
  }

  /** Whether `name` is a nameref whose chain comes back to its start or to a nameref naming itself. */
  isCircularReference(name: string): boolean {
    const variable = this.variables.get(name);
    return variable !== undefined && isReference(variable) && this.chain(name).circle !== undefined;
  }

  /** `declare -n r='a[1]'`: the element a nameref names, if it names one. */
  private referencedElement(name: string): { name: string; subscript: string } | undefined {
    if (this.variables.get(name)?.attributes.has('n') !== true) return undefined;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s.exec(this.referenced(name));
    return match === null ? undefined : { name: match[1] as string, subscript: match[2] as string };
  }

  /** Where an assignment to `name` goes (through namerefs), refused for a readonly one. */
  private writableTarget(name: string): Target {
    const target = this.resolved(name);
    const existing = target.store === this.variables ? this.own(target.name) : target.store.get(target.name);
    if (existing?.attributes.has('r') === true) throw readonlyError(target.name);
    checkName(target.name);
    return target;
  }

  /** The target's variable as an array (an unset one, or a scalar, becomes an array of `kind`). */
  private arrayVariable(target: Target, kind: ShellArray['kind']): Variable {
    const existing = target.store.get(target.name);
    if (existing !== undefined && typeof existing.value === 'object') return existing;
    const wanted = existing?.attributes.has('A') === true ? 'associative' : kind;
    const variable: Variable = {
      value: asArray(existing?.value, wanted),
      attributes: withAttributes(existing ?? { value: undefined, attributes: NO_ATTRIBUTES }, [wanted === 'indexed' ? 'a' : 'A']),
    };
    target.store.set(target.name, variable);
    this.dynamicNames.delete(target.name);
    return variable;
  }

  /**
   * An indexed subscript as an index: negative ones count back from the end. Reading or unsetting
   * before the start is nothing; writing there is bash's "bad array subscript".
   */
  private index(name: string, value: Variable['value'], subscript: bigint | string, use: 'read' | 'write' | 'unset'): number | undefined {
    let index = typeof subscript === 'bigint' ? subscript : evaluateArithmeticText(subscript, this.arithmeticVariables());
    if (index < 0n) {
      const end = value instanceof IndexedArray ? value.end : value === undefined ? 0 : 1;
      index += BigInt(end);
      if (index < 0n) {
        if (use === 'read') return undefined;
        throw new ShellError('AssignmentError', `${name}[${typeof subscript === 'bigint' ? subscript : subscript}]: bad array subscript`);
      }
    }
    if (index > BigInt(Number.MAX_SAFE_INTEGER)) throw new ShellError('AssignmentError', `${name}[${subscript}]: bad array subscript`);
    return Number(index);
  }

  /** A value as the variable's attributes make it: `-i` evaluates (adding for `+=`), `-l`/`-u` change case. */
  private converted(variable: Variable | undefined, value: string, appendTo: string | ShellArray | undefined): string {
    const attributes = variable?.attributes;
    const previous = typeof appendTo === 'string' ? appendTo : undefined;
    let result: string;
    if (attributes?.has('i') === true) {
      const evaluated = evaluateArithmeticText(value, this.arithmeticVariables());
      result = String(previous === undefined ? evaluated : BigInt.asIntN(64, evaluateArithmeticText(previous, this.arithmeticVariables()) + evaluated));
    } else {
      result = previous === undefined ? value : joinText(previous, value);
    }
    if (attributes?.has('l') === true) result = result.toLowerCase();
    else if (attributes?.has('u') === true) result = result.toUpperCase();
    if (result.includes('\0')) throw new ShellError('InvalidCommandData', 'a value cannot contain a NUL byte');
    return result;
  }
}

/** One element of `name=(...)` after expansion: `[key]=value`, `[key]+=value`, or a plain value. */
export interface ArrayElementValue {
  readonly key: string | undefined;
  readonly value: string;
  readonly append: boolean;
}

const EXPORTED: ReadonlySet<Attribute> = new Set(['x']);
const INDEXED: ReadonlySet<Attribute> = new Set(['a']);
const INTEGER: ReadonlySet<Attribute> = new Set(['i']);
const READONLY: ReadonlySet<Attribute> = new Set(['r']);

/** Variables computed from the shell's state when read (see ShellState.computed). */
const COMPUTED_NAMES: readonly string[] = ['FUNCNAME', 'BASH_SOURCE', 'BASH_LINENO', 'BASH_ARGC', 'BASH_ARGV', 'BASH_SUBSHELL', 'BASHPID', 'SHELLOPTS', 'BASHOPTS', 'HISTCMD', 'DIRSTACK'];

function readonlyError(name: string): ShellError {
  return new ShellError('AssignmentError', `${name}: readonly variable`);
}

function checkName(name: string): void {
  if (!isValidName(name)) throw new ShellError('Usage', `\`${name}': not a valid identifier`);
}

/** A state's variables as arithmetic reads and assigns them; `set -u` as it is at each read. */
class StateArithmeticVariables implements Required<ArithmeticVariables> {
  constructor(private readonly state: ShellState) {}

  get nounset(): boolean {
    return this.state.options.has('nounset');
  }

  get(name: string): string | undefined {
    return this.state.get(name);
  }

  set(name: string, value: string): void {
    this.state.set(name, value);
  }

  isSet(name: string): boolean {
    return this.state.isSet(name);
  }

  isAssociative(name: string): boolean {
    const variable = this.state.lookup(name);
    return variable?.value instanceof AssociativeArray || variable?.attributes.has('A') === true;
  }

  getElement(name: string, subscript: bigint | string): string | undefined {
    return this.state.element(name, subscript);
  }

  setElement(name: string, subscript: bigint | string, value: string): void {
    this.state.assignElement(name, subscript, value);
  }
}
