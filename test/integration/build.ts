/**
 * Bundles the in-host suite for the extension host (which loads JavaScript): the mocha entry
 * (suite/index.ts, with mocha inside) and one bundle per *.itest.ts file, which mocha loads one by
 * one. `vscode` is the host's own module.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { outDir, repoRoot } from './paths';

export const suiteOutDir = join(outDir, 'suite');
export const suiteIndex = join(suiteOutDir, 'index.js');

export async function buildSuite(): Promise<void> {
  const sourceDir = join(repoRoot, 'test', 'integration', 'suite');
  const tests = readdirSync(sourceDir).filter((name) => name.endsWith('.itest.ts'));
  rmSync(suiteOutDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(sourceDir, 'index.ts'), ...tests.map((name) => join(sourceDir, name))],
    outdir: suiteOutDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode'],
    logLevel: 'warning',
    // mocha's parallel mode (worker files found by require.resolve) is never used in the host.
    logOverride: { 'require-resolve-not-external': 'silent' },
  });
}
