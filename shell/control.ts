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
 * An error that abandons more than its command, in bash's two degrees. Any of them abandons the
 * command line (a script's current complete command), or only the `eval` string, sourced file
 * or trap command it happens in, which then fails with `status` (bash's DISCARD). A `fatal` one
 * (an unbound variable under `set -u`, `${x?}`) ends a script instead, even from inside those;
 * an interactive shell treats it as any other. Non-fatal: `$(( 1/0 ))`, an assignment to a
 * readonly variable, a bad substitution. `message`, when not yet said, is said where it is caught.
 */
export class ExpansionAbort {
  constructor(
    readonly message: string | undefined,
    readonly status = 1,
    readonly fatal = false,
  ) {}
}
