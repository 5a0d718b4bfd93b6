/**
 * Programmable completion's builtins, as bash's: `complete` records how a command's arguments
 * complete, `compgen` prints what a compspec's options generate for a word, `compopt` changes
 * the options of a compspec or of the completion running.
 */
import { EMACS_KEYMAP } from '../interactive/editor/keymap';
import { generate, type CompletionHost } from '../completion/generate';
import {
  actionNamed,
  actionOfLetter,
  COMPLETION_OPTIONS,
  isCompletionOption,
  optionsLine,
  specLine,
  type ActionName,
  type CompletionOption,
  type CompSpec,
  type SpecialTarget,
  type SpecTarget,
  targetName,
} from '../interp/completion-specs';
import { defaultMatches } from '../completion/defaults';
import { helpTopics } from './help';
import { BUILTINS } from './index';
import { readLetterOptions } from './letter-options';
import type { ActionSources } from '../completion/actions';
import type { Job } from '../exec/job';
import type { ShellState } from '../interp/state';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';

const COMPLETE_USAGE =
  'complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]\n';
const COMPGEN_USAGE =
  'compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]\n';
const COMPOPT_USAGE = 'compopt: usage: compopt [-o|+o option] [-DEI] [name ...]\n';

/** What the options of `complete` or `compgen` say. */
interface Parsed {
  readonly spec: CompSpec;
  readonly print: boolean;
  readonly remove: boolean;
  readonly special: SpecialTarget | undefined;
  readonly operands: readonly string[];
}

type Failure = { readonly error: string; readonly usage: boolean };

const SPECIAL_LETTERS: Readonly<Record<string, SpecialTarget>> = { D: 'default', E: 'empty', I: 'initial' };

/** The options of `complete` and `compgen`: bash's "abcdefgjko:prsuvA:C:DEF:G:IP:S:W:X:" (compgen's without p, r, D, E, I). */
function parseSpecOptions(name: string, words: readonly string[], forCompgen: boolean): Parsed | Failure {
  const read = readLetterOptions(words, 'oACFGPSWX');
  if ('missing' in read) return { error: `${name}: -${read.missing}: option requires an argument`, usage: true };
  const actions = new Set<ActionName>();
  const options = new Set<CompletionOption>();
  const values: { -readonly [K in 'glob' | 'words' | 'prefix' | 'suffix' | 'filter' | 'command' | 'func']?: string } = {};
  let print = false;
  let remove = false;
  let special: SpecialTarget | undefined;
  const named: Readonly<Record<string, keyof typeof values>> = { G: 'glob', W: 'words', P: 'prefix', S: 'suffix', X: 'filter', C: 'command', F: 'func' };
  for (const { letter, value = '' } of read.options) {
    const action = actionOfLetter(letter);
    const field = named[letter];
    if (action !== undefined) actions.add(action);
    else if (field !== undefined) values[field] = value;
    else if (letter === 'o') {
      if (!isCompletionOption(value)) return { error: `${name}: ${value}: invalid option name`, usage: false };
      options.add(value);
    } else if (letter === 'A') {
      const found = actionNamed(value);
      if (found === undefined) return { error: `${name}: ${value}: invalid action name`, usage: false };
      actions.add(found);
    } else if (!forCompgen && letter === 'p') print = true;
    else if (!forCompgen && letter === 'r') remove = true;
    else if (!forCompgen && letter in SPECIAL_LETTERS) special ??= SPECIAL_LETTERS[letter];
    else return { error: `${name}: -${letter}: invalid option`, usage: true };
  }
  return { spec: { actions, options, ...values }, print, remove, special, operands: read.operands };
}

function targets(parsed: Parsed): SpecTarget[] {
  if (parsed.special !== undefined) return [{ kind: 'special', target: parsed.special }];
  return parsed.operands.map((name) => ({ kind: 'command', name }));
}

function isEmptySpec(spec: CompSpec): boolean {
  return spec.actions.size === 0 && spec.options.size === 0 && Object.keys(spec).length === 2;
}

export const complete: Builtin = async ({ argv, state, output }) => {
  const parsed = parseSpecOptions('complete', argv.slice(1), false);
  if ('error' in parsed) {
    await output.err(`quirl: ${parsed.error}\n${parsed.usage ? COMPLETE_USAGE : ''}`);
    return 2;
  }
  const specs = state.completions;
  const named = targets(parsed);
  const listing = parsed.print || (!parsed.remove && isEmptySpec(parsed.spec) && parsed.operands.length === 0 && parsed.special === undefined);
  let status = 0;
  if (listing || parsed.remove) {
    if (named.length === 0) {
      if (parsed.remove) specs.clear();
      else await output.out(specs.list().map(([target, spec]) => specLine(target, spec)).join(''));
      return 0;
    }
    let text = '';
    for (const target of named) {
      const spec = specs.get(target);
      // bash's progcomp_remove: with no compspecs at all, removing any name succeeds.
      if (parsed.remove && specs.list().length === 0) continue;
      if (spec === undefined || (parsed.remove && !specs.delete(target))) {
        await output.err(`quirl: complete: ${targetName(target)}: no completion specification\n`);
        status = 1;
      } else if (!parsed.remove) text += specLine(target, spec);
    }
    await output.out(text);
    return status;
  }
  if (named.length === 0) {
    await output.err(`quirl: ${COMPLETE_USAGE}`);
    return 2;
  }
  for (const target of named) specs.set(target, parsed.spec);
  return 0;
};

