/**
 * The shell's variables by name, counting the changes that can alter the environment its children
 * get: ShellState builds that environment once per count, not once per command.
 */
import type { Variable } from './variable';

function isExported(variable: Variable | undefined): boolean {
  return variable?.attributes.has('x') === true;
}

export class VariableTable extends Map<string, Variable> {
  /**
   * Bumped whenever an exported variable is added, replaced, removed or changed in place, or one
   * stops or starts being exported. Changes to variables never exported leave it alone: a loop's
   * `i=$((i+1))` keeps the environment built.
   */
  exportVersion = 0;

  override set(name: string, variable: Variable): this {
    if (isExported(variable) || isExported(super.get(name))) this.exportVersion++;
    return super.set(name, variable);
  }

  override delete(name: string): boolean {
    if (isExported(super.get(name))) this.exportVersion++;
    return super.delete(name);
  }

  /** `variable`, kept here or in a call frame, had its value or attributes changed in place; `wasExported` is what it was before. */
  changedInPlace(variable: Variable, wasExported = isExported(variable)): void {
    if (wasExported || isExported(variable)) this.exportVersion++;
  }
}
