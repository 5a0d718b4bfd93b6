import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { History, historyLimit, MAX_HISTORY_FILE_BYTES, type HistoryFileError } from '../../shell/interactive/editor/history';

function temporaryDirectory(t: TestContext): string {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-history-'));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** The commands in a history file, timestamps left out. */
function commandsIn(file: string): string[] {
  return readFileSync(file, 'utf8').split(/^#\d+\n/m).filter(Boolean).map((entry) => entry.replace(/\n$/, ''));
}

test('history: keeps the last `size` entries', () => {
  const history = new History({ size: 3 });
  for (const command of ['one', 'two', 'three', 'four', 'five']) history.add(command);
  assert.deepEqual(history.entries, ['three', 'four', 'five']);
});

test('history: skips empty lines, lines starting with a space and repeats of the previous entry', () => {
  const history = new History();
  const added = ['ls', 'ls', '', '   ', ' secret', 'pwd', 'ls', '\tls'].map((command) => history.add(command));
  assert.deepEqual(added, [true, false, false, false, false, true, true, true]);
  assert.deepEqual(history.entries, ['ls', 'pwd', 'ls', '\tls']);
});

test('history: a size of 0 records nothing', () => {
  const history = new History({ size: 0 });
  assert.equal(history.add('ls'), false);
  assert.deepEqual(history.entries, []);
});

test('history: HISTSIZE and HISTFILESIZE values read as bash reads them', () => {
  const cases: [string | undefined, number][] = [[undefined, 1000], ['', 1000], ['abc', 1000], ['500', 500], [' 20 ', 20], ['0', 0], ['-1', Infinity]];
  for (const [value, limit] of cases) assert.equal(historyLimit(value, 1000), limit, String(value));
});

test('history: entries are appended to the file and loaded by the next shell, multi-line ones whole', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  const first = new History({ file });
  first.add('echo one');
  first.add('for x in a b\ndo\n\n  echo $x\ndone');
  first.add(' hidden');
  assert.match(readFileSync(file, 'utf8'), /^#\d+\necho one\n#\d+\nfor x in a b\ndo\n\n {2}echo \$x\ndone\n$/);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const second = new History({ file });
  assert.deepEqual(second.entries, ['echo one', 'for x in a b\ndo\n\n  echo $x\ndone']);
  second.add('echo one');
  assert.deepEqual(new History({ file }).entries, ['echo one', 'for x in a b\ndo\n\n  echo $x\ndone', 'echo one']);
});

test('history: a plain bash history file loads one entry per line', (t) => {
  const file = join(temporaryDirectory(t), 'bash_history');
  writeFileSync(file, 'ls\n\ncd /tmp\n#1700000000\necho stamped\n');
  assert.deepEqual(new History({ file }).entries, ['ls', 'cd /tmp', 'echo stamped']);
});

test('history: the file keeps at most fileSize commands, trimmed on load and as it grows', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  writeFileSync(file, Array.from({ length: 10 }, (_, index) => `command ${index}\n`).join(''));
  const history = new History({ file, fileSize: 4, size: 3 });
  assert.deepEqual(history.entries, ['command 7', 'command 8', 'command 9']);
  assert.deepEqual(commandsIn(file).join('\n').split('\n'), ['command 6', 'command 7', 'command 8', 'command 9']);
  history.add('new 1');
  history.add('new 2\nsecond line');
  assert.deepEqual(new History({ file }).entries, ['command 8', 'command 9', 'new 1', 'new 2\nsecond line']);
});

test('history: trimming keeps what other shells appended meanwhile', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  const ours = new History({ file, fileSize: 3 });
  const theirs = new History({ file, fileSize: 3 });
  ours.add('a');
  ours.add('b');
  theirs.add('x');
  ours.add('c');
  ours.add('d'); // the fourth this shell knows of: the file is read again and trimmed
  assert.deepEqual(new History({ file }).entries, ['x', 'c', 'd']);
});

