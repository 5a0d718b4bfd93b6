/** Running shell source inside the test process (so /proc shows its children), with output captured. */
import { native } from '../../native';
import { ExitRequest } from '../../shell/builtins';
import { CaptureDrain } from '../../shell/exec/drain';
import type { ExecutionRequest } from '../../shell/exec/executor';
import { Executor } from '../../shell/exec/executor';
import { FdTable } from '../../shell/exec/fds';
import { CommandResolver } from '../../shell/exec/resolve';
import { Interpreter } from '../../shell/interp/interpreter';
import { ShellState } from '../../shell/interp/state';
import { parse } from '../../shell/syntax';

export interface ScriptResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runScript(source: string, request: ExecutionRequest = {}, cwd: string = process.cwd()): Promise<ScriptResult> {
  const fds = FdTable.standard();
  const out = native.pipe();
  const err = native.pipe();
  fds.set(1, out.write, true);
  fds.set(2, err.write, true);
  const stdout = new CaptureDrain(out.read, 16 << 20);
  const stderr = new CaptureDrain(err.read, 16 << 20);
  const state = ShellState.fromEnvironment(process.env, cwd, 'quirl', []);
  const interpreter = new Interpreter(new Executor(undefined), new CommandResolver(), false);
  let status: number;
  try {
    status = await interpreter.runProgram(parse(source), { state, fds, request });
  } catch (error) {
    if (!(error instanceof ExitRequest)) throw error;
    status = error.status;
  } finally {
    fds.closeOwned();
  }
  return { status, stdout: (await stdout.done).data.toString(), stderr: (await stderr.done).data.toString() };
}
