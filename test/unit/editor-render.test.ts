import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layout, type View } from '../../shell/interactive/editor/layout';
import { Renderer } from '../../shell/interactive/editor/render';

const view = (prompt: string, text: string, cursor = text.length): View => ({ prompt, text, cursor });

/** A renderer whose output is collected per call. */
function renderer(): { renderer: Renderer; take: () => string } {
  let written = '';
  return {
    renderer: new Renderer((text) => (written += text)),
    take: () => {
      const out = written;
      written = '';
      return out;
    },
  };
}

/** Escapes made readable in failure messages. */
const show = (text: string): string => JSON.stringify(text).replaceAll('\\u001b', 'ESC');

test('layout: positions count cells from the prompt, wrapping full rows at once', () => {
  const placed = layout(view('$ ', '12345678abc', 9), 10);
  assert.deepEqual(placed.end, { row: 1, col: 3 });
  assert.deepEqual(placed.cursor, { row: 1, col: 1 });
  const full = layout(view('$ ', '12345678'), 10);
  assert.deepEqual(full.end, { row: 1, col: 0 });
});

test('layout: a wide character that does not fit starts the next row', () => {
  const placed = layout(view('$ ', 'ab日x', 2), 5);
  assert.deepEqual(placed.cursor, { row: 1, col: 0 }); // on 日, not in the cell it skipped
  assert.deepEqual(placed.end, { row: 1, col: 3 });
});

test('layout: escapes in the prompt take no cells, marked with \\x01 \\x02 or not', () => {
  const prompts = ['\x1b[1;32muser\x1b[0m$ ', '\x01\x1b[1;32m\x02user\x01\x1b[0m\x02$ ', '\x1b]0;title\x07user$ ', '\x1b]633;A\x1b\\user$ ', '\x1b(Buser$ '];
  for (const prompt of prompts) assert.deepEqual(layout(view(prompt, ''), 80).cursor, { row: 0, col: 6 }, show(prompt));
});

test('layout: newlines break rows, tabs reach the next stop, controls show as ^X', () => {
  assert.deepEqual(layout(view('top\n$ ', 'a'), 80).end, { row: 1, col: 3 });
  assert.deepEqual(layout(view('$ ', 'a\tb'), 80).end, { row: 0, col: 9 });
  assert.deepEqual(layout(view('$ ', 'a\x01b'), 80).end, { row: 0, col: 6 });
  assert.deepEqual(layout(view('$ ', 'if x\nthen', 4), 80).cursor, { row: 0, col: 6 });
});

const renders: [name: string, columns: number, views: View[], outputs: string[]][] = [
  ['the prompt, then each character typed at the end alone', 80, [view('$ ', ''), view('$ ', 'l'), view('$ ', 'ls')], ['$ ', 'l', 's']],
  ['moving the cursor writes only the move', 80, [view('$ ', 'abc'), view('$ ', 'abc', 1), view('$ ', 'abc', 0), view('$ ', 'abc', 3)], [
    '$ abc', '\x1b[2D', '\x1b[D', '\x1b[3C',
  ]],
  ['inserting in the middle rewrites the rest and steps back', 80, [view('$ ', 'ab', 1), view('$ ', 'aXb', 2)], ['$ ab\x1b[D', 'Xb\x1b[D']],
  ['deleting at the end erases the rest of the row', 80, [view('$ ', 'ab'), view('$ ', 'a')], ['$ ab', '\x1b[D\x1b[K']],
  ['deleting a wrapped row erases below', 10, [view('$ ', '123456789'), view('$ ', '1234567')], ['$ 123456789', '\x1b[A\x1b[8C\x1b[J']],
  ['a full row wraps with a space and a carriage return', 10, [view('$ ', '1234567'), view('$ ', '12345678'), view('$ ', '123456789')], [
    '$ 1234567', '8 \r', '9',
  ]],
  ['typing in the middle of a full row moves back up', 10, [view('$ ', '1234567', 0), view('$ ', 'x1234567', 1)], [
    '$ 1234567\x1b[7D', 'x1234567 \r\x1b[A\x1b[3C',
  ]],
  ['a wide character wraps early, clearing the cell it skips', 5, [view('$ ', 'ab'), view('$ ', 'ab日')], ['$ ab', '\x1b[K日']],
  ['a new prompt redraws from the start', 80, [view('$ ', 'ls'), view("(reverse-i-search)`': ", 'ls', 0)], [
    '$ ls', "\r(reverse-i-search)`': ls\x1b[2D",
  ]],
  ['prompt escapes are written as they are', 80, [view('\x01\x1b[32m\x02>\x01\x1b[0m\x02 ', 'x')], ['\x1b[32m>\x1b[0m x']],
  ['newlines in the line erase the rest of the row before breaking', 80, [view('$ ', 'if x\nthen')], ['$ if x\x1b[K\r\nthen']],
  ['controls and tabs are drawn, never sent', 80, [view('$ ', 'a\x1b\tb')], ['$ a^[   b']],
  ['nothing changed, nothing written', 80, [view('$ ', 'ls'), view('$ ', 'ls')], ['$ ls', '']],
];