test('history: trimming writes through a symlink, which stays a symlink', (t) => {
  const directory = temporaryDirectory(t);
  const target = join(directory, 'real');
  const link = join(directory, 'link');
  writeFileSync(target, 'a\nb\nc\n');
  symlinkSync(target, link);
  new History({ file: link, fileSize: 2 });
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readFileSync(target, 'utf8'), 'b\nc\n');
});

test('history: a missing file is no error, and the first command creates it', (t) => {
  const file = join(temporaryDirectory(t), 'new');
  const errors: HistoryFileError[] = [];
  const history = new History({ file, onError: (error) => errors.push(error) });
  assert.deepEqual(history.entries, []);
  history.add('ls');
  assert.deepEqual(errors, []);
  assert.deepEqual(commandsIn(file), ['ls']);
});

test('history: a corrupt file loads what can be read', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  const junk = Buffer.concat([
    Buffer.from('good one\n'),
    Buffer.from([0, 0, 0, 0, 0x0a]), // a zero-filled block, as a crash leaves
    Buffer.from('bad \xff\xfe utf-8\n', 'latin1'),
    Buffer.from('#1700000000\n#1700000001\n\n\ngood two\n'),
  ]);
  writeFileSync(file, junk);
  const errors: HistoryFileError[] = [];
  const history = new History({ file, onError: (error) => errors.push(error) });
  assert.deepEqual(history.entries, ['good one', 'bad \ufffd\ufffd utf-8', 'good two']);
  assert.deepEqual(errors, []);
});

test('history: an unwritable file is reported once, and history goes on in memory', (t) => {
  const file = join(temporaryDirectory(t), 'no-such-directory', 'history');
  const errors: HistoryFileError[] = [];
  const history = new History({ file, onError: (error) => errors.push(error) });
  history.add('one');
  history.add('two');
  assert.deepEqual(history.entries, ['one', 'two']);
  assert.equal(errors.length, 1);
  assert.equal(errors[0]!.operation, 'write');
  assert.equal(errors[0]!.path, file);
  assert.match(errors[0]!.message, /cannot write the history file .*: No such file or directory$/);
});

test('history: an unreadable file (a directory) is reported, and the shell goes on', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  mkdirSync(file);
  const errors: HistoryFileError[] = [];
  const history = new History({ file, onError: (error) => errors.push(error) });
  history.add('ls');
  history.add('pwd');
  assert.deepEqual(history.entries, ['ls', 'pwd']);
  assert.deepEqual(errors.map((error) => error.operation), ['read', 'write']);
});

test('history -r of /dev/zero, of a FIFO with no writer, or a HISTFILE that is one: refused at once, nothing read', (t) => {
  const fifo = join(temporaryDirectory(t), 'fifo');
  execFileSync('mkfifo', [fifo]);
  for (const file of ['/dev/zero', fifo]) {
    const history = new History();
    history.add('kept');
    assert.throws(() => history.readFrom(file), (error: HistoryFileError) => error.message === `cannot read the history file ${file}: not a regular file`);
    assert.deepEqual(history.entries, ['kept']);
    const errors: HistoryFileError[] = [];
    const loaded = new History({ file, onError: (error) => errors.push(error) });
    assert.deepEqual(loaded.entries, []);
    assert.deepEqual(errors.map((error) => error.message), [`cannot read the history file ${file}: not a regular file`]);
  }
});

test('history -r of a file larger than the bound is refused with its size in the message', (t) => {
  const file = join(temporaryDirectory(t), 'huge');
  writeFileSync(file, '');
  truncateSync(file, MAX_HISTORY_FILE_BYTES + 1);
  const history = new History();
  assert.throws(() => history.readFrom(file), (error: HistoryFileError) => error.message === `cannot read the history file ${file}: larger than 64 MiB`);
  assert.deepEqual(history.entries, []);
});
