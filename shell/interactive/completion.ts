/**
 * What Tab completes, as bash's attempt_shell_completion: the compspec of the command the cursor
 * is in (`complete`; its name is the word after any assignments), tried again while its function
 * returns 124 (bash_completion's loader), the `-D` one for a command with none, then with
 * progcomp_alias the alias's command's, `-E` on an empty line, `-I` for the command word; then
 * bash's own: `$NAME`, `~user`, command names in command position, file names elsewhere.
 */
import { actionMatches, namesDirectory } from '../completion/actions';
import { bashMatches } from '../completion/defaults';
import { generate, type CompletionHost } from '../completion/generate';
import { splitLine, withAliasExpanded, type LineWords } from '../completion/line';
import { targetName, type CompletionOption, type CompSpec, type SpecTarget } from '../interp/completion-specs';
import type { Completer, Completion } from './editor';

const DEFAULT_WORD_BREAKS = ' \t\n"\'@><=;|&(:';
/** How often a function may return 124 in a row before its completion is given up (bash's limit). */
const RETRIES = 32;
/** readline's rl_filename_quote_characters: backslashed in a completed file name. */
const FILENAME_SPECIALS = /[ \t\n\\"'@<>=;|&()#$`?*[!:{~]/g;

/** Matches as completion produced them, before they become the line's replacements. */
interface Matches {
  readonly matches: readonly string[];
  readonly options: ReadonlySet<CompletionOption>;
  /** They are file names: directories get `/`, special characters a backslash, the listing the last part. */
  readonly filenames: boolean;
  /** Variables (`$HOME`): one whose value is a directory gets `/` when it is the only match. */
  readonly variables?: boolean;
}

export function createCompleter(host: CompletionHost): Completer {
  return async (line, cursor, listing) => {
    const { state } = host;
    const wordBreaks = state.get('COMP_WORDBREAKS') ?? DEFAULT_WORD_BREAKS;
    const split = splitLine(line, cursor, wordBreaks, state.options.shopted('hostcomplete') ? '$@' : '$');
    // In an assignment before the name, or after assignments where no name has begun, bash
    // runs no compspec and completes file names.
    const noCommand = split.inAssignment || (split.afterAssignments && split.command === '');
    const commandPosition = split.current === 0 && !noCommand;
    let found = state.options.shopted('progcomp') && !noCommand ? await programmable(host, split, { commandPosition, emptyLine: line === '', listing, wordBreaks }) : undefined;
    if (found === undefined || (found.matches.length === 0 && found.options.has('bashdefault'))) {
      const bash = bashDefaults(host, split, commandPosition);
      found = found === undefined ? bash : { ...bash, options: found.options, filenames: bash.filenames || found.filenames };
    }
    if (found.matches.length === 0 && found.options.has('default')) found = { ...found, matches: actionMatches('file', dequoted(split.text), host), filenames: true };
    return replacements(found, split, host);
  };
}

/** The compspec for the cursor's command, run; undefined where none applies. */
/** Where programmable completion runs: the command word or not, on a line with nothing at all (-E), for the Tab that lists. */
interface Occasion {
  readonly commandPosition: boolean;
  readonly emptyLine: boolean;
  readonly listing: boolean;
  readonly wordBreaks: string;
}

async function programmable(host: CompletionHost, typed: LineWords, { commandPosition, emptyLine, listing, wordBreaks }: Occasion): Promise<Matches | undefined> {
  const { state } = host;
  const specs = state.completions;
  let split = typed;
  const lookUp = (): [SpecTarget, CompSpec] | undefined => {
    const target = ((): SpecTarget | undefined => {
      if (commandPosition) {
        if (emptyLine && specs.get({ kind: 'special', target: 'empty' }) !== undefined) return { kind: 'special', target: 'empty' };
        return specs.get({ kind: 'special', target: 'initial' }) === undefined ? undefined : { kind: 'special', target: 'initial' };
      }
      const { command } = split;
      for (const name of [command, command.slice(command.lastIndexOf('/') + 1)]) if (specs.get({ kind: 'command', name }) !== undefined) return { kind: 'command', name };
      return { kind: 'special', target: 'default' };
    })();
    const spec = target === undefined ? undefined : specs.get(target);
    // What the function is told it completes: the command as typed (under -D too), or -E / -I.
    return spec === undefined || target === undefined ? undefined : [target.kind === 'command' || target.target === 'default' ? { kind: 'command', name: split.command } : target, spec];
  };
  /** progcomp_alias: a command with no compspec, not even -D, completes as its alias's first word (bash 5.2). */
  const aliasExpanded = (): LineWords | undefined => {
    const value = commandPosition || !state.options.shopted('progcomp_alias') ? undefined : state.aliases.get(split.command);
    if (value === undefined || value === '') return undefined;
    const expanded = withAliasExpanded(split, value, wordBreaks);
    return expanded.command === '' ? undefined : expanded;
  };
  const variables = ['COMP_LINE', 'COMP_POINT', 'COMP_WORDS', 'COMP_CWORD', 'COMP_TYPE', 'COMP_KEY'];
  // What the function runs leaves `$?` as it was for the next command.
  const { lastStatus } = state;
  try {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const found = lookUp();
      if (found === undefined) {
        const expanded = aliasExpanded();
        if (expanded === undefined) return undefined;
        split = expanded;
        continue;
      }
      const [target, spec] = found;
      const name = targetName(target);
      // A command of no words has none in COMP_WORDS, and COMP_CWORD -1 (bash).
      const words = split.commandLine.trim() === '' ? [] : split.words;
      const current = words.length === 0 ? -1 : split.current;
      state.set('COMP_LINE', split.commandLine);
      state.set('COMP_POINT', String(split.point));
      state.assignArray(
        'COMP_WORDS',
        words.map((value) => ({ key: undefined, value, append: false })),
        false,
      );
      state.set('COMP_CWORD', String(current));
      // Tab, or '?' for the Tab that lists (bash's rl_completion_type).
      state.set('COMP_TYPE', listing ? '63' : '9');
      state.set('COMP_KEY', '9');
      const active = new Set(spec.options);
      specs.active = { options: active, target };
      // bash's build_arg_list: the word before the cursor's, the first word when the cursor's is the first.
      const previous = words[Math.max(current - 1, 0)] ?? '';
      const generated = await generate(spec, split.text, host, { command: name, word: split.text, previous }, active);
      specs.active = undefined;
      if (generated.retry) continue;
      return { matches: generated.matches, options: active, filenames: active.has('filenames') };
    }
    return undefined;
  } finally {
    specs.active = undefined;
    for (const name of variables) state.unset(name);
    state.lastStatus = lastStatus;
  }
}

