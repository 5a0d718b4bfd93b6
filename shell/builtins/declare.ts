/**
 * The declaration builtins, one engine for all: `declare` / `typeset`, `local`, `readonly` and
 * `export`. Each takes attribute options (`-a -A -i -l -u -n -r -x`, `+` to remove), `-p` to
 * print declarations bash reads back, `-f` / `-F` for functions, and `NAME[=value]` operands —
 * operands written as assignments arrive planned (`local a=(1 2)`, `declare m[k]+=v`).
 */
import { isShellError, ShellError } from '../errors';
import { applyAssignment, type PlannedAssignment } from '../interp/assignment';
import { isReferenceName, isValidName, type ShellState } from '../interp/state';
import { declaration, listing, type Attribute } from '../interp/variable';
import { andThen, inTurn } from '../eventually';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';

type Kind = 'declare' | 'local' | 'readonly' | 'export';

const NONE: readonly Attribute[] = [];
const READONLY: readonly Attribute[] = ['r'];

interface Options {
  add: Attribute[];
  remove: Attribute[];
  print: boolean;
  functions: 'none' | 'bodies' | 'names';
  global: boolean;
}

const ATTRIBUTE_OPTIONS = 'aAilnrtux';
/** The options each builtin takes, and its usage line. */
const SPECS: Readonly<Record<Kind, { readonly letters: string; readonly usage: string }>> = {
  declare: { letters: `${ATTRIBUTE_OPTIONS}fFgp`, usage: 'declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]' },
  local: { letters: `${ATTRIBUTE_OPTIONS}p`, usage: 'local [option] name[=value] ...' },
  readonly: { letters: 'aAp', usage: 'readonly [-aAf] [name[=value] ...] or readonly -p' },
  export: { letters: 'fnp', usage: 'export [-fn] [name[=value] ...] or export -p' },
};

function declarationBuiltin(kind: Kind): Builtin {
  return (context) => {
    const { argv, state, output } = context;
    const name = argv[0] as string;
    if (kind === 'local' && state.functionDepth === 0) return output.err(`quirl: ${name}: can only be used in a function\n`).then(() => 1);
    const parsed = parseOptions(kind, argv);
    if (typeof parsed === 'string') return output.err(`quirl: ${name}: ${parsed}: invalid option\n${name}: usage: ${SPECS[kind].usage}\n`).then(() => 2);
    const { options, first } = parsed;
    if (kind === 'readonly') options.add.push('r');
    if (kind === 'export' && !options.remove.includes('x')) options.add.push('x');
    const operands = argv.slice(first);
    const exporting = kind === 'export' || options.add.includes('x') || options.remove.includes('x');
    if (exporting && options.functions === 'bodies') return exportFunctions(context, options, operands);
    if (options.functions !== 'none') return functions(context, options, operands);
    if (operands.length === 0 || (options.print && (kind === 'declare' || kind === 'local'))) return print(context, kind, options, operands);
    let status = 0;
    // Synchronous unless there is something to say: `local a b=1` in a loop allocates no promise.
    const declared = inTurn(operands.length, (offset) => {
      const index = first + offset;
      const planned = context.declarations.get(index) ?? plannedFromText(argv[index] as string);
      let warnings: readonly string[];
      try {
        warnings = declareOne(state, kind, options, planned);
      } catch (error) {
        if (!isShellError(error)) throw error;
        status = 1;
        return output.err(`quirl: ${name}: ${error.message}\n`);
      }
      if (warnings.length > 0) return output.err(warnings.map((warning) => `quirl: ${name}: ${warning}\n`).join(''));
    });
    return andThen(declared, () => status);
  };
}

export const declare = declarationBuiltin('declare');
export const local = declarationBuiltin('local');
export const readonly = declarationBuiltin('readonly');
export const exportBuiltin = declarationBuiltin('export');

