/**
 * Assignments from syntax to state: `NAME=value`, `NAME+=value`, `NAME[sub]=value` and
 * `NAME=(...)` expanded (a scalar's value unsplit; an array's elements split and globbed as
 * command words are, `[key]=value` elements not), then applied to a shell state.
 */
import { joinText } from '../bytes';
import { expandWord, expandWords, type ExpansionBudget, type ExpansionEnvironment } from '../expand';
import type { ArrayLiteral, Assignment } from '../syntax/ast';
import { andThen, type Eventually } from '../eventually';
import type { ArrayElementValue, ShellState } from './state';

export type PlannedAssignment =
  | { readonly kind: 'scalar'; readonly name: string; readonly value: string; readonly append: boolean }
  | { readonly kind: 'element'; readonly name: string; readonly subscript: string; readonly value: string; readonly append: boolean }
  | { readonly kind: 'array'; readonly name: string; readonly elements: readonly ArrayElementValue[]; readonly append: boolean };

export function expandAssignment(assignment: Assignment, env: ExpansionEnvironment, budget: ExpansionBudget): Eventually<PlannedAssignment> {
  const { name, append, value, subscript } = assignment;
  if (value.kind === 'ArrayLiteral') return expandArrayLiteral(assignment, value, env, budget);
  const text = expandWord(value, env, budget);
  // The common `name=word`: no closure, no promise when the word expands at once.
  if (subscript === null) return text instanceof Promise ? text.then((known) => scalar(name, known, append)) : scalar(name, text, append);
  return andThen(text, (known) =>
    andThen(expandWord(subscript, env, budget), (expanded): PlannedAssignment => ({ kind: 'element', name, subscript: expanded, value: known, append })),
  );
}

function scalar(name: string, value: string, append: boolean): PlannedAssignment {
  return { kind: 'scalar', name, value, append };
}

async function expandArrayLiteral(assignment: Assignment, value: ArrayLiteral, env: ExpansionEnvironment, budget: ExpansionBudget): Promise<PlannedAssignment> {
  const elements: ArrayElementValue[] = [];
  for (const element of value.elements) {
    if (element.key === null) {
      for (const field of await expandWords([element.value], env, budget)) elements.push({ key: undefined, value: field, append: false });
    } else {
      elements.push({ key: await expandWord(element.key, env, budget), value: await expandWord(element.value, env, budget), append: element.append });
    }
  }
  return { kind: 'array', name: assignment.name, elements, append: assignment.append };
}

const NO_WARNINGS: readonly string[] = Object.freeze([]);

/** Assigns; returns bash's warnings about elements it skipped (`m=([a]=1 b)` for an associative m). */
export function applyAssignment(state: ShellState, planned: PlannedAssignment): readonly string[] {
  switch (planned.kind) {
    case 'scalar':
      state.assign(planned.name, planned.value, planned.append);
      return NO_WARNINGS;
    case 'element':
      state.assignElement(planned.name, planned.subscript, planned.value, planned.append);
      return NO_WARNINGS;
    case 'array':
      return state.assignArray(planned.name, planned.elements, planned.append);
  }
}

/**
 * The scalar values prefix assignments give a command's environment (`x=1 cmd`, `x+=1 cmd`);
 * an array has no place in an environment.
 */
export function prefixValues(state: ShellState, assignments: readonly PlannedAssignment[]): [string, string][] {
  const values: [string, string][] = [];
  for (const planned of assignments) {
    const value = prefixValue(state, planned);
    if (value !== undefined) values.push([planned.name, value]);
  }
  return values;
}

/** The value one prefix assignment gives a command's environment; undefined for an array's. */
export function prefixValue(state: ShellState, planned: PlannedAssignment): string | undefined {
  if (planned.kind !== 'scalar') return undefined;
  return planned.append ? joinText(state.get(planned.name) ?? '', planned.value) : planned.value;
}
