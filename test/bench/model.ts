// What the bench measures and how a figure is judged: each figure has subjects (Quirl, the
// reference shells, a bare node), a sample list per subject, and a goal stated against one of them.
import { summarize, type Summary } from './stats';

export const QUIRL = 'quirl';

export type Goal =
  /** Quirl's median ≤ max × the reference's median (lower is better). */
  | { readonly kind: 'ratio'; readonly against: string; readonly max: number }
  /** Quirl's median ≥ min × the reference's median (a rate: higher is better). */
  | { readonly kind: 'rate'; readonly against: string; readonly min: number }
  /** Quirl's median ≤ the reference's median + maxDelta (same unit). */
  | { readonly kind: 'plus'; readonly against: string; readonly maxDelta: number }
  /** Quirl's median ≤ max. */
  | { readonly kind: 'absolute'; readonly max: number };

export type SubjectOutcome =
  | { readonly kind: 'measured'; readonly subject: string; readonly samples: readonly number[] }
  | { readonly kind: 'skipped'; readonly subject: string; readonly reason: string };

export interface FigureResult {
  readonly id: string;
  readonly title: string;
  readonly unit: string;
  readonly goal: Goal;
  readonly subjects: readonly SubjectOutcome[];
}

export type Verdict =
  | { readonly kind: 'met' | 'missed'; readonly quirl: Summary; readonly compared: string }
  | { readonly kind: 'unmeasured'; readonly reason: string };

function measured(figure: FigureResult, subject: string): Summary | string {
  const outcome = figure.subjects.find((s) => s.subject === subject);
  if (outcome === undefined) return `${subject} was not run`;
  if (outcome.kind === 'skipped') return `${subject}: ${outcome.reason}`;
  return summarize(outcome.samples);
}

/** How a subject's median compares with the goal's reference: `0.93×`, `+1.20 ms`, or '' for an absolute goal. */
export function comparison(goal: Goal, subject: Summary, reference: Summary | undefined, unit: string): string {
  if (goal.kind === 'absolute' || reference === undefined) return '';
  if (goal.kind === 'plus') {
    const delta = subject.median - reference.median;
    return `${delta >= 0 ? '+' : '−'}${formatNumber(Math.abs(delta))} ${unit}`;
  }
  return `${formatNumber(subject.median / reference.median)}×`;
}

/** The goal in words: `≤ 1.1× node`, `≥ 0.8× cat`, `≤ bash + 2 ms`, `≤ 50 ms`. */
export function describeGoal(goal: Goal, unit: string): string {
  switch (goal.kind) {
    case 'ratio':
      return `≤ ${goal.max}× ${goal.against}`;
    case 'rate':
      return `≥ ${goal.min}× ${goal.against}`;
    case 'plus':
      return `≤ ${goal.against} + ${goal.maxDelta} ${unit}`;
    case 'absolute':
      return `≤ ${goal.max} ${unit}`;
  }
}

/** Whether Quirl's median meets the figure's goal, and the comparison that says so. */
export function judge(figure: FigureResult): Verdict {
  const quirl = measured(figure, QUIRL);
  if (typeof quirl === 'string') return { kind: 'unmeasured', reason: quirl };
  const { goal } = figure;
  if (goal.kind === 'absolute') {
    return { kind: quirl.median <= goal.max ? 'met' : 'missed', quirl, compared: `${formatNumber(quirl.median)} ${figure.unit}` };
  }
  const reference = measured(figure, goal.against);
  if (typeof reference === 'string') return { kind: 'unmeasured', reason: reference };
  const compared = comparison(goal, quirl, reference, figure.unit);
  const ok =
    goal.kind === 'ratio'
      ? quirl.median <= goal.max * reference.median
      : goal.kind === 'rate'
        ? quirl.median >= goal.min * reference.median
        : quirl.median <= reference.median + goal.maxDelta;
  return { kind: ok ? 'met' : 'missed', quirl, compared };
}

/** Three significant figures or so, never exponent notation. */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
