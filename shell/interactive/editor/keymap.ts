/**
 * The Emacs key bindings: the editing command each key runs, named as in readline (zsh's names
 * where readline has none). Keys not listed do nothing. `bind` changes a copy (bindings.ts).
 */
import type { Chord } from './keys';

/** Every editing command, by name: what keys are bound to, and what `bind -l` lists. */
export const EDIT_COMMANDS = [
  'accept-line',
  'interrupt',
  'beginning-of-line',
  'end-of-line',
  'backward-char',
  'forward-char',
  'backward-word',
  'forward-word',
  'delete-char-or-eof',
  'delete-char',
  'backward-delete-char',
  'kill-line',
  'unix-line-discard',
  'unix-word-rubout',
  'kill-word',
  'backward-kill-word',
  'yank',
  'yank-last-arg',
  'transpose-chars',
  'clear-screen',
  'up-line-or-history',
  'down-line-or-history',
  'history-search-backward',
  'history-search-forward',
  'reverse-search-history',
  'complete',
  'prefix-meta',
] as const;

export type EditCommand = (typeof EDIT_COMMANDS)[number];

/** Readline's names for commands Quirl names otherwise (zsh's names), accepted by `bind`. */
export const READLINE_NAMES: ReadonlyMap<string, EditCommand> = new Map<string, EditCommand>([
  ['previous-history', 'up-line-or-history'],
  ['next-history', 'down-line-or-history'],
]);

/** The commands that kill: one after another they build a single kill-buffer entry. */
export const KILL_COMMANDS: ReadonlySet<EditCommand> = new Set(['kill-line', 'unix-line-discard', 'unix-word-rubout', 'kill-word', 'backward-kill-word']);

export const EMACS_KEYMAP: ReadonlyMap<Chord, EditCommand> = new Map<Chord, EditCommand>([
  ['Enter', 'accept-line'],
  ['C-j', 'accept-line'],
  ['C-c', 'interrupt'],
  ['C-a', 'beginning-of-line'],
  ['Home', 'beginning-of-line'],
  ['C-e', 'end-of-line'],
  ['End', 'end-of-line'],
  ['C-b', 'backward-char'],
  ['Left', 'backward-char'],
  ['C-f', 'forward-char'],
  ['Right', 'forward-char'],
  ['M-b', 'backward-word'],
  ['C-Left', 'backward-word'],
  ['M-Left', 'backward-word'],
  ['M-f', 'forward-word'],
  ['C-Right', 'forward-word'],
  ['M-Right', 'forward-word'],
  ['C-d', 'delete-char-or-eof'],
  ['Delete', 'delete-char'],
  ['Backspace', 'backward-delete-char'],
  ['C-h', 'backward-delete-char'],
  ['C-k', 'kill-line'],
  ['C-u', 'unix-line-discard'],
  ['C-w', 'unix-word-rubout'],
  ['M-d', 'kill-word'],
  ['C-Delete', 'kill-word'],
  ['M-Backspace', 'backward-kill-word'],
  ['C-M-h', 'backward-kill-word'],
  ['C-y', 'yank'],
  ['M-.', 'yank-last-arg'],
  ['M-_', 'yank-last-arg'],
  ['C-t', 'transpose-chars'],
  ['C-l', 'clear-screen'],
  ['C-p', 'up-line-or-history'],
  ['Up', 'up-line-or-history'],
  ['C-n', 'down-line-or-history'],
  ['Down', 'down-line-or-history'],
  ['C-r', 'reverse-search-history'],
  ['Tab', 'complete'],
  ['Escape', 'prefix-meta'],
]);
