/// <reference types="mocha" />
/** A describe block's own Quirl terminal: opened before its tests, watched, closed after them. */
import type { QuirlApi } from '../../../extension/api';
import { quirlApi } from './api';
import { closeQuirlTerminal, openQuirlTerminal, type OpenBy, type QuirlTerminal } from './terminals';
import { TreeWatch } from './watch';

export interface TerminalFixture {
  readonly api: QuirlApi;
  readonly quirl: QuirlTerminal;
  readonly watch: TreeWatch;
}

/** Call inside describe(); the fields are there from the first test on. */
export function withQuirlTerminal(by: OpenBy): TerminalFixture {
  const fixture: { -readonly [K in keyof TerminalFixture]?: TerminalFixture[K] } = {};
  before(async () => {
    fixture.api = await quirlApi();
    fixture.quirl = await openQuirlTerminal(fixture.api, by);
    fixture.watch = new TreeWatch(fixture.api, fixture.quirl.pid);
  });
  after(async () => {
    fixture.watch?.dispose();
    if (fixture.api !== undefined && fixture.quirl !== undefined) await closeQuirlTerminal(fixture.api, fixture.quirl);
  });
  return fixture as TerminalFixture;
}
