// What every figure's runner gets: the configuration, the subjects, and where progress goes.
import type { BenchConfig, FigureId } from './config';
import type { FigureResult } from './model';
import type { RoundPlan } from './rounds';
import type { Subject } from './subjects';

export interface FigureContext {
  readonly config: BenchConfig;
  readonly quirl: Subject;
  /** Quirl as the VS Code profile launches it (start-up and idle memory). */
  readonly quirlProfile: Subject;
  readonly bareNode: Subject;
  /** bash first, then the other reference shells installed here (and quirl-base, when asked for). */
  readonly references: readonly Subject[];
  readonly log: (message: string) => void;
}

export type FigureRunner = (context: FigureContext) => Promise<FigureResult[]>;

export function planOf(context: FigureContext, id: FigureId): RoundPlan {
  return { warmup: context.config.warmup, runs: context.config.runs(id), log: context.log };
}
