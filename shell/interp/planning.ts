/**
 * A simple command from the syntax tree to what runs: its assignments, words and redirects
 * expanded in that order, within the pipeline's budget, in the environment of its context
 * (variables, special parameters, `$(...)` through the interpreter, `$(( ))`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { PlannedRedirect } from '../exec/fds';
import type { ExpansionBudget } from '../expand/budget';
import { expandWord, expandWords, literalText } from '../expand';
import type { ExpansionEnvironment } from '../expand/types';
import type { Program, SimpleCommand } from '../syntax/ast';
import { arithmeticExpansion } from './arithmetic';
import type { Context } from './interpreter';
import { planRedirects } from './redirects';

/** A simple command after expansion. */
export interface PlannedCommand {
  readonly argv: string[];
  readonly assignments: (readonly [string, string])[];
  readonly redirects: PlannedRedirect[];
  /** The status of the last command substitution in its words, if any ran: `$?` of `x=$(false)`. */
  readonly substitutionStatus: number | undefined;
}

/** What expansion needs of the interpreter: whether it is interactive (`$-`), `$(...)`, `<(...)` and `>(...)`. */
export interface Expanding {
  readonly interactive: boolean;
  capture(program: Program, context: Context, maxBytes: number): Promise<{ status: number; output: string }>;
  substituteProcess(program: Program, direction: '<' | '>', context: Context): string;
}

const NO_ASSIGNMENTS: ReadonlyMap<string, string> = new Map();

/** Builtins whose NAME=value operands expand like assignments (bash's declaration builtins). */
const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(['export', 'local']);
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Expands a simple command's assignments, words and redirects, in that order. */
export async function planCommand(shell: Expanding, command: SimpleCommand, context: Context, budget: ExpansionBudget): Promise<PlannedCommand> {
  let substitutionStatus: number | undefined;
  const onSubstitution = (status: number): void => {
    substitutionStatus = status;
  };
  const assignments: (readonly [string, string])[] = [];
  if (command.assignments.length > 0) {
    // Each assignment sees the ones before it (`a=1 b=$a cmd`); the words do not (`x=1 echo $x`).
    const assigned = new Map<string, string>();
    const assigning = expansionEnvironment(shell, context, assigned, onSubstitution);
    for (const assignment of command.assignments) {
      const value = await expandWord(assignment.value, assigning, budget);
      assignments.push([assignment.name, value] as const);
      assigned.set(assignment.name, value);
    }
  }
  // Made only for a word that needs more than its literal text (most need none).
  let environment: ExpansionEnvironment | undefined;
  const expanding = (): ExpansionEnvironment => (environment ??= expansionEnvironment(shell, context, NO_ASSIGNMENTS, onSubstitution));
  const argv: string[] = [];
  for (const word of command.words) {
    const text = literalText(word, budget);
    if (text !== undefined) argv.push(text);
    // `export NAME=$value` takes its operands as assignments: no splitting, no globbing.
    else if (argv.length > 0 && DECLARATION_BUILTINS.has(argv[0] as string) && ASSIGNMENT_WORD.test(word.text)) {
      argv.push(await expandWord(word, expanding(), budget));
    } else {
      argv.push(...(await expandWords([word], expanding(), budget)));
    }
  }
  const redirects = command.redirects.length === 0 ? [] : await planRedirects(command.redirects, expanding(), budget, context.state.cwd);
  return { argv, assignments, redirects, substitutionStatus };
}

/** How words expand in `context`; `assigned` holds a command's prefix assignments made so far. */
export function expansionEnvironment(
  shell: Expanding,
  context: Context,
  assigned: ReadonlyMap<string, string> = NO_ASSIGNMENTS,
  onSubstitution: (status: number) => void = () => undefined,
): ExpansionEnvironment {
  const { state } = context;
  return {
    options: state.options.expansion(),
    lookup: (name) => assigned.get(name) ?? state.get(name),
    special: {
      lastStatus: state.lastStatus,
      shellPid: state.shellPid,
      lastBackgroundPid: state.lastBackgroundPid,
      scriptName: state.scriptName,
      positional: state.positional,
      get optionFlags() {
        return state.options.flags(shell.interactive);
      },
    },
    homeOf: (user) => (user === '' ? state.get('HOME') : homeDirectoryOf(user)),
    cwd: state.cwd,
    readDirectory: (path) => {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
    arithmetic: (expression) => arithmeticExpansion(expression, state),
    assign: (name, value) => state.set(name, value),
    variableNames: () => state.assigned().map(([name]) => name),
    commandSubstitution: async (program, maxBytes) => {
      const { status, output } = await shell.capture(program, context, maxBytes);
      onSubstitution(status);
      return output;
    },
    processSubstitution: (program, direction) => shell.substituteProcess(program, direction, context),
  };
}

function homeDirectoryOf(user: string): string | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const fields = line.split(':');
      if (fields[0] === user) return fields[5];
    }
  } catch {
    // No passwd database: ~user stays as typed.
  }
  return undefined;
}
