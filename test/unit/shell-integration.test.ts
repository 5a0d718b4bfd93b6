import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layout } from '../../shell/interactive/editor/layout';
import { ShellIntegration, escapeValue } from '../../shell/interactive/shell-integration';

const A = '\x1b]633;A\x07';
const B = '\x1b]633;B\x07';
const C = '\x1b]633;C\x07';
const D = (status?: number): string => `\x1b]633;D${status === undefined ? '' : `;${status}`}\x07`;
const E = (line: string): string => `\x1b]633;E;${line}\x07`;
const P = (cwd: string): string => `\x1b]633;P;Cwd=${cwd}\x07`;

/** An integration in VS Code's environment, writing to a list. */
function fake(env: NodeJS.ProcessEnv = { TERM_PROGRAM: 'vscode' }): { integration: ShellIntegration; written: string[] } {
  const written: string[] = [];
  const integration = ShellIntegration.fromEnvironment(env, (text) => written.push(text));
  assert.ok(integration);
  return { integration, written };
}

test('command lines are escaped as the spec asks', () => {
  const cases: [string, string, string][] = [
    ['plain', 'echo hi', 'echo\\x20hi'],
    ['backslash', 'a\\b', 'a\\\\b'],
    ['semicolon', 'a; b', 'a\\x3b\\x20b'],
    ['newline', 'if x\nthen y', 'if\\x20x\\x0athen\\x20y'],
    ['tab', 'a\tb', 'a\\x09b'],
    ['escape', '\x1b[0m', '\\x1b[0m'],
    ['NUL and 0x1f', '\x00\x1f', '\\x00\\x1f'],
    ['bell', 'a\x07', 'a\\x07'],
    ['DEL and C1', '\x7f\x9c', '\\x7f\\x9c'],
    ['non-ASCII raw', 'echo é 日本 🙂', 'echo\\x20é\\x20日本\\x20🙂'],
    ['escapes are not double-decoded', '\\x3b', '\\\\x3b'],
    ['empty', '', ''],
  ];
  for (const [name, input, expected] of cases) assert.equal(escapeValue(input), expected, name);
});

test('outside VS Code there is no integration, so nothing is emitted or hidden', () => {
  assert.equal(ShellIntegration.fromEnvironment({ VSCODE_NONCE: 'n' }, () => assert.fail('wrote')), undefined);
  assert.equal(ShellIntegration.fromEnvironment({ TERM_PROGRAM: 'iTerm.app', VSCODE_NONCE: 'n' }, () => assert.fail('wrote')), undefined);
});

test('the nonce is kept from the shell state', () => {
  const { integration } = fake({ TERM_PROGRAM: 'vscode', VSCODE_NONCE: 'n' });
  assert.equal(integration.keep('VSCODE_NONCE'), false);
  assert.equal(integration.keep('TERM_PROGRAM'), true);
  assert.equal(integration.keep('PATH'), true);
});

test('the prompt is wrapped in A and B, each zero-width', () => {
  const cases: [string, string][] = [
    ['$ ', '$ '],
    ['', ''],
    ['\x1b[1m~\x1b[0m $ ', '~ $ '],
    ['line one\n> ', 'line one\n> '],
  ];
  for (const [prompt, visible] of cases) {
    const { integration } = fake();
    const wrapped = integration.prompt(prompt, '/');
    assert.equal(wrapped, `\x01${A}\x02${prompt}\x01${B}\x02`);
    const measured = layout({ prompt: wrapped, text: '', cursor: 0 }, 80);
    const plain = layout({ prompt, text: '', cursor: 0 }, 80);
    assert.deepEqual(measured.end, plain.end, JSON.stringify(prompt));
    const shown = measured.glyphs.map((glyph) => (glyph.kind === 'raw' ? '' : glyph.kind === 'newline' ? '\n' : glyph.output)).join('');
    assert.equal(shown, visible);
    // The editor writes the sequences themselves, without the markers.
    const raw = measured.glyphs.filter((glyph) => glyph.kind === 'raw').map((glyph) => glyph.output);
    assert.ok(raw.includes(A) && raw.includes(B));
  }
});

const RICH = '\x1b]633;P;HasRichCommandDetection=True\x07';
const F = '\x1b]633;F\x07';
const G = '\x1b]633;G\x07';
const CONTINUATION = (text: string): string => `\x1b]633;P;ContinuationPrompt=${text}\x07`;

/** Sequences from one run of the shell's read-run-report steps, each write an element. */
type Step = { prompt: string } | { continuation: string } | { again: true } | { run: string; status: number };

