/**
 * Brace expansion (bash), the first step of a command word's expansion: `{a,b}` alternatives,
 * nested, and `{x..y[..step]}` sequences of integers (zero-padded when an end is written so) or
 * letters. It works on the word's parts: only unquoted literal characters can open, separate or
 * close a brace expression; quoted text and every `$...` stay whole, so `{$a,b}` becomes `$a` and
 * `b`, each expanded after. As bash expands braces in the text, a plain `$name` then takes the
 * name characters a brace expression put after it (`{$a,b}c` is `$ac` and `bc`). A word's results are bounded by what is left of the pipeline's
 * expansion budget before any is built, so `{1..10000000}` fails with ResourceLimit at once.
 */
import { nestingLimit, ShellError } from '../errors';
import type { Literal, ParameterExpansion, Tilde, Word, WordPart } from '../syntax/ast';
import { PIPELINE_EXPANSION_LIMIT } from './budget';

const NAME_START = /^[A-Za-z_]/;
const NAME_CHARACTER = /^[A-Za-z0-9_]$/;

/** A unit of a word as brace expansion sees it: an unquoted character, or a part that stays whole. */
type Atom = string | WordPart;
type Atoms = readonly Atom[];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** bash gives up on (leaves as written) a sequence of more elements than a C int can count. */
const MAX_SEQUENCE_STEPS = 2n ** 31n - 1n - 3n;

/** Whether `word` has an unquoted `{` at all: most words do not, and are returned as they are. */
function mayExpand(word: Word): boolean {
  return word.parts.some(
    (part, index) =>
      (part.kind === 'Literal' && !part.quoted && part.value.includes('{')) ||
      (index === 0 && part.kind === 'Tilde' && (part.user.includes('{') || (part.tail !== undefined && mayExpand(part.tail)))),
  );
}

/**
 * The words `word` brace-expands to, in bash's order; `[word]` itself when it has no brace
 * expression. `limit` is the budget left: words whose literal text would pass it are refused.
 */
export function expandBraces(word: Word, limit: number): Word[] {
  if (!mayExpand(word)) return [word];
  const atoms = atomsOf(word);
  const results = expand(atoms, new Bound(limit, word));
  const [only] = results;
  if (results.length === 1 && only!.length === atoms.length && only!.every((atom, index) => atom === atoms[index])) return [word];
  return results.map((result) => wordOf(result, word));
}

/** A word's atoms: its unquoted literal text a character each; a leading `~user` too, since braces may make it (`~{,root}`). */
function atomsOf(word: Word): Atom[] {
  const atoms: Atom[] = [];
  word.parts.forEach((part, index) => {
    if (part.kind === 'Literal' && !part.quoted) atoms.push(...part.value.split(''));
    else if (part.kind === 'Tilde' && index === 0) atoms.push('~', ...part.user.split(''), ...(part.tail === undefined ? [] : atomsOf(part.tail)));
    else atoms.push(part);
  });
  return atoms;
}

/**
 * Atoms back into a word: runs of characters become literals; a leading `~` is a tilde-prefix
 * again. bash expands braces in a word's text before its parameters, so a `$name` (or a bare `$`)
 * that a brace expression put before more name characters names a longer parameter:
 * `$g{1,2}` is `$g1 $g2`, `{$n,x}y` is `$ny xy`.
 */
function wordOf(atoms: Atoms, original: Word): Word {
  const parts: WordPart[] = [];
  let run = '';
  const flush = (): void => {
    if (run !== '') parts.push(literal(run, false, original));
    run = '';
  };
  let start = 0;
  const tilde = tildePrefix(atoms, original);
  if (tilde !== null) {
    parts.push(tilde);
    start = tilde.user.length + 1 + (tilde.tail?.text.length ?? 0);
  }
  for (let index = start; index < atoms.length; index += 1) {
    const atom = atoms[index]!;
    const parameter = parameterAt(atoms, index, original);
    if (parameter !== null) {
      flush();
      parts.push(parameter.part);
      index += parameter.length - 1;
    } else if (typeof atom === 'string') {
      run += atom;
    } else {
      flush();
      parts.push(atom);
    }
  }
  flush();
  return { ...original, parts };
}

