// Bundles the shell (dist/quirl.js, its entry point, and dist/shell.js) and the VS Code extension (dist/extension.js, `vscode` left to the host).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
};

const builds = [
  // dist/quirl.js is the entry point: it runs dist/shell.js with V8's code cache.
  { ...shared, entryPoints: ['shell/launch.ts'], outfile: 'dist/quirl.js' },
  // Whitespace and syntax minified, names kept (stack traces stay readable): a third less to read and compile at each start.
  { ...shared, entryPoints: ['shell/entry.ts'], outfile: 'dist/shell.js', minifyWhitespace: true, minifySyntax: true },
  { ...shared, entryPoints: ['extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
];

/**
 * What the training session types at its prompt: the commands of a first session at a prompt
 * (builtins, an external program, expansions, a test, a loop, a function, a pipeline) and `exit`.
 * Whatever the session runs is compiled in the snapshot; what it does not run is compiled at its
 * first call, as without a snapshot.
 */
const TRAINING = [
  'true',
  'cd . && echo "$HOME ${PWD##*/} $((1 + 2))" > /dev/null',
  'for f in *; do [ -e "$f" ] && break; done',
  'greet() { local name=$1; printf "%s\\n" "hello $name"; }; greet you | cat > /dev/null',
  'ls > /dev/null',
  'exit',
].join('\n');

/**
 * The code cache of a training session: the launcher (dist/quirl.js, no snapshot) runs an
 * interactive shell on TRAINING, with a home and a cache directory of its own (no user's start-up
 * file, no user's cache), and writes the cache there at exit. Returns that directory; without a
 * cache in it (the session failed) the snapshot only compiles more at run time.
 */
function trainCodeCache(env) {
  const home = mkdtempSync(join(tmpdir(), 'quirl-training-'));
  spawnSync(process.execPath, [resolve('dist', 'quirl.js'), '-i'], {
    input: `${TRAINING}\n`,
    stdio: ['pipe', 'ignore', 'ignore'],
    // Only PATH of the build's environment: nothing the user exports (a VS Code terminal's link, PROMPT_COMMAND) may reach it.
    env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: home, NODE_OPTIONS: '' },
    cwd: home,
    // A session of its own, so no controlling terminal: an interactive shell takes the terminal it
    // finds (the build's own, where `npm install` runs in one) for its job control.
    detached: true,
    timeout: 60_000,
  });
  return home;
}

/**
 * dist/quirl.blob: a V8 start-up snapshot of dist/shell.js with its modules evaluated and the code
 * a training session ran compiled (shell/launch.ts), which only the node that built it can load.
 * bin/quirl starts from it when it finds that node first on PATH, unchanged (same file, same
 * mtime), and the blob beside the bundle it was made of; otherwise it runs dist/quirl.js. So dist/quirl.blob.node names that node and the dist folder, and
 * dist/quirl.blob.stamp carries the node's mtime, all /bin/sh can compare without a program.
 */
function buildSnapshot() {
  const dist = resolve('dist');
  const [blob, owner, stamp] = ['quirl.blob', 'quirl.blob.node', 'quirl.blob.stamp'].map((name) => resolve(dist, name));
  for (const file of [owner, stamp, blob]) rmSync(file, { force: true });
  // V8 flags from NODE_OPTIONS would be built in, and bin/quirl starts node without them.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const training = trainCodeCache(env);
  // The launcher, building, compiles the bundle with the cache it finds in XDG_CACHE_HOME.
  const build = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', resolve(dist, 'quirl.js')], { encoding: 'utf8', env: { ...env, XDG_CACHE_HOME: training } });
  rmSync(training, { recursive: true, force: true });
  // node refuses a snapshot it cannot load (other V8 flags, another CPU) and exits: try it once here.
  const trial = build.status === 0 ? spawnSync(process.execPath, ['--snapshot-blob', blob, resolve('bin', 'quirl'), '-c', ':'], { encoding: 'utf8', env }) : build;
  if (trial.status !== 0) {
    // Only start-up is slower without it: bin/quirl then runs the bundle.
    console.warn(`esbuild.mjs: no start-up snapshot (node ${process.version} said: ${(trial.stderr || trial.error?.message || '').trim()})`);
    rmSync(blob, { force: true });
    return;
  }
  writeFileSync(stamp, '');
  const { mtime } = statSync(process.execPath);
  utimesSync(stamp, mtime, mtime);
  writeFileSync(owner, `${process.execPath}\n${dist}\n`);
}

if (watch) {
  // A rebuilt bundle is newer than the snapshot, which bin/quirl then leaves alone.
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  buildSnapshot();
}
