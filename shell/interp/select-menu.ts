/**
 * The menu of `select`, laid out as bash's print_select_list does: numbered items in columns
 * filled downward, as many as fit in COLUMNS, padded with tabs and spaces to bash's column width.
 */

/** bash's tab stops, used to pad between columns. */
const TAB_SIZE = 8;
/** `N) `: what follows an item's number. */
const AFTER_NUMBER = ') ';
/** The width bash assumes where COLUMNS gives none and no terminal says. */
const DEFAULT_COLUMNS = 80;

/** The menu's text: one line per row, each ending in a newline. */
export function selectMenu(items: readonly string[], columns: number): string {
  const count = items.length;
  const numberWidth = String(count).length;
  // Every column is as wide as the widest item with its number, plus two blanks (bash's max_elem_len).
  const columnWidth = Math.max(...items.map(displayWidth)) + numberWidth + AFTER_NUMBER.length + 2;
  let perRow = Math.max(1, Math.floor(columns / columnWidth));
  let rows = Math.ceil(count / perRow);
  perRow = Math.ceil(count / rows);
  // A menu that would fit on one row is printed down one column instead.
  if (rows === 1) rows = perRow;
  const firstNumberWidth = String(rows).length;
  let text = '';
  for (let row = 0; row < rows; row += 1) {
    let position = 0;
    for (let index = row; ; index += rows) {
      const width = position === 0 ? firstNumberWidth : numberWidth;
      const item = items[index] as string;
      text += `${String(index + 1).padStart(width)}${AFTER_NUMBER}${item}`;
      if (index + rows >= count) break;
      text += padding(position + displayWidth(item) + width + AFTER_NUMBER.length, position + columnWidth);
      position += columnWidth;
    }
    text += '\n';
  }
  return text;
}

/** COLUMNS when it holds a positive number (read as C's atoi reads it), else the terminal's width, else 80. */
export function menuColumns(value: string | undefined, terminalColumns: number | undefined): number {
  const parsed = value === undefined ? NaN : parseInt(value.trimStart(), 10);
  if (parsed > 0) return parsed;
  return terminalColumns !== undefined && terminalColumns > 0 ? terminalColumns : DEFAULT_COLUMNS;
}

/** Tabs while a tab stop lies before `to`, then spaces (bash's indent). */
function padding(from: number, to: number): string {
  let text = '';
  for (let at = from; at < to; ) {
    if (Math.floor(to / TAB_SIZE) > Math.floor(at / TAB_SIZE)) {
      text += '\t';
      at += TAB_SIZE - (at % TAB_SIZE);
    } else {
      text += ' ';
      at += 1;
    }
  }
  return text;
}

/** Characters, not UTF-16 units: what the terminal shows of a word that is not wide. */
function displayWidth(text: string): number {
  return [...text].length;
}
