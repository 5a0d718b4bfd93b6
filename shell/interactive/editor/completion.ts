/**
 * Completion as the editor sees it. The shell's completer says which part of the line to replace
 * and with what, exactly (a finished word ends with a space, a directory with '/'); the editor
 * inserts the one candidate, or what all candidates share, or lists them in columns as readline
 * does.
 */
import { editBuffer, type EditBuffer } from './buffer';
import { graphemes, printable, textWidth } from './graphemes';

export interface Completion {
  /** The part of the line the candidates replace, [start, end) in UTF-16 offsets. */
  readonly start: number;
  readonly end: number;
  /** Replacements, exactly as they are to be inserted. */
  readonly candidates: readonly string[];
  /** How a listing shows them, when not as the candidates without their final space. */
  readonly listed?: Listed;
}

/**
 * What a listing shows for each candidate (a file name's last part, a match's own final space),
 * and whether a directory's `/` is a mark readline leaves out of the column width.
 */
export interface Listed {
  readonly labels: readonly string[];
  readonly marksDirectories: boolean;
}

/** The shell's completer, given the whole line, the cursor's offset in it, and whether this Tab is the one that lists. */
export type Completer = (line: string, cursor: number, listing: boolean) => Promise<Completion>;

export type CompletionOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'insert'; readonly buffer: EditBuffer }
  /** Several candidates and nothing they all add: listed on a second Tab. */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[]; readonly listed?: Listed };

/** Lists longer than this are shown only after "Display all N possibilities? (y or n)". */
export const LIST_WITHOUT_ASKING = 100;

export function completionOutcome(buffer: EditBuffer, completion: Completion): CompletionOutcome {
  const { start, end } = completion;
  // A completer's mistake must not corrupt the line.
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > buffer.text.length) return { kind: 'none' };
  const candidates = [...new Set(completion.candidates)];
  const { listed } = completion;
  const [only] = candidates;
  if (only === undefined) return { kind: 'none' };
  const word = buffer.text.slice(start, end);
  const replacement = candidates.length === 1 ? only : commonPrefix(candidates);
  // The shared prefix helps when it adds to the word, or fixes its case for a case-blind completer.
  if (candidates.length > 1 && (replacement === word || replacement.length < word.length)) {
    if (listed === undefined) return { kind: 'ambiguous', candidates };
    // Labels of repeated candidates go with them.
    const labels = candidates.map((candidate) => listed.labels[completion.candidates.indexOf(candidate)] ?? candidate);
    return { kind: 'ambiguous', candidates, listed: { ...listed, labels } };
  }
  const text = buffer.text.slice(0, start) + replacement + buffer.text.slice(end);
  return { kind: 'insert', buffer: editBuffer(text, start + replacement.length) };
}

/** The longest prefix of whole grapheme clusters that every string starts with. */
function commonPrefix(strings: readonly string[]): string {
  const [first = ''] = strings;
  let length = 0;
  for (const cluster of graphemes(first)) {
    const prefix = first.slice(0, cluster.index + cluster.text.length);
    if (!strings.every((text) => text.startsWith(prefix))) break;
    length = prefix.length;
  }
  return first.slice(0, length);
}

export function listQuestion(count: number): string {
  return `Display all ${count} possibilities? (y or n)`;
}

/**
 * The candidates in columns that fit `columns` cells, sorted down the columns as ls does. A
 * candidate shows without the space that ends a finished word (or as `listed` says), its
 * controls in caret notation.
 */
export function listing(candidates: readonly string[], columns: number, listed?: Listed): string[] {
  const labels = (listed?.labels ?? candidates.map((candidate) => (candidate.endsWith(' ') ? candidate.slice(0, -1) : candidate))).map(printable);
  const widths = labels.map(textWidth);
  // readline's column is as wide as the widest name, a directory's mark not counted.
  const marked = (index: number): number => (listed?.marksDirectories === true && labels[index]!.endsWith('/') ? 1 : 0);
  const cell = widths.reduce((widest, width, index) => Math.max(widest, width - marked(index)), 0) + 2;
  const perRow = Math.max(1, Math.floor(columns / cell));
  const rows = Math.ceil(labels.length / perRow);
  const lines: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    let line = '';
    for (let index = row; index < labels.length; index += rows) {
      const last = index + rows >= labels.length;
      line += last ? labels[index] : labels[index] + ' '.repeat(cell - widths[index]!);
    }
    lines.push(line);
  }
  return lines;
}
