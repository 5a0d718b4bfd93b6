/**
 * Random shell words for the expansion property test, as source text: literals, quoting,
 * parameter expansions with every operator, `$(( ))` with random (and broken) expressions, command
 * substitution of `echo` and `printf`, tilde and globs, nested to a small depth. Every word parses
 * in bash (errors come at expansion time), so one word cannot end the others' script.
 *
 * The values the words see are fixed by PRELUDE (fixture.ts); a case also picks an IFS.
 */
import fc from 'fast-check';

/** Constructs the generator can leave out (the test file names each exclusion and why). */
export type Construct =
  /** `"${x:-\{}"`: a backslash-brace in a double-quoted operator word. */
  | 'quotedOperandBraceEscape'
  /** `"${x+'"a'}"`: a double quote after a single quote in a double-quoted operator word. */
  | 'quotedOperandQuoteAfterSingleQuote'
  /** `${x:1?2:0}`, `${x:(1):2}`: a conditional offset, or a parenthesised one followed by a length. */
  | 'offsetSyntax'
  /** `IFS=-` with `[a-c]$g`, `IFS=*` with `$a*`: bash quotes a split word's literal IFS characters, so they lose their meaning in a pattern. */
  | 'ifsPatternCharacters'
  /** `$'\u00e9'` in the C locale (bash leaves `\u00E9`, as it cannot encode it). */
  | 'ansiCUnicodeInCLocale'
  /** `{Z..c}`, `{e.._}`: letter sequences through `` ` `` and `\` (bash reads a produced backquote as syntax: a bash bug). */
  | 'braceLetterPunctuation'
  /** `$g{1,2}`, `{$n,x}y`: braces next to a `$name` (bash expands braces as text first: `$g1`, `$ny`). */
  | 'braceAfterName'
  /** `"${a:+"{1,2}"}"`, `"${a/"'"x}"{,}`: braces in a word whose double-quoted operator word has quotes in it. */
  | 'braceQuoteToggling'
  /** `"${*:1}$@"`: an operator on `$*` in a word that also expands a list (bash splits the `$*` part as `$@`: a bash bug). */
  | 'starOperatorBeforeList'
  /** `"${s:+"\a"}"`: backslashes in double quotes inside a double-quoted operator word (bash removes them). */
  | 'nestedQuotesBackslash'
  /** `$a$!` with no background job: bash does not split `$a` there (a bash bug). */
  | 'unsetBang'
  /** `$(echo $'\n'; ...)`: bash counts the newline `$'\n'` makes in a command substitution as a line. */
  | 'ansiCNewlineLine'
  /** `${?^}`, `${#,,}`, `${-^}`, `${#+}`, `${#=}`: bash says bad substitution. */
  | 'specialOperatorSyntax'
  /** `${#-}`: the length of `$-`, whose letters differ on purpose. */
  | 'optionLetters'
  /** `~root:x`, `~:x`: a tilde prefix ended by `:` (bash expands it, and leaves the rest of the word unexpanded). */
  | 'tildeColon'
  /** `$(printf '%c')`, `$(printf '%b' '\0')`: a NUL byte in a command substitution's output. */
  | 'nulInSubstitution'
  /** `IFS=é`: a multibyte IFS character in the C locale (bash splits on each of its bytes). */
  | 'multibyteIfs'
  /** `"${u:-'}'}"`: a `}` in single quotes in a double-quoted operator word. */
  | 'quotedOperandSingleQuotedBrace'
  /** `${x@P}` of a value with `$` in it (bash expands it again: promptvars). */
  | 'promptParameters'
  /** `${x@P}` of `\s`, the shell's name: `bash` or `quirl`, a difference on purpose. */
  | 'promptShellName'
  /** `"${@@A}"` (and `"${!at@A}"`): bash splits its `set -- 'one'` on IFS white space in double quotes (a bash bug). */
  | 'quotedPositionalAssignment'
  /** `${x/[!]]/r}`: bash 5.2's `/` operators never match a bracket expression of `!` or `^` then `]` (a bash bug). */
  | 'replaceNegatedBracket'
  /** `"${a/"'"}"{,}`, `"${a/"{,}"}"`: a brace in a word with `"` nested in a `${...}` in double quotes (bash's brace pass misreads the quotes). */
  | 'braceNestedQuotes';

