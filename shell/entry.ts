/**
 * The shell's bundle (dist/shell.js). Run by the launcher (dist/quirl.js), it starts the shell at
 * once. Run by the launcher under `node --build-snapshot` (esbuild.mjs), it only evaluates the
 * shell's modules and names what a shell started from the snapshot runs: such a shell (`node
 * --snapshot-blob dist/quirl.blob`, as bin/quirl starts it) reads and compiles no bundle at all.
 */
import { setFlagsFromString, startupSnapshot } from 'node:v8';
import { parseArguments } from './invocation';
import { installLaunchSignals } from './launch-signals';
import { startShell } from './main';

const SHORT_RUN_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=300';

// Electron's Node has no user-land snapshots (electron/electron#36118), and may lack the API.
// Node 20 answers 1 or 0 here, not a boolean.
if (startupSnapshot?.isBuildingSnapshot()) {
  // Node's modules the shell's start-up loads go into the snapshot too: `performance` (the
  // interpreter's clock) is node:perf_hooks and eight internal modules, loaded at its first use
  // (node brings its time origin up to date in a process started from a snapshot).
  performance.now();
  startupSnapshot.setDeserializeMainFunction(() => {
    // A shell's run is short: TurboFan's inlining budget (920 bytes of bytecode per optimized
    // function) costs more compile time (on background threads) than the code it speeds up ever
    // gives back. A third of it cut the CPU of the parse, functions and while figures by 10-20%
    // (CPU medians of interleaved runs; 200 gained about as much but cost a million-iteration
    // tight loop 10-16% more, 300 costs it 4-7%).
    // Set here, at run time, not on node's command line: node refuses a snapshot made with other
    // V8 flags, and set while building the snapshot it would be one.
    setFlagsFromString(SHORT_RUN_V8_FLAGS);
    // What the launcher does first, for the same reason: a signal during start-up must find the shell's dispositions.
    installLaunchSignals(parseArguments(process.argv.slice(2)).kind === 'interactive');
    startShell();
  });
} else {
  startShell();
}
