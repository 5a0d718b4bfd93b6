/**
 * Quirl's entry point (dist/quirl.js): runs the shell's bundle (dist/shell.js) with V8's code
 * cache. Compiling that bundle is most of what starting Quirl costs beyond node's own start.
 * The cache is written at exit, after the run, so that it holds every function the run compiled
 * (code caches made at compile time, as the compile-cache libraries and node's own make them,
 * hold only the top level: measured, they saved a third as much). It lives in the user's cache
 * directory, not the shared temporary one, where another user could plant code; one file per
 * installed bundle, architecture and V8 version (VS Code's runtime has its own), rewritten when
 * the bundle changes and after long runs.
 *
 * The start-up snapshot (dist/quirl.blob) is built from this file too (esbuild.mjs): `node
 * --build-snapshot dist/quirl.js` compiles the bundle with the cache a training session wrote
 * (the same file, in a cache directory of the build's own), and the snapshot keeps the bytecode
 * that cache holds. A shell started from it then compiles nothing its start-up runs, where a
 * snapshot of the bundle alone compiles each function at its first call. Building, nothing here
 * may stay behind in the snapshot: no signal listener, no exit hook.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { startupSnapshot } from 'node:v8';
import { Script } from 'node:vm';
import { parseArguments } from './invocation';
import { installLaunchSignals } from './launch-signals';

// Node 20 answers 1 or 0 here, not a boolean; Electron's Node may lack the API.
const buildingSnapshot = Boolean(startupSnapshot?.isBuildingSnapshot());

// Before anything that takes time: a signal during start-up must find the shell's dispositions.
// (A shell started from the snapshot does this first in entry.ts.)
if (!buildingSnapshot) installLaunchSignals(parseArguments(process.argv.slice(2)).kind === 'interactive');

const BUNDLE = join(__dirname, 'shell.js');
const LONG_RUN_SECONDS = 1;

/** What makes a cache valid for this bundle: V8 checks only the source's length, so a rebuild must change the key. */
function bundleKey(bundle: string, stat: Stats): string {
  return `${bundle}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}`;
}

/** One file per installed bundle (a checkout and an installed extension must not overwrite each other's), architecture and V8 version. */
function cacheFile(env: NodeJS.ProcessEnv, bundle: string): string {
  const base = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'quirl', `code-cache-${pathHash(bundle)}-${process.arch}-v8-${process.versions.v8}`);
}

/** FNV-1a of the path, in hex: a short, stable name without loading node:crypto. */
function pathHash(path: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index += 1) hash = Math.imul(hash ^ path.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The cached code, when the file holds this bundle's: its header (the key and a newline), then V8's data. */
function readCache(file: string, header: Buffer): Buffer | undefined {
  try {
    const contents = readFileSync(file);
    return contents.subarray(0, header.length).equals(header) ? contents.subarray(header.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes the cache's directory and, when missing, its parent (~/.cache): never mkdir's recursive
 * walk, which node runs forever at full CPU where mkdir fails with ENOENT inside a directory that
 * exists (/proc, as XDG_CACHE_HOME=/proc would have it).
 */
function makeCacheDirectory(directory: string): void {
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(directory), { mode: 0o700 });
    mkdirSync(directory, { mode: 0o700 });
  }
}

function writeCache(file: string, header: Buffer, data: Buffer): void {
  // Written aside and renamed: shells starting meanwhile read the old file or the new, never half of one.
  const partial = `${file}.${process.pid}`;
  try {
    makeCacheDirectory(dirname(file));
    writeFileSync(partial, Buffer.concat([header, data]), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // Without a cache the next start is only slower; a half-written file is not left behind.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Its directory could not be made: nothing was written.
    }
  }
}

const source = readFileSync(BUNDLE, 'utf8');
const header = Buffer.from(`${bundleKey(BUNDLE, statSync(BUNDLE))}\n`);
const file = cacheFile(process.env, BUNDLE);
const cached = readCache(file, header);
const script = new Script(Module.wrap(source), { filename: BUNDLE, cachedData: cached });
const valid = cached !== undefined && script.cachedDataRejected !== true;
if (!buildingSnapshot) {
  process.once('exit', () => {
    // A long run (an interactive session) compiled what short ones never reach, and a few ms at its
    // exit go unnoticed; a short one (a script) only writes a cache that is missing or stale.
    if (!valid || process.uptime() > LONG_RUN_SECONDS) writeCache(file, header, script.createCachedData());
  });
}
// The snapshot builder runs this file as a bare function, with no module of its own to be the parent.
const bundleModule = new Module(BUNDLE, buildingSnapshot ? undefined : module);
bundleModule.filename = BUNDLE;
const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
run.call(bundleModule.exports, bundleModule.exports, createRequire(BUNDLE), bundleModule, BUNDLE, __dirname);
