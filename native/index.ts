/**
 * The native addon's loader and its typed wrapper. native.d.ts is the contract; this module
 * checks every argument before calling in (the addon itself trusts its caller), and loads the
 * addon on first use, so that importing it costs nothing and a missing build is reported once,
 * with how to fix it.
 */
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { encodeText } from './text';
import type {
  AddonBinding,
  AnchorSpawnOptions,
  EncodedStatus,
  ExecOptions,
  GroupChoice,
  InBytes,
  NativeBinding,
  NativeError,
  PreparedGuest,
  PreparingGroup,
  RecordPair,
  RecordRead,
  ResourceName,
  SpawnOptions,
  StagedChild,
  StagedSpawnOptions,
  WaitStatus,
} from './native';

export type * from './native';

const ADDON_FILE = 'quirl_native.node';
/** dist/ (the bundle) and native/ (the sources, under tsx) both sit directly in the repo root. */
const REPO_ROOT = path.resolve(__dirname, '..');

/**
 * Where the addon is looked for, in order: next to the running bundle, then the build outputs.
 * node-gyp puts the quirl-stage helper beside the addon, where the addon itself finds it.
 */
export function addonDirectories(): string[] {
  return [__dirname, path.join(REPO_ROOT, 'native', 'build', 'Release'), path.join(REPO_ROOT, 'native', 'build', 'Debug')];
}

/** Loads the addon from the first of `directories` that has one; throws NativeAddonMissing. */
export function loadAddon(directories: readonly string[]): AddonBinding {
  const tried: string[] = [];
  let firstFailure: unknown;
  for (const directory of directories) {
    const file = path.join(directory, ADDON_FILE);
    if (!existsSync(file)) {
      tried.push(`${file} (not found)`);
      continue;
    }
    try {
      // dlopen, not require: no module resolution (package.json reads up the tree) at each start,
      // and a shell started from a snapshot has the snapshot builder's require, which loads only built-ins.
      const addon = { exports: {} };
      process.dlopen(addon, file);
      return addon.exports as AddonBinding;
    } catch (error) {
      // E.g. built for another Node version: say so in one line, not with a loader stack.
      firstFailure ??= error;
      tried.push(`${file} (${String(error instanceof Error ? error.message : error).split('\n')[0]})`);
    }
  }
  const message =
    `Quirl's native addon could not be loaded. Looked for ${ADDON_FILE} at:\n` +
    tried.map((line) => `  ${line}\n`).join('') +
    `Rebuild it: run \`npm install\` (or \`npm run build\`) in ${REPO_ROOT}`;
  throw Object.assign(new Error(message, { cause: firstFailure }), { code: 'NativeAddonMissing' });
}

let loaded: AddonBinding | undefined;

function addon(): AddonBinding {
  loaded ??= loadAddon(addonDirectories());
  return loaded;
}

/** True for the errno-shaped errors the addon throws. */
export function isNativeError(error: unknown): error is NativeError {
  if (!(error instanceof Error)) return false;
  const fields = error as Partial<NativeError>;
  return typeof fields.code === 'string' && typeof fields.errno === 'number' && typeof fields.syscall === 'string';
}

// ---- Argument checks: each throws a TypeError naming the function and the argument.

const INT32_MAX = 2 ** 31 - 1;
/** Linux's real-time signals reach 64 (SIGRTMAX); os.constants.signals lists only named ones. */
const MAX_SIGNAL = process.platform === 'linux' ? 64 : Math.max(...Object.values(constants.signals));
/** One read(2): a pipe holds 64 KiB, so more than this is a caller's mistake, not a need. */
const MAX_READ_BYTES = 1 << 20;
/** libuv reaps through SIGCHLD, and the kernel refuses to change the other two. */
const FIXED_SIGNALS = new Set([constants.signals.SIGCHLD, constants.signals.SIGKILL, constants.signals.SIGSTOP]);

