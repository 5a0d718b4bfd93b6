/** The interactive line editor: Emacs key bindings, history, reverse search, completion. */
export { LineEditor, type EditorTerminal, type LineEditorOptions, type LineState, type ReadResult } from './editor';
export { History, HistoryFileError, historyControl, historyLimit, DEFAULT_HISTORY_FILE_SIZE, DEFAULT_HISTORY_SIZE, type HistoryOptions, type HistorySettings } from './history';
export type { Completer, Completion } from './completion';