function emitted(steps: readonly Step[], env?: NodeJS.ProcessEnv): string[] {
  const { integration, written } = fake(env);
  for (const step of steps) {
    if ('prompt' in step) written.push(integration.prompt('$ ', step.prompt));
    else if ('continuation' in step) written.push(integration.continuationPrompt(step.continuation));
    else if ('again' in step) written.push(integration.samePrompt('$ '));
    else {
      integration.commandStarted(step.run);
      integration.commandFinished(step.status);
    }
  }
  return written;
}

const PROMPT = `\x01${A}\x02$ \x01${B}\x02`;
const PS2 = `\x01${F}\x02> \x01${G}\x02`;

test('the sequences in order, cycle by cycle', () => {
  const cases: [string, Step[], string[]][] = [
    ['the first prompt says once that detection is rich, and has no D before it', [{ prompt: '/' }], [RICH + P('/'), PROMPT]],
    // D comes before the next prompt (after job notices and PROMPT_COMMAND's output), never twice.
    ['a command', [{ prompt: '/w' }, { run: 'echo hi', status: 0 }, { prompt: '/w' }], [RICH + P('/w'), PROMPT, E('echo\\x20hi') + C, D(0) + P('/w'), PROMPT]],
    ['a failing command', [{ prompt: '/' }, { run: 'false', status: 1 }, { prompt: '/' }], [RICH + P('/'), PROMPT, E('false') + C, D(1) + P('/'), PROMPT]],
    // An empty line or Ctrl-C at the prompt runs nothing: a bare D closes the cycle.
    ['nothing ran', [{ prompt: '/' }, { prompt: '/' }, { prompt: '/' }], [RICH + P('/'), PROMPT, D() + P('/'), PROMPT, D() + P('/'), PROMPT]],
    [
      'a stopped job, then fg',
      [{ prompt: '/' }, { run: 'sleep 9', status: 148 }, { prompt: '/' }, { run: 'fg', status: 0 }, { prompt: '/' }],
      [RICH + P('/'), PROMPT, E('sleep\\x209') + C, D(148) + P('/'), PROMPT, E('fg') + C, D(0) + P('/'), PROMPT],
    ],
    [
      'continuation lines: F and G around PS2, its text told when it changes',
      [{ prompt: '/' }, { continuation: '> ' }, { continuation: '> ' }, { continuation: '\x01\x1b[1m\x02>>\x01\x1b[0m\x02 ' }, { run: 'if a\nthen b\nfi', status: 0 }, { prompt: '/' }],
      [
        RICH + P('/'), PROMPT,
        CONTINUATION('>\\x20'), PS2,
        PS2,
        CONTINUATION('>>\\x20'), `\x01${F}\x02\x01\x1b[1m\x02>>\x01\x1b[0m\x02 \x01${G}\x02`,
        E('if\\x20a\\x0athen\\x20b\\x0afi') + C, D(0) + P('/'), PROMPT,
      ],
    ],
    ['Ctrl-C at a continuation prompt: nothing ran', [{ prompt: '/' }, { continuation: '> ' }, { prompt: '/' }], [RICH + P('/'), PROMPT, CONTINUATION('>\\x20'), PS2, D() + P('/'), PROMPT]],
    ['a prompt drawn again after a bind -x command starts no cycle', [{ prompt: '/' }, { again: true }, { run: 'ls', status: 0 }, { prompt: '/' }], [RICH + P('/'), PROMPT, PROMPT, E('ls') + C, D(0) + P('/'), PROMPT]],
    ['the directory escaped', [{ prompt: '/a b;c\\d' }], [RICH + P('/a\\x20b\\x3bc\\\\d'), PROMPT]],
  ];
  for (const [name, steps, expected] of cases) assert.deepEqual(emitted(steps), expected, name);
});

test('E carries the nonce VS Code passed', () => {
  const written = emitted([{ prompt: '/' }, { run: 'ls', status: 0 }], { TERM_PROGRAM: 'vscode', VSCODE_NONCE: 'abc-123' });
  assert.equal(written[2], `\x1b]633;E;ls;abc-123\x07${C}`);
  const empty = emitted([{ prompt: '/' }, { run: 'ls', status: 0 }], { TERM_PROGRAM: 'vscode', VSCODE_NONCE: '' });
  assert.equal(empty[2], E('ls') + C);
});

test('a status is reported once per C, and only for a command that started', () => {
  const { integration, written } = fake();
  integration.commandFinished(0);
  written.push(integration.prompt('$ ', '/'));
  integration.commandStarted('exit');
  integration.commandFinished(3);
  integration.commandFinished(4);
  written.push(integration.prompt('$ ', '/'));
  assert.deepEqual(written, [RICH + P('/'), PROMPT, E('exit') + C, D(3) + P('/'), PROMPT]);
});
