/**
 * The Electron-style command line `@vscode/test-electron` gives a VS Code executable, read into
 * what our code-server launcher needs. Flags that only matter to desktop VS Code are accepted and
 * ignored; anything else is refused, so a new flag is noticed rather than silently dropped.
 */

export interface LaunchRequest {
  readonly extensionDevelopmentPaths: readonly string[];
  readonly extensionTestsPath: string | undefined;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** The folder to open, if any (the one positional argument). */
  readonly folder: string | undefined;
}

export class FlagError extends Error {
  constructor(
    readonly code: 'UnknownFlag' | 'MissingFlag' | 'RelativePath' | 'ExtraArgument',
    message: string,
  ) {
    super(message);
    this.name = 'FlagError';
  }
}

/** Desktop-only switches runTests passes (sandbox, GPU, updates, trust, welcome pages). */
const IGNORED = new Set([
  'no-sandbox',
  'disable-gpu-sandbox',
  'disable-gpu',
  'disable-updates',
  'skip-welcome',
  'skip-release-notes',
  'disable-workspace-trust',
  'disable-extensions',
  'disable-telemetry',
  'new-window',
]);

const VALUED = ['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir'] as const;
type Valued = (typeof VALUED)[number];

export function parseLaunchFlags(argv: readonly string[]): LaunchRequest {
  const values: Record<Valued, string[]> = { extensionDevelopmentPath: [], extensionTestsPath: [], 'user-data-dir': [], 'extensions-dir': [] };
  const positional: string[] = [];
  for (const arg of argv) {
    if (!arg.startsWith('--')) {
      positional.push(absolute('folder', arg));
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (IGNORED.has(name)) continue;
    const valued = VALUED.find((flag) => flag === name);
    if (valued === undefined || equals < 0) throw new FlagError('UnknownFlag', `unsupported flag ${arg} (this launcher takes --${VALUED.join('=, --')}= and a folder)`);
    values[valued].push(absolute(`--${valued}`, arg.slice(equals + 1)));
  }
  if (positional.length > 1) throw new FlagError('ExtraArgument', `one folder at most, got: ${positional.join(' ')}`);
  return {
    extensionDevelopmentPaths: values.extensionDevelopmentPath,
    extensionTestsPath: single(values, 'extensionTestsPath'),
    userDataDir: required(values, 'user-data-dir'),
    extensionsDir: required(values, 'extensions-dir'),
    folder: positional[0],
  };
}

function single(values: Record<Valued, string[]>, flag: Valued): string | undefined {
  const given = values[flag];
  if (given.length > 1) throw new FlagError('ExtraArgument', `--${flag} given ${given.length} times`);
  return given[0];
}

function required(values: Record<Valued, string[]>, flag: Valued): string {
  const value = single(values, flag);
  if (value === undefined) throw new FlagError('MissingFlag', `--${flag}= is required (a fresh directory per run)`);
  return value;
}

function absolute(what: string, path: string): string {
  if (!path.startsWith('/')) throw new FlagError('RelativePath', `${what} must be an absolute path, got ${JSON.stringify(path)}`);
  return path;
}
