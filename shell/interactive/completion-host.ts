/**
 * Completion's view of the interactive shell: the actions' sources, and commands (a compspec's
 * function or command) run in the shell's own context, where COMPREPLY is set. What they write
 * is kept off the line being edited: it is shown above the prompt once they end, and their
 * programs neither take the terminal nor read it (it is the editor's while a key is handled).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionSources } from '../builtins/complete';
import { decodeBytes } from '../bytes';
import { quotedWords, type CompletionHost } from '../completion/generate';
import type { Executor } from '../exec/executor';
import type { Context } from '../interp/context';
import type { Interpreter } from '../interp/interpreter';
import { readingFor } from '../interp/script';
import { parse } from '../syntax';

/** Commands of the interactive loop that are no builtins yet complete as commands. */
const LOOP_COMMANDS = ['dialect'];

export function interactiveHost(interpreter: Interpreter, context: Context, executor: Executor, report: (text: string) => void, ignoreCase: () => boolean): CompletionHost {
  const { state } = context;
  const sources = actionSources(state, (name, where) => interpreter.isBuiltin(name, where), () => executor.jobs.list());
  const quietly = async (source: string): Promise<{ status: number; stdout: string }> => {
    const directory = mkdtempSync(join(tmpdir(), 'quirl-complete-'));
    const out = join(directory, 'out');
    const err = join(directory, 'err');
    // Without job control a program stays in the shell's group: the terminal and its modes stay the editor's.
    const jobControl = executor.jobControl;
    executor.jobControl = false;
    try {
      const program = parse(`{ ${source}\n} </dev/null >${quotedWords([out])} 2>${quotedWords([err])}`, readingFor(() => state));
      const status = await interpreter.runProgram(program, context);
      return { status, stdout: decodeBytes(readFileSync(out)) };
    } finally {
      executor.jobControl = jobControl;
      let errors = '';
      try {
        errors = decodeBytes(readFileSync(err));
      } catch {
        // The redirect itself failed: its message went to the shell's own stderr.
      }
      rmSync(directory, { recursive: true, force: true });
      if (errors !== '') report(errors);
    }
  };
  return {
    ...sources,
    ignoreCase,
    builtins: () => [...sources.builtins(), ...LOOP_COMMANDS.map((name) => [name, true] as const)],
    expandWords: (words, glob) => interpreter.expandWordsIn(context, words, glob),
    run: async (source) => {
      const { status, stdout } = await quietly(source);
      if (stdout !== '') report(stdout);
      return status;
    },
    capture: async (source) => (await quietly(source)).stdout,
  };
}
