// Runs every *.test.ts under the given folders with node's test runner.
//   node test/run-tests.mjs [--serial] [--exclude FOLDER]... [FOLDER...]   (default: all of test/)
// --serial runs one file at a time (the PTY suite: each test owns a terminal and its timing).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const serial = args.includes('--serial');
const excluded = args.flatMap((arg, index) => (args[index - 1] === '--exclude' ? [join(root, arg)] : []));
const folders = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--exclude');
const roots = folders.length > 0 ? folders : ['test'];

function collect(dir, out) {
  if (excluded.some((folder) => dir === folder || dir.startsWith(`${folder}/`))) return out;
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
const concurrency = serial ? 1 : 2;
// A hang is a failure, never a slow pass: every test has a generous deadline.
// The spec reporter ends with the failing tests and their errors, so the tail of a CI log names them.
const runner = [
  '--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=180000',
  '--test-reporter=spec', '--test-reporter-destination=stdout', ...files,
];
const result = spawnSync(process.execPath, runner, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
