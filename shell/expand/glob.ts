/**
 * Pathname expansion: the existing paths a field's pattern matches, read through
 * env.readDirectory. Each `/`-separated component matches names in one directory, so wildcards
 * never match `/`; a name starting with `.` is matched only by a component starting with `.`
 * (or with extglob groups that may: see takesLeadingDot), and only where a `.` of it takes the dot.
 */
import type { Field } from './fields';
import { compilePattern, hasWildcards, takesLeadingDot, unescapePattern } from './pattern';
import { charactersOf, toUnits, type Characters } from './text';
import type { ExpansionEnvironment, ExpansionOptions } from './types';

/** Where names are read, and the locale (`lookup`), which says whether a name is matched by bytes. */
type Directories = Pick<ExpansionEnvironment, 'cwd' | 'readDirectory' | 'lookup'>;
/** shopt's options that change what a pattern matches. */
export type GlobOptions = Pick<ExpansionOptions, 'dotglob' | 'nocaseglob' | 'globstar' | 'extglob'>;

const NO_OPTIONS: GlobOptions = { dotglob: false, nocaseglob: false, globstar: false, extglob: false };

/** Characters that may make a field a pattern, when unquoted; with extglob, a group's `(` too. */
const WILDCARD_CHARACTERS = /[*?[]/;
const EXTGLOB_WILDCARD_CHARACTERS = /[*?[(]/;
/** Characters a pattern gives meaning to (extglob's among them), escaped in quoted text so that it matches literally. */
const PATTERN_CHARACTERS = /[\\*?[\]!^\-()|@+]/g;

/** The pattern a field stands for, its quoted characters escaped; null when nothing in it is a wildcard. */
export function fieldPattern(field: Field, extglob = false): string | null {
  const wildcards = extglob ? EXTGLOB_WILDCARD_CHARACTERS : WILDCARD_CHARACTERS;
  if (!field.some((segment) => !segment.quoted && wildcards.test(segment.text))) return null;
  const pattern = patternOf(field);
  return hasWildcards(pattern, extglob) ? pattern : null;
}

/**
 * A field as a pattern: its quoted characters escaped, so that they match only themselves;
 * `escape` may escape them for another pattern language instead (undefined: a shell pattern's way).
 */
export function patternOf(field: Field, escape: (quoted: string) => string | undefined = () => undefined): string {
  return field.map((segment) => (segment.quoted ? (escape(segment.text) ?? escapePattern(segment.text)) : segment.text)).join('');
}

/** Quoted text as a shell pattern that matches only that text. */
export function escapePattern(text: string): string {
  return text.replace(PATTERN_CHARACTERS, '\\$&');
}

/**
 * The paths `pattern` matches, sorted (code unit order, as in the POSIX locale); empty when none.
 * dotglob lets wildcards match hidden names, nocaseglob ignores case, and globstar makes a `**`
 * component match any depth of directories (none included).
 */
export function matchPathnames(pattern: string, directories: Directories, options: GlobOptions = NO_OPTIONS): string[] {
  const absolute = pattern.startsWith('/');
  const components = pattern.split('/').slice(absolute ? 1 : 0);
  // Each prefix is a matched path so far, with its trailing '/': '' or '/' to begin with.
  let prefixes = [absolute ? '/' : ''];
  const characters = charactersOf(directories);
  for (const [index, component] of components.entries()) {
    const last = index === components.length - 1;
    // A trailing slash keeps only the matches that are directories.
    if (last && component === '') return prefixes.filter((prefix) => read(directories, prefix) !== undefined).sort();
    prefixes = prefixes.flatMap((prefix) =>
      options.globstar && component === '**' ? matchAnyDepth(directories, prefix, last, options) : matchComponent(directories, prefix, component, last, options, characters),
    );
    if (prefixes.length === 0) return [];
  }
  return prefixes.sort();
}

/** Names that `component` matches in `prefix`; outside a UTF-8 locale, byte by byte (bash: `?` is not `é`). */
function matchComponent(directories: Directories, prefix: string, component: string, last: boolean, options: GlobOptions, characters: Characters): string[] {
  const join = (name: string): string => (last ? prefix + name : `${prefix}${name}/`);
  if (!hasWildcards(component, options.extglob)) {
    // Nothing to match: a name in the middle is checked by reading it next, the last one here.
    const name = unescapePattern(component);
    return !last || exists(directories, prefix, name) ? [join(name)] : [];
  }
  const matcher = compilePattern(toUnits(component, characters), { nocase: options.nocaseglob, extglob: options.extglob, hidesDotFiles: !options.dotglob }).whole;
  const hiddenToo = options.dotglob || takesLeadingDot(component, options.extglob);
  const names = read(directories, prefix) ?? [];
  return names.filter((name) => (hiddenToo || !name.startsWith('.')) && matcher.test(toUnits(name, characters))).map(join);
}

/**
 * globstar's `**`: the directory itself and every directory below it (hidden ones only with
 * dotglob); as the last component, every file below it too, and the directory itself when named.
 */
function matchAnyDepth(directories: Directories, prefix: string, last: boolean, options: GlobOptions): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const name of [...(read(directories, directory) ?? [])].sort()) {
      if (name.startsWith('.') && !options.dotglob) continue;
      const path = `${directory}${name}`;
      const isDirectory = read(directories, `${path}/`) !== undefined;
      if (isDirectory) {
        found.push(last ? path : `${path}/`);
        walk(`${path}/`);
      } else if (last) found.push(path);
    }
  };
  walk(prefix);
  return last ? (prefix === '' ? found : [prefix, ...found]) : [prefix, ...found];
}

function exists(directories: Directories, prefix: string, name: string): boolean {
  const names = read(directories, prefix);
  // `.` and `..` are in every directory, though readDirectory does not list them.
  return names !== undefined && (name === '.' || name === '..' || names.includes(name));
}

function read(directories: Directories, prefix: string): readonly string[] | undefined {
  const path = prefix.startsWith('/') ? prefix : `${directories.cwd}/${prefix}`;
  return directories.readDirectory(path.replace(/\/+/g, '/').replace(/(?<=.)\/$/, ''));
}
