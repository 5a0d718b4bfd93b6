/**
 * The shell's typed errors: every failure a user can see carries a code a test can assert on,
 * a message that names what was wrong, and the exit status the shell reports for it.
 */

export type ShellErrorCode =
  /** The source text is not valid shell; see ParseError (syntax/source.ts). */
  | 'ParseError'
  /** An arithmetic expression failed (bad syntax, division by 0, unbound variable); bash's message. */
  | 'ArithmeticError'
  /** `${...}` that cannot expand (`${x;}`, `${1=w}`); the command fails, as in bash. */
  | 'BadSubstitution'
  /** bash's fatal expansion errors (`${x?w}` on an unset x, `${x@Z}`): a script ends, as in bash. */
  | 'FatalExpansion'
  /** A limit of the contract was reached (expansion budget, retained jobs, capture budget). */
  | 'ResourceLimit'
  /** Command data the kernel cannot carry (a NUL byte in a word, a name, a value). */
  | 'InvalidCommandData'
  /** The request's AbortSignal fired or its deadline passed. */
  | 'Cancelled'
  /** No such command on PATH, or no such file. */
  | 'CommandNotFound'
  /** The file exists but cannot be executed (permission, a directory). */
  | 'NotExecutable'
  /** A redirect target could not be opened, or a descriptor could not be duplicated. */
  | 'RedirectFailed'
  /** Building a pipeline failed after something was spawned (the original system error is the cause). */
  | 'SpawnFailed'
  /** Handing the terminal to a job, or taking it back, failed. */
  | 'TerminalHandoff'
  /** A builtin was called wrongly (bad option, bad job spec, not a number). */
  | 'Usage'
  /** Assigning to a readonly variable, or a bad array subscript in an assignment: a script ends, as in bash. */
  | 'AssignmentError'
  /** An explicit lifecycle operation (kill, fg, cleanup) failed in the system. */
  | 'SystemError';

/** Exit statuses that POSIX sh assigns to these failures. */
const DEFAULT_STATUS: Record<ShellErrorCode, number> = {
  ParseError: 2,
  ArithmeticError: 1,
  BadSubstitution: 1,
  FatalExpansion: 1,
  ResourceLimit: 1,
  InvalidCommandData: 1,
  Cancelled: 130,
  CommandNotFound: 127,
  NotExecutable: 126,
  RedirectFailed: 1,
  SpawnFailed: 126,
  TerminalHandoff: 1,
  Usage: 2,
  AssignmentError: 1,
  SystemError: 1,
};

export interface ShellErrorOptions {
  readonly status?: number;
  readonly cause?: unknown;
  /** The message was already written where the failing command's stderr pointed. */
  readonly reported?: boolean;
}

export class ShellError extends Error {
  readonly code: ShellErrorCode;
  /** The exit status a command that fails this way reports. */
  readonly status: number;
  readonly reported: boolean;

  constructor(code: ShellErrorCode, message: string, options: ShellErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ShellError';
    this.code = code;
    this.status = options.status ?? DEFAULT_STATUS[code];
    this.reported = options.reported ?? false;
  }
}

export function isShellError(error: unknown, code?: ShellErrorCode): error is ShellError {
  return error instanceof ShellError && (code === undefined || error.code === code);
}

/** The errno-shaped fields Node and the addon put on system errors. */
export interface SystemErrorLike {
  readonly code: string;
  readonly errno?: number;
  readonly syscall?: string;
  readonly path?: string;
  readonly message: string;
}

/** An errno-shaped error from Node or the addon (a code and a numeric errno). */
export function isSystemError(error: unknown): error is SystemErrorLike {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { errno?: unknown }).errno === 'number'
  );
}

/** "No such file or directory"-style text for an errno code, as sh prints it. */
export function describeErrno(code: string): string {
  return ERRNO_TEXT[code] ?? code;
}

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EEXIST: 'File exists',
  EBADF: 'Bad file descriptor',
  ENOEXEC: 'Exec format error',
  E2BIG: 'Argument list too long',
  EMFILE: 'Too many open files',
  ENFILE: 'Too many open files in system',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  ETXTBSY: 'Text file busy',
  ESRCH: 'No such process',
  ECHILD: 'No child processes',
  EAGAIN: 'Resource temporarily unavailable',
  ENOMEM: 'Cannot allocate memory',
  ENOTTY: 'Inappropriate ioctl for device',
  EIO: 'Input/output error',
  ETIMEDOUT: 'Timed out',
};

/** Nesting past a limit met while running (a pattern's groups, braces): the command fails, status 2, as a too-deep parse does. */
export function nestingLimit(what: string, limit: number): ShellError {
  return new ShellError('ResourceLimit', `${what} nested more than ${limit} deep`, { status: 2 });
}

/**
 * The last guard against nesting no limit caught: JavaScript's stack ran out. The command fails
 * as over a limit, never as an internal error, and the shell goes on.
 */
export function stackExhausted(error: unknown): ShellError | undefined {
  if (!(error instanceof RangeError) || !error.message.includes('call stack')) return undefined;
  return new ShellError('ResourceLimit', 'nesting too deep: the shell ran out of stack', { status: 2, cause: error });
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
