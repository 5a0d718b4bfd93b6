// Runs every *.test.ts under the given folders (default: all of test/) with node's test runner.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const folders = process.argv.slice(2);
const roots = folders.length > 0 ? folders : ['test'];

function collect(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

const files = roots.flatMap((dir) => collect(join(root, dir), []));
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=180000', ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
