/**
 * type [-afptP] NAME... and what `command -v` / `-V` share with it: what a command name runs,
 * looked up in the shell's order (alias, keyword, function, builtin, then the file PATH search
 * finds, or has remembered).
 */
import { KEYWORDS as RESERVED_WORDS } from '../completion/actions';
import type { ShellState } from '../interp/state';
import { has, parseOrReport } from './options';
import type { Builtin, ShellServices } from '../interp/builtin-api';

/** The reserved words of bash's grammar (`type if`: "if is a shell keyword"). */
const KEYWORDS: ReadonlySet<string> = new Set(RESERVED_WORDS);

/** One thing a name can run, found by lookup. */
export type Meaning =
  | { readonly kind: 'alias'; readonly text: string }
  | { readonly kind: 'keyword' }
  | { readonly kind: 'function'; readonly text: string }
  | { readonly kind: 'builtin' }
  | { readonly kind: 'file'; readonly path: string; readonly hashed: boolean };

export interface LookupOptions {
  /** Every meaning, not only the first (`type -a`). */
  readonly all: boolean;
  /** Leave functions out (`type -f`). */
  readonly functions: boolean;
  /** Only PATH, whatever else the name is (`type -P`). */
  readonly pathOnly: boolean;
  /** Search this PATH instead of $PATH (`command -p`). */
  readonly searchPath?: string;
}

/** What `name` means in `state`, in lookup order; empty when it is nothing. */
export function lookUp(name: string, state: ShellState, shell: ShellServices, options: LookupOptions): Meaning[] {
  const meanings: Meaning[] = [];
  const searchPath = options.searchPath ?? state.get('PATH') ?? '';
  if (!options.pathOnly) {
    const alias = state.options.shopted('expand_aliases') ? state.aliases.get(name) : undefined;
    if (alias !== undefined) meanings.push({ kind: 'alias', text: alias });
    if (KEYWORDS.has(name)) meanings.push({ kind: 'keyword' });
    const definition = options.functions ? shell.functionText(state, name) : undefined;
    if (definition !== undefined) meanings.push({ kind: 'function', text: definition });
    if (shell.isBuiltin(name, state)) meanings.push({ kind: 'builtin' });
    if (meanings.length > 0 && !options.all) return meanings.slice(0, 1);
  }
  if (name.includes('/')) {
    const path = shell.resolver.lookup(name, searchPath, state.cwd, state.commands);
    if (path !== undefined) meanings.push({ kind: 'file', path: name, hashed: false });
    return meanings;
  }
  const hashed = options.all ? undefined : state.commands.under(searchPath).get(name)?.path;
  if (hashed !== undefined) return [...meanings, { kind: 'file', path: hashed, hashed: true }];
  const paths = options.all ? shell.resolver.lookupAll(name, searchPath, state.cwd) : [shell.resolver.lookup(name, searchPath, state.cwd, state.commands)];
  for (const path of paths) if (path !== undefined) meanings.push({ kind: 'file', path, hashed: false });
  return meanings;
}

/** `type`'s sentence for a meaning (also `command -V`'s). */
export function describe(name: string, meaning: Meaning): string {
  switch (meaning.kind) {
    case 'alias':
      return `${name} is aliased to \`${meaning.text}'\n`;
    case 'keyword':
      return `${name} is a shell keyword\n`;
    case 'function':
      return `${name} is a function\n${meaning.text}\n`;
    case 'builtin':
      return `${name} is a shell builtin\n`;
    case 'file':
      return meaning.hashed ? `${name} is hashed (${meaning.path})\n` : `${name} is ${meaning.path}\n`;
  }
}

/** `command -v`'s word for a meaning: what would be run, in a form the shell re-reads. */
export function terse(name: string, meaning: Meaning): string {
  switch (meaning.kind) {
    case 'alias':
      return `alias ${name}='${meaning.text.replace(/'/g, `'\\''`)}'\n`;
    case 'file':
      return `${meaning.path}\n`;
    default:
      return `${name}\n`;
  }
}

export const type: Builtin = async ({ argv, state, output, shell }) => {
  const parsed = await parseOrReport(output, argv, 'afptP');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const pathOnly = has(options, 'P');
  const pathWanted = pathOnly || has(options, 'p');
  const lookup: LookupOptions = { all: has(options, 'a'), functions: !has(options, 'f'), pathOnly };
  let status = 0;
  const lines: string[] = [];
  for (const name of operands) {
    const meanings = lookUp(name, state, shell, lookup);
    if (meanings.length === 0) {
      if (!has(options, 't') && !pathWanted) await output.err(`quirl: type: ${name}: not found\n`);
      status = 1;
      continue;
    }
    for (const meaning of meanings) {
      if (has(options, 't')) lines.push(`${meaning.kind}\n`);
      // -p names only a file, and only when the name is nothing else (bash); -P always the file.
      else if (pathWanted) {
        if (meaning.kind === 'file') lines.push(`${meaning.path}\n`);
        else if (!lookup.all) break;
      } else lines.push(describe(name, meaning));
    }
  }
  await output.out(lines.join(''));
  return status;
};
