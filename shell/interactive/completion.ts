/**
 * What Tab completes: a command name (builtins and programs on PATH) in command position, a
 * `%job` spec, otherwise a path relative to the working directory.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBytes, fsPath } from '../bytes';
import type { Completer, Completion } from './editor';

export interface CompletionSources {
  readonly cwd: () => string;
  readonly path: () => string;
  readonly home: () => string | undefined;
  readonly builtins: () => Iterable<string>;
  readonly jobs: () => readonly { readonly id: number; readonly command: string }[];
  /** readline's completion-ignore-case (`bind 'set completion-ignore-case on'`). */
  readonly ignoreCase?: () => boolean;
}

/** Whether `name` completes `prefix`, in the case sense the user set. */
function completes(name: string, prefix: string, sources: CompletionSources): boolean {
  return sources.ignoreCase?.() === true ? name.toLowerCase().startsWith(prefix.toLowerCase()) : name.startsWith(prefix);
}

const WORD_BREAKS = /[\s;&|<>()]/;

export function createCompleter(sources: CompletionSources): Completer {
  return async (line: string, cursor: number): Promise<Completion> => {
    let start = cursor;
    while (start > 0 && !WORD_BREAKS.test(line[start - 1] as string)) start -= 1;
    const word = line.slice(start, cursor);
    const before = line.slice(0, start).trimEnd();
    const commandPosition = before === '' || /[;&|(]$/.test(before);
    let candidates: string[];
    if (word.startsWith('%')) candidates = sources.jobs().map((job) => `%${job.id} `).filter((spec) => spec.startsWith(word));
    else if (commandPosition && !word.includes('/')) candidates = commandNames(word, sources);
    else candidates = pathCandidates(word, sources);
    return { start, end: cursor, candidates: [...new Set(candidates)].sort() };
  };
}

function commandNames(prefix: string, sources: CompletionSources): string[] {
  const names = [...sources.builtins()].filter((name) => completes(name, prefix, sources));
  for (const directory of sources.path().split(':')) {
    for (const entry of list(directory === '' ? sources.cwd() : directory)) {
      if (completes(entry, prefix, sources) && isExecutable(join(directory, entry))) names.push(entry);
    }
  }
  return names.map((name) => `${name} `);
}

function pathCandidates(word: string, sources: CompletionSources): string[] {
  const slash = word.lastIndexOf('/');
  const directoryPart = slash < 0 ? '' : word.slice(0, slash + 1);
  const namePrefix = word.slice(slash + 1);
  const home = sources.home();
  const expanded = directoryPart.startsWith('~/') && home !== undefined ? home + directoryPart.slice(1) : directoryPart;
  const directory = expanded === '' ? sources.cwd() : expanded.startsWith('/') ? expanded : join(sources.cwd(), expanded);
  return list(directory)
    .filter((entry) => completes(entry, namePrefix, sources) && (namePrefix.startsWith('.') || !entry.startsWith('.')))
    .map((entry) => `${directoryPart}${entry}${isDirectory(join(directory, entry)) ? '/' : ' '}`);
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
