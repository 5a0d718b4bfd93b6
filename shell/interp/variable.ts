/**
 * One shell variable: its value (a string, an array, or none yet) and bash's attributes, and how
 * `declare -p` writes it so that bash can read it back.
 */
import { needsAnsiC, quoteForShell } from '../syntax/quote';
import { AssociativeArray, IndexedArray, type ShellArray } from './arrays';

/** bash's attribute letters, in the order `declare -p` prints them. */
export const ATTRIBUTE_LETTERS = ['a', 'A', 'i', 'n', 'r', 't', 'x', 'l', 'u'] as const;
export type Attribute = (typeof ATTRIBUTE_LETTERS)[number];

export interface Variable {
  /** undefined for a name declared but not assigned (`export NAME`, `local x`, `declare -a e`). */
  value: string | ShellArray | undefined;
  attributes: ReadonlySet<Attribute>;
}

export const NO_ATTRIBUTES: ReadonlySet<Attribute> = new Set();

export function withAttributes(variable: Variable, add: Iterable<Attribute>, remove: Iterable<Attribute> = []): ReadonlySet<Attribute> {
  const attributes = new Set(variable.attributes);
  for (const letter of remove) attributes.delete(letter);
  for (const letter of add) attributes.add(letter);
  return attributes;
}

export function copyVariable(variable: Variable): Variable {
  const { value } = variable;
  return { value: typeof value === 'object' ? value.clone() : value, attributes: variable.attributes };
}

/** A scalar's value, or an array's element 0 (key "0" of an associative one), as `$a` reads it. */
export function scalarOf(variable: Variable): string | undefined {
  const { value } = variable;
  if (typeof value !== 'object') return value;
  return value.kind === 'indexed' ? value.get(0) : value.get('0');
}

/** `declare -a` / `-A` on a variable: an array of that kind, a scalar becoming its element 0. */
export function asArray(value: Variable['value'], kind: ShellArray['kind']): ShellArray {
  if (typeof value === 'object') return value;
  const array = kind === 'indexed' ? new IndexedArray() : new AssociativeArray();
  if (value !== undefined) {
    if (array.kind === 'indexed') array.set(0, value);
    else array.set('0', value);
  }
  return array;
}

/** The `-a...` flags of `declare -p` (`--` when there are none). */
export function attributeFlags(variable: Variable): string {
  const letters = ATTRIBUTE_LETTERS.filter((letter) => variable.attributes.has(letter)).join('');
  return letters === '' ? '--' : `-${letters}`;
}

/** `declare -p NAME`'s line, without the newline. */
export function declaration(name: string, variable: Variable): string {
  const head = `declare ${attributeFlags(variable)} ${name}`;
  const { value } = variable;
  if (value === undefined) return head;
  if (typeof value === 'string') return `${head}=${declareQuote(value)}`;
  const items = value.entries().map(([key, element]) => `[${typeof key === 'number' ? key : associativeKey(key)}]=${declareQuote(element)}`);
  // bash leaves a space before an associative array's `)`.
  return `${head}=(${items.join(' ')}${value.kind === 'associative' && items.length > 0 ? ' ' : ''})`;
}

/** `set`'s (and a bare `declare`'s) line: `NAME=value` quoted to be read back, an array as `NAME=(...)`. */
export function listing(name: string, variable: Variable): string {
  const { value } = variable;
  if (typeof value === 'object') return declaration(name, variable).replace(/^declare \S+ /, '');
  return `${name}=${quoteForShell(value ?? '')}`;
}

/** bash's double-quoting for `declare -p`, or `$'...'` where a character needs it. */
function declareQuote(value: string): string {
  if (needsAnsiC(value)) return quoteForShell(value);
  return `"${value.replace(/["\\$`]/g, '\\$&')}"`;
}

function associativeKey(key: string): string {
  return /^[A-Za-z0-9_.,:+\-%/=]+$/.test(key) ? key : declareQuote(key);
}
