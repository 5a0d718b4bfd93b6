// Shells sharing one history file (issue 13): appends and HISTFILESIZE's trimming rewrites from
// several processes at once lose no line, and the history list's own operations (HISTCONTROL,
// -d, -c, -w, -r, -a, -n) as the builtin uses them.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { History, historyControl } from '../../shell/interactive/editor/history';

function temporaryDirectory(t: TestContext): string {
  const directory = mkdtempSync(join(tmpdir(), 'quirl-history-shared-'));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function commandsIn(file: string): string[] {
  return readFileSync(file, 'utf8').split(/^#\d+\n/m).filter(Boolean).map((entry) => entry.replace(/\n$/, ''));
}

/** A process adding `count` commands `NAME N` to `file`, which keeps `fileSize` of them. */
function writer(file: string, name: string, count: number, fileSize: number): Promise<number | null> {
  const script = `
    const { History } = require(${JSON.stringify(join(__dirname, '..', '..', 'shell', 'interactive', 'editor', 'history.ts'))});
    const history = new History({ file: ${JSON.stringify(file)}, fileSize: ${fileSize}, onError: (error) => { console.error(error.message); process.exit(1); } });
    for (let index = 0; index < ${count}; index += 1) history.add(${JSON.stringify(name)} + ' ' + index);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => child.on('exit', resolve));
}

test('history: four processes appending to one file, trimmed as it grows, lose none of the newest lines', async (t) => {
  const file = join(temporaryDirectory(t), 'history');
  const names = ['a', 'b', 'c', 'd'];
  const count = 150;
  const fileSize = 40;
  const statuses = await Promise.all(names.map((name) => writer(file, name, count, fileSize)));
  assert.deepEqual(statuses, names.map(() => 0));
  const kept = commandsIn(file);
  assert.equal(kept.length, fileSize, kept.join('\n'));
  // Whatever the interleaving, what a process wrote and is still in the file is the end of its
  // sequence, without a gap: a line lost between a trim's read and its rename would leave one.
  for (const name of names) {
    const numbers = kept.filter((line) => line.startsWith(`${name} `)).map((line) => Number(line.slice(name.length + 1)));
    if (numbers.length === 0) continue;
    assert.deepEqual(numbers, numbers.map((_, index) => count - numbers.length + index), `${name}: ${numbers.join(' ')}`);
  }
  assert.equal(existsSync(`${file}.lock`), false, 'the lock file is gone');
});

test('history: a stale lock (its owner gone) is broken, and the append goes on', (t) => {
  const file = join(temporaryDirectory(t), 'history');
  writeFileSync(`${file}.lock`, '999999999');
  const history = new History({ file });
  history.add('after the stale lock');
  assert.deepEqual(commandsIn(file), ['after the stale lock']);
  assert.equal(existsSync(`${file}.lock`), false);
});

test('history: HISTCONTROL as bash reads it', () => {
  assert.deepEqual(historyControl(undefined), { ignoreSpace: true, ignoreDups: true, eraseDups: false });
  assert.deepEqual(historyControl(''), { ignoreSpace: false, ignoreDups: false, eraseDups: false });
  assert.deepEqual(historyControl('ignoreboth'), { ignoreSpace: true, ignoreDups: true, eraseDups: false });
  assert.deepEqual(historyControl('ignorespace:erasedups:bogus'), { ignoreSpace: true, ignoreDups: false, eraseDups: true });
  const history = new History({ control: historyControl('') });
  for (const command of ['ls', 'ls', ' secret']) history.add(command);
  assert.deepEqual(history.entries, ['ls', 'ls', ' secret']);
  const erasing = new History({ control: historyControl('erasedups') });
  for (const command of ['a', 'b', 'a', 'c', 'b']) erasing.add(command);
  assert.deepEqual(erasing.entries, ['a', 'c', 'b']);
});

test('history: numbers go on past HISTSIZE; clear and remove as -c and -d do', () => {
  const history = new History({ size: 3 });
  for (const command of ['1', '2', '3', '4', '5']) history.add(command);
  assert.equal(history.base, 3);
  assert.deepEqual(history.entries, ['3', '4', '5']);
  history.remove(1);
  assert.deepEqual(history.entries, ['3', '5']);
  history.configure({ size: 1 });
  assert.deepEqual(history.entries, ['5']);
  assert.equal(history.base, 4);
  history.clear();
  assert.deepEqual(history.entries, []);
  assert.equal(history.base, 5);
  assert.equal(history.add(' '), false);
  assert.equal(history.lastLineAdded, false);
  assert.equal(history.add('6'), true);
  assert.equal(history.lastLineAdded, true);
});

test('history: -w replaces a file, -r reads one, -a appends what no file has yet, -n reads what others appended', (t) => {
  const directory = temporaryDirectory(t);
  const shared = join(directory, 'shared');
  const other = join(directory, 'other');
  const history = new History();
  history.add('kept in memory');
  history.appendTo(other);
  history.appendTo(other); // nothing new the second time
  assert.deepEqual(commandsIn(other), ['kept in memory']);
  history.writeTo(other);
  assert.deepEqual(commandsIn(other), ['kept in memory']);
  history.readFrom(other);
  assert.deepEqual(history.entries, ['kept in memory', 'kept in memory']);

  const ours = new History({ file: shared });
  const theirs = new History({ file: shared });
  ours.add('ours 1');
  theirs.add('theirs 1');
  ours.add('ours 2');
  theirs.add('theirs 2');
  ours.readNewFrom(shared);
  assert.deepEqual(ours.entries, ['ours 1', 'ours 2', 'theirs 1', 'theirs 2']);
  ours.readNewFrom(shared);
  assert.equal(ours.entries.length, 4, 'read once');
  assert.throws(() => ours.readFrom(directory), /cannot read the history file/);
});
