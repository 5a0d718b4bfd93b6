/** Building executor requests in tests: stages from argv, and the executor-level checks every test ends with. */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExternalStage, PipelineSpec, Stage } from '../../shell/exec/construct';
import { Executor } from '../../shell/exec/executor';
import { FdTable, type PlannedRedirect } from '../../shell/exec/fds';
import { CommandResolver } from '../../shell/exec/resolve';
import { childrenOf, openFds, waitFor } from './proc';

const resolver = new CommandResolver();

export function external(argv: readonly string[], redirects: readonly PlannedRedirect[] = []): ExternalStage {
  return {
    kind: 'external',
    command: argv.join(' '),
    target: resolver.resolve(argv, process.env.PATH ?? '/usr/bin:/bin', process.cwd()),
    env: Object.entries(process.env).map(([name, value]) => `${name}=${value ?? ''}`),
    cwd: process.cwd(),
    redirects,
    settings: {},
  };
}

export function pipeline(...stages: Stage[]): PipelineSpec {
  return { command: stages.map((stage) => stage.command).join(' | '), stages, fds: FdTable.standard() };
}

/** A stage whose stdout and stderr go to /dev/null. */
export function quietStage(stage: Stage): Stage {
  const devNull: PlannedRedirect[] = [
    { kind: 'open', fd: 1, path: '/dev/null', mode: 'write', permissions: 0o666 },
    { kind: 'dup', fd: 2, source: 1 },
  ];
  return { ...stage, redirects: [...devNull, ...stage.redirects] };
}

/** A spec whose stages all write to /dev/null, so tests stay quiet. */
export function quiet(...stages: Stage[]): PipelineSpec {
  return pipeline(...stages.map(quietStage));
}

export function newExecutor(): Executor {
  return new Executor(undefined);
}

/** Children of this process that the shell made (tsx keeps an esbuild service child of its own). */
export function shellChildren(): string[] {
  return childrenOf()
    .filter((child) => child.comm !== 'esbuild')
    .map((child) => `${child.pid} ${child.comm} ${child.state}`);
}

/** The PIDs of those children, for comparing before and after (states change as they run). */
export function shellChildPids(): number[] {
  return childrenOf()
    .filter((child) => child.comm !== 'esbuild')
    .map((child) => child.pid)
    .sort((a, b) => a - b);
}

/** No child of this process is left (alive or zombie) once the executor is done with it. */
export async function assertNoChildrenLeft(): Promise<void> {
  await waitFor('every child to be gone', () => shellChildren().length === 0).catch(() => undefined);
  assert.deepEqual(shellChildren(), [], 'children of the test process remain');
}

/**
 * tsx's own cache directory (tsx runs these tests): it opens and closes descriptors there on a
 * schedule of its own, which is no job's doing (seen in CI: one closed mid-test).
 */
const TSX_CACHE = join(tmpdir(), 'tsx-');

/** The descriptors this process has open, for before/after comparisons; tsx's own are not ours to count. */
export function fdSnapshot(): number[] {
  return [...openFds()]
    .filter(([, target]) => !target.startsWith(TSX_CACHE))
    .map(([fd]) => fd)
    .sort((a, b) => a - b);
}

let warmedUp = false;

/**
 * The descriptors open once the runtime's lazy one-time handles exist (libuv's signal pipe, the
 * thread pool's wakeup): a baseline against which a job must leave nothing behind.
 */
export async function fdBaseline(): Promise<number[]> {
  if (!warmedUp) {
    const executor = newExecutor();
    await executor.executeInteractiveRequest(quiet(external(['true'])));
    await executor.executeCaptureRequest(pipeline(external(['true'])), { maxBytes: 1 });
    await executor.startBackground(quiet(external(['true']), { ...external(['cat']), redirects: [{ kind: 'hereString', fd: 0, text: 'x' }] })).whenDone();
    warmedUp = true;
  }
  return fdSnapshot();
}
