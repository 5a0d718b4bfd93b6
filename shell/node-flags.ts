/**
 * The node flags the shell runs with however it is launched: bin/quirl's `#!` line carries them
 * (a test checks that the two agree) and the extension passes them to the runtime it starts.
 *
 * Semi-spaces of at most 1 MiB: V8 grows the young generation towards 16 MiB per semi-space as a
 * busy shell allocates, and keeps it. Measured with `npm run bench` (idle, retained): RSS growth
 * for 1,024 retained jobs 17.1 → 14.5 MiB; the while loop's CPU time unchanged within noise.
 */
export const SHELL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