/** What the actions list, from a shell's state, its builtins and its jobs. */
export function actionSources(state: ShellState, isBuiltin: (name: string, state: ShellState) => boolean, jobs: () => readonly Job[]): ActionSources {
  return {
    state,
    builtins: () => [...BUILTINS.keys()].map((name) => [name, isBuiltin(name, state)] as const),
    jobs: () => jobs().map((job) => ({ command: job.command, stopped: job.state.kind === 'stopped' })),
    helpTopics,
    bindings: () => [...new Set(EMACS_KEYMAP.values())],
  };
}

/** What completion sees from a builtin's context: its state, and commands run in it. */
function builtinHost(context: BuiltinContext): CompletionHost {
  const { state, shell } = context;
  return {
    ...actionSources(state, (name, where) => shell.isBuiltin(name, where), () => context.jobs()),
    expandWords: (words, glob) => context.expandWords(words, glob),
    run: (source) => context.run(source),
    capture: async (source) => {
      // The command's output through a variable of the shell's own, as `$(...)` takes it.
      const name = 'QUIRL_COMPGEN_OUTPUT';
      await context.run(`${name}=$(${source}\n)`);
      const text = state.get(name) ?? '';
      state.unset(name);
      return text;
    },
  };
}

export const compgen: Builtin = async (context) => {
  const { argv, output } = context;
  const parsed = parseSpecOptions('compgen', argv.slice(1), true);
  if ('error' in parsed) {
    await output.err(`quirl: ${parsed.error}\n${parsed.usage ? COMPGEN_USAGE : ''}`);
    return 2;
  }
  const { spec, operands } = parsed;
  const word = operands[0] ?? '';
  if (spec.func !== undefined) await output.err('quirl: compgen: warning: -F option may not work as you expect\n');
  if (spec.command !== undefined) await output.err('quirl: compgen: warning: -C option may not work as you expect\n');
  const host = builtinHost(context);
  let { matches } = await generate(spec, word, host, { command: 'compgen', word, previous: '' }, spec.options);
  if (matches.length === 0 && (spec.options.has('default') || spec.options.has('bashdefault'))) matches = defaultMatches(word, host, spec.options.has('bashdefault'));
  if (matches.length === 0) return 1;
  await output.out(matches.map((match) => `${match}\n`).join(''));
  return 0;
};

/** compopt's -o and +o (`-o nospace`, `+o default`) and -D, -E, -I. */
function parseCompopt(words: readonly string[]): { on: CompletionOption[]; off: CompletionOption[]; special: SpecialTarget | undefined; names: readonly string[] } | Failure {
  const read = readLetterOptions(words, 'o', true);
  if ('missing' in read) return { error: `compopt: -${read.missing}: option requires an argument`, usage: true };
  const on: CompletionOption[] = [];
  const off: CompletionOption[] = [];
  let special: SpecialTarget | undefined;
  for (const { letter, plus, value = '' } of read.options) {
    if (letter === 'o') {
      if (!isCompletionOption(value)) return { error: `compopt: ${value}: invalid option name`, usage: false };
      (plus ? off : on).push(value);
    } else if (!plus && letter in SPECIAL_LETTERS) special ??= SPECIAL_LETTERS[letter];
    else return { error: `compopt: ${plus ? '+' : '-'}${letter}: invalid option`, usage: true };
  }
  return { on, off, special, names: read.operands };
}

export const compopt: Builtin = async ({ argv, state, output }) => {
  const parsed = parseCompopt(argv.slice(1));
  if ('error' in parsed) {
    await output.err(`quirl: ${parsed.error}\n${parsed.usage ? COMPOPT_USAGE : ''}`);
    return 2;
  }
  const { on, off, special, names } = parsed;
  const change = (options: ReadonlySet<CompletionOption>): Set<CompletionOption> => {
    const changed = new Set(options);
    for (const option of on) changed.add(option);
    for (const option of off) changed.delete(option);
    return new Set(COMPLETION_OPTIONS.filter((option) => changed.has(option)));
  };
  const specs = state.completions;
  const named: SpecTarget[] = special !== undefined ? [{ kind: 'special', target: special }] : names.map((name) => ({ kind: 'command', name }));
  if (named.length === 0) {
    const active = specs.active;
    if (active === undefined) {
      await output.err('quirl: compopt: not currently executing completion function\n');
      return 1;
    }
    if (on.length === 0 && off.length === 0) {
      await output.out(optionsLine(active.options, active.target));
      return 0;
    }
    const changed = change(active.options);
    active.options.clear();
    for (const option of changed) active.options.add(option);
    return 0;
  }
  let status = 0;
  for (const target of named) {
    const spec = specs.get(target);
    if (spec === undefined) {
      await output.err(`quirl: compopt: ${targetName(target)}: no completion specification\n`);
      status = 1;
    } else if (on.length === 0 && off.length === 0) await output.out(optionsLine(spec.options, target));
    else specs.set(target, { ...spec, options: change(spec.options) });
  }
  return status;
};