/** Which constructs a test stresses: the weight of each kind of part of a word. */
export interface Focus {
  readonly literal: number;
  readonly quoted: number;
  readonly parameter: number;
  readonly arithmetic: number;
  readonly substitution: number;
  readonly glob: number;
  /** How often a word starts with a tilde, in percent. */
  readonly tilde: number;
  /** How often a case sets IFS, in percent. */
  readonly ifs: number;
}

/** One generated case: the word, and the IFS set before it (undefined: as the prelude left it). */
export interface WordCase {
  readonly word: string;
  readonly ifs: IfsSetting | undefined;
}

export type IfsSetting = { readonly kind: 'unset' } | { readonly kind: 'value'; readonly value: string };

/** Variables the prelude sets (see fixture.ts), and the parameters that are the same in both shells. */
const VARIABLES = ['a', 'e', 'n', 'm', 's', 'p', 'g', 'q', 't', 'l', 'u8', 'uc', 'r', 'ri', 'b', 'big', 'hex', 'oct', 'ex', 'bad', 'u'] as const;
const SPECIALS = ['@', '*', '#', '?', '1', '2', '3', '4', '5', '10', '0', '!'] as const;
const NAMES = [...VARIABLES, ...SPECIALS];
/** `$@` and the like are not names: `${!@}` is something else. Indirection goes through these. */
const INDIRECT_NAMES = ['r', 'ri', 'a', 'u', 'e', 'n', 'at'] as const;
const PREFIXES = ['a', 'b', 'u', 'q', 'r', 'zz'] as const;

/** Unquoted text that is not syntax anywhere in a word: no quotes, `$`, braces, blanks, `#`, wildcards. */
const PLAIN = ['a', 'b', 'c', 'x', 'ab', 'A', 'Z', '0', '1', '9', '.txt', '.', 'dir', '/', '-', '_', '=', ':', ',', '%', '+', '@', '!', '^', '~', 'é', ']'];
/** Pattern text in `${x#p}`: no `/` (it would end a `/` operator's pattern), no `#%^,` (they would change the operator). */
const PATTERN_PLAIN = ['a', 'b', 'c', 'x', ' ', '.', '-', '_', 'A', 'é', '1', 'txt', ':', '='];
const WILDCARDS = ['*', '?', '[ab]', '[!a]', '[^a]', '[a-c]', '[[:alpha:]]', '[[:upper:]]', '[[:space:]]', '[]x]', '[!]]', '[', '[.]', '[[:nope:]]', '[z-a]'];
const ESCAPED = [' ', '*', '?', '$', '"', "'", '\\', 'a', '[', '~', '{', '}', '|', ';', '&', '(', ')', '<', '>', '#', '`', 'n', 't', '/', '-'];
/** Inside "...": text with no `"`, `$`, backquote or backslash of its own. */
const DQ_PLAIN = ['a', 'b', ' ', '  ', '*', '?', "'", '~', '{a,b}', '#', '\t', 'é', ':', '}', '[a]', '!'];
/** Backslashes inside "...": the four that escape, and others that stay. */
const DQ_ESCAPES = ['\\$', '\\"', '\\\\', '\\`', '\\a', '\\*', "\\'", '\\}', '\\n'];
/** Single-quoted text: anything but `'`. */
const SQ_TEXT = ['', 'a b', '*', '$a', '"', '\\', '\\n', '  x  ', '{a,b}', '~', 'é', '}', ':', '\t'];
/** Escapes, among them bytes that are not UTF-8 alone (`\xff`) and halves of one that is (`\xc3` then `\xa9`). */
const ANSI_C = ['\\t', '\\n', 'a\\x41', '\\u00e9', '\\101', "\\'", '\\\\', '\\e[', '\\cA', '\\E', 'plain', '\\x', '\\q', '\\"', '\\xff', '\\xc3', '\\xa9', '\\351'];
const PRINTF_FORMATS = ['%s', '<%s>', '%s\\n', '%d\\n', '%5s|', '%-3s|', '%.2s', '%x', '%o', '%c', '%b', '%q ', '%%', '%s %s\\n', 'a\\tb', '%i', '%.1f', '%05d', '%+d'];
const TILDES = ['~', '~/', '~/x', '~root', '~root/a', '~nosuch', '~nosuch/x', '~+', '~-', '~+/x'];
const IFS_VALUES = ['', ':', ' :', ',', '\t', 'ab', '*', ' ', ': ', '\\', '-', '.', ' \t\n', 'b*', 'é'];

