/**
 * Text as the user sees it: grapheme clusters (what the cursor steps over) and the terminal cells
 * each one takes. Widths are wcwidth's, summed per code point, as xterm.js and VTE count them:
 * East Asian Wide/Fullwidth and emoji presentation take 2 cells, combining marks and format
 * characters 0. Terminals that draw an emoji ZWJ sequence as a single glyph will disagree.
 */

let segmenter: Intl.Segmenter | undefined;

/** Made on first need: loading ICU's segmentation data costs a start-up about a tenth of node's own. */
function segmenterFor(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter;
}

/** ASCII without CR LF (the one ASCII pair that is a single cluster): every character is a cluster of its own. */
function oneClusterPerCharacter(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text) && !text.includes('\r\n');
}

export interface Grapheme {
  /** The cluster's text. */
  readonly text: string;
  /** Its UTF-16 offset in the text it came from. */
  readonly index: number;
}

export function* graphemes(text: string): Generator<Grapheme> {
  if (oneClusterPerCharacter(text)) {
    for (let index = 0; index < text.length; index += 1) yield { text: text[index]!, index };
    return;
  }
  for (const { segment, index } of segmenterFor().segment(text)) yield { text: segment, index };
}

/** The grapheme boundary before `index` (0 at the start). */
export function previousBoundary(text: string, index: number): number {
  if (index <= 0) return 0;
  if (oneClusterPerCharacter(text)) return Math.min(index, text.length) - 1;
  return segmenterFor().segment(text).containing(index - 1)?.index ?? 0;
}

/** The grapheme boundary after `index` (the length at the end). */
export function nextBoundary(text: string, index: number): number {
  if (oneClusterPerCharacter(text)) return Math.min(Math.max(index, 0) + 1, text.length);
  const segment = segmenterFor().segment(text).containing(index);
  return segment === undefined ? text.length : segment.index + segment.segment.length;
}

/** `index` if it is a grapheme boundary, else the boundary before it; clamped to the text. */
export function boundaryAtOrBefore(text: string, index: number): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  if (oneClusterPerCharacter(text)) return index;
  return segmenterFor().segment(text).containing(index)?.index ?? index;
}

// East Asian Wide and Fullwidth ranges (Unicode 14, with the blocks the standard defaults to Wide),
// merged across unassigned gaps. Newer emoji are caught by \p{Emoji_Presentation} instead.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3],
  [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1],
  [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea],
  [0x26f2, 0x26f3], [0x26f5, 0x26f5], [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b],
  [0x2728, 0x2728], [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797],
  [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x2e80, 0x3029],
  [0x302e, 0x303e], [0x3041, 0x3096], [0x309b, 0x3247], [0x3250, 0x4dbf], [0x4e00, 0xa4c6], [0xa960, 0xa97c],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6b], [0xff01, 0xff60], [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe3], [0x16ff0, 0x1b2fb], [0x1f004, 0x1f004], [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a], [0x1f200, 0x1f320], [0x1f32d, 0x1f335], [0x1f337, 0x1f37c], [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca], [0x1f3cf, 0x1f3d3], [0x1f3e0, 0x1f3f0], [0x1f3f4, 0x1f3f4], [0x1f3f8, 0x1f43e],
  [0x1f440, 0x1f440], [0x1f442, 0x1f4fc], [0x1f4ff, 0x1f53d], [0x1f54b, 0x1f54e], [0x1f550, 0x1f567],
  [0x1f57a, 0x1f57a], [0x1f595, 0x1f596], [0x1f5a4, 0x1f5a4], [0x1f5fb, 0x1f64f], [0x1f680, 0x1f6c5],
  [0x1f6cc, 0x1f6cc], [0x1f6d0, 0x1f6d2], [0x1f6d5, 0x1f6df], [0x1f6eb, 0x1f6ec], [0x1f6f4, 0x1f6fc],
  [0x1f7e0, 0x1f7f0], [0x1f90c, 0x1f93a], [0x1f93c, 0x1f945], [0x1f947, 0x1f9ff], [0x1fa70, 0x1faf6],
  [0x20000, 0x3fffd],
];

function isWide(codePoint: number): boolean {
  let low = 0;
  let high = WIDE.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = WIDE[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

// Combining marks and format characters (but the soft hyphen, which terminals draw), and the
// Hangul vowel and final-consonant jamo that join the syllable before them.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u;
const SOFT_HYPHEN = '\u00ad';
// Regional indicators are emoji but narrow: a flag, two of them, takes 2 cells.
const EMOJI_PRESENTATION = /^(?!\p{Regional_Indicator})\p{Emoji_Presentation}$/u;

function codePointWidth(character: string): number {
  const codePoint = character.codePointAt(0)!;
  // Printable ASCII is narrow, none of it a mark or an emoji: the Unicode classes above, which V8
  // compiles at their first test (a cost the first prompt would pay), wait for the first other character.
  if (codePoint >= 0x20 && codePoint < 0x7f) return 1;
  if (character !== SOFT_HYPHEN && ZERO_WIDTH.test(character)) return 0;
  if (isWide(codePoint) || EMOJI_PRESENTATION.test(character)) return 2;
  return 1;
}

/** C0 controls, DEL and C1 controls: drawn in caret notation, never sent raw. */
export function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** How a control character is drawn: `^A`, `^?`, and `cat -v`'s `M-^E` for C1. */
export function caretNotation(character: string): string {
  const code = character.charCodeAt(0);
  if (code >= 0x80) return `M-^${String.fromCharCode((code - 0x80) ^ 0x40)}`;
  return `^${String.fromCharCode(code ^ 0x40)}`;
}

/** Cells a printable grapheme cluster takes (controls are drawn with caretNotation instead). */
export function graphemeWidth(cluster: string): number {
  let width = 0;
  for (const character of cluster) width += codePointWidth(character);
  return width;
}

/** The text with controls in caret notation, safe to write to the terminal as one line. */
export function printable(text: string): string {
  let out = '';
  for (const character of text) out += isControl(character) ? caretNotation(character) : character;
  return out;
}

/** Cells `text` takes once written with `printable`. */
export function textWidth(text: string): number {
  let width = 0;
  for (const { text: cluster } of graphemes(printable(text))) width += graphemeWidth(cluster);
  return width;
}
