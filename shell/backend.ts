/**
 * Running shell source given as a string, in-process, with its output captured: the general
 * form takes an execution request (AbortSignal, deadline); ProcessBackend is the contract's
 * trusted-local convenience on top of it, with no cancellation and no deadline.
 */
import { native } from '../native';
import { ExitRequest } from './interp/builtin-api';
import { CaptureDrain } from './exec/drain';
import type { ExecutionRequest } from './exec/executor';
import { FdTable } from './exec/fds';
import { wireShell } from './wiring';
import { shellContext } from './interp/scope';
import { completeCommands, readingFor } from './interp/script';
import { ShellState } from './interp/state';
import { decodeBytes } from './bytes';

export interface CapturedRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  /** True when either stream carried more than the budget (the rest was drained and dropped). */
  readonly truncated: boolean;
}

export interface SourceOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Bytes kept of each of stdout and stderr. */
  readonly maxBytes?: number;
  readonly request?: ExecutionRequest;
}

const DEFAULT_CAPTURE_BYTES = 16 << 20;

/** Runs `source` as a script (one complete command at a time) with stdout and stderr captured. */
export async function captureSource(source: string, options: SourceOptions = {}): Promise<CapturedRun> {
  const maxBytes = options.maxBytes ?? DEFAULT_CAPTURE_BYTES;
  const fds = FdTable.standard();
  const out = native.pipe();
  fds.set(1, out.write, true);
  const stdout = new CaptureDrain(out.read, maxBytes);
  const err = native.pipe();
  fds.set(2, err.write, true);
  const stderr = new CaptureDrain(err.read, maxBytes);
  let status: number;
  try {
    status = await runSource(source, fds, options);
  } finally {
    fds.closeOwned();
  }
  const [outResult, errResult] = await Promise.all([stdout.done, stderr.done]);
  return {
    status,
    stdout: decodeBytes(outResult.data),
    stderr: decodeBytes(errResult.data),
    truncated: outResult.truncated || errResult.truncated,
  };
}

/** Runs `source` with the descriptors of `fds`; resolves to its status (`exit` ends it). */
export async function runSource(source: string, fds: FdTable, options: SourceOptions = {}): Promise<number> {
  const { interpreter } = wireShell({ terminal: undefined, interactive: false });
  const state = ShellState.fromEnvironment(options.env ?? process.env, options.cwd ?? process.cwd(), 'quirl', []);
  const context = shellContext(state, fds, options.request);
  try {
    for (const program of completeCommands(source, undefined, readingFor(() => state))) await interpreter.runProgram(program, context);
    return state.lastStatus;
  } catch (error) {
    if (error instanceof ExitRequest) return error.status;
    throw error;
  }
}

/** The trusted-local string conveniences: no cancellation, no deadline. */
export class ProcessBackend {
  constructor(private readonly options: Omit<SourceOptions, 'request'> = {}) {}

  /** Runs `source` with the shell's own stdin, stdout and stderr. */
  run(source: string): Promise<number> {
    return runSource(source, FdTable.standard(), this.options);
  }

  /** Runs `source` with stdout and stderr captured. */
  capture(source: string): Promise<CapturedRun> {
    return captureSource(source, this.options);
  }
}
