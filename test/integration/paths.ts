/** Where things are: the repository, the integration build's output, and the test results. */
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');
/** The esbuild output of the in-host suite: a build cache, where no linter or test runner looks. */
export const outDir = join(repoRoot, 'node_modules', '.cache', 'quirl-integration-suite');
/** Latency samples and screenshots (ignored by git). */
export const resultsDir = join(repoRoot, 'test-results');
