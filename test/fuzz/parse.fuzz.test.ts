// Fuzz (issue 23, item 9): generated input through the parser, 20,000 per run with a fixed seed
// (QUIRL_FUZZ_N for a nightly size, QUIRL_FUZZ_SEED to replay another). Every input is either
// parsed or refused with a ShellError (a ParseError, or ResourceLimit past a nesting limit):
// never another exception, which would reach a user as an internal error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse } from '../../shell/syntax';
import { isShellError } from '../../shell/errors';
import { FUZZ_SEED, fuzzRuns, tokenSoup } from './grammar';

function parsesOrRefuses(text: string): void {
  for (const extglob of [false, true]) {
    try {
      parse(text, { extglob: () => extglob });
    } catch (error) {
      assert.ok(isShellError(error, 'ParseError') || isShellError(error, 'ResourceLimit'), `${JSON.stringify(text)}: ${String((error as Error)?.stack ?? error)}`);
    }
  }
}

test(`the parser accepts or refuses ${fuzzRuns(20_000)} generated inputs, never failing otherwise`, () => {
  fc.assert(fc.property(tokenSoup, parsesOrRefuses), { seed: FUZZ_SEED, numRuns: fuzzRuns(20_000) });
});
