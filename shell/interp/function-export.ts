/**
 * `export -f NAME`: a function goes to children in the environment as bash passes it,
 * `BASH_FUNC_NAME%%=() BODY`, and a shell started with such variables defines those functions
 * (exported again), so bash and Quirl hand functions to each other (bats relies on it).
 */
import { parse } from '../syntax/parser';
import type { FunctionDefinition } from '../syntax/ast';

const EXPORTED_NAME = /^BASH_FUNC_(.+)%%$/s;

/** The environment variable that carries `definition`. */
export function functionEntry(definition: FunctionDefinition): [string, string] {
  return [`BASH_FUNC_${definition.name}%%`, `() ${definition.body.text}`];
}

/** The functions `env` carries; one that does not parse as a function is left out, as bash does. */
export function importedFunctions(env: NodeJS.ProcessEnv): FunctionDefinition[] {
  const definitions: FunctionDefinition[] = [];
  for (const [variable, value] of Object.entries(env)) {
    const name = EXPORTED_NAME.exec(variable)?.[1];
    if (name === undefined || value?.startsWith('() ') !== true) continue;
    const definition = parsedDefinition(name, value);
    if (definition !== undefined) definitions.push(definition);
  }
  return definitions;
}

function parsedDefinition(name: string, value: string): FunctionDefinition | undefined {
  try {
    const program = parse(`${name} ${value}`, { final: true });
    const [item, ...rest] = program.body.items;
    const command = item?.andOr.rest.length === 0 ? item.andOr.first.commands[0] : undefined;
    return rest.length === 0 && command?.kind === 'FunctionDefinition' && command.name === name ? command : undefined;
  } catch {
    // Not a function's text: ignored (bash ignores it too).
    return undefined;
  }
}