function reject(fn: string, what: string, expected: string, value: unknown): never {
  throw new TypeError(`native.${fn}: ${what} must be ${expected}, got ${inspect(value, { depth: 0, maxStringLength: 60 })}`);
}

function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function integer(fn: string, what: string, value: unknown, min: number, max = INT32_MAX): number {
  if (!isIntegerIn(value, min, max)) reject(fn, what, `an integer from ${min} to ${max}`, value);
  return value as number;
}

const descriptor = (fn: string, what: string, value: unknown) => integer(fn, what, value, 0);

const recordOf = ([data, end]: RecordPair): RecordRead => ({ data, end });
const positive = (fn: string, what: string, value: unknown) => integer(fn, what, value, 1);
const timeout = (fn: string, value: unknown) => integer(fn, 'timeoutMs', value, 0);

function signal(fn: string, value: unknown, min: number): number {
  return integer(fn, 'signal', value, min, MAX_SIGNAL);
}

/** A string the addon can pass to C: no NUL byte, which would silently cut it short there. */
function isText(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\0');
}

function text(fn: string, what: string, value: unknown, nonEmpty = false): string {
  if (!isText(value) || (nonEmpty && value === '')) {
    reject(fn, what, `a ${nonEmpty ? 'non-empty ' : ''}string without NUL bytes`, value);
  }
  return value;
}

function array(fn: string, what: string, value: unknown, minLength = 0): readonly unknown[] {
  if (!Array.isArray(value) || value.length < minLength) {
    reject(fn, what, minLength > 0 ? `an array of at least ${minLength} element(s)` : 'an array', value);
  }
  return value;
}

function object(fn: string, what: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) reject(fn, what, 'an object', value);
  return value as Record<string, unknown>;
}

function checkGroup(fn: string, value: unknown): GroupChoice {
  const group = object(fn, 'options.group', value);
  if (group.kind === 'join') positive(fn, 'options.group.pgid', group.pgid);
  else if (group.kind !== 'new' && group.kind !== 'shell') reject(fn, 'options.group.kind', "'new', 'join' or 'shell'", group.kind);
  return group as unknown as GroupChoice;
}

function checkSpawnOptions(fn: string, value: unknown): SpawnOptions {
  const options = checkProcessOptions(fn, value);
  checkGroup(fn, options.group);
  if (options.ignoreInterrupts !== undefined && typeof options.ignoreInterrupts !== 'boolean') {
    reject(fn, 'options.ignoreInterrupts', 'a boolean or absent', options.ignoreInterrupts);
  }
  return options as unknown as SpawnOptions;
}

/** SpawnOptions but the group, which the caller of checkProcessOptions checks or fixes itself. */
function checkProcessOptions(fn: string, value: unknown): Record<string, unknown> {
  const options = object(fn, 'options', value);
  const file = text(fn, 'options.file', options.file, true);
  // A relative path (as the user typed it, for the guest's $0) is resolved after the chdir to cwd,
  // or in this process's directory without one.
  if (!path.isAbsolute(file) && !file.includes('/')) reject(fn, 'options.file', 'an absolute path, or a path with a / relative to cwd', file);
  const argv = array(fn, 'options.argv', options.argv, 1);
  // Each element's name is made only for a failure: this runs for every command the shell starts.
  for (let i = 0; i < argv.length; i++) if (!isText(argv[i])) text(fn, `options.argv[${i}]`, argv[i]);
  checkEnvironment(fn, options.env);
  if (options.programInEnvironment !== undefined && typeof options.programInEnvironment !== 'boolean') reject(fn, 'options.programInEnvironment', 'a boolean', options.programInEnvironment);
  if (options.cwd !== null) text(fn, 'options.cwd', options.cwd, true);
  const fds = array(fn, 'options.fds', options.fds);
  for (let i = 0; i < fds.length; i++) if (!isIntegerIn(fds[i], -1, INT32_MAX)) integer(fn, `options.fds[${i}]`, fds[i], -1);
  checkChildSettings(fn, options);
  return options;
}

