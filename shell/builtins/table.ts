/**
 * The builtin table's own type: a map of name to builtin. `enable -n` switches a name off in a
 * context's state (ShellState.disabledBuiltins, so a subshell's change stays there); the name
 * then finds a function or a program, as in bash.
 */
import type { Builtin } from '../interp/builtin-api';

export class BuiltinTable extends Map<string, Builtin> {
  /** The builtin `name` runs where the names in `disabled` are switched off. */
  find(name: string, disabled: ReadonlySet<string>): Builtin | undefined {
    return disabled.has(name) ? undefined : this.get(name);
  }
}
