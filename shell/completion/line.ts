/**
 * A command line as programmable completion sees it (bash's find_cmd_start, find_cmd_name,
 * split_at_delims and readline's word start): the command around the cursor from its name on,
 * past the assignments before it, its words split at COMP_WORDBREAKS, which word the cursor is
 * in, and where the text to complete starts.
 */

export interface LineWords {
  /** The command the cursor is in from its name on (COMP_LINE) and the cursor's offset in it (COMP_POINT). */
  readonly commandLine: string;
  readonly point: number;
  /** The command's name: its first word, up to a blank or an operator's character (what its compspec is found by). */
  readonly command: string;
  /** Assignments (`A=1 B=2`) came before the name, which the cursor is past. */
  readonly afterAssignments: boolean;
  /** The cursor is in an assignment before any name: no compspec applies. */
  readonly inAssignment: boolean;
  /** COMP_WORDS and COMP_CWORD. */
  readonly words: readonly string[];
  readonly current: number;
  /** Where the text to complete starts in the whole line: after the last word break before the cursor. */
  readonly start: number;
  /** The text to complete, as typed (quotes and backslashes kept). */
  readonly text: string;
  /** Inside an unclosed quote, the quote character. */
  readonly quote: "'" | '"' | undefined;
}

/** Characters that end a command: the cursor's command starts after the last of them. */
const COMMAND_SEPARATORS = ';&|()\n';
const BLANKS = ' \t\n';
/** What ends a command's name (bash's find_cmd_name). */
const NAME_DELIMITERS = '()<>;&| \t\n';
/** bash's assignment(): NAME=, NAME+=, NAME[subscript]= at the start of a word. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?\+?=/s;

/** Quote state at each offset of `line`: what an unquoted character there would be. */
function scan(line: string, visit: (index: number, char: string, quoted: boolean) => void): "'" | '"' | undefined {
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      visit(index, char, true);
    } else if (char === '\\' && index + 1 < line.length) {
      visit(index, char, true);
      index += 1;
      visit(index, line[index] as string, true);
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      visit(index, char, char !== '"');
    } else if (char === "'" || char === '"') {
      quote = char;
      visit(index, char, false);
    } else visit(index, char, false);
  }
  return quote;
}

/**
 * bash's enable_hostname_completion: COMP_WORDBREAKS as `shopt -s hostcomplete` (`@` put first,
 * if missing) or `-u` (every `@` taken out) leaves it.
 */
export function hostnameWordBreaks(wordBreaks: string, on: boolean): string {
  if (wordBreaks.includes('@') === on) return wordBreaks;
  return on ? `@${wordBreaks}` : wordBreaks.replaceAll('@', '');
}

/**
 * The line's command and words. `specialPrefixes` are readline's: word breaks that stay at the
 * start of the text to complete (`$`, and `@` with hostcomplete: `user@ho` completes `@ho`).
 */
export function splitLine(line: string, cursor: number, wordBreaks: string, specialPrefixes = ''): LineWords {
  let commandStart = 0;
  scan(line.slice(0, cursor), (index, char, quoted) => {
    if (!quoted && COMMAND_SEPARATORS.includes(char)) commandStart = index + 1;
  });
  let commandEnd = line.length;
  scan(line.slice(cursor), (index, char, quoted) => {
    if (!quoted && commandEnd === line.length && COMMAND_SEPARATORS.includes(char)) commandEnd = cursor + index;
  });
  const name = commandName(line, commandStart, cursor);
  const commandLine = line.slice(name.start, commandEnd);
  const point = cursor - name.start;
  const { words, current } = splitWords(commandLine, point, wordBreaks);
  // readline's text starts after the last unquoted word break before the cursor, or after an open quote.
  let start = name.start;
  let opened = 0;
  const quote = scan(line.slice(name.start, cursor), (index, char, quoted) => {
    if (quoted) return;
    if (char === "'" || char === '"') opened = name.start + index + 1;
    else if (BLANKS.includes(char)) start = name.start + index + 1;
    else if (wordBreaks.includes(char)) start = name.start + index + (specialPrefixes.includes(char) ? 0 : 1);
  });
  if (quote !== undefined) start = opened;
  return { commandLine, point, command: name.text, afterAssignments: name.afterAssignments, inAssignment: name.inAssignment, words, current, start, text: line.slice(start, cursor), quote };
}

/**
 * bash's loop over find_cmd_name in attempt_shell_completion: from the command's start, past
 * blanks and the assignments the cursor is beyond, to the word that names the command.
 */
function commandName(line: string, commandStart: number, cursor: number): { start: number; text: string; afterAssignments: boolean; inAssignment: boolean } {
  let start = Math.min(skipBlanks(line, commandStart), cursor);
  let afterAssignments = false;
  for (;;) {
    const end = nameEnd(line, start);
    const text = line.slice(start, end);
    if (!ASSIGNMENT.test(text)) return { start, text, afterAssignments, inAssignment: false };
    if (end >= cursor) return { start, text, afterAssignments, inAssignment: true };
    afterAssignments = true;
    start = Math.min(skipBlanks(line, end), cursor);
  }
}

function skipBlanks(line: string, from: number): number {
  let at = from;
  while (at < line.length && ' \t'.includes(line[at] as string)) at += 1;
  return at;
}

/** Where the word at `start` ends: at the first unquoted character of NAME_DELIMITERS. */
function nameEnd(line: string, start: number): number {
  let end: number | undefined;
  scan(line.slice(start), (index, char, quoted) => {
    if (end === undefined && !quoted && NAME_DELIMITERS.includes(char)) end = start + index;
  });
  return end ?? line.length;
}

/**
 * progcomp_alias: the line as bash's programmable completion rewrites it for an alias with no
 * compspec: the name replaced by the alias's value, the cursor moved with the text after it.
 */
export function withAliasExpanded(split: LineWords, value: string, wordBreaks: string): LineWords {
  const commandLine = value + split.commandLine.slice(split.command.length);
  const point = split.point + value.length - split.command.length;
  const { words, current } = splitWords(commandLine, point, wordBreaks);
  return { ...split, commandLine, point, command: value.slice(0, nameEnd(value, 0)), words, current };
}

interface Token {
  text: string;
  readonly kind: 'text' | 'breaks';
  readonly start: number;
  end: number;
}

/**
 * bash's split_at_delims for COMP_WORDS: blanks separate words, a run of the other break
 * characters is a word of its own, quotes and backslashes keep characters in their word. The
 * cursor's word is the one it is in or right after; after a blank it is a new empty word.
 */
function splitWords(text: string, point: number, wordBreaks: string): { words: string[]; current: number } {
  const tokens: Token[] = [];
  let last: Token | undefined;
  scan(text, (index, char, quoted) => {
    const blank = !quoted && BLANKS.includes(char);
    if (blank) {
      last = undefined;
      return;
    }
    const kind = !quoted && wordBreaks.includes(char) && char !== "'" && char !== '"' ? 'breaks' : 'text';
    if (last?.kind !== kind || last.end !== index) {
      last = { text: '', kind, start: index, end: index };
      tokens.push(last);
    }
    last.text += char;
    last.end = index + 1;
  });
  const words = tokens.map((token) => token.text);
  const inside = tokens.findIndex((token) => point >= token.start && point <= token.end);
  if (inside >= 0) {
    // Between two tokens that touch (`--opt=|value`), the cursor is in the second.
    const next = tokens[inside + 1];
    return { words, current: next?.start === point ? inside + 1 : inside };
  }
  const current = tokens.filter((token) => token.end < point).length;
  words.splice(current, 0, '');
  return { words, current };
}