/** The options before the operands, or the one that is not this builtin's. */
function parseOptions(kind: Kind, argv: readonly string[]): { options: Options; first: number } | string {
  const options: Options = { add: [], remove: [], print: false, functions: 'none', global: false };
  let index = 1;
  for (; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') {
      index++;
      break;
    }
    if ((word[0] !== '-' && word[0] !== '+') || !/^[-+]./.test(word)) break;
    const adding = word[0] === '-';
    for (const letter of word.slice(1)) {
      if (!SPECS[kind].letters.includes(letter)) return `${word[0]}${letter}`;
      if (letter === 'p') options.print = true;
      else if (letter === 'f') options.functions = options.functions === 'names' ? 'names' : 'bodies';
      else if (letter === 'F') options.functions = 'names';
      else if (letter === 'g') options.global = true;
      else if (letter === 'n' && kind === 'export') options.remove.push('x');
      else (adding ? options.add : options.remove).push(letter as Attribute);
    }
  }
  return { options, first: index };
}

/** An operand that came from an expansion (`declare "$name=1"`): NAME, NAME=value or NAME+=value. */
function plannedFromText(operand: string): PlannedAssignment | string {
  // Most are a bare NAME (`local base ext m`).
  if (!operand.includes('=')) return operand;
  const match = /^([^=[]*?)(\[.*\])?(\+?)=(.*)$/s.exec(operand);
  if (match === null) return operand;
  const [, name, subscript, plus, value] = match as unknown as [string, string, string | undefined, string, string];
  if (subscript !== undefined) return { kind: 'element', name, subscript: subscript.slice(1, -1), value, append: plus === '+' };
  return { kind: 'scalar', name, value, append: plus === '+' };
}

/** One operand: its variable made local where that applies, attributes set, then the value assigned. */
function declareOne(state: ShellState, kind: Kind, options: Options, operand: PlannedAssignment | string): readonly string[] {
  if (kind === 'local' && operand === '-') {
    state.makeOptionsLocal();
    return [];
  }
  const name = typeof operand === 'string' ? operand : operand.name;
  if (!isValidName(name)) throw new ShellError('Usage', `\`${typeof operand === 'string' ? operand : name}': not a valid identifier`);
  const reference = options.add.includes('n') && typeof operand !== 'string' && operand.kind === 'scalar' && !operand.append ? operand.value : undefined;
  if (reference !== undefined) checkReference(state, name, reference);
  const makesLocal = (kind === 'declare' && !options.global) || kind === 'local';
  if (makesLocal && state.functionDepth > 0 && !state.isLocalHere(name)) state.makeLocal(name);
  const own = state.own(name);
  if (options.add.includes('n') && own !== undefined && (typeof own.value === 'object' || own.attributes.has('a') || own.attributes.has('A'))) {
    throw new ShellError('AssignmentError', `${name}: reference variable cannot be an array`);
  }
  // `x=1; declare -n x`: the value it has becomes the name it stands for, and must be one.
  if (options.add.includes('n') && reference === undefined && typeof own?.value === 'string' && !own.attributes.has('n') && !isReferenceName(own.value)) {
    throw new ShellError('AssignmentError', `\`${own.value}': invalid variable name for name reference`);
  }
  // `readonly x=1` assigns before the variable becomes readonly; other attributes apply first (`declare -i x=1+1`).
  const later = options.add.includes('r') ? READONLY : NONE;
  // bash's declare and local give a circular nameref's attributes to the nameref; export and readonly to the variable it reaches.
  const itself = (kind === 'declare' || kind === 'local') && state.isCircularReference(name);
  state.setAttributes(name, later === NONE ? options.add : options.add.filter((letter) => letter !== 'r'), options.remove, itself);
  let warnings: readonly string[] = [];
  // `declare -n r=NAME` points r itself at NAME, even where r already names another variable.
  if (reference !== undefined) {
    state.setReference(name, reference);
    // In a function bash allows it: the nameref then reaches the global variable of its own name.
    if (reference === name) warnings = [`warning: ${name}: circular name reference`];
  } else if (typeof operand !== 'string') {
    const array = options.add.includes('a') || options.add.includes('A');
    // `declare -a a=x` puts x in element 0, as bash does.
    warnings = applyAssignment(state, array && operand.kind === 'scalar' ? { kind: 'element', name, subscript: '0', value: operand.value, append: operand.append } : operand);
  }
  // With -n, readonly is the nameref's own (`declare -nr r=x`), not its target's.
  if (later.length > 0) state.setAttributes(name, options.add.includes('n') ? [...later, 'n'] : later, []);
  return warnings;
}

/** bash's checks of `declare -n NAME=VALUE`: VALUE must be a variable's or an element's name, and not NAME at the top level. */
function checkReference(state: ShellState, name: string, value: string): void {
  if (value === '') throw new ShellError('AssignmentError', "`': not a valid identifier");
  if (!isReferenceName(value)) {
    throw new ShellError('AssignmentError', `\`${value}': invalid variable name for name reference`);
  }
  if (value === name && state.functionDepth === 0) throw new ShellError('AssignmentError', `${name}: nameref variable self references not allowed`);
}

/** `-p` or no operands: declarations as bash prints them (`declare -x` for export, and so on). */
async function print({ state, output, argv }: BuiltinContext, kind: Kind, options: Options, names: readonly string[]): Promise<number> {
  const wanted = (attributes: ReadonlySet<Attribute>): boolean => options.add.every((letter) => attributes.has(letter));
  // `local` with no names lists the running function's locals whatever the options, as bash does.
  if (names.length === 0 && kind === 'local') {
    await output.out(state.locals().map(([name, variable]) => `${declaration(name, variable)}\n`).join(''));
    return 0;
  }
  if (names.length === 0) {
    const listed = state.all().filter(([, variable]) => wanted(variable.attributes) && (options.add.length > 0 || kind !== 'declare' || options.print || variable.value !== undefined));
    if (kind === 'declare' && !options.print && options.add.length === 0) {
      await output.out(listed.map(([name, variable]) => `${listing(name, variable)}\n`).join(''));
    } else {
      await output.out(listed.map(([name, variable]) => `${declaration(name, variable)}\n`).join(''));
    }
    return 0;
  }
  let status = 0;
  for (const name of names) {
    // `local -p NAME` shows only the running function's own locals.
    const variable = kind === 'local' && !state.isLocalHere(name) ? undefined : state.own(name);
    if (variable === undefined) {
      await output.err(`quirl: ${argv[0]}: ${name}: not found\n`);
      status = 1;
    } else {
      await output.out(`${declaration(name, variable)}\n`);
    }
  }
  return status;
}

/** `declare -f [NAME...]`: definitions; `declare -F`: `declare -f NAME` lines, or with NAMEs, the names defined. */
async function functions({ state, output, shell }: BuiltinContext, options: Options, names: readonly string[]): Promise<number> {
  const listed = names.length === 0 ? [...state.functions.keys()].sort() : names;
  let status = 0;
  for (const name of listed) {
    const text = shell.functionText(state, name);
    if (text === undefined) {
      status = 1;
      continue;
    }
    const line = options.functions === 'bodies' ? text : names.length === 0 ? `declare -f ${name}` : name;
    await output.out(`${line}\n`);
  }
  return status;
}

/** `export -f NAME...` / `declare -fx` (`-fn` / `+x` takes the export away); with no NAME, the exported functions' definitions. */
async function exportFunctions({ state, output, shell }: BuiltinContext, options: Options, names: readonly string[]): Promise<number> {
  if (names.length === 0) {
    const listed = [...state.exportedFunctions].filter((name) => state.functions.has(name)).sort();
    await output.out(listed.map((name) => `${shell.functionText(state, name) ?? ''}\ndeclare -fx ${name}\n`).join(''));
    return 0;
  }
  let status = 0;
  for (const name of names) {
    if (!state.functions.has(name)) {
      await output.err(`quirl: export: ${name}: not a function\n`);
      status = 1;
    } else if (options.remove.includes('x')) {
      state.exportedFunctions.delete(name);
    } else {
      state.exportedFunctions.add(name);
    }
  }
  return status;
}