/**
 * The parameter that starts at atom `index` once braces have put characters after it, and how
 * many atoms it takes: a plain `$name` and the name characters after it, or a bare `$` and a
 * name, a digit or a special parameter's character after it; null for anything else.
 */
function parameterAt(atoms: Atoms, index: number, original: Word): { part: ParameterExpansion; length: number } | null {
  const atom = atoms[index]!;
  if (typeof atom !== 'string') {
    if (atom.kind !== 'ParameterExpansion' || atom.braced || !NAME_START.test(atom.name)) return null;
    const more = nameAt(atoms, index + 1);
    return more === '' ? null : { part: { ...atom, name: atom.name + more }, length: 1 + more.length };
  }
  const next = atoms[index + 1];
  if (atom !== '$' || typeof next !== 'string') return null;
  const name = NAME_START.test(next) ? nameAt(atoms, index + 1) : /^[0-9?$!#@*-]$/.test(next) ? next : '';
  if (name === '') return null;
  return { part: { kind: 'ParameterExpansion', name, braced: false, span: original.span }, length: 1 + name.length };
}

/** The name characters at atom `index` on (none: ''). */
function nameAt(atoms: Atoms, index: number): string {
  let name = '';
  for (let at = index; at < atoms.length; at += 1) {
    const atom = atoms[at];
    if (typeof atom !== 'string' || !NAME_CHARACTER.test(atom)) break;
    name += atom;
  }
  return name;
}

/**
 * `~user` up to a `/`, a `:` or the end, all unquoted characters (as the lexer takes a
 * tilde-prefix), and from a `:` its tail up to a `/`; null if none, or if the tail has quoted
 * text (as the lexer leaves such a prefix). A tail of characters only is kept (`~root:{a,b}`);
 * one with an expansion in it is not rebuilt, and its parts follow the prefix as ordinary parts.
 */
function tildePrefix(atoms: Atoms, original: Word): Tilde | null {
  if (atoms[0] !== '~') return null;
  let user = '';
  let index = 1;
  for (; index < atoms.length && atoms[index] !== '/' && atoms[index] !== ':'; index += 1) {
    const atom = atoms[index]!;
    if (typeof atom !== 'string') return null;
    user += atom;
  }
  if (atoms[index] !== ':') return { kind: 'Tilde', user, span: original.span };
  let text = '';
  for (; index < atoms.length && atoms[index] !== '/'; index += 1) {
    const atom = atoms[index]!;
    if (typeof atom === 'string') text += atom;
    else if (atom.kind === 'Literal' || atom.kind === 'SingleQuoted' || atom.kind === 'DoubleQuoted') return null;
    else return { kind: 'Tilde', user, span: original.span };
  }
  const tail: Word = { kind: 'Word', parts: [literal(text, false, original)], text, span: original.span };
  return { kind: 'Tilde', user, tail, span: original.span };
}

function literal(value: string, quoted: boolean, original: Word): Literal {
  return { kind: 'Literal', value, quoted, span: original.span };
}

/**
 * The expansion budget as brace expansion sees it: each list it builds costs the UTF-8 bytes of
 * its words' known text, at least 1 a word (so that `{,}{,}...` cannot make millions of empty
 * words). Every word of every list it builds ends up in some result, so no list can cost more
 * than the results, which the budget must hold anyway.
 */
class Bound {
  /** How deeply expand() recurses: into a brace expression's alternatives, and on to the next expression. */
  private depth = 0;

  constructor(
    private readonly limit: number,
    /** The word expanded: what messages name, and where generated text says it comes from. */
    readonly word: Word,
  ) {}

  /** A new count for one list. */
  tally(): (atoms: Atoms) => void {
    let used = 0;
    return (atoms) => {
      used += Math.max(1, bytesOf(atoms));
      if (used > this.limit) {
        throw new ShellError(
          'ResourceLimit',
          `${this.word.text}: brace expansion exceeds the pipeline's expansion limit (${this.limit} of its ${PIPELINE_EXPANSION_LIMIT} bytes left)`,
        );
      }
    };
  }

  /** `run` one level deeper, refused past MAX_BRACE_NESTING before the recursion exhausts the stack. */
  nested<T>(run: () => T): T {
    if (this.depth >= MAX_BRACE_NESTING) throw nestingLimit('brace expressions', MAX_BRACE_NESTING);
    this.depth += 1;
    try {
      return run();
    } finally {
      this.depth -= 1;
    }
  }

  /** `lists`, checked. */
  check(list: readonly Atoms[]): void {
    const add = this.tally();
    for (const atoms of list) add(atoms);
  }
}

function bytesOf(atoms: Atoms): number {
  let bytes = 0;
  for (const atom of atoms) {
    if (typeof atom === 'string') bytes += atom.charCodeAt(0) < 0x80 ? 1 : Buffer.byteLength(atom);
    else if (atom.kind === 'Literal' || atom.kind === 'SingleQuoted') bytes += Buffer.byteLength(atom.value);
  }
  return bytes;
}

/** How deeply brace expressions may nest, or follow one another in a word (bash has no limit). */
const MAX_BRACE_NESTING = 1000;

/** bash's brace_expand: the first valid brace expression, its preamble, and the rest expanded after it. */
function expand(atoms: Atoms, bound: Bound): Atom[][] {
  let open = -1;
  let close = -1;
  for (let from = 0; ; from = open + 1) {
    open = scan(atoms, from, '{');
    if (open < 0) return [atoms.slice()];
    close = scan(atoms, open + 1, '}');
    if (close >= 0) break;
  }
  const preamble = atoms.slice(0, open);
  const amble = atoms.slice(open + 1, close);
  const postamble = atoms.slice(close + 1);
  let middle: Atom[][];
  if (hasComma(amble)) {
    middle = alternatives(amble, bound);
  } else {
    const sequence = sequenceOf(amble, bound);
    // Not a valid sequence: the braces stay, and the rest may still expand.
    if (sequence === null && postamble.length === 0) return [atoms.slice()];
    middle = sequence ?? [atoms.slice(open, close + 1)];
  }
  bound.check(middle);
  let results = middle.map((atoms) => [...preamble, ...atoms]);
  if (postamble.length > 0) {
    const rest = bound.nested(() => expand(postamble, bound));
    bound.check(rest);
    const add = bound.tally();
    const joined: Atom[][] = [];
    for (const first of results) {
      for (const second of rest) {
        const atoms = [...first, ...second];
        add(atoms);
        joined.push(atoms);
      }
    }
    results = joined;
  }
  return results;
}

/** The alternatives of an amble, split at its top-level commas, each expanded in turn. */
function alternatives(amble: Atoms, bound: Bound): Atom[][] {
  const results: Atom[][] = [];
  for (let start = 0; start <= amble.length; ) {
    let end = scan(amble, start, ',');
    if (end < 0) end = amble.length;
    results.push(...bound.nested(() => expand(amble.slice(start, end), bound)));
    start = end + 1;
  }
  return results;
}

/**
 * bash's brace_gobbler: the index of the first `satisfy` at brace level 0 from `from`, or -1.
 * Looking for the `}` of a brace expression, it only counts once a comma or a `..` at level 0
 * came first; a `{` at the start followed by `}` (`{}`) opens nothing.
 */
function scan(atoms: Atoms, from: number, satisfy: '{' | '}' | ','): number {
  let level = 0;
  let separators = satisfy === '}' ? 0 : 1;
  for (let index = from; index < atoms.length; index += 1) {
    const c = atoms[index];
    if (typeof c !== 'string') continue;
    if (c === satisfy && level === 0 && separators > 0) {
      if (c === '{' && index === 0 && (index + 1 === atoms.length || atoms[index + 1] === '}')) continue;
      return index;
    }
    if (c === '{') level += 1;
    else if (c === '}' && level > 0) level -= 1;
    else if (satisfy === '}' && level === 0 && c === ',') separators += 1;
    else if (satisfy === '}' && level === 0 && c === '.' && atoms[index + 1] === '.' && atoms[index + 2] !== '}') separators += 1;
  }
  return -1;
}

/**
 * Whether an amble has a comma, which makes it alternatives rather than a sequence. As in bash,
 * this looks into quotes (`{"a,b"..c}` is one alternative), though quoted commas never separate.
 */
function hasComma(amble: Atoms): boolean {
  return amble.some((atom) => {
    if (typeof atom === 'string') return atom === ',';
    if (atom.kind === 'SingleQuoted') return atom.value.includes(',');
    if (atom.kind === 'DoubleQuoted') return atom.parts.some((part) => part.kind === 'Literal' && part.value.includes(','));
    return false;
  });
}

type Bounds = { readonly kind: 'int'; readonly value: bigint; readonly text: string } | { readonly kind: 'char'; readonly value: bigint };

const INTEGER = /^[+-]?\d+$/;
const LETTER = /^[A-Za-z]$/;

/** `x..y` or `x..y..step` of unquoted characters as bash's expand_seqterm reads it; null if it is none. */
function sequenceOf(amble: Atoms, bound: Bound): Atom[][] | null {
  if (!amble.every((atom) => typeof atom === 'string')) return null;
  const text = amble.join('');
  const dots = text.indexOf('..');
  if (dots <= 0 || dots + 2 >= text.length) return null;
  const first = endOf(text.slice(0, dots));
  const rest = text.slice(dots + 2);
  const lastText = /^[+-]?\d+/.exec(rest)?.[0] ?? (LETTER.test(rest[0] ?? '') ? rest[0]! : '');
  const last = endOf(lastText);
  const after = rest.slice(lastText.length);
  let step = 1n;
  if (after !== '') {
    const stepText = /^\.\.([+-]?\d+)$/.exec(after)?.[1];
    if (stepText === undefined) return null;
    step = BigInt(stepText);
    if (step < INT64_MIN || step > INT64_MAX) return null;
  }
  if (first === null || last === null || first.kind !== last.kind) return null;
  const width = first.kind === 'int' && last.kind === 'int' ? paddedWidth(first.text, last.text) : 0;
  const format = (n: bigint): Atom[] => {
    // A backslash element is removed as a quote would be, leaving an empty word (bash: `{Z..a}`).
    if (first.kind === 'char') return n === 0x5cn ? [literal('', true, bound.word)] : [String.fromCharCode(Number(n))];
    return width === 0 ? n.toString().split('') : padded(n, width).split('');
  };
  return steps(first.value, last.value, step, format, bound);
}

/** A sequence's end: an integer bash can hold, or one ASCII letter. */
function endOf(text: string): Bounds | null {
  if (INTEGER.test(text)) {
    const value = BigInt(text);
    return value < INT64_MIN || value > INT64_MAX ? null : { kind: 'int', value, text };
  }
  return LETTER.test(text) ? { kind: 'char', value: BigInt(text.charCodeAt(0)) } : null;
}

/** Zero-padding: where an end is written with a leading 0 (`01`, `-05`), every element is as wide as the wider end. */
function paddedWidth(first: string, last: string): number {
  const padded = (text: string): boolean => (text.length > 1 && text[0] === '0') || (text.length > 2 && text.startsWith('-0'));
  return padded(first) || padded(last) ? Math.max(first.length, last.length) : 0;
}

/** printf's `%0*d` of a C int, as bash formats a padded element (it truncates the value to 32 bits first). */
function padded(n: bigint, width: number): string {
  const value = BigInt.asIntN(32, n);
  const digits = (value < 0n ? -value : value).toString();
  return value < 0n ? `-${digits.padStart(width - 1, '0')}` : digits.padStart(width, '0');
}

/** bash's mkseq: from `start` toward `end` by |step| (0 counts as 1); null where bash refuses the range. */
function steps(start: bigint, end: bigint, step: bigint, format: (n: bigint) => Atom[], bound: Bound): Atom[][] | null {
  let increment = step === 0n ? 1n : step;
  if ((start > end && increment > 0n) || (start < end && increment < 0n)) {
    if (increment === INT64_MIN) return null;
    increment = -increment;
  }
  const distance = end - start;
  if (distance < INT64_MIN + 3n || distance > INT64_MAX - 2n) return null;
  const magnitude = increment < 0n ? -increment : increment;
  if ((distance < 0n ? -distance : distance) / magnitude > MAX_SEQUENCE_STEPS) return null;
  const add = bound.tally();
  const results: Atom[][] = [];
  for (let n = start; ; ) {
    const atoms = format(n);
    add(atoms);
    results.push(atoms);
    const next = n + increment;
    if (next < INT64_MIN || next > INT64_MAX) break;
    n = next;
    if ((increment < 0n && n < end) || (increment > 0n && n > end)) break;
  }
  return results;
}
