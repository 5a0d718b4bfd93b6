/**
 * POSIX extended regular expressions (what `[[ =~ ]]` takes) as JavaScript RegExps. The syntax
 * is JavaScript's outside bracket expressions; inside them a backslash is an ordinary character
 * and `[:class:]` names a character class (the POSIX locale's), so those are rewritten.
 */

const CLASSES: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t-\\r ',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

/** Escapes text so that it matches itself in a regular expression (a quoted part of `=~`'s right side). */
export function regexLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Throws SyntaxError for an expression JavaScript cannot compile. */
export function regexFromExtended(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const c = pattern[index] as string;
    if (c === '\\') {
      source += pattern.slice(index, index + 2);
      index += 1;
    } else if (c === '[') {
      const bracket = bracketExpression(pattern, index);
      source += bracket.source;
      index = bracket.end;
    } else {
      source += c;
    }
  }
  return new RegExp(source);
}

/** The bracket expression opening at `open` as a JavaScript class, and the index of its `]`. */
function bracketExpression(pattern: string, open: number): { source: string; end: number } {
  let index = open + 1;
  let source = '[';
  if (pattern[index] === '^') {
    source += '^';
    index += 1;
  }
  // A `]` first in the expression is a member, not its end.
  if (pattern[index] === ']') {
    source += '\\]';
    index += 1;
  }
  for (; index < pattern.length; index += 1) {
    const c = pattern[index] as string;
    if (c === ']') return { source: `${source}]`, end: index };
    const named = c === '[' && pattern[index + 1] === ':' ? /^\[:([a-z]+):\]/.exec(pattern.slice(index)) : null;
    const members = named === null ? undefined : CLASSES[named[1] as string];
    if (named !== null && members !== undefined) {
      source += members;
      index += named[0].length - 1;
    } else {
      source += c === '\\' || c === '[' ? `\\${c}` : c;
    }
  }
  // No closing `]`: the `[` stands for itself.
  return { source: '\\[', end: open };
}
