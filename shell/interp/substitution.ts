/**
 * Command substitution (`$(...)`, `$(< file)`) and the start of a process substitution's list
 * (`<(...)`, `>(...)`): each runs a list in a copy of the shell, through the Evaluator.
 */
import { decodeBytes } from '../bytes';
import { ShellError } from '../errors';
import { CaptureSink } from '../exec/capture-sink';
import { ExpansionBudget, PIPELINE_EXPANSION_LIMIT } from '../expand/budget';
import type { FileRedirect, Program } from '../syntax/ast';
import { describeUnexpected } from '../unexpected';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import { fileReadOnly, readToEnd } from './file-substitution';
import { CommandOutput } from './output';
import { planRedirects } from './redirects';
import { subshell } from './scope';

/** `$(...)`: runs `program` in a subshell context with stdout captured within `maxBytes`. */
export async function captureOutput(evaluator: Evaluator, program: Program, context: Context, maxBytes: number): Promise<{ status: number; output: string }> {
  const fds = context.fds.derive();
  // One byte past the budget tells an over-long output from one that fits exactly.
  const sink = new CaptureSink(maxBytes + 1);
  fds.capture(1, sink);
  let status: number;
  try {
    const inner = subshell(context, fds);
    const { options } = inner.state;
    // bash clears -e in $(...) unless inherit_errexit or posix mode keeps it.
    if (!options.shopted('inherit_errexit') && !options.has('posix')) options.apply({ name: 'errexit', on: false });
    const file = fileReadOnly(program);
    status = await evaluator.traceNested(() =>
      evaluator.asSubshell(inner, () => (file === undefined ? evaluator.runList(program.body, inner) : copyFile(evaluator, file, inner, maxBytes + 1))),
    );
  } finally {
    // The write end closed, a drain ends by itself at EOF, even when the substitution was
    // abandoned (Ctrl-C): cancelling it instead destroys a net.Socket, whose teardown makes
    // Node open the terminal again for process.stderr, a descriptor the shell then keeps.
    fds.closeOwned();
    sink.close();
  }
  const result = await sink.result();
  if (result.totalBytes > maxBytes) {
    throw new ShellError(
      'ResourceLimit',
      `expansion exceeds the pipeline limit of ${PIPELINE_EXPANSION_LIMIT} bytes (a command substitution produced more than the ${maxBytes} left)`,
    );
  }
  return { status, output: decodeBytes(result.data) };
}

/** `$(< file)`: the file's bytes, up to `limit`, on the substitution's stdout; a failure to open it is reported as a redirect's. */
async function copyFile(evaluator: Evaluator, file: FileRedirect, context: Context, limit: number): Promise<number> {
  const [redirect] = await planRedirects([file], evaluator.expansionEnvironment(context), new ExpansionBudget(), context.state, context);
  return evaluator.withRedirects(redirect === undefined ? [] : [redirect], context, async (inner) => {
    const fd = inner.fds.get(0);
    if (fd === undefined) return 1;
    const data = await readToEnd(fd, limit, inner.scope.request.signal);
    await new CommandOutput(inner.fds, undefined).write(1, decodeBytes(data));
    return 0;
  });
}

/** `<(list)`, `>(list)`: the list started beside the command of `context`, ended with it (see process-substitution.ts). */
export function substituteProcess(evaluator: Evaluator, program: Program, direction: '<' | '>', context: Context): string {
  const substitutions = context.processSubstitutions;
  if (substitutions === undefined) throw new ShellError('Usage', `${direction}(...): process substitution is not supported here`);
  return substitutions.start(direction, (inner) =>
    evaluator.asSubshell(inner, () => evaluator.runList(program.body, inner)).catch(async (error: unknown) => {
      const report = describeUnexpected(error, inner.state.get('QUIRL_DEBUG') !== undefined);
      await evaluator.say(inner, `${direction}(...): ${report.message}`);
      return report.status;
    }),
  );
}