/** bash's own completions: `$NAME`, `~user`, commands in command position, else file names. */
function bashDefaults(host: CompletionHost, split: LineWords, commandPosition: boolean): Matches {
  const none = new Set<CompletionOption>();
  const bash = split.quote === "'" ? undefined : bashMatches(split.text, host);
  if (bash !== undefined) return { matches: bash, options: none, filenames: split.text.startsWith('~'), variables: split.text.startsWith('$') };
  const text = dequoted(split.text);
  if (commandPosition && !text.includes('/')) {
    // no_empty_cmd_completion: no search of PATH for a command on an empty line.
    const empty = text === '' && split.commandLine.trim() === '' && host.state.options.shopted('no_empty_cmd_completion');
    return { matches: empty ? [] : actionMatches('command', text, host), options: none, filenames: false };
  }
  return { matches: actionMatches(commandPosition ? 'command' : 'file', text, host), options: none, filenames: true };
}

/** The word as the shell would read it: quotes and backslashes removed. */
function dequoted(text: string): string {
  return text.replace(/\\(.)|["']/g, (_, escaped: string | undefined) => escaped ?? '');
}

function replacements(found: Matches, split: LineWords, host: CompletionHost): Completion {
  const { options } = found;
  const matches = [...new Set(found.matches)];
  if (!options.has('nosort')) matches.sort();
  const unique = matches.length === 1;
  const labels: string[] = [];
  const candidates = matches.map((match) => {
    let text = match;
    let finished = !options.has('nospace');
    if (found.filenames) {
      if (namesDirectory(match, host.state)) {
        text += '/';
        finished = false;
      }
      // readline lists a file name's last part.
      labels.push(text.slice(text.slice(0, -1).lastIndexOf('/') + 1));
      if (!options.has('noquote') && split.quote === undefined) text = text.replace(FILENAME_SPECIALS, (char, offset: number) => (char === '~' && offset === 0 ? char : `\\${char}`));
    } else {
      labels.push(text);
      if (found.variables === true && unique) {
        const value = host.state.get(match.replace(/^\$\{?|\}$/g, ''));
        if (value !== undefined && value !== '' && namesDirectory(value, host.state)) {
          text += '/';
          finished = false;
        }
      }
    }
    // readline closes an open quote after a finished word.
    if (finished && split.quote !== undefined) text += split.quote;
    return finished ? `${text} ` : text;
  });
  return { start: split.start, end: split.start + split.text.length, candidates, listed: { labels, marksDirectories: found.filenames } };
}
