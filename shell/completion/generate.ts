/**
 * A compspec's matches for one word, in bash's order (gen_compspec_completions): the actions,
 * the -G glob, the -W word list, the -F function's COMPREPLY, the -C command's lines; then the
 * -X filter, and -P / -S around each.
 */
import { existsSync } from 'node:fs';
import { fsPath } from '../bytes';
import { matchesPattern } from '../expand/pattern';
import { parse, type Word } from '../syntax';
import { actionMatches, expandedPath, type ActionSources } from './actions';
import type { CompletionOption, CompSpec } from '../interp/completion-specs';

export interface CompletionHost extends ActionSources {
  /** `words` expanded as a command's words are; `glob` false leaves pathname expansion out. */
  expandWords(words: readonly Word[], glob: boolean): Promise<string[]>;
  /** Runs commands in the shell's own context (a -F function); their status. */
  run(source: string): Promise<number>;
  /** Runs commands as `$(...)` would (a -C command); their standard output. */
  capture(source: string): Promise<string>;
}

/** What the command line says of the word being completed, for -F and -C. */
export interface CompletionCall {
  readonly command: string;
  readonly word: string;
  readonly previous: string;
}

export interface Generated {
  readonly matches: string[];
  /** The -F function returned 124: its compspec may have changed, try again (bash_completion's loader). */
  readonly retry: boolean;
}

/** Words of `source` quoted for the shell to read back as they are. */
export function quotedWords(words: readonly string[]): string {
  return words.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
}

export async function generate(spec: CompSpec, word: string, host: CompletionHost, call: CompletionCall | undefined, options: ReadonlySet<CompletionOption>): Promise<Generated> {
  const matches: string[] = [];
  for (const action of spec.actions) matches.push(...actionMatches(action, word, host));
  if (spec.glob !== undefined) {
    const globbed = await host.expandWords(wordsOf(spec.glob), true);
    // A pattern that matched nothing stays as it is in expansion; as a compspec it matches nothing.
    if (!(globbed.length === 1 && globbed[0] === spec.glob && !existsSync(fsPath(expandedPath(spec.glob, host.state))))) matches.push(...globbed);
  }
  if (spec.words !== undefined) {
    const words = await host.expandWords(splitAtDelimiters(spec.words, host.state.get('IFS') ?? ' \t\n').flatMap(wordsOf), false);
    matches.push(...words.filter((candidate) => candidate.startsWith(word)));
  }
  let retry = false;
  if (spec.func !== undefined && call !== undefined) {
    host.state.unset('COMPREPLY');
    const status = await host.run(`${spec.func} ${quotedWords([call.command, call.word, call.previous])}`);
    retry = status === 124;
    matches.push(...(host.state.entries('COMPREPLY') ?? []).map(([, value]) => value));
  }
  if (spec.command !== undefined && call !== undefined) {
    const output = await host.capture(`${spec.command} ${quotedWords([call.command, call.word, call.previous])}`);
    matches.push(...output.split('\n').filter((line) => line !== ''));
  }
  let kept = spec.filter === undefined ? matches : filtered(matches, spec.filter, word, host.state.options.shopted('extglob'));
  if (spec.prefix !== undefined || spec.suffix !== undefined) kept = kept.map((match) => `${spec.prefix ?? ''}${match}${spec.suffix ?? ''}`);
  if (kept.length === 0 && options.has('dirnames')) kept = actionMatches('directory', word, host);
  else if (options.has('plusdirs')) kept.push(...actionMatches('directory', word, host));
  return { matches: kept, retry };
}

/** -X: `&` stands for the word (`\&` for itself); a leading `!` keeps what matches instead. */
function filtered(matches: readonly string[], filter: string, word: string, extglob: boolean): string[] {
  const negated = filter.startsWith('!');
  const pattern = (negated ? filter.slice(1) : filter).replace(/\\&|&/g, (found) => (found === '&' ? word.replace(/[\\*?[]/g, '\\$&') : found));
  return matches.filter((match) => matchesPattern(pattern, match, { extglob }) === negated);
}

/** bash's split_at_delims for -W: words end at IFS characters outside quotes and substitutions. */
export function splitAtDelimiters(text: string, ifs: string): string[] {
  const words: string[] = [];
  let current = '';
  let started = false;
  for (let index = 0; index < text.length; ) {
    const char = text[index] as string;
    if (ifs.includes(char)) {
      if (started) words.push(current);
      current = '';
      started = false;
      index += 1;
      continue;
    }
    const end = quotedEnd(text, index);
    current += text.slice(index, end);
    started = true;
    index = end;
  }
  if (started) words.push(current);
  return words;
}

/** The end of the quoted or substituted piece at `index`, or of the one character there. */
function quotedEnd(text: string, index: number): number {
  const char = text[index];
  if (char === '\\') return Math.min(text.length, index + 2);
  if (char === "'") {
    const close = text.indexOf("'", index + 1);
    return close < 0 ? text.length : close + 1;
  }
  if (char === '"' || (char === '$' && (text[index + 1] === '(' || text[index + 1] === '{'))) {
    const open = char === '"' ? '"' : (text[index + 1] as string);
    const close = open === '"' ? '"' : open === '(' ? ')' : '}';
    let depth = 0;
    for (let at = index + (char === '"' ? 1 : 2); at < text.length; at++) {
      const here = text[at];
      if (here === '\\') at += 1;
      else if (here === open && open !== '"') depth += 1;
      else if (here === close) {
        if (depth === 0) return at + 1;
        depth -= 1;
      }
    }
    return text.length;
  }
  return index + 1;
}

/** `text` read as shell words; text the parser refuses (an unbalanced quote) is one literal word. */
function wordsOf(text: string): Word[] {
  try {
    const { items } = parse(`: ${text}`).body;
    const andOr = items.length === 1 ? items[0]?.andOr : undefined;
    const command = andOr?.rest.length === 0 && andOr.first.commands.length === 1 ? andOr.first.commands[0] : undefined;
    if (command?.kind === 'SimpleCommand' && command.redirects.length === 0 && items[0]?.background === false) {
      const words = command.words.slice(1);
      if (words.length > 0) return words;
    }
  } catch {
    // Read literally below.
  }
  return wordsOf(`'${text.replaceAll("'", "'\\''")}'`);
}