const SETTINGS = ['umask', 'limits', 'ignoredSignals'] as const;

function checkChildSettings(fn: string, options: Record<string, unknown>): void {
  if (options.umask !== undefined) integer(fn, 'options.umask', options.umask, 0, 0o777);
  if (options.limits !== undefined) checkLimits(fn, options.limits);
  if (options.ignoredSignals !== undefined) array(fn, 'options.ignoredSignals', options.ignoredSignals).forEach((value) => signal(fn, value, 1));
}

function checkLimits(fn: string, limits: unknown): void {
  array(fn, 'options.limits', limits).forEach((value, i) => {
    const limit = object(fn, `options.limits[${i}]`, value);
    resourceName(fn, limit.resource);
    for (const key of ['soft', 'hard'] as const) {
      const amount = limit[key];
      if (amount !== Infinity && !(Number.isSafeInteger(amount) && (amount as number) >= 0)) reject(fn, `options.limits[${i}].${key}`, 'a whole number or Infinity', amount);
    }
  });
}

/**
 * The environment last passed to the addon, checked, and its bytes: a shell passes the same one
 * to command after command, and checking and encoding every entry again was a good part of a
 * spawn's JavaScript. Compared by content, so no caller has to say when it changed; a frozen
 * array (the shell's, until an exported variable changes) is known by identity, since it cannot change.
 */
let lastEnvironment: { readonly strings: readonly string[]; readonly frozen: readonly string[] | undefined; readonly block: Buffer; withoutProgram?: Buffer } = {
  strings: [],
  frozen: undefined,
  block: Buffer.alloc(0),
};
/** The array checkEnvironment just passed and remembered, for the inBytes of the same call only. */
let justChecked: readonly unknown[] | undefined;

function isLastEnvironment(env: readonly unknown[]): boolean {
  if (env === lastEnvironment.frozen) return true;
  const last = lastEnvironment.strings;
  if (env.length !== last.length) return false;
  for (let i = 0; i < env.length; i++) if (env[i] !== last[i]) return false;
  return true;
}

function checkEnvironment(fn: string, value: unknown): void {
  const env = array(fn, 'options.env', value);
  if (!isLastEnvironment(env)) {
    for (let i = 0; i < env.length; i++) {
      const entry = env[i];
      if (!isText(entry)) text(fn, `options.env[${i}]`, entry);
      if ((entry as string).indexOf('=') < 1) reject(fn, `options.env[${i}]`, 'a "NAME=value" string', entry);
    }
    remember(env as readonly string[]);
  }
  justChecked = env;
}

const NUL = Buffer.alloc(1);

function remember(env: readonly string[]): void {
  lastEnvironment = { strings: [...env], frozen: Object.isFrozen(env) ? env : undefined, block: entriesBlock(env) };
}

function entriesBlock(env: readonly string[]): Buffer {
  return Buffer.concat(env.flatMap((entry) => [encodeText(entry), NUL]));
}

/** environmentBlock(env) with its `_` entries left out and `_=<file>` last (programInEnvironment). */
function programEnvironmentBlock(env: readonly string[], file: string): Buffer {
  environmentBlock(env);
  // Made once per environment: a shell passes the same one to command after command.
  lastEnvironment.withoutProgram ??= entriesBlock(lastEnvironment.strings.filter((entry) => !entry.startsWith('_=')));
  return Buffer.concat([lastEnvironment.withoutProgram, encodeText(`_=${file}`), NUL]);
}

/**
 * The bytes of an environment: one block, each entry followed by a NUL, which the addon reads in
 * one piece rather than entry by entry. The environment checkEnvironment has just compared is not
 * compared again (the same synchronous call: nothing can change it between).
 */
function environmentBlock(env: readonly string[]): Buffer {
  const checked = justChecked === env;
  justChecked = undefined;
  if (!checked && !isLastEnvironment(env)) remember(env);
  return lastEnvironment.block;
}

