/**
 * The shell's bundle (dist/shell.js). Run by the launcher (dist/quirl.js), it starts the shell at
 * once. Run by the launcher under `node --build-snapshot` (esbuild.mjs), it only evaluates the
 * shell's modules and names what a shell started from the snapshot runs: such a shell (`node
 * --snapshot-blob dist/quirl.blob`, as bin/quirl starts it) reads and compiles no bundle at all.
 */
import { startupSnapshot } from 'node:v8';
import { parseArguments } from './invocation';
import { installLaunchSignals } from './launch-signals';
import { startShell } from './main';

// Electron's Node has no user-land snapshots (electron/electron#36118), and may lack the API.
// Node 20 answers 1 or 0 here, not a boolean.
if (startupSnapshot?.isBuildingSnapshot()) {
  // Node's modules the shell's start-up loads go into the snapshot too: `performance` (the
  // interpreter's clock) is node:perf_hooks and eight internal modules, loaded at its first use
  // (node brings its time origin up to date in a process started from a snapshot).
  performance.now();
  startupSnapshot.setDeserializeMainFunction(() => {
    // What the launcher does first, for the same reason: a signal during start-up must find the shell's dispositions.
    installLaunchSignals(parseArguments(process.argv.slice(2)).kind === 'interactive');
    startShell();
  });
} else {
  startShell();
}
