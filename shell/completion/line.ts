/**
 * A command line as programmable completion sees it (bash's find_cmd_start, split_at_delims and
 * readline's word start): the command around the cursor, its words split at COMP_WORDBREAKS,
 * which word the cursor is in, and where the text to complete starts.
 */

export interface LineWords {
  /** The command the cursor is in (COMP_LINE) and the cursor's offset in it (COMP_POINT). */
  readonly commandLine: string;
  readonly point: number;
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

export function splitLine(line: string, cursor: number, wordBreaks: string): LineWords {
  let commandStart = 0;
  scan(line.slice(0, cursor), (index, char, quoted) => {
    if (!quoted && COMMAND_SEPARATORS.includes(char)) commandStart = index + 1;
  });
  let commandEnd = line.length;
  scan(line.slice(cursor), (index, char, quoted) => {
    if (!quoted && commandEnd === line.length && COMMAND_SEPARATORS.includes(char)) commandEnd = cursor + index;
  });
  const commandLine = line.slice(commandStart, commandEnd);
  const point = cursor - commandStart;
  const { words, current } = splitWords(commandLine, point, wordBreaks);
  // readline's text starts after the last unquoted word break before the cursor, or after an open quote.
  let start = commandStart;
  let opened = 0;
  const quote = scan(line.slice(commandStart, cursor), (index, char, quoted) => {
    if (quoted) return;
    if (char === "'" || char === '"') opened = commandStart + index + 1;
    else if (wordBreaks.includes(char) || BLANKS.includes(char)) start = commandStart + index + 1;
  });
  if (quote !== undefined) start = opened;
  return { commandLine, point, words, current, start, text: line.slice(start, cursor), quote };
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