/** Bash's operators on a parameter, by shape. */
const DEFAULT_OPERATORS = ['-', ':-', '=', ':=', '?', ':?', '+', ':+'];
const TRIM_OPERATORS = ['#', '##', '%', '%%'];
/**
 * An extglob group in a pattern (the prelude turns extglob on): no empty alternative, where
 * bash 5.2's matcher has quirks of its own (`@()` is literal text, `?+()` matches nothing).
 */
const EXTGLOB_GROUP: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('?', '*', '+', '@', '!'),
    fc.array(fc.array(fc.constantFrom(...PATTERN_PLAIN, '*', '?', '[ab]'), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
  )
  .map(([operator, alternatives]) => `${operator}(${alternatives.map((alternative) => alternative.join('')).join('|')})`);
const REPLACE_OPERATORS = ['/', '//', '/#', '/%'];
const CASE_OPERATORS = ['^', '^^', ',', ',,'];
const TRANSFORMS = ['Q', 'E', 'P', 'U', 'u', 'L', 'K', 'k', 'A', 'a', 'Z'];

const ARITH_NUMBERS = ['0', '1', '2', '3', '7', '42', '-1', '63', '64', '9223372036854775807', '9223372036854775808', '0x7fffffffffffffff', '0xff', '0X1a', '017', '08', '0x', '2#1011', '36#zz', '64#@_', '65#1', '1#1', '10#09'];
const ARITH_NAMES = ['n', 'm', 'u', 'big', 'hex', 'oct', 'ex', 'bad', 'a', 'e', 'q'];
const ARITH_REFERENCES = ['$n', '${n}', '$m', '${#a}', '$#', '$(echo 3)', '"2"', "'1'", '$1', '${u:-5}'];
const BINARY = ['+', '-', '*', '/', '%', '**', '<<', '>>', '<', '<=', '>', '>=', '==', '!=', '&', '^', '|', '&&', '||', ','];
const UNARY = ['-', '+', '!', '~', '- -', '!!'];
const ASSIGNMENTS = ['=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '^=', '|='];
/** Broken expressions with balanced parentheses (an unbalanced one changes how `$((` parses). */
const ARITH_JUNK = ['1 +', '* 2', '1 2', '3 = 4', '++5', '1 ? 2', '1 ? 2 :', '~', '@', '1 ** -1', '2 ** 63', '1 / 0', '5 % 0', '1.5', 'n++ ++', '()', ' ', '', 'a b', '$', '1 +, 2', 'x[', '--'];

type Arb = fc.Arbitrary<string>;

const pick = (values: readonly string[]): Arb => fc.constantFrom(...values);

/**
 * Whether a `"` is nested in a `${...}` that is itself in double quotes (`"${a/"x"}"`): bash's
 * brace expansion scans the raw word and takes that `"` as closing the outer quotes.
 */
function quoteNestedInQuotedParameter(text: string): boolean {
  // What each open `"`, `${` and `$(` is; a `${` in double quotes is 'quoted'.
  const open: ('"' | 'quoted' | '${' | '$(')[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = open[open.length - 1];
    if (c === '\\') i++;
    else if (c === "'" && top !== '"') {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return false;
      i = close;
    } else if (c === '"') {
      if (top === 'quoted') return true;
      if (top === '"') open.pop();
      else open.push('"');
    } else if (c === '$' && text[i + 1] === '{') {
      open.push(top === '"' ? 'quoted' : '${');
      i++;
    } else if (c === '$' && text[i + 1] === '(') {
      open.push('$(');
      i++;
    } else if (c === '(' && top === '$(') open.push('$(');
    else if ((c === '}' && (top === '${' || top === 'quoted')) || (c === ')' && top === '$(')) open.pop();
  }
  return false;
}
const join = (parts: fc.Arbitrary<string[]>): Arb => parts.map((texts) => texts.join(''));

/** The arbitraries of one nesting depth; each nests those of the depth below. */
interface Level {
  /** A whole unquoted word's parts (no tilde prefix). */
  readonly unquoted: Arb;
  /** A part inside "...". */
  readonly inDoubleQuotes: Arb;
  readonly parameter: Arb;
  /** A parameter expansion inside "...". */
  readonly quotedParameter: Arb;
  readonly arithmetic: Arb;
  readonly substitution: Arb;
}

export class WordGenerator {
  private readonly levels: Level[] = [];

  constructor(
    private readonly excluded: ReadonlySet<Construct>,
    private readonly focus: Focus,
  ) {}

  /** One case: a word of 1 to 4 parts, maybe after a tilde, and maybe an IFS. */
  cases(maxDepth = 2): fc.Arbitrary<WordCase> {
    const level = this.level(maxDepth);
    const word = fc
      .tuple(fc.integer({ min: 0, max: 99 }), pick(TILDES), fc.array(level.unquoted, { minLength: 1, maxLength: 4 }))
      // Rolls that shrink toward 0 shrink toward no tilde and no IFS.
      .map(([roll, tilde, parts]) => {
        const rest = parts.join('');
        const colon = this.excluded.has('tildeColon') && !tilde.includes('/') && rest.startsWith(':');
        return (roll >= 100 - this.focus.tilde && !colon ? tilde : '') + rest;
      });
    const ifs: fc.Arbitrary<IfsSetting | undefined> = fc.integer({ min: 0, max: 99 }).chain((roll) =>
      roll < 100 - this.focus.ifs
        ? fc.constant(undefined)
        : fc.oneof(
            fc.constant<IfsSetting>({ kind: 'unset' }),
            pick(IFS_VALUES.filter((value) => (!this.excluded.has('multibyteIfs') || /^[\x00-\x7f]*$/.test(value)) && (!this.excluded.has('ifsPatternCharacters') || !/[-*?[\]!^]/.test(value)))).map((value): IfsSetting => ({ kind: 'value', value })),
          ),
    );
    // Exclusions that are easier to see in the finished text than to keep out of each part.
    const textual: [Construct, RegExp][] = [
      ['braceAfterName', /\$[A-Za-z_][A-Za-z0-9_]*\{/],
      // A `${` whose word has a quote in it (it may be in double quotes), and a brace expression anywhere.
      ['braceQuoteToggling', /^(?=[\s\S]*\$\{[^}]*["'])(?=[\s\S]*\{[^{}]*(?:,|\.\.)[^{}]*\})/],
      ['tildeColon', /(?:^|[\s(`])~[a-z0-9+-]*:/],
      ['starOperatorBeforeList', /^(?=[\s\S]*\$\{\*[^}])(?=[\s\S]*(?:\$@|\$\{@|\$\{![A-Za-z_]\w*@|\[@\]))/],
      // `$'...'` read escape by escape: `\'` does not end it, and `\\n` is no newline; `\xa`
      // (`\x` next to `a\x41` spells one), `\012` and `\cj` are newlines too.
      ['ansiCNewlineLine', /\$\(.*\$'(?:[^'\\]|\\[\s\S])*\\(?:n|x0?[aA](?![0-9a-fA-F])|0?12(?![0-7])|c[jJ])/s],
    ];
    const unwanted = textual.filter(([construct]) => this.excluded.has(construct)).map(([, pattern]) => pattern);
    const braceQuotes = this.excluded.has('braceNestedQuotes');
    return fc.record({
      word: word.filter((text) => !unwanted.some((pattern) => pattern.test(text)) && !(braceQuotes && /(?<!\$)\{/.test(text) && quoteNestedInQuotedParameter(text))),
      ifs,
    });
  }

  private level(depth: number): Level {
    const cached = this.levels[depth];
    if (cached !== undefined) return cached;
    const below = depth > 0 ? this.level(depth - 1) : undefined;
    const parameter = this.parameter(below, false);
    const quotedParameter = this.parameter(below, true);
    const arithmetic = this.arithmeticExpansion(below);
    const substitution = this.commandSubstitution(below);
    const inDoubleQuotes = fc.oneof(
      { arbitrary: pick(DQ_PLAIN), weight: 3 },
      { arbitrary: pick(DQ_ESCAPES), weight: 2 },
      { arbitrary: quotedParameter, weight: 4 },
      { arbitrary: arithmetic, weight: 1 },
      { arbitrary: substitution, weight: 1 },
    );
    const f = this.focus;
    const quoted = [
      join(fc.array(pick(SQ_TEXT), { minLength: 1, maxLength: 2 })).map((text) => `'${text}'`),
      join(fc.array(inDoubleQuotes, { maxLength: 3 })).map((text) => `"${text}"`),
      pick(ESCAPED).map((c) => `\\${c}`),
      join(fc.array(pick(ANSI_C.filter((text) => !this.excluded.has('ansiCUnicodeInCLocale') || !text.includes('\\u'))), { minLength: 1, maxLength: 3 })).map((text) => `$'${text}'`),
    ];
    const unquoted = fc.oneof(
      { arbitrary: join(fc.array(pick(PLAIN), { minLength: 1, maxLength: 3 })), weight: f.literal },
      { arbitrary: fc.oneof(...quoted), weight: f.quoted },
      { arbitrary: parameter, weight: f.parameter },
      { arbitrary: arithmetic, weight: f.arithmetic },
      { arbitrary: substitution, weight: f.substitution },
      { arbitrary: pick(WILDCARDS), weight: f.glob },
      { arbitrary: this.braces(), weight: 1 },
    );
    const level = { unquoted, inDoubleQuotes, parameter, quotedParameter, arithmetic, substitution };
    this.levels[depth] = level;
    return level;
  }

  /** `$x`, `${x}`, and `${x OP word}` with every operator; operator words nest the level below. */
  private parameter(below: Level | undefined, quoted: boolean): Arb {
    const name = pick(NAMES.filter((n) => !(this.excluded.has('unsetBang') && n === '!')));
    const simple = fc.oneof(
      name.map((n) => (n.length === 1 || /^[a-z][a-z0-9]*$/.test(n) ? `$${n}` : `\${${n}}`)),
      name.map((n) => `\${${n}}`),
      name.map((n) => `\${#${n}}`),
    );
    const operand = this.operand(below, quoted);
    const pattern = this.pattern(below, false, quoted);
    const replacePattern = this.pattern(below, true, quoted);
    const operator = fc.oneof(
      fc.tuple(pick(DEFAULT_OPERATORS.filter((op) => !op.endsWith('?'))), operand).map(([op, word]) => op + word),
      fc.tuple(pick(['?', ':?']), operand).map(([op, word]) => op + word),
      fc.tuple(pick(TRIM_OPERATORS), pattern).map(([op, word]) => op + word),
      fc.tuple(pick(REPLACE_OPERATORS), replacePattern, fc.option(operand, { nil: undefined })).map(([op, p, r]) => `${op}${p}${r === undefined ? '' : `/${r}`}`),
      fc.tuple(pick(CASE_OPERATORS), fc.option(pattern, { nil: '' })).map(([op, p]) => op + p),
      pick(TRANSFORMS).map((letter) => `@${letter}`),
    );
    const offset = this.offset();
    const substring = fc.oneof(
      {
        arbitrary: fc
          .tuple(offset, fc.option(offset, { nil: undefined }))
          .filter(([o, l]) => !this.excluded.has('offsetSyntax') || (!o.includes('?') && (l === undefined || !o.trimStart().startsWith('('))))
          .map(([o, l]) => `:${o}${l === undefined ? '' : `:${l}`}`),
        weight: 8,
      },
      // `${x:}` is a bad substitution; `${x::2}` an empty offset, which bash reads as 0.
      { arbitrary: fc.option(offset, { nil: undefined }).map((l) => (l === undefined ? ':' : `::${l}`)), weight: 1 },
    );
    // `${!...}` is indirection: `$!` takes no operator here. Unset ones: `u`, `${10}`, and `${!n}` ($42).
    const names = NAMES.filter((n) => n !== '!');
    const operated = fc.oneof(
      { arbitrary: fc.tuple(pick(names), operator).filter(([n, op]) => this.allowed(n, op, quoted)), weight: 5 },
      { arbitrary: fc.tuple(pick(names), substring), weight: 1 },
    ).map(([n, op]) => `\${${n}${op}}`);
    const indirect = fc.oneof(
      fc.tuple(pick(INDIRECT_NAMES), fc.option(operator, { nil: '' }))
        .filter(([n, op]) => this.allowed(`!${n}`, op, quoted))
        .map(([n, op]) => `\${!${n}${op}}`),
      fc.tuple(pick(INDIRECT_NAMES), substring).map(([n, op]) => `\${!${n}${op}}`),
      fc.tuple(pick(PREFIXES), pick(['*', '@'])).map(([prefix, star]) => `\${!${prefix}${star}}`),
    );
    return fc.oneof({ arbitrary: simple, weight: 2 }, { arbitrary: operated, weight: 6 }, { arbitrary: indirect, weight: 1 });
  }

  /** Whether `${name op}` is in reach (see Construct). */
  private allowed(name: string, op: string, quoted: boolean): boolean {
    const x = this.excluded;
    if (x.has('quotedPositionalAssignment') && quoted && op === '@A' && (name === '@' || name === '!at')) return false;
    if (x.has('specialOperatorSyntax') && ((/^[?#-]$/.test(name) && /^[,^]/.test(op)) || (name === '#' && (op === '+' || op === '=')))) return false;
    if (x.has('optionLetters') && name === '#' && op === '-') return false;
    if (x.has('promptParameters') && op === '@P' && name === 'q') return false;
    if (x.has('promptShellName') && op === '@P' && name === 'b') return false;
    return !(x.has('replaceNegatedBracket') && op.startsWith('/') && /\[[!^]\]/.test(op));
  }

  /** The word of `${x:-word}` and the replacement of `${x/p/r}`: blanks allowed, no `}` unquoted. */
  private operand(below: Level | undefined, quoted: boolean): Arb {
    const braceEscape = !quoted || !this.excluded.has('quotedOperandBraceEscape');
    const quoteAfterSingleQuote = !quoted || !this.excluded.has('quotedOperandQuoteAfterSingleQuote');
    const singleQuotedBrace = !quoted || !this.excluded.has('quotedOperandSingleQuotedBrace');
    const parts: Arb[] = [
      join(fc.array(pick([...PLAIN.filter((c) => c !== '/'), ' ', '*', '?', '&']), { minLength: 1, maxLength: 3 })),
      join(fc.array(pick(SQ_TEXT.filter((text) => (quoteAfterSingleQuote || !text.includes('"')) && (singleQuotedBrace || !text.includes('}')))), { minLength: 1, maxLength: 2 })).map((text) => `'${text}'`),
      pick(ESCAPED.filter((c) => braceEscape || c !== '{')).map((c) => `\\${c}`),
    ];
    if (below !== undefined) {
      const nested = join(fc.array(below.inDoubleQuotes, { maxLength: 2 }));
      const backslashes = !quoted || !this.excluded.has('nestedQuotesBackslash');
      parts.push(
        (backslashes ? nested : nested.filter((text) => !text.includes('\\'))).map((text) => `"${text}"`),
        quoted ? below.quotedParameter : below.parameter,
        below.substitution,
        below.arithmetic,
      );
    }
    return join(fc.array(fc.oneof(...parts), { maxLength: 3 }));
  }

  /** A pattern of `#`, `%`, `/`, `^`, `,`: wildcards, quoted parts (literal), parameters (patterns if unquoted). */
  private pattern(below: Level | undefined, replace: boolean, quoted: boolean): Arb {
    const quoteAfterSingleQuote = !quoted || !this.excluded.has('quotedOperandQuoteAfterSingleQuote');
    const parts: Arb[] = [
      join(fc.array(pick(PATTERN_PLAIN), { minLength: 1, maxLength: 3 })),
      pick(WILDCARDS.filter((w) => w !== '[^a]')),
      join(fc.array(pick(SQ_TEXT.filter((text) => quoteAfterSingleQuote || !text.includes('"'))), { minLength: 1, maxLength: 2 })).map((text) => `'${text}'`),
      pick(['*', '?', '$', '"', '\\', 'a', '[', '}', '/', '#']).map((c) => `\\${c}`),
      EXTGLOB_GROUP,
    ];
    if (below !== undefined) parts.push(below.parameter, join(fc.array(below.inDoubleQuotes, { maxLength: 2 })).map((text) => `"${text}"`));
    // bash's `*` never lets a group that follows it begin at the end of the text (extglob.sh names it).
    const pattern = join(fc.array(fc.oneof(...parts), { minLength: 1, maxLength: 3 })).filter((text) => !/\*[?*+@!]\(/.test(text));
    // A `/` pattern may not start with `/`, `#` or `%` (they are its anchors), nor contain a bare `/`.
    return replace ? pattern.filter((text) => !/^[#%]/.test(text) && !/(?<!\\)\//.test(text.replace(/\\\\/g, ''))) : pattern;
  }

  /**
   * An offset or length of `${x:o:l}`: numbers, negative ones, expressions, and bad ones. Never
   * near 2^63: bash 5.2 itself aborts on `${l:3:9223372036854775807}` (free(): invalid pointer).
   */
  private offset(): Arb {
    const forms = ['0', '1', '2', '3', '-1', ' -2', '(-3)', '7', '100', 'n-40', 'n/0', 'm', 'u', '1+', ' -0', '-100', '$n-41', '1?2:0', 'n>40?1:2', '(1)+1', '${#a}-4', '08'];
    return fc.oneof({ arbitrary: pick(forms), weight: 4 }, { arbitrary: fc.tuple(pick(forms), pick(['+', '*', '-', '%', '<<']), pick(forms)).map((p) => p.join('')), weight: 1 });
  }

  /** `$(( expr ))`: random expressions over numbers, variables and every operator, some broken. */
  private arithmeticExpansion(below: Level | undefined): Arb {
    const space = pick(['', ' ']);
    const atom = fc.oneof(
      { arbitrary: pick(ARITH_NUMBERS), weight: 4 },
      { arbitrary: pick(ARITH_NAMES), weight: 3 },
      { arbitrary: pick(ARITH_REFERENCES), weight: 1 },
      { arbitrary: fc.tuple(pick(['++', '--']), pick(['n', 'm', 'u'])).map(([op, v]) => op + v), weight: 1 },
      { arbitrary: fc.tuple(pick(['n', 'm', 'u']), pick(['++', '--'])).map(([v, op]) => v + op), weight: 1 },
    );
    const expression = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        { arbitrary: atom, weight: 5 },
        { arbitrary: fc.tuple(tie('expr'), space, pick(BINARY), space, tie('expr')).map((p) => p.join('')), weight: 4 },
        { arbitrary: fc.tuple(pick(UNARY), tie('expr')).map(([op, e]) => op + e), weight: 1 },
        { arbitrary: tie('expr').map((e) => `(${e})`), weight: 1 },
        { arbitrary: fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, t, f]) => `${c} ? ${t} : ${f}`), weight: 1 },
        { arbitrary: fc.tuple(pick(['n', 'm', 'u']), pick(ASSIGNMENTS), tie('expr')).map(([v, op, e]) => `${v} ${op} ${e}`), weight: 1 },
      ),
    })).expr;
    const text = fc.oneof({ arbitrary: expression, weight: 8 }, { arbitrary: pick(ARITH_JUNK), weight: 1 });
    // Inside `$(( ))` a parameter's operator word is read as in double quotes.
    const nested = below === undefined ? text : fc.oneof({ arbitrary: text, weight: 5 }, { arbitrary: below.quotedParameter, weight: 1 });
    return nested.map((e) => `$(( ${e} ))`);
  }

  /** `$(echo ...)`, `$(printf FMT ...)` and backquotes, whose words nest the level below. */
  private commandSubstitution(below: Level | undefined): Arb {
    const words = below === undefined ? join(fc.array(pick(PLAIN), { minLength: 1, maxLength: 2 })) : join(fc.array(below.unquoted, { minLength: 1, maxLength: 2 }));
    const args = fc.array(words, { maxLength: 3 }).map((list) => list.map((w) => ` ${w}`).join(''));
    return fc.oneof(
      args.map((a) => `$(echo${a})`),
      fc.tuple(pick(PRINTF_FORMATS.filter((format) => !this.excluded.has('nulInSubstitution') || (format !== '%c' && format !== '%b'))), args).map(([format, a]) => `$(printf '${format}'${a})`),
      fc.tuple(args, args).map(([first, second]) => `$(echo${first}; printf '%s\\n'${second})`),
      join(fc.array(pick(PLAIN.filter((c) => c !== '~')), { minLength: 1, maxLength: 3 })).map((text) => `\`echo ${text} ${text}\``),
    );
  }

  /** Brace expansion: lists and sequences, with words inside. */
  private braces(): Arb {
    const item = join(fc.array(pick(['a', 'b', '', 'x y', '1', '*', '"q"', ...(this.excluded.has('braceAfterName') ? [] : ['$n'])]), { maxLength: 2 })).map((text) => text.replace(' ', '\\ '));
    const list = fc.array(item, { minLength: 2, maxLength: 3 }).map((items) => `{${items.join(',')}}`);
    const punctuation = this.excluded.has('braceLetterPunctuation');
    const sequence = fc
      .tuple(pick(['1', '3', '-2', '01', '10', 'a', 'e', ...(punctuation ? [] : ['Z'])]), pick(['1', '5', '-3', '010', 'c', 'a', ...(punctuation ? [] : ['_'])]), fc.option(pick(['2', '-1', '0', '3']), { nil: undefined }))
      .map(([from, to, step]) => `{${from}..${to}${step === undefined ? '' : `..${step}`}}`);
    return fc.oneof(list, sequence, pick(['{}', '{a}', '{a,b', 'a,b}', '{,}']));
  }
}
