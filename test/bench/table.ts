// The bench's printed table (Markdown, so the README can take it as it is): one row per figure
// and subject, with median, min and max, the comparison with the goal's reference, and the verdict.
import { comparison, describeGoal, formatNumber, judge, QUIRL, type FigureResult } from './model';
import { summarize } from './stats';

const HEADER = ['figure', 'shell', 'median', 'min', 'max', 'unit', 'vs reference', 'goal', 'verdict'];

function verdictCell(figure: FigureResult): string {
  const verdict = judge(figure);
  return verdict.kind === 'unmeasured' ? 'not measured' : verdict.kind;
}

/** The rows of one figure: every subject, Quirl first; the goal and verdict on Quirl's row. */
export function figureRows(figure: FigureResult): string[][] {
  const { goal } = figure;
  const reference = goal.kind === 'absolute' ? undefined : figure.subjects.find((s) => s.subject === goal.against);
  const referenceSummary = reference?.kind === 'measured' ? summarize(reference.samples) : undefined;
  const ordered = [...figure.subjects].sort((a, b) => Number(b.subject === QUIRL) - Number(a.subject === QUIRL));
  if (!ordered.some((s) => s.subject === QUIRL)) ordered.unshift({ kind: 'skipped', subject: QUIRL, reason: 'not run' });
  return ordered.map((outcome) => {
    const isQuirl = outcome.subject === QUIRL;
    const lead = [isQuirl ? figure.title : '', outcome.subject];
    const tail = [isQuirl ? describeGoal(figure.goal, figure.unit) : '', isQuirl ? verdictCell(figure) : ''];
    if (outcome.kind === 'skipped') return [...lead, '—', '—', '—', figure.unit, outcome.reason, ...tail];
    const s = summarize(outcome.samples);
    const versus = outcome.subject === reference?.subject ? 'reference' : comparison(figure.goal, s, referenceSummary, figure.unit);
    return [...lead, formatNumber(s.median), formatNumber(s.min), formatNumber(s.max), figure.unit, versus, ...tail];
  });
}

/** A cell's text with its pipes escaped: a title such as `seq N | while read` must not split the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** A Markdown table with padded columns. */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const rows = body.map((row) => row.map(cell));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${widths.map((w, i) => (cells[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function resultsTable(figures: readonly FigureResult[]): string {
  return markdownTable(HEADER, figures.flatMap(figureRows));
}
