/** Running shell source inside the test process (so /proc shows its children), with output captured. */
import { captureSource, type CapturedRun } from '../../shell/backend';
import type { ExecutionRequest } from '../../shell/exec/executor';

export type ScriptResult = CapturedRun;

export function runScript(source: string, request: ExecutionRequest = {}, cwd: string = process.cwd()): Promise<ScriptResult> {
  return captureSource(source, { request, cwd });
}
