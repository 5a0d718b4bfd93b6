/**
 * Runs the cases of test/spec/cases/*.sh with Quirl and, to confirm the expectations, with bash;
 * each run in its own sandbox (see run.ts). One test per case and shell, named
 * "<file> › <case name> [shell]". stdout and the status are compared exactly, stderr only where
 * the case states it. The case files are dealt into shards of about equal case counts, one test
 * file each (spec-N.test.ts, SPEC_SHARDS of them), so that no test file runs long enough to meet
 * the runner's per-file deadline on a loaded machine.
 *
 *   QUIRL_SPEC_SHELLS=bash      which rows to run (comma-separated; default quirl,bash)
 *   QUIRL_SPEC_COMPARE=1        also run each file's `## compare_shells:` (dash, zsh), whose
 *                               differences the files record as OK / N-I / BUG notes
 *   QUIRL_SPEC_TIMEOUT_MS=N     the per-run deadline (default 15000)
 */
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectationFor, parseSpecFile, type SpecCase, type SpecFile } from './format';
import { makeSandbox, runProcess, sandboxEnv, SHELLS, type RunResult, type Shell } from './run';

const CASES_DIR = join(__dirname, 'cases');
/** Per run. Generous (cases take well under a second), yet bounded so that a hanging shell costs little. */
const CASE_TIMEOUT_MS = Number(process.env.QUIRL_SPEC_TIMEOUT_MS ?? 15_000);
const CONCURRENCY = 2;
/** How many spec-N.test.ts files there are: about 350 cases each, a minute or less on a loaded machine. */
export const SPEC_SHARDS = 6;

function shellsFromEnv(): Shell[] {
  const names = (process.env.QUIRL_SPEC_SHELLS ?? 'quirl,bash').split(',').map((s) => s.trim()).filter((s) => s !== '');
  return names.map((name) => {
    const shell = SHELLS[name];
    if (shell === undefined) throw new Error(`QUIRL_SPEC_SHELLS: unknown shell "${name}" (known: ${Object.keys(SHELLS).join(', ')})`);
    return shell;
  });
}

function compareShells(file: SpecFile): Shell[] {
  const names = (file.header.get('compare_shells') ?? '').split(/\s+/).filter((s) => s !== '');
  return names.map((name) => {
    const shell = SHELLS[name];
    if (shell === undefined) throw new Error(`compare_shells: unknown shell "${name}"`);
    return shell;
  });
}

const show = (s: string | undefined) => (s === undefined ? '(not stated)' : JSON.stringify(s));

/** Checks one run against what `shell` is held to; the message carries everything needed to debug. */
function check(fileName: string, c: SpecCase, shell: Shell, result: RunResult): void {
  const want = expectationFor(c, shell.name);
  const problems: string[] = [];
  if (result.timedOut) problems.push(`timed out after ${CASE_TIMEOUT_MS} ms (process group killed)`);
  if (result.overflowed) problems.push('output passed the capture limit (process group killed)');
  if (result.stragglers > 0) problems.push(`${result.stragglers} process(es) were still running after the shell exited`);
  if (result.stdout !== want.stdout) problems.push('stdout differs');
  if (result.status !== want.status) problems.push('status differs');
  if (want.stderr !== undefined && result.stderr !== want.stderr) problems.push('stderr differs');
  if (problems.length === 0) return;
  const note = want.qualifier === undefined ? '' : ` (held to its ${want.qualifier} note)`;
  assert.fail(
    [
      `${shell.name}${note}: ${problems.join('; ')}`,
      `at ${fileName}:${c.line}`,
      '--- code',
      c.code.trimEnd(),
      `--- expected status: ${want.status}`,
      `---      got status: ${result.status}${result.signal === null ? '' : ` (${result.signal})`}`,
      `--- expected stdout: ${show(want.stdout)}`,
      `---      got stdout: ${show(result.stdout)}`,
      `--- expected stderr: ${show(want.stderr)}`,
      `---      got stderr: ${show(result.stderr)}`,
    ].join('\n'),
  );
}

async function runCase(c: SpecCase, shell: Shell): Promise<RunResult> {
  const sandbox = makeSandbox();
  try {
    const script = join(sandbox.root, 'script.sh');
    writeFileSync(script, c.code);
    return await runProcess({
      argv: shell.argv([script]),
      cwd: sandbox.work,
      env: sandboxEnv(sandbox, shell),
      timeoutMs: CASE_TIMEOUT_MS,
    });
  } finally {
    sandbox.remove();
  }
}

if (!(CASE_TIMEOUT_MS > 0)) throw new Error(`QUIRL_SPEC_TIMEOUT_MS: not a positive number: ${process.env.QUIRL_SPEC_TIMEOUT_MS}`);

const allFileNames = readdirSync(CASES_DIR)
  .filter((f) => f.endsWith('.sh'))
  .sort();
const rows = shellsFromEnv();
const compare = process.env.QUIRL_SPEC_COMPARE === '1';

/** Cases in a file, counted from its `####` headers (a file that does not parse counts as one). */
function caseCount(fileName: string): number {
  return readFileSync(join(CASES_DIR, fileName), 'utf8').match(/^#### /gm)?.length ?? 1;
}

/**
 * Deals the case files into `shards` shards of about equal case counts (largest file first, each to
 * the lightest shard), so that no shard's run nears the runner's per-file deadline however the
 * files grow. The same files always give the same shards.
 */
export function dealShards(files: readonly { readonly name: string; readonly cases: number }[], shards: number): string[][] {
  const dealt = Array.from({ length: shards }, () => ({ names: [] as string[], cases: 0 }));
  const bySize = [...files].sort((a, b) => b.cases - a.cases || a.name.localeCompare(b.name));
  for (const file of bySize) {
    const lightest = dealt.reduce((best, shard) => (shard.cases < best.cases ? shard : best));
    lightest.names.push(file.name);
    lightest.cases += file.cases;
  }
  return dealt.map((shard) => shard.names.sort());
}

/** Registers the tests of shard `shard` (0-based) of `shards`. */
export function registerSpecShard(shard: number, shards: number): void {
  const fileNames = dealShards(
    allFileNames.map((name) => ({ name, cases: caseCount(name) })),
    shards,
  )[shard] as string[];
  test(`cases › shard ${shard + 1} of ${shards} has case files`, () => {
    assert.ok(fileNames.length > 0, `no *.sh files for shard ${shard + 1} of ${shards} in ${CASES_DIR}`);
  });
  for (const fileName of fileNames) registerCaseFile(fileName);
}

function registerCaseFile(fileName: string): void {
  let file: SpecFile;
  try {
    file = parseSpecFile(readFileSync(join(CASES_DIR, fileName), 'utf8'), fileName);
  } catch (error) {
    test(`${fileName} › parses`, () => {
      throw error;
    });
    return;
  }

  test(`${fileName} › every case expects some stdout, so that a shell doing nothing fails it`, () => {
    const silent = file.cases.filter((c) => expectationFor(c, 'quirl').stdout === '').map((c) => c.name);
    assert.deepEqual(silent, []);
  });

  const shells = [...rows, ...(compare ? compareShells(file) : [])];
  describe(fileName, { concurrency: CONCURRENCY }, () => {
    for (const c of file.cases) {
      for (const shell of shells) {
        it(`${fileName} › ${c.name} [${shell.name}]`, { timeout: CASE_TIMEOUT_MS + 15_000 }, async () => {
          check(fileName, c, shell, await runCase(c, shell));
        });
      }
    }
  });
}
