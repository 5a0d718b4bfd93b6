/** The interactive line editor: Emacs key bindings, history, reverse search, completion. */
export { LineEditor, type EditorTerminal, type LineEditorOptions, type LineState, type ReadResult } from './editor';
export { History, HistoryFileError, historyLimit, DEFAULT_HISTORY_FILE_SIZE, DEFAULT_HISTORY_SIZE, type HistoryOptions } from './history';
export type { Completer, Completion } from './completion';
