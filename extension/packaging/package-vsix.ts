/**
 * `npm run package [-- --target <platform-arch>]`: one .vsix per platform, from the matching
 * build. The native addon and its quirl-stage helper are read to learn which platform this build
 * is; a --target that differs is refused (a package must never carry another platform's
 * binaries), and vsce is run with --target so VS Code installs it only where it runs.
 * Writes quirl-<version>-<target>.vsix (into $QUIRL_PACKAGE_OUT if set, else the repository).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADDON_PATH, PACKAGE_TARGETS, addonTarget } from '../addon-target';

const root = path.resolve(__dirname, '..', '..');
const STAGE_PATH = path.join('native', 'build', 'Release', 'quirl-stage');

function main(argv: readonly string[]): number {
  const asked = argv[0] === '--target' ? argv[1] : undefined;
  if (argv.length > 0 && (asked === undefined || argv.length > 2)) return fail(`usage: npm run package [-- --target ${PACKAGE_TARGETS.join('|')}]`);
  const built = addonTarget(path.join(root, ADDON_PATH));
  const stage = addonTarget(path.join(root, STAGE_PATH));
  if (built === undefined) return fail(`no native build at ${ADDON_PATH}: run \`npm run build\` first`);
  if (stage !== built) return fail(`${STAGE_PATH} is built for ${stage ?? 'nothing known'}, the addon for ${built}: rebuild with \`npm run build\``);
  if (!(PACKAGE_TARGETS as readonly string[]).includes(built)) return fail(`this build is for ${built}, which Quirl is not packaged for (${PACKAGE_TARGETS.join(', ')})`);
  if (asked !== undefined && asked !== built) return fail(`this build is for ${built}, not ${asked}: package ${asked} on a ${asked} machine (or its CI runner), from its own \`npm ci\``);
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const out = path.resolve(process.env.QUIRL_PACKAGE_OUT ?? root, `quirl-${version}-${built}.vsix`);
  const vsce = path.join(root, 'node_modules', '.bin', 'vsce');
  const result = spawnSync(vsce, ['package', '--target', built, '--no-dependencies', '--skip-license', '--allow-missing-repository', '--allow-star-activation', '-o', out], { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

function fail(message: string): number {
  console.error(`package: ${message}`);
  return 2;
}

process.exit(main(process.argv.slice(2)));
