/**
 * The matches of each `-A` action for a word, as bash's compgen lists them: unsorted and with
 * repeats (a name that is a builtin and a program comes twice), in the order they are found.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBytes, fsPath } from '../bytes';
import { allSignals } from '../exec/signals';
import { SET_OPTIONS } from '../interp/option-names';
import { ShellOptions } from '../interp/options';
import type { ShellState } from '../interp/state';
import { tildeExpansion } from '../interp/tilde';
import type { ActionName } from '../interp/completion-specs';

/** bash's reserved words, as `compgen -k` lists them. */
export const KEYWORDS: readonly string[] = [
  'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done',
  'in', 'function', 'time', '{', '}', '!', '[[', ']]', 'coproc',
];

export interface CompletionJob {
  readonly command: string;
  readonly stopped: boolean;
}

/** What the actions list from beyond the shell's state. */
export interface ActionSources {
  readonly state: ShellState;
  /** Every builtin's name, and whether it is enabled. */
  builtins(): readonly (readonly [string, boolean])[];
  jobs(): readonly CompletionJob[];
  /** `help`'s topics. */
  helpTopics(): readonly string[];
  /** The line editor's command names (`bind -l`). */
  bindings(): readonly string[];
  /** readline's completion-ignore-case (`bind 'set completion-ignore-case on'`): file and command names match in either case. */
  ignoreCase?(): boolean;
}

/** Whether `name` starts with `prefix`, in either case when `ignoreCase`. */
function startsWithIn(ignoreCase: boolean, name: string, prefix: string): boolean {
  return ignoreCase ? name.toLowerCase().startsWith(prefix.toLowerCase()) : name.startsWith(prefix);
}

export function actionMatches(action: ActionName, word: string, sources: ActionSources): string[] {
  const { state } = sources;
  const prefixed = (names: Iterable<string>): string[] => [...names].filter((name) => name.startsWith(word));
  switch (action) {
    case 'alias':
      return prefixed(state.aliases.keys());
    case 'arrayvar':
      return prefixed(state.assigned().filter(([, variable]) => typeof variable.value === 'object').map(([name]) => name));
    case 'binding':
      return prefixed(sources.bindings());
    case 'builtin':
      return prefixed(sources.builtins().map(([name]) => name));
    case 'enabled':
      return prefixed(sources.builtins().filter(([, enabled]) => enabled).map(([name]) => name));
    case 'disabled':
      return prefixed(sources.builtins().filter(([, enabled]) => !enabled).map(([name]) => name));
    case 'command':
      return commandNames(word, sources);
    case 'directory':
      return fileNames(word, state, true, sources.ignoreCase?.() === true);
    case 'file':
      return fileNames(word, state, false, sources.ignoreCase?.() === true);
    case 'export':
      return prefixed(state.exported().filter(([, variable]) => variable.value !== undefined).map(([name]) => name));
    case 'function':
      return prefixed(state.functions.keys());
    case 'group':
      return prefixed(databaseNames('/etc/group'));
    case 'user':
      return prefixed(databaseNames('/etc/passwd'));
    case 'helptopic':
      return prefixed(sources.helpTopics());
    case 'hostname':
      return prefixed(hostNames(state.get('HOSTFILE')));
    case 'service':
      return prefixed(serviceNames());
    case 'job':
      return prefixed(sources.jobs().map(jobName));
    case 'running':
      return prefixed(sources.jobs().filter((job) => !job.stopped).map(jobName));
    case 'stopped':
      return prefixed(sources.jobs().filter((job) => job.stopped).map(jobName));
    case 'keyword':
      return prefixed(KEYWORDS);
    case 'setopt':
      return prefixed(SET_OPTIONS.map(({ name }) => name));
    case 'shopt':
      return prefixed(ShellOptions.shoptNames());
    case 'signal':
      return prefixed(['EXIT', ...allSignals().map(([, name]) => `SIG${name}`), 'DEBUG', 'ERR', 'RETURN']);
    case 'variable':
      return prefixed(state.variableNames());
  }
}

/** A job's name for completion: its command's first word, as bash's it_init_joblist takes it. */
function jobName(job: CompletionJob): string {
  return job.command.trim().split(/\s+/)[0] ?? '';
}

