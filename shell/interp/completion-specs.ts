/**
 * Compspecs: what `complete` records for a command (bash's COMPSPEC), the table of them, and
 * their listing as `complete -p` prints it, which the shell reads back.
 */

/** `-A` actions, in the order bash lists them; the short flag where one exists. */
export const ACTIONS = [
  { name: 'alias', letter: 'a' },
  { name: 'builtin', letter: 'b' },
  { name: 'command', letter: 'c' },
  { name: 'directory', letter: 'd' },
  { name: 'export', letter: 'e' },
  { name: 'file', letter: 'f' },
  { name: 'group', letter: 'g' },
  { name: 'job', letter: 'j' },
  { name: 'keyword', letter: 'k' },
  { name: 'service', letter: 's' },
  { name: 'user', letter: 'u' },
  { name: 'variable', letter: 'v' },
  { name: 'arrayvar' },
  { name: 'binding' },
  { name: 'disabled' },
  { name: 'enabled' },
  { name: 'function' },
  { name: 'helptopic' },
  { name: 'hostname' },
  { name: 'running' },
  { name: 'setopt' },
  { name: 'shopt' },
  { name: 'signal' },
  { name: 'stopped' },
] as const satisfies readonly { name: string; letter?: string }[];

export type ActionName = (typeof ACTIONS)[number]['name'];

/** `-o` options, in bash's (alphabetical) listing order. */
export const COMPLETION_OPTIONS = ['bashdefault', 'default', 'dirnames', 'filenames', 'noquote', 'nosort', 'nospace', 'plusdirs'] as const;
export type CompletionOption = (typeof COMPLETION_OPTIONS)[number];

export function actionNamed(name: string): ActionName | undefined {
  return ACTIONS.find((action) => action.name === name)?.name;
}

export function actionOfLetter(letter: string): ActionName | undefined {
  return ACTIONS.find((action) => 'letter' in action && action.letter === letter)?.name;
}

export function isCompletionOption(name: string): name is CompletionOption {
  return (COMPLETION_OPTIONS as readonly string[]).includes(name);
}

export interface CompSpec {
  readonly actions: ReadonlySet<ActionName>;
  readonly options: ReadonlySet<CompletionOption>;
  readonly glob?: string;
  readonly words?: string;
  readonly prefix?: string;
  readonly suffix?: string;
  readonly filter?: string;
  readonly command?: string;
  readonly func?: string;
}

/** The special compspecs: `-D` (a command with none of its own), `-E` (an empty line), `-I` (the command word). */
export type SpecialTarget = 'default' | 'empty' | 'initial';
const SPECIAL_FLAGS: Readonly<Record<SpecialTarget, string>> = { initial: '-I', default: '-D', empty: '-E' };
/** The names bash gives the special compspecs, which its messages show (`compopt -I` with none). */
const SPECIAL_NAMES: Readonly<Record<SpecialTarget, string>> = { initial: '_InitialWorD_', default: '_DefaultCmD_', empty: '_EmptycmD_' };
/** Keys of the special compspecs in the table: no command name can contain a NUL. */
const SPECIAL_KEY = (target: SpecialTarget): string => `\0${target}`;

export type SpecTarget = { readonly kind: 'command'; readonly name: string } | { readonly kind: 'special'; readonly target: SpecialTarget };

/** A compspec's name in a message, as bash's. */
export function targetName(target: SpecTarget): string {
  return target.kind === 'command' ? target.name : SPECIAL_NAMES[target.target];
}

/** The completion whose function is running: its options, which `compopt` changes, and what it completes. */
export interface ActiveCompletion {
  readonly options: Set<CompletionOption>;
  /** The command (also under -D), or -E / -I. */
  readonly target: SpecTarget;
}

function keyOf(target: SpecTarget): string {
  return target.kind === 'command' ? target.name : SPECIAL_KEY(target.target);
}

/**
 * The compspecs of one shell context. A subshell gets a copy made only when it first changes one
 * (bash_completion registers hundreds; a `$(...)` should not copy them all).
 */
export class CompletionSpecs {
  private specs: Map<string, CompSpec>;
  private shared = false;
  active: ActiveCompletion | undefined;

  constructor(specs = new Map<string, CompSpec>()) {
    this.specs = specs;
  }

  clone(): CompletionSpecs {
    this.shared = true;
    const copy = new CompletionSpecs(this.specs);
    copy.shared = true;
    copy.active = this.active === undefined ? undefined : { ...this.active, options: new Set(this.active.options) };
    return copy;
  }

  get(target: SpecTarget): CompSpec | undefined {
    return this.specs.get(keyOf(target));
  }

  set(target: SpecTarget, spec: CompSpec): void {
    this.writable().set(keyOf(target), spec);
  }

  delete(target: SpecTarget): boolean {
    if (!this.specs.has(keyOf(target))) return false;
    this.writable().delete(keyOf(target));
    return true;
  }

  clear(): void {
    this.specs = new Map();
    this.shared = false;
  }

  /** Every compspec, named ones in the order they were made, then -I, -D, -E as bash ends its listing. */
  list(): [SpecTarget, CompSpec][] {
    const named: [SpecTarget, CompSpec][] = [];
    for (const [key, spec] of this.specs) if (!key.startsWith('\0')) named.push([{ kind: 'command', name: key }, spec]);
    for (const target of ['initial', 'default', 'empty'] as const) {
      const spec = this.specs.get(SPECIAL_KEY(target));
      if (spec !== undefined) named.push([{ kind: 'special', target }, spec]);
    }
    return named;
  }

  private writable(): Map<string, CompSpec> {
    if (this.shared) {
      this.specs = new Map(this.specs);
      this.shared = false;
    }
    return this.specs;
  }
}

/** bash's sh_single_quote: always quoted, a `'` as `'\''`. */
export function singleQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** One compspec as `complete -p` prints it. */
export function specLine(target: SpecTarget, spec: CompSpec): string {
  const parts = ['complete'];
  for (const option of COMPLETION_OPTIONS) if (spec.options.has(option)) parts.push('-o', option);
  for (const action of ACTIONS) if ('letter' in action && spec.actions.has(action.name)) parts.push(`-${action.letter}`);
  for (const action of ACTIONS) if (!('letter' in action) && spec.actions.has(action.name)) parts.push('-A', action.name);
  const quoted: [string, string | undefined][] = [
    ['-G', spec.glob],
    ['-W', spec.words],
    ['-P', spec.prefix],
    ['-S', spec.suffix],
    ['-X', spec.filter],
    ['-C', spec.command],
  ];
  for (const [flag, value] of quoted) if (value !== undefined) parts.push(flag, singleQuote(value));
  if (spec.func !== undefined) parts.push('-F', spec.func);
  parts.push(printedTarget(target));
  return `${parts.join(' ')}\n`;
}

/** bash's print_cmd_name: -D, -E, -I for the special compspecs, `''` for an empty name. */
function printedTarget(target: SpecTarget): string {
  return target.kind === 'special' ? SPECIAL_FLAGS[target.target] : target.name === '' ? "''" : target.name;
}

/** The options of a compspec as `compopt` prints them: every option, on or off, then what it completes. */
export function optionsLine(options: ReadonlySet<CompletionOption>, target: SpecTarget): string {
  const parts = ['compopt'];
  for (const option of COMPLETION_OPTIONS) parts.push(options.has(option) ? '-o' : '+o', option);
  parts.push(printedTarget(target));
  return `${parts.join(' ')}\n`;
}