/** Checked process options as the addon takes them: each string field as its bytes. */
function inBytes<T extends { readonly file: string; readonly argv: readonly string[]; readonly env: readonly string[]; readonly cwd: string | null; readonly programInEnvironment?: boolean }>(
  options: T,
): InBytes<T> {
  const { file, argv, env, cwd } = options;
  const block = options.programInEnvironment === true ? programEnvironmentBlock(env, file) : environmentBlock(env);
  const bytes = { file: encodeText(file), argv: argv.map(encodeText), env: block, cwd: cwd === null ? null : encodeText(cwd) };
  return { ...options, ...bytes } as unknown as InBytes<T>;
}

/** A prepared helper or an anchor was started with this process's settings: it cannot take others. */
function refuseChildSettings(fn: string, options: Record<string, unknown>): void {
  for (const key of SETTINGS) if (options[key] !== undefined) reject(fn, `options.${key}`, 'absent (started with the shell process\'s)', options[key]);
}

function checkStagedOptions(value: unknown): StagedSpawnOptions {
  const fn = 'spawnStaged';
  const options = checkSpawnOptions(fn, value) as StagedSpawnOptions;
  if (options.group.kind !== 'new') reject(fn, 'options.group', "{ kind: 'new' } (a staged child leads its group)", options.group);
  return checkForegroundTty(fn, options);
}

function checkForegroundTty<T extends PreparedGuest>(fn: string, options: T): T {
  const tty: unknown = options.foregroundTtyChildFd;
  if (tty !== null && !(Number.isInteger(tty) && (options.fds[tty as number] ?? -1) >= 0)) {
    reject(fn, 'options.foregroundTtyChildFd', 'null or a child descriptor that options.fds leaves open', tty);
  }
  return options;
}

const RESOURCES: ReadonlySet<string> = new Set([
  'core', 'cpu', 'data', 'fsize', 'nofile', 'stack', 'as', 'nproc', 'memlock', 'rss', 'locks', 'sigpending', 'msgqueue', 'nice', 'rtprio', 'rttime',
]);

function resourceName(fn: string, value: unknown): ResourceName {
  if (typeof value !== 'string' || !RESOURCES.has(value)) reject(fn, 'resource', 'a ResourceName', value);
  return value as ResourceName;
}

/** The WaitStatus of `pid` that the addon encoded (see EncodedStatus). */
function decodeStatus(pid: number, status: EncodedStatus): WaitStatus {
  const value = (status >> 2) & 0xff;
  switch (status & 3) {
    case 0:
      return { kind: 'exited', pid, code: value };
    case 1:
      return { kind: 'signaled', pid, signal: value, coreDumped: (status & (1 << 10)) !== 0 };
    case 2:
      return { kind: 'stopped', pid, signal: value };
    default:
      return { kind: 'continued', pid };
  }
}

/**
 * Staged children not yet released or abandoned. Both settle the child by closing its two
 * channel descriptors; a second call would close whatever reused those numbers since.
 */
const unsettled = new WeakSet<StagedChild>();

function settle(fn: string, child: StagedChild): void {
  if (!unsettled.delete(child)) reject(fn, 'child', 'a StagedChild from spawnStaged, not yet released or abandoned', child);
}

/** Preparations started and not yet finished: finishing one joins its thread and hands its children over. */
const preparing = new WeakSet<PreparingGroup>();

/**
 * The addon, with every argument checked. Loaded on first call; a missing build throws an Error
 * with code 'NativeAddonMissing'. The methods are plain properties, so tests may replace one.
 */