/** bash's command_word_completion_function: aliases, keywords, functions, builtins, then programs on PATH. */
function commandNames(word: string, sources: ActionSources): string[] {
  const { state } = sources;
  const ignoreCase = sources.ignoreCase?.() === true;
  if (word.includes('/')) return fileNames(word, state, false, ignoreCase).filter((path) => isExecutable(expandedPath(path, state)) || isDirectory(expandedPath(path, state)));
  const names = [...state.aliases.keys(), ...KEYWORDS, ...state.functions.keys(), ...sources.builtins().filter(([, enabled]) => enabled).map(([name]) => name)].filter((name) =>
    startsWithIn(ignoreCase, name, word),
  );
  for (const directory of (state.get('PATH') ?? '').split(':')) {
    const path = directory === '' ? state.cwd : directory;
    for (const entry of list(path)) if (startsWithIn(ignoreCase, entry, word) && isExecutable(join(path, entry))) names.push(entry);
  }
  return names;
}

/** The path a completed word names: a leading `~` expanded, relative to the working directory. */
export function expandedPath(word: string, state: ShellState): string {
  const tilde = /^~[^/]*/.exec(word)?.[0];
  const home = tilde === undefined ? undefined : tildeExpansion(state, tilde.slice(1));
  const path = home === undefined || tilde === undefined ? word : home + word.slice(tilde.length);
  return path.startsWith('/') ? path : join(state.cwd, path);
}

/**
 * readline's filename completion: the entries of the word's directory that start with its last
 * part, the directory part kept as typed. Hidden names match too (match-hidden-files), `.` and
 * `..` only when the word's last part starts with a dot. `~name` alone is a user's home.
 */
function fileNames(word: string, state: ShellState, directoriesOnly: boolean, ignoreCase = false): string[] {
  const slash = word.lastIndexOf('/');
  if (slash < 0 && word.startsWith('~')) return databaseNames('/etc/passwd').filter((name) => name.startsWith(word.slice(1))).map((name) => `~${name}`);
  const directoryPart = word.slice(0, slash + 1);
  const namePrefix = word.slice(slash + 1);
  const directory = directoryPart === '' ? state.cwd : expandedPath(directoryPart, state);
  const entries = list(directory);
  if (namePrefix.startsWith('.')) entries.push('.', '..');
  return entries
    .filter((entry) => startsWithIn(ignoreCase, entry, namePrefix) && (!directoriesOnly || isDirectory(join(directory, entry))))
    .map((entry) => directoryPart + entry);
}

/** Whether `word` as a completed path names a directory. */
export function namesDirectory(word: string, state: ShellState): boolean {
  return isDirectory(expandedPath(word, state));
}

/** The first field of each line of a passwd-style file. */
function databaseNames(path: string): string[] {
  return readLines(path)
    .map((line) => line.split(':')[0] ?? '')
    .filter((name) => name !== '' && !name.startsWith('#') && !name.startsWith('+') && !name.startsWith('-'));
}

/** bash's hostname list: HOSTFILE (or /etc/hosts), every name after each address. */
function hostNames(hostfile: string | undefined): string[] {
  return readLines(hostfile === undefined || hostfile === '' ? '/etc/hosts' : hostfile).flatMap((line) => {
    const fields = (line.split('#')[0] ?? '').trim().split(/\s+/);
    return fields.length > 1 ? fields.slice(1) : [];
  });
}

/** getservent's names: /etc/services, each service's name and aliases. */
function serviceNames(): string[] {
  return readLines('/etc/services').flatMap((line) => {
    const fields = (line.split('#')[0] ?? '').trim().split(/\s+/);
    return fields.length > 1 ? [fields[0] as string, ...fields.slice(2)] : [];
  });
}

function readLines(path: string): string[] {
  try {
    return decodeBytes(readFileSync(fsPath(path))).split('\n');
  } catch {
    return [];
  }
}

function list(directory: string): string[] {
  try {
    return readdirSync(fsPath(directory), { encoding: 'buffer' }).map(decodeBytes);
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(fsPath(path)).isDirectory();
  } catch {
    return false;
  }
}

function isExecutable(path: string): boolean {
  try {
    const stats = statSync(fsPath(path));
    return stats.isFile() && (stats.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}
