/**
 * Control flow that unwinds the tree walker: `break` / `continue` to an enclosing loop, `return`
 * from a function or sourced file, and an interrupt (Ctrl-C) that abandons the whole command line.
 * They are thrown as values, not Errors: a loop of `continue` should not pay for stack traces.
 */

/**
 * `break N` / `continue N`: `levels` counts the loops still to unwind, this one included;
 * `status` is what the loop then returns (0 for the builtins; a stopped job's for Ctrl-Z).
 */
export class LoopControl {
  constructor(
    readonly kind: 'break' | 'continue',
    readonly levels: number,
    readonly status = 0,
  ) {}

  /** The same control, one loop further out. */
  outer(): LoopControl {
    return new LoopControl(this.kind, this.levels - 1, this.status);
  }
}

/** `return [N]`. */
export class FunctionReturn {
  constructor(readonly status: number) {}
}

/**
 * What abandons the rest of the command line (a script's current complete command), with
 * `status`: Ctrl-C while the shell runs a line of its own (a loop of builtins), a foreground
 * child killed by SIGINT or SIGQUIT in an interactive shell, a runaway recursion, a line whose
 * job was killed. bash abandons the line in each case, and so does Quirl.
 */
export class Interrupted {
  constructor(readonly status: number) {}
}

/**
 * An error in expanding a word that ends more than its command (bash's fatal expansion errors:
 * `$(( 1/0 ))`): a script exits with `status`, an interactive shell abandons the line, a
 * subshell ends. `message` is said once, where it is caught.
 */
export class ExpansionAbort {
  constructor(
    readonly message: string,
    readonly status = 1,
  ) {}
}
