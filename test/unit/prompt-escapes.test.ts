// A prompt's escapes as bash decodes them (PS1, PS2, ${x@P}), with fixed facts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodePrompt, type PromptFacts } from '../../shell/expand/prompt-escapes';
import { version } from '../../package.json';

const FACTS: PromptFacts = {
  cwd: '/home/ann/src/quirl',
  home: '/home/ann',
  uid: 1000,
  jobs: 2,
  historyNumber: 42,
  commandNumber: 7,
  shellName: '/usr/local/bin/quirl',
  now: new Date(2026, 0, 5, 14, 7, 9),
};

const plain = (template: string, facts: Partial<PromptFacts> = {}): string =>
  decodePrompt(template, { ...FACTS, ...facts }, { forExpansion: false, markers: true });

test('prompt escapes: directory, user status, counts and names', () => {
  const cases: [string, string, Partial<PromptFacts>?][] = [
    ['\\w', '~/src/quirl'],
    ['\\W', 'quirl'],
    ['\\w', '~', { cwd: '/home/ann' }],
    ['\\W', '~', { cwd: '/home/ann' }],
    ['\\W', '/', { cwd: '/' }],
    ['\\w', '/home/annex', { cwd: '/home/annex' }],
    ['\\w', '/home/ann', { home: '/' , cwd: '/home/ann' }],
    ['\\$', '$'],
    ['\\$', '#', { uid: 0 }],
    ['\\j \\! \\#', '2 42 7'],
    ['\\s', 'quirl'],
    ['\\s', 'quirl', { shellName: '-quirl' }],
    ['\\v', version.split('.').slice(0, 2).join('.')],
    ['\\V', version],
  ];
  for (const [template, expected, facts] of cases) assert.equal(plain(template, facts), expected, `${template} ${JSON.stringify(facts)}`);
});

test('prompt escapes: the time and date', () => {
  assert.equal(plain('\\d|\\t|\\T|\\@|\\A'), 'Mon Jan 05|14:07:09|02:07:09|02:07 PM|14:07');
  assert.equal(plain('\\D{%Y-%m-%d %H:%M:%S %a %b %e %y %I %p %%}'), '2026-01-05 14:07:09 Mon Jan  5 26 02 PM %');
  assert.equal(plain('\\D{}'), '14:07:09');
  assert.equal(plain('\\@', { now: new Date(2026, 0, 5, 0, 30, 0) }), '12:30 AM');
});

test('prompt escapes: characters, octal, markers, and what is no escape', () => {
  assert.equal(plain('a\\nb\\rc\\ad\\ee\\\\f'), 'a\nb\rc\x07d\x1be\\f');
  assert.equal(plain('\\101\\060'), 'A0');
  assert.equal(plain('\\[\\e[1;32m\\]x\\[\\e[0m\\]'), '\x01\x1b[1;32m\x02x\x01\x1b[0m\x02');
  assert.equal(decodePrompt('\\[\\e[1m\\]x', FACTS, { forExpansion: false, markers: false }), '\x1b[1mx');
  assert.equal(plain('\\q \\" \\'), '\\q \\" \\');
});

test('prompt escapes: with promptvars, what an escape inserts is quoted against the expansion after', () => {
  const forExpansion = (template: string, facts: Partial<PromptFacts> = {}): string =>
    decodePrompt(template, { ...FACTS, ...facts }, { forExpansion: true, markers: true });
  assert.equal(forExpansion('\\w', { cwd: '/tmp/$(rm x)`y`\\z' }), '/tmp/\\$(rm x)\\`y\\`\\\\z');
  assert.equal(forExpansion('\\$ '), '\\$ ');
  assert.equal(forExpansion('\\\\'), '\\\\');
  // In double quotes a lone `"` is literal and `\"` is `"`.
  assert.equal(forExpansion('\\"'), '"');
  // What the user wrote is left for the expansion.
  assert.equal(forExpansion('$HOME $(date)'), '$HOME $(date)');
});
