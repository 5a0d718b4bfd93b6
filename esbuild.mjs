// Bundles the shell (dist/quirl.js) and the VS Code extension (dist/extension.js, `vscode` left to the host).
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
  { ...shared, entryPoints: ['shell/main.ts'], outfile: 'dist/quirl.js' },
  { ...shared, entryPoints: ['extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
