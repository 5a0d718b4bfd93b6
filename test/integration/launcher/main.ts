/**
 * Our "VS Code executable" for @vscode/test-electron's runTests: takes its Electron-style flags,
 * opens a code-server workbench with the extension under development and its tests, and exits
 * with the tests' code. Everything it started is gone when it exits, on every path.
 *   test/integration/launcher/code --extensionDevelopmentPath=/abs --extensionTestsPath=/abs/index.js
 *     --user-data-dir=/abs --extensions-dir=/abs [/abs/folder]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVER_VARIABLE } from '../driver-protocol';
import { FlagError, parseLaunchFlags, type LaunchRequest } from './flags';
import { UiDriverServer } from './driver';
import { newRunMarker, RUN_MARKER_VARIABLE } from '../processes';
import { Workbench } from '../workbench';

/** A hung run fails instead of waiting forever (minutes; QUIRL_IT_DEADLINE_MINUTES overrides). */
const deadlineMs = Number(process.env.QUIRL_IT_DEADLINE_MINUTES ?? 30) * 60_000;

async function main(): Promise<number> {
  let request: LaunchRequest;
  try {
    request = parseLaunchFlags(process.argv.slice(2));
  } catch (error) {
    if (error instanceof FlagError) {
      console.error(`quirl code launcher: ${error.message}`);
      return 2;
    }
    throw error;
  }
  let reportExit: (outcome: string | number) => void = () => undefined;
  const finished = new Promise<string | number>((resolve) => (reportExit = resolve));
  // Registered before opening, so a signal while starting up still ends in close().
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => reportExit(`interrupted by ${signal}`));
  const timer = setTimeout(() => reportExit(`no result within ${deadlineMs / 60_000} minutes`), deadlineMs);
  // The suite's hands in the page (see ../driver-protocol.ts), inherited by code-server's extension hosts.
  const driverDir = mkdtempSync(join(tmpdir(), 'quirl-driver-'));
  let workbench: Workbench | undefined;
  const driver = await UiDriverServer.listen(join(driverDir, 'driver.sock'), () => workbench, (line) => console.log(line));
  process.env[DRIVER_VARIABLE] = join(driverDir, 'driver.sock');
  let outcome: string | number;
  try {
    workbench = await Workbench.open({
      ...request,
      marker: process.env[RUN_MARKER_VARIABLE] ?? newRunMarker(),
      log: (line) => console.log(line),
      onExit: (code) => reportExit(code),
    });
    void workbench.serverExited().then(reportExit);
    outcome = await finished;
  } finally {
    clearTimeout(timer);
    await workbench?.close();
    await driver.close();
    rmSync(driverDir, { recursive: true, force: true });
  }
  if (typeof outcome === 'number') return outcome;
  console.error(`quirl code launcher: ${outcome}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('quirl code launcher:', error);
    process.exit(1);
  },
);