export const native: NativeBinding = {
  spawn(options) {
    return addon().spawn(inBytes(checkSpawnOptions('spawn', options)));
  },
  spawnStaged(options) {
    const child = Object.freeze(addon().spawnStaged(inBytes(checkStagedOptions(options))));
    unsettled.add(child);
    return child;
  },
  releaseStaged(child, timeoutMs) {
    timeout('releaseStaged', timeoutMs);
    settle('releaseStaged', child);
    addon().releaseStaged(child, timeoutMs);
  },
  abandonStaged(child) {
    settle('abandonStaged', child);
    addon().abandonStaged(child);
  },
  releasePrepared(child, guest, timeoutMs) {
    const fn = 'releasePrepared';
    timeout(fn, timeoutMs);
    const checked = checkProcessOptions(fn, guest);
    refuseChildSettings(fn, checked);
    const options = checkForegroundTty(fn, checked as unknown as PreparedGuest);
    if (!unsettled.has(child)) reject(fn, 'child', 'a StagedChild from finishPreparingGroup, not yet released or abandoned', child);
    try {
      addon().releasePrepared(child, inBytes(options), timeoutMs);
    } catch (error) {
      // Refused as too large, nothing was sent and the channels are still open: the child stays prepared.
      if ((error as NativeError).code !== 'E2BIG' || (error as NativeError).syscall !== fn) unsettled.delete(child);
      throw error;
    }
    unsettled.delete(child);
  },
  startPreparingGroup(anchor) {
    const fn = 'startPreparingGroup';
    const options = checkProcessOptions(fn, anchor);
    if ('group' in options) reject(fn, 'options.group', 'absent (the anchor joins the prepared group)', options.group);
    refuseChildSettings(fn, options);
    const handle = addon().startPreparingGroup(inBytes(options as unknown as AnchorSpawnOptions));
    preparing.add(handle);
    return handle;
  },
  finishPreparingGroup(handle) {
    const fn = 'finishPreparingGroup';
    if (!preparing.delete(handle)) reject(fn, 'preparing', 'a PreparingGroup from startPreparingGroup, not yet finished', handle);
    const spawns = addon().finishPreparingGroup(handle);
    const staged = Object.freeze(spawns.staged);
    unsettled.add(staged);
    return { staged, anchor: spawns.anchor };
  },
  waitPid(pid) {
    const status = addon().waitPid(positive('waitPid', 'pid', pid));
    return status === null ? null : decodeStatus(pid, status);
  },
  reapKilled(pid) {
    return decodeStatus(pid, addon().reapKilled(positive('reapKilled', 'pid', pid)));
  },
  kill(pid, sig) {
    // 0 and -1 address this shell's own group and every process there is: never a job.
    if (integer('kill', 'pid', pid, -INT32_MAX) === 0 || pid === -1) {
      reject('kill', 'pid', 'a process ID, or minus a process group ID (not 0 or -1; use killpg)', pid);
    }
    addon().kill(pid, signal('kill', sig, 0));
  },
  killpg(pgid, sig) {
    addon().killpg(positive('killpg', 'pgid', pgid), signal('killpg', sig, 0));
  },
  getpgid(pid) {
    return addon().getpgid(integer('getpgid', 'pid', pid, 0));
  },
  getpgrp() {
    return addon().getpgrp();
  },
  setpgid(pid, pgid) {
    addon().setpgid(integer('setpgid', 'pid', pid, 0), integer('setpgid', 'pgid', pgid, 0));
  },
  tcgetpgrp(fd) {
    return addon().tcgetpgrp(descriptor('tcgetpgrp', 'fd', fd));
  },
  tcsetpgrp(fd, pgid) {
    addon().tcsetpgrp(descriptor('tcsetpgrp', 'fd', fd), positive('tcsetpgrp', 'pgid', pgid));
  },
  tcgetattr(fd) {
    return addon().tcgetattr(descriptor('tcgetattr', 'fd', fd));
  },
  tcsetattr(fd, termios) {
    if (!Buffer.isBuffer(termios)) reject('tcsetattr', 'termios', 'a Buffer from tcgetattr', termios);
    addon().tcsetattr(descriptor('tcsetattr', 'fd', fd), termios);
  },
  setSignalDisposition(sig, disposition) {
    if (FIXED_SIGNALS.has(signal('setSignalDisposition', sig, 1))) {
      reject('setSignalDisposition', 'signal', 'a signal other than SIGCHLD, SIGKILL and SIGSTOP', sig);
    }
    if (disposition !== 'ignore' && disposition !== 'default') {
      reject('setSignalDisposition', 'disposition', "'ignore' or 'default'", disposition);
    }
    addon().setSignalDisposition(sig, disposition);
  },
  pipe() {
    return addon().pipe();
  },
  open(file, flags, mode) {
    return addon().open(encodeText(text('open', 'path', file, true)), integer('open', 'flags', flags, 0), integer('open', 'mode', mode, 0, 0o7777));
  },
  close(fd) {
    addon().close(descriptor('close', 'fd', fd));
  },
  setBlocking(fd, blocking) {
    if (typeof blocking !== 'boolean') reject('setBlocking', 'blocking', 'a boolean', blocking);
    addon().setBlocking(descriptor('setBlocking', 'fd', fd), blocking);
  },
  termiosForRead(termios, modes) {
    const fn = 'termiosForRead';
    if (!Buffer.isBuffer(termios)) reject(fn, 'termios', 'a Buffer from tcgetattr', termios);
    const checked = object(fn, 'modes', modes);
    for (const key of ['byteAtATime', 'echo'] as const) {
      if (typeof checked[key] !== 'boolean') reject(fn, `modes.${key}`, 'a boolean', checked[key]);
    }
    return addon().termiosForRead(termios, modes);
  },
  termiosWithSignalKeys(termios) {
    if (!Buffer.isBuffer(termios)) reject('termiosWithSignalKeys', 'termios', 'a Buffer from tcgetattr', termios);
    return addon().termiosWithSignalKeys(termios);
  },
  writeAll(fd, data) {
    if (!Buffer.isBuffer(data)) reject('writeAll', 'data', 'a Buffer', data);
    return addon().writeAll(descriptor('writeAll', 'fd', fd), data);
  },
  readRecord(fd, options) {
    const fn = 'readRecord';
    const checked = object(fn, 'options', options);
    // null is -1 to the addon.
    const delimiter = checked.delimiter === null ? -1 : integer(fn, 'options.delimiter', checked.delimiter, 0, 255);
    const maxBytes = integer(fn, 'options.maxBytes', checked.maxBytes, 0, MAX_READ_BYTES);
    const timeoutMs = checked.timeoutMs === null ? -1 : integer(fn, 'options.timeoutMs', checked.timeoutMs, 0);
    const reading = addon().readRecord(descriptor(fn, 'fd', fd), delimiter, maxBytes, timeoutMs);
    return 'done' in reading ? { done: reading.done.then(recordOf), cancel: reading.cancel } : recordOf(reading);
  },
  getResourceLimit(resource) {
    return addon().getResourceLimit(resourceName('getResourceLimit', resource));
  },
  setUmask(mask) {
    addon().setUmask(integer('setUmask', 'mask', mask, 0, 0o777));
  },
  childTimes() {
    return addon().childTimes();
  },
  execve(options) {
    const fn = 'execve';
    const checked = checkProcessOptions(fn, { ...object(fn, 'options', options), cwd: null });
    array(fn, 'options.defaultSignals', checked.defaultSignals).forEach((value) => signal(fn, value, 1));
    array(fn, 'options.ignoredSignals', checked.ignoredSignals);
    // The addon reads spawn's fields: no directory change.
    return addon().execve(inBytes({ ...options, cwd: null } as ExecOptions & { readonly cwd: null }));
  },
  readTimeout(fd, maxBytes, timeoutMs) {
    return addon().readTimeout(
      descriptor('readTimeout', 'fd', fd),
      integer('readTimeout', 'maxBytes', maxBytes, 1, MAX_READ_BYTES),
      timeout('readTimeout', timeoutMs),
    );
  },
};
