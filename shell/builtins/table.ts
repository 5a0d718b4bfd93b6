/**
 * The builtin table's own type: a map of name to builtin in which `enable -n` can switch a name
 * off (the name then finds a function or a program, as in bash) and `enable` on again.
 */
import type { Builtin } from './types';

export class BuiltinTable extends Map<string, Builtin> {
  private readonly off = new Set<string>();

  override has(name: string): boolean {
    return super.has(name) && !this.off.has(name);
  }

  override get(name: string): Builtin | undefined {
    return this.off.has(name) ? undefined : super.get(name);
  }

  /** Every name, switched off or not, with whether it is on, in table order. */
  names(): [string, boolean][] {
    return [...super.keys()].map((name) => [name, !this.off.has(name)]);
  }

  /** Switches `name` on or off; false when no builtin has that name. */
  setEnabled(name: string, enabled: boolean): boolean {
    if (!super.has(name)) return false;
    if (enabled) this.off.delete(name);
    else this.off.add(name);
    return true;
  }
}
