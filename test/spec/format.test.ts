// Unit tests for the spec-file parser (format.ts): what each construct yields, and what it rejects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectationFor, parseSpecFile, SpecFormatError } from './format';

const only = (text: string) => {
  const file = parseSpecFile(text, 'x.sh');
  assert.equal(file.cases.length, 1);
  return file.cases[0]!;
};

test('format › one-line stdout gets its newline; status defaults to 0', () => {
  const c = only('#### hello\necho hi\n## stdout: hi\n');
  assert.equal(c.name, 'hello');
  assert.equal(c.line, 1);
  assert.equal(c.code, 'echo hi\n');
  assert.deepEqual(expectationFor(c, 'bash'), { stdout: 'hi\n', stderr: undefined, status: 0, qualifier: undefined });
});

test('format › code keeps blank lines and comments, drops trailing blank lines', () => {
  const c = only('#### c\necho a # tail\n\n# whole line\necho b\n\n\n## STDOUT:\na\nb\n## END\n');
  assert.equal(c.code, 'echo a # tail\n\n# whole line\necho b\n');
  assert.equal(c.expect.stdout, 'a\nb\n');
});

test('format › blocks are verbatim up to ## END, and may be empty', () => {
  const c = only('#### b\ntrue\n## STDOUT:\n\n# not a comment\n  x\n## END\n## STDERR:\n## END\n');
  assert.equal(c.expect.stdout, '\n# not a comment\n  x\n');
  assert.equal(c.expect.stderr, '');
});

test('format › -json values, status, and one-line code', () => {
  const c = only('#### j\n## code: printf ab\n## stdout-json: "ab"\n## stderr-json: ""\n## status: 3\n');
  assert.equal(c.code, 'printf ab\n');
  assert.deepEqual(expectationFor(c, 'quirl'), { stdout: 'ab', stderr: '', status: 3, qualifier: undefined });
});

test('format › a note overrides only the keys it names, for the shells it names', () => {
  const text = [
    '#### n',
    'echo x',
    '## stdout: x',
    '## status: 1',
    '## OK bash/dash status: 2',
    '## N-I zsh STDOUT:',
    'y',
    '## END',
    '## N-I zsh stderr: e',
    '',
  ].join('\n');
  const c = only(text);
  assert.deepEqual(expectationFor(c, 'bash'), { stdout: 'x\n', stderr: undefined, status: 2, qualifier: 'OK' });
  assert.deepEqual(expectationFor(c, 'dash'), { stdout: 'x\n', stderr: undefined, status: 2, qualifier: 'OK' });
  assert.deepEqual(expectationFor(c, 'zsh'), { stdout: 'y\n', stderr: 'e\n', status: 1, qualifier: 'N-I' });
  assert.deepEqual(expectationFor(c, 'quirl'), { stdout: 'x\n', stderr: undefined, status: 1, qualifier: undefined });
});

test('format › a case without stdout expects empty stdout', () => {
  assert.equal(expectationFor(only('#### e\ntrue\n'), 'bash').stdout, '');
});

test('format › header, several cases, commentary between cases', () => {
  const file = parseSpecFile(
    '# about this file\n## compare_shells: dash zsh\n\n#### one\necho 1\n## stdout: 1\n# why 1\n\n#### two\necho 2\n## stdout: 2\n',
    'x.sh',
  );
  assert.deepEqual([...file.header], [['compare_shells', 'dash zsh']]);
  assert.deepEqual(
    file.cases.map((c) => [c.name, c.line, c.code]),
    [
      ['one', 4, 'echo 1\n'],
      ['two', 9, 'echo 2\n'],
    ],
  );
});

test('format › mistakes are errors that name the file and line', () => {
  const bad: [string, RegExp][] = [
    ['#### a\necho\n## stdot: x\n', /x\.sh:3: unknown key "stdot"/],
    ['#### a\necho\n## STDOUT:\nx\n', /x\.sh:3: .*no "## END"/],
    ['#### a\necho\n## STDOUT:\nx\n#### b\necho\n## END\n', /x\.sh:3: .*no "## END"/],
    ['#### a\necho\n## END\n', /x\.sh:3: "## END" without/],
    ['#### a\necho\n## stdout: 1\necho more\n', /x\.sh:4: code after/],
    ['#### a\necho\n## stdout: 1\n## stdout: 2\n', /x\.sh:4: stdout is stated twice/],
    ['#### a\necho\n## stdout: 1\n## stdout-json: "1\\n"\n', /x\.sh:4: stdout is stated twice/],
    ['#### a\necho\n## OK bash status: 1\n## BUG bash stdout: x\n', /x\.sh:4: .*already has a OK note/],
    ['#### a\necho\n## status: 256\n', /x\.sh:3: "status" needs/],
    ['#### a\necho\n## status: one\n', /x\.sh:3: "status" needs/],
    ['#### a\necho\n## stdout-json: x\n', /x\.sh:3: "stdout-json" needs a JSON string/],
    ['#### a\necho\n## STDOUT: x\n## END\n', /x\.sh:3: .*following lines/],
    ['#### a\necho\n## just words\n', /x\.sh:3: malformed/],
    ['#### a\n\n## stdout: x\n', /x\.sh:1: .*has no code/],
    ['#### a\necho 1\n#### a\necho 2\n', /x\.sh:3: .*used twice/],
    ['####\necho\n', /x\.sh:1: a case needs a name/],
    ['echo stray\n#### a\necho\n', /x\.sh:1: expected a header line/],
    ['#### a\n## code: echo\necho\n', /x\.sh:3: .*"## code:" and code lines/],
  ];
  for (const [text, message] of bad) {
    assert.throws(() => parseSpecFile(text, 'x.sh'), (e: unknown) => e instanceof SpecFormatError && message.test(e.message), text);
  }
});
