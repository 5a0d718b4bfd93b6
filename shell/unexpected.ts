/**
 * An error that no command handled, as the shell reports it (before an interactive shell's next
 * prompt, or on a pipeline stage's stderr): a system error as sh words it (`No space left on
 * device`, status 1); a stack overflow as too deep a nesting (status 2); anything else as an internal error (status 70, EX_SOFTWARE). The stack is
 * for developers: only with $QUIRL_DEBUG set.
 */
import { describeErrno, errorMessage, isShellError, isSystemError, stackExhausted } from './errors';

export interface UnexpectedReport {
  readonly message: string;
  readonly status: number;
}

const INTERNAL_ERROR_STATUS = 70;

export function describeUnexpected(thrown: unknown, debug: boolean): UnexpectedReport {
  const error = stackExhausted(thrown) ?? thrown;
  const stack = debug && error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : '';
  if (isShellError(error)) return { message: `${error.message}${stack}`, status: error.status };
  if (isSystemError(error)) {
    const where = error.path ?? error.syscall;
    return { message: `${where === undefined ? '' : `${where}: `}${describeErrno(error.code)}${stack}`, status: 1 };
  }
  return { message: `internal error: ${errorMessage(error)}${stack}`, status: INTERNAL_ERROR_STATUS };
}