for (const [name, columns, views, outputs] of renders) {
  test(`render: ${name}`, () => {
    const { renderer: r, take } = renderer();
    views.forEach((next, index) => {
      r.render(next, columns);
      const out = take();
      assert.equal(out, outputs[index], `step ${index}: ${show(out)}`);
    });
  });
}

test('render: commit moves past the view; ^C is written at its end', () => {
  const { renderer: r, take } = renderer();
  r.render(view('$ ', 'echo hi', 2), 80);
  take();
  r.commit();
  assert.equal(take(), '\x1b[5C\r\n');
  r.render(view('$ ', 'sleep'), 80);
  take();
  r.commit('^C');
  assert.equal(take(), '^C\r\n');
});

test('render: a view that ends on a row of its own needs no newline on commit', () => {
  const { renderer: r, take } = renderer();
  r.render(view('$ ', '12345678'), 10);
  assert.equal(take(), '$ 12345678 \r');
  r.commit();
  assert.equal(take(), '\x1b[K');
});

test('render: release leaves the cursor at the end of the line; erase removes the view', () => {
  const { renderer: r, take } = renderer();
  r.render(view('$ ', 'abc', 0), 80);
  take();
  r.release();
  assert.equal(take(), '\x1b[3C');
  r.render(view('$ ', '123456789abc', 10), 10);
  take();
  r.erase();
  assert.equal(take(), '\x1b[A\r\x1b[J');
  r.render(view('$ ', 'x'), 10);
  assert.equal(take(), '$ x');
});

test('render: after a resize the reflowed view is found, erased and drawn anew', () => {
  const { renderer: r, take } = renderer();
  // 2 + 25 cells at 10 columns: rows of 10, 10, 7; the cursor at the end, on the third row.
  r.render(view('$ ', 'abcdefghijklmnopqrstuvwxy'), 10);
  take();
  // Reflowed to 20 columns, the cursor is on the second row.
  r.resize(20);
  assert.equal(take(), '\x1b[A\r\x1b[J');
  r.render(view('$ ', 'abcdefghijklmnopqrstuvwxy'), 20);
  assert.equal(take(), '$ abcdefghijklmnopqrstuvwxy');
  // Rendering at a new width without resize() first does the same.
  r.render(view('$ ', 'abcdefghijklmnopqrstuvwxy'), 5);
  assert.equal(take(), '\x1b[5A\r\x1b[J$ abcdefghijklmnopqrstuvwxy');
});

test('render: the fresh-line mark fills exactly one row', () => {
  const { renderer: r, take } = renderer();
  r.startOnFreshLine(6);
  assert.equal(take(), '\x1b[7m%\x1b[27m     \r\x1b[K');
});
