// Fuzz (issue 23, item 9): 5,000 generated programs of builtins only run in-process with fixed
// seed (QUIRL_FUZZ_N / 4 for a nightly size). PATH is empty, so no program runs. Each must end
// within its deadline, and report any failure as the shell's own message: no internal error,
// no JavaScript stack trace, and nothing thrown out of the interpreter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { captureSource, type CapturedRun } from '../../shell/backend';
import { isShellError } from '../../shell/errors';
import { builtinProgram, FUZZ_SEED, fuzzRuns } from './grammar';

/** Far beyond what any of these programs needs (a few ms), for a loaded machine. */
const DEADLINE_MS = 20_000;

test(`${fuzzRuns(5_000, 0.25)} generated programs of builtins run without an internal error, a stack trace or a timeout`, async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'quirl-fuzz-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const env = { PATH: '', HOME: home, FUNCNEST: '20' };
  await fc.assert(
    fc.asyncProperty(builtinProgram, async (program) => {
      // stdin is /dev/null for `read` and `mapfile`; the program cannot reach the test's own.
      const source = `{ ${program}\n} </dev/null`;
      const started = Date.now();
      let run: CapturedRun;
      try {
        run = await captureSource(source, { cwd: home, env, maxBytes: 1 << 16, request: { deadline: started + DEADLINE_MS } });
      } catch (error) {
        // A program the generator got wrong (`[[ == x ]]`) is refused as a whole, as a shell says a syntax error.
        assert.ok(isShellError(error, 'ParseError'), `${JSON.stringify(program)}: ${String((error as Error)?.stack ?? error)}`);
        return;
      }
      const context = `${JSON.stringify(program)}\nstatus ${run.status}\nstderr: ${run.stderr}`;
      assert.doesNotMatch(run.stderr, /internal error|RangeError|TypeError|ReferenceError|\n\s+at .*:\d+:\d+/, context);
      assert.ok(Number.isInteger(run.status) && run.status >= 0 && run.status <= 255, context);
      assert.ok(Date.now() - started < DEADLINE_MS, `timed out: ${context}`);
    }),
    { seed: FUZZ_SEED, numRuns: fuzzRuns(5_000, 0.25) },
  );
});
