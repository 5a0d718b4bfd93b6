/**
 * How a Quirl terminal is started: the runtime, the bundled shell, its arguments and environment,
 * from the user's settings and the terminal's link address. Pure (no vscode), so the profile
 * provider and `Quirl: New Terminal` share it and tests read it as a table.
 */
import path from 'node:path';
import { IPC_SECRET_VARIABLE, IPC_SOCKET_VARIABLE } from '../shell/ipc/protocol';
import { RUNTIME_VARIABLE } from '../shell/ipc/runtime';

/** The platforms the native addon is written for. */
export const SUPPORTED_PLATFORMS: readonly NodeJS.Platform[] = ['linux', 'darwin'];

export type LaunchErrorCode = 'UnsupportedPlatform' | 'AddonUnavailable' | 'MissingShell' | 'BadSetting';

export class LaunchError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The `quirl.*` settings as read, unchecked (a user can write anything into settings.json). */
export interface LaunchSettings {
  readonly nodePath: unknown;
  readonly shellArgs: unknown;
  readonly env: unknown;
  /** quirl.loadRcFile: false starts the shell with --norc (no ~/.quirlrc). */
  readonly loadRcFile: unknown;
}

export interface LaunchHost {
  /** The extension's folder (where dist/ and native/ are). */
  readonly extensionRoot: string;
  /** The extension host's runtime (Electron, or Node under a server). */
  readonly execPath: string;
  /** Whether that runtime is Electron, which runs a script as Node only when told to. */
  readonly isElectron: boolean;
  readonly platform: NodeJS.Platform;
  readonly exists: (file: string) => boolean;
}

export interface ShellLaunch {
  readonly shellPath: string;
  readonly shellArgs: string[];
  /**
   * The nonce the shell puts in its OSC 633 E marks (it reads VSCODE_NONCE) so VS Code trusts the
   * command lines it reports. TerminalOptions has it in newer VS Code; 1.93 ignores it.
   */
  readonly shellIntegrationNonce: string;
  /** Added to the terminal's environment; null removes a variable (as terminal.integrated.env does). */
  readonly env: Record<string, string | null>;
}

/** The link the terminal's shell is to use. */
export interface TerminalLink {
  readonly socketPath: string;
  readonly secret: string;
}

/** Why Quirl cannot run on `platform`, or undefined where it can. */
export function unsupportedPlatform(platform: NodeJS.Platform): LaunchError | undefined {
  if (SUPPORTED_PLATFORMS.includes(platform)) return undefined;
  return new LaunchError(
    'UnsupportedPlatform',
    `Quirl runs on Linux and macOS only (this is ${platform}): it does Unix job control (process groups, the terminal's foreground group) through a native addon.`,
  );
}

/** The shell-integration nonce variable (VS Code's own name, read and removed by the shell). */
export const NONCE_VARIABLE = 'VSCODE_NONCE';

/** Runs bin/quirl, which the .vsix may unpack without its executable bit. */
export const LAUNCHER_SHELL = '/bin/sh';

/** The launch, or a LaunchError saying why Quirl cannot start here. */
export function shellLaunch(settings: LaunchSettings, host: LaunchHost, link: TerminalLink, nonce: string): ShellLaunch {
  const unsupported = unsupportedPlatform(host.platform);
  if (unsupported !== undefined) throw unsupported;
  const bundle = path.join(host.extensionRoot, 'dist', 'quirl.js');
  if (!host.exists(bundle)) throw new LaunchError('MissingShell', `Quirl's shell bundle ${bundle} is missing; run \`npm run build\` in ${host.extensionRoot}.`);
  const launcher = path.join(host.extensionRoot, 'bin', 'quirl');
  if (!host.exists(launcher)) throw new LaunchError('MissingShell', `Quirl's launcher ${launcher} is missing; reinstall the extension.`);
  const nodePath = stringSetting('quirl.nodePath', settings.nodePath ?? '');
  const args = stringListSetting('quirl.shellArgs', settings.shellArgs ?? []);
  const env = environmentSetting('quirl.env', settings.env ?? {});
  const loadRcFile = booleanSetting('quirl.loadRcFile', settings.loadRcFile ?? true);
  const ownRuntime = nodePath.trim() === '';
  return {
    // Through bin/quirl's first lines, as from a terminal: they ignore Ctrl-C and turn the signal
    // keys off while the runtime starts, which resets every ignored signal before the shell runs.
    shellPath: LAUNCHER_SHELL,
    // Long options before the one-letter ones, as bash requires.
    shellArgs: [launcher, ...(loadRcFile ? [] : ['--norc']), '-i', ...args],
    shellIntegrationNonce: nonce,
    env: {
      ...env,
      // The host's own Electron runs as plain Node only with this (the shell drops it for its jobs).
      ...(ownRuntime && host.isElectron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
      [RUNTIME_VARIABLE]: ownRuntime ? host.execPath : nodePath,
      [NONCE_VARIABLE]: nonce,
      [IPC_SOCKET_VARIABLE]: link.socketPath,
      [IPC_SECRET_VARIABLE]: link.secret,
    },
  };
}

function stringSetting(name: string, value: unknown): string {
  if (typeof value !== 'string') throw badSetting(name, 'a string', value);
  return value;
}

function booleanSetting(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw badSetting(name, 'true or false', value);
  return value;
}

function stringListSetting(name: string, value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw badSetting(name, 'a list of strings', value);
  return value;
}

function environmentSetting(name: string, value: unknown): Record<string, string | null> {
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined;
  if (entries === undefined || !entries.every(([, item]) => typeof item === 'string' || item === null)) {
    throw badSetting(name, 'an object of strings (or null to remove a variable)', value);
  }
  return Object.fromEntries(entries) as Record<string, string | null>;
}

function badSetting(name: string, expected: string, value: unknown): LaunchError {
  return new LaunchError('BadSetting', `The setting ${name} must be ${expected}, not ${JSON.stringify(value)}.`);
}
