// How VS Code reads the command line of each command it is told about. Its prompt input model
// (VS Code 1.93 up to 1.139 at least) marks the row and column where the first B of a prompt
// left the cursor, re-reads the screen from there after every write, and at C records what it
// read: E's text only stands until the next re-read, and `executeCommand` matches its pending
// command to that recorded line. So the line that runs must be on the screen, after the prompt
// that started the cycle, when C arrives. This mirrors that model closely enough to check it.
import type { PtyShell } from './harness';

export interface CommandLineReading {
  /** The line E announced (unescaped). */
  readonly announced: string | undefined;
  /** What VS Code would read from the screen at C. */
  readonly onScreen: string;
}

/** Starts reading; each command's reading is added as its C arrives. */
export function readCommandLinesAsVsCode(sh: PtyShell): CommandLineReading[] {
  const readings: CommandLineReading[] = [];
  let input: { readonly row: () => number | undefined; readonly col: number } | undefined;
  let announced: string | undefined;
  sh.onOsc(633, (data) => {
    const [kind, value] = data.split(';');
    switch (kind) {
      case 'B':
        // A B while input is being read already (a prompt drawn again) does not move the mark.
        input ??= { row: sh.trackCursorRow(), col: sh.cursor.col };
        return;
      case 'E':
        announced = unescape(value ?? '');
        return;
      case 'C':
        if (input !== undefined) readings.push({ announced, onScreen: readInput(sh, input.row(), input.col) });
        input = undefined;
        announced = undefined;
        return;
      case 'D':
        // A D with no C ends the input too (VS Code runs its "executed" step for it).
        input = undefined;
        announced = undefined;
        return;
    }
  });
  return readings;
}

/** The marked row from the marked column, and the rows after it down to the cursor and on until a blank one. */
function readInput(sh: PtyShell, start: number | undefined, col: number): string {
  if (start === undefined) return '<the prompt row is gone>';
  let text = sh.row(start).slice(col);
  const cursorRow = sh.cursor.row;
  for (let row = start + 1; ; row += 1) {
    const line = sh.row(row);
    if (line === '') {
      if (row > cursorRow) break;
      continue;
    }
    text += sh.wraps(row) ? line : `\n${line}`;
  }
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

function unescape(value: string): string {
  return value.replace(/\\x([0-9a-f]{2})|\\\\/gi, (match: string, hex: string | undefined) => (hex === undefined ? '\\' : String.fromCharCode(parseInt(hex, 16))));
}
