/**
 * `npm run test:integration`: the mocha suite inside a real VS Code's extension host, through
 * @vscode/test-electron's runTests, then the Playwright UI test. Here (the default) the VS Code is
 * code-server driven by Chromium through our launcher; QUIRL_VSCODE=download runs the same suite
 * in the downloaded desktop VS Code instead (needs internet and a display: `xvfb-run -a`).
 * Fails if anything fails or any process of the run outlives it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildSuite, suiteIndex } from './build';
import { repoRoot, resultsDir } from './paths';
import { killMarked, markedProcesses, newRunMarker, RUN_MARKER_VARIABLE } from './processes';
import { writeUserSettings } from './settings';
import { ensureToolchain } from './toolchain';
import { takeJobsScreenshot } from './ui/screenshot';

type Mode = 'code-server' | 'download';

const logsCopy = join(resultsDir, 'vscode-logs');
const launcher = join(repoRoot, 'test', 'integration', 'launcher', 'code');
const log = (line: string): void => console.log(`[integration] ${line}`);

function mode(): Mode {
  const value = process.env.QUIRL_VSCODE ?? 'code-server';
  if (value !== 'code-server' && value !== 'download') throw new Error(`QUIRL_VSCODE must be code-server (default) or download, not ${JSON.stringify(value)}`);
  return value;
}

async function main(): Promise<number> {
  const how = mode();
  if (how === 'download' && process.env.DISPLAY === undefined) {
    console.error('QUIRL_VSCODE=download runs desktop VS Code, which needs a display: run it under `xvfb-run -a`.');
    return 2;
  }
  if (how === 'code-server') ensureToolchain(log);
  // The extension and shell bundles under test are the working tree's, not a stale build.
  const bundle = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (bundle.status !== 0) return 1;
  await buildSuite();
  mkdirSync(resultsDir, { recursive: true });

  const failures: string[] = [];
  const suite = await step('mocha suite in the extension host', (marker) => runSuite(how, marker));
  if (suite !== undefined) failures.push(suite);
  if (how === 'code-server') {
    const ui = await step('UI test (Playwright)', async (marker) => log(`screenshot: ${await takeJobsScreenshot(marker, log)}`));
    if (ui !== undefined) failures.push(ui);
  }
  for (const failure of failures) console.error(`[integration] FAILED: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

/**
 * Runs one step with its own process marker; undefined when it passed and no process of it
 * outlived it, else why not.
 */
async function step(name: string, body: (marker: string) => Promise<void>): Promise<string | undefined> {
  log(`${name}: start`);
  const started = Date.now();
  const marker = newRunMarker();
  let failure: string | undefined;
  try {
    await body(marker);
  } catch (error) {
    failure = `${name}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const strays = markedProcesses(marker);
  if (strays.length > 0) {
    await killMarked(marker);
    failure = `${failure ?? name}; processes outlived it: ${strays.map((stray) => `${stray.pid} ${stray.command}`).join('; ')}`;
  }
  log(`${name}: ${failure === undefined ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return failure;
}

/** The suite through runTests, every process it starts marked with `marker`. */
async function runSuite(how: Mode, marker: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'quirl-itest-'));
  try {
    const userDataDir = join(scratch, 'user-data');
    const workspace = join(scratch, 'workspace');
    mkdirSync(workspace);
    // Terminals must outlive the web workbench's reload, its way of restarting a remote extension host.
    writeUserSettings(userDataDir, { 'terminal.integrated.enablePersistentSessions': true });
    await runTests({
      ...(how === 'code-server' ? { vscodeExecutablePath: launcher } : {}),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: suiteIndex,
      launchArgs: [workspace, `--user-data-dir=${userDataDir}`, `--extensions-dir=${join(scratch, 'extensions')}`, '--disable-extensions'],
      extensionTestsEnv: {
        [RUN_MARKER_VARIABLE]: marker,
        QUIRL_IT_STATE: join(scratch, 'handoff.json'),
        QUIRL_IT_RESULTS: resultsDir,
      },
    });
  } finally {
    // VS Code's logs (the extension's "Quirl" output channel among them) for a failure's post-mortem.
    rmSync(logsCopy, { recursive: true, force: true });
    const logs = join(scratch, 'user-data', 'logs');
    if (existsSync(logs)) cpSync(logs, logsCopy, { recursive: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[integration]', error);
    process.exit(1);
  },
);
