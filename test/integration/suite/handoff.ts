/**
 * What the suite hands across an extension-host restart: a JSON file (its path in QUIRL_IT_STATE)
 * that the first host writes before restarting and the restarted host reads.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Handoff {
  /** Failures mocha counted before the restart; set only once that half is over. */
  readonly failuresBefore?: number;
  /** The shell and job left running across the restart (absent if setting them up failed). */
  readonly survivor?: { readonly shellPid: number; readonly jobId: number; readonly command: string; readonly pgid: number };
  /** performance.timeOrigin + now() when the restart was asked for (ms since the epoch). */
  readonly restartRequestedAt?: number;
  /** Failures after the restart; set once that part is over and the browser is to be killed. */
  readonly failuresAfterRestart?: number;
  /** The shell and jobs left for the host that comes after the browser crash. */
  readonly crashSurvivor?: { readonly shellPid: number; readonly running: number; readonly stopped: number };
  /** When the browser was to be killed (ms since the epoch). */
  readonly crashRequestedAt?: number;
  /** Failures after the browser crash; set once that part is over and the window is to be reloaded. */
  readonly failuresAfterCrash?: number;
  /** The shell and running job left for the host of the reloaded window. */
  readonly reloadSurvivor?: { readonly shellPid: number; readonly running: number };
  /** When the reload was asked for (ms since the epoch). */
  readonly reloadRequestedAt?: number;
}

function statePath(): string {
  const path = process.env.QUIRL_IT_STATE;
  if (path === undefined || path === '') throw new Error('QUIRL_IT_STATE is not set: run the suite through `npm run test:integration`');
  return path;
}

export function readHandoff(): Handoff | undefined {
  const path = statePath();
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Handoff) : undefined;
}

export function writeHandoff(handoff: Handoff): void {
  writeFileSync(statePath(), JSON.stringify(handoff));
}
