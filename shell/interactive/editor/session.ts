/**
 * One read's editing, apart from the terminal: the buffer, history browsing, and the modes a key
 * can open (reverse search, the "Display all N possibilities?" question). Each key comes back as
 * a Step that tells the editor what to show; what is shown is `view`.
 */
import {
  editBuffer,
  insert,
  isNonBlank,
  isWordCharacter,
  lineAbove,
  lineBelow,
  lineEnd,
  lineStart,
  moveTo,
  remove,
  transpose,
  wordEnd,
  wordStart,
  type EditBuffer,
} from './buffer';
import { argExtract } from './history-expansion';
import { completionOutcome, LIST_WITHOUT_ASKING, listing, listQuestion, type Completer, type CompletionOutcome, type Listed } from './completion';
import { nextBoundary, previousBoundary } from './graphemes';
import type { KeyBindings } from './bindings';
import { EMACS_KEYMAP, KILL_COMMANDS, type EditCommand } from './keymap';
import { withMeta, type Key } from './keys';
import type { KillBuffer, KillDirection } from './kill';
import type { View } from './layout';
import { ReverseSearch } from './search';
import { ViEditing } from './vi';

export type Finished =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'eof' }
  | { readonly kind: 'interrupted' }
  /** A key bound with `bind -x`: the shell runs `command` on the line and edits it again. */
  | { readonly kind: 'shell-command'; readonly command: string; readonly text: string; readonly cursor: number };

export type Step =
  /** Draw the view where it is (nothing may have changed). */
  | { readonly kind: 'update' }
  /** Tab found nothing to do: the user would otherwise not know. */
  | { readonly kind: 'bell' }
  /** Clear the screen and draw the view at the top. */
  | { readonly kind: 'clear-screen' }
  /** Leave what is drawn on screen, write `lines` (maybe none) below it, and draw the view afresh under them. */
  | { readonly kind: 'list'; readonly lines: readonly string[] }
  | { readonly kind: 'done'; readonly result: Finished };

/** What outlives one read. */
export interface EditorMemory {
  readonly kills: KillBuffer;
  /** The last reverse search's query, searched again by C-r C-r. */
  lastSearch: string;
}

export interface SessionContext {
  /** History entries, oldest first. */
  readonly history: readonly string[];
  readonly memory: EditorMemory;
  readonly complete: Completer | undefined;
  /** What each key runs, and the readline variables (`bind`). */
  readonly bindings: KeyBindings;
  /** The terminal's size now, for listing completions. */
  readonly screen: () => { readonly columns: number; readonly rows: number };
  /** `set -o vi`: vi's insert and command modes over the emacs keys. */
  readonly vi?: boolean;
}

type Mode =
  | { readonly kind: 'edit' }
  | { readonly kind: 'search'; readonly search: ReverseSearch }
  | { readonly kind: 'ask'; readonly candidates: readonly string[]; readonly listed: Listed | undefined };

const EDITING: Mode = { kind: 'edit' };
const UPDATE: Step = { kind: 'update' };
const BELL: Step = { kind: 'bell' };

export class EditSession {
  private buffer: EditBuffer;
  private mode: Mode = EDITING;
  /** ESC was pressed on its own: the next key comes with Meta. */
  private metaPending = false;
  /** The command the previous key ran: kills in a row append, and Tab after Tab lists. */
  private previous: EditCommand | undefined;
  private readonly browser: HistoryBrowser;
  /** What the last yank-last-arg found: how far back it went, and the line before it inserted (undefined when it inserted nothing). */
  private lastArg: { readonly back: number; readonly before: EditBuffer | undefined } = { back: 0, before: undefined };
  private readonly vi: ViEditing | undefined;

  constructor(
    private readonly prompt: string,
    initial: EditBuffer,
    private readonly context: SessionContext,
  ) {
    this.buffer = initial;
    this.browser = new HistoryBrowser(context.history);
    this.vi = context.vi === true ? this.viEditing() : undefined;
  }

  private viEditing(): ViEditing {
    const line = (): EditBuffer => this.buffer;
    const setLine = (buffer: EditBuffer): void => {
      this.buffer = buffer;
    };
    const position = (): number => this.browser.position;
    return new ViEditing({
      get buffer() {
        return line();
      },
      set buffer(buffer) {
        setLine(buffer);
      },
      kills: this.context.memory.kills,
      history: this.context.history,
      get position() {
        return position();
      },
      recall: (index) => {
        this.buffer = this.browser.recall(index, this.buffer);
      },
    });
  }

  get view(): View {
    switch (this.mode.kind) {
      case 'edit':
        return this.vi?.searchView ?? { prompt: this.prompt, ...this.buffer };
      case 'search':
        // Only the prompt's last line gives way to the search's label.
        return { prompt: this.prompt.slice(0, this.prompt.lastIndexOf('\n') + 1) + this.mode.search.label, ...this.mode.search.buffer };
      case 'ask':
        return { prompt: listQuestion(this.mode.candidates.length), text: '', cursor: 0 };
    }
  }

  /** The view of `text` typed at the caller's prompt, the cursor at its end. */
  accepted(text: string): View {
    return { prompt: this.prompt, text, cursor: text.length };
  }

  /** The line as it stands: during a search, the match shown. */
  get line(): EditBuffer {
    return this.mode.kind === 'search' ? this.mode.search.buffer : this.buffer;
  }

  async handle(key: Key): Promise<Step> {
    switch (this.mode.kind) {
      case 'edit':
        return this.edit(key);
      case 'search':
        return this.searchKey(this.mode.search, key);
      case 'ask':
        return this.answer(this.mode, key);
    }
  }

  private async edit(typed: Key): Promise<Step> {
    const vi = this.vi?.handle(typed) ?? { emacs: typed };
    if (vi === 'done' || vi === 'bell') {
      this.previous = undefined;
      return vi === 'bell' ? BELL : UPDATE;
    }
    const key = vi.emacs;
    if (this.metaPending) {
      this.metaPending = false;
      const [withAlt, ...rest] = withMeta(key);
      // With nothing bound to the Alt combination the key counts alone: Escape then Enter still accepts.
      if (withAlt?.kind !== 'key' || this.context.bindings.get(withAlt.chord) === undefined) return this.edit(key);
      const step = await this.edit(withAlt);
      for (const more of rest) await this.edit(more);
      return step;
    }
    switch (key.kind) {
      case 'text':
        return this.insertText(key.text);
      case 'paste':
        return this.insertText(key.text.replace(/\r\n?/g, '\n'));
      case 'key': {
        const binding = this.context.bindings.get(key.chord);
        if (binding?.kind === 'command') return this.run(binding.command);
        this.previous = undefined;
        if (binding?.kind === 'shell') return done({ kind: 'shell-command', command: binding.command, ...this.buffer });
        return UPDATE;
      }
    }
  }

  private insertText(text: string): Step {
    this.previous = undefined;
    this.buffer = insert(this.buffer, text);
    return UPDATE;
  }

  private async run(command: EditCommand): Promise<Step> {
    const previous = this.previous;
    this.previous = command;
    const { text, cursor } = this.buffer;
    const killing = (from: number, to: number, direction: KillDirection): Step => this.kill(from, to, direction, previous);
    switch (command) {
      case 'accept-line':
        return done({ kind: 'line', text });
      case 'interrupt':
        return done({ kind: 'interrupted' });
      case 'beginning-of-line':
        return this.moveTo(lineStart(text, cursor));
      case 'end-of-line':
        return this.moveTo(lineEnd(text, cursor));
      case 'backward-char':
        return this.moveTo(previousBoundary(text, cursor));
      case 'forward-char':
        return this.moveTo(nextBoundary(text, cursor));
      case 'backward-word':
        return this.moveTo(wordStart(text, cursor, isWordCharacter));
      case 'forward-word':
        return this.moveTo(wordEnd(text, cursor, isWordCharacter));
      case 'delete-char-or-eof':
        return text === '' ? done({ kind: 'eof' }) : this.delete(cursor, nextBoundary(text, cursor));
      case 'delete-char':
        return this.delete(cursor, nextBoundary(text, cursor));
      case 'backward-delete-char':
        return this.delete(previousBoundary(text, cursor), cursor);
      case 'kill-line': {
        // At the end of a line of a multi-line buffer, C-k kills the newline, as in Emacs.
        const end = lineEnd(text, cursor);
        return killing(cursor, end === cursor && end < text.length ? end + 1 : end, 'forward');
      }
      case 'unix-line-discard':
        return killing(lineStart(text, cursor), cursor, 'backward');
      case 'unix-word-rubout':
        return killing(wordStart(text, cursor, isNonBlank), cursor, 'backward');
      case 'kill-word':
        return killing(cursor, wordEnd(text, cursor, isWordCharacter), 'forward');
      case 'backward-kill-word':
        return killing(wordStart(text, cursor, isWordCharacter), cursor, 'backward');
      case 'yank':
        this.buffer = insert(this.buffer, this.context.memory.kills.yanked);
        return UPDATE;
      case 'yank-last-arg':
        return this.yankLastArg(previous === 'yank-last-arg');
      case 'transpose-chars':
        this.buffer = transpose(this.buffer);
        return UPDATE;
      case 'clear-screen':
        return { kind: 'clear-screen' };
      case 'up-line-or-history':
        return this.replace(lineAbove(this.buffer) ?? this.browser.older(this.buffer));
      case 'down-line-or-history':
        return this.replace(lineBelow(this.buffer) ?? this.browser.newer(this.buffer));
      case 'history-search-backward':
      case 'history-search-forward': {
        // The text before the cursor is the prefix; the cursor stays after it (readline).
        const found = this.browser.search(text.slice(0, cursor), this.buffer, command === 'history-search-backward' ? -1 : 1);
        if (found === undefined) return BELL;
        this.buffer = editBuffer(found, cursor);
        return UPDATE;
      }
      case 'reverse-search-history':
        this.mode = { kind: 'search', search: new ReverseSearch(this.context.history, this.buffer, this.context.memory.lastSearch) };
        return UPDATE;
      case 'complete':
        return this.complete(previous === 'complete');
      case 'prefix-meta':
        // The prefix is not a command of its own: C-k ESC d still appends to the kill.
        this.previous = previous;
        this.metaPending = true;
        return UPDATE;
    }
  }

  /**
   * M-. inserts the last word of the history line before the one shown; pressed again it takes
   * back what it inserted and inserts the last word of the line before that, as readline does.
   */
  private yankLastArg(again: boolean): Step {
    const back = again ? this.lastArg.back + 1 : 0;
    const undone = again ? this.lastArg.before : undefined;
    if (undone !== undefined) this.buffer = undone;
    const entry = this.context.history[this.browser.position - 1 - back];
    const word = entry === undefined ? undefined : argExtract(entry, '$', '$');
    if (word === undefined || word === '') {
      this.lastArg = { back, before: undefined };
      return undone === undefined ? BELL : UPDATE;
    }
    this.lastArg = { back, before: this.buffer };
    this.buffer = insert(this.buffer, word);
    return UPDATE;
  }

  private moveTo(cursor: number): Step {
    this.buffer = moveTo(this.buffer, cursor);
    return UPDATE;
  }

  private replace(buffer: EditBuffer | undefined): Step {
    if (buffer !== undefined) this.buffer = buffer;
    return UPDATE;
  }

  private delete(from: number, to: number): Step {
    this.buffer = remove(this.buffer, from, to).buffer;
    return UPDATE;
  }

  private kill(from: number, to: number, direction: KillDirection, previous: EditCommand | undefined): Step {
    if (from === to) return UPDATE;
    const { buffer, removed } = remove(this.buffer, from, to);
    this.buffer = buffer;
    this.context.memory.kills.kill(removed, direction, previous !== undefined && KILL_COMMANDS.has(previous));
    return UPDATE;
  }

  private async complete(repeated: boolean): Promise<Step> {
    if (this.context.complete === undefined) return BELL;
    const { text, cursor } = this.buffer;
    let outcome: CompletionOutcome;
    try {
      outcome = completionOutcome(this.buffer, await this.context.complete(text, cursor, repeated));
    } catch {
      // A failing completer costs the user a completion, not the line.
      return BELL;
    }
    switch (outcome.kind) {
      case 'none':
        return BELL;
      case 'insert':
        this.buffer = outcome.buffer;
        return UPDATE;
      case 'ambiguous':
        // As in readline: the first Tab only rings, the second lists (the first, with show-all-if-ambiguous).
        return repeated || this.context.bindings.settings.showAllIfAmbiguous ? this.list(outcome.candidates, outcome.listed) : BELL;
    }
  }

  /** Lists the candidates, after asking first when there are many or they would not fit on the screen. */
  private list(candidates: readonly string[], listed: Listed | undefined): Step {
    const { columns, rows } = this.context.screen();
    const lines = listing(candidates, columns, listed);
    if (candidates.length <= LIST_WITHOUT_ASKING && lines.length < rows) return { kind: 'list', lines };
    this.mode = { kind: 'ask', candidates, listed };
    return { kind: 'list', lines: [] };
  }

  private async searchKey(search: ReverseSearch, key: Key): Promise<Step> {
    if (key.kind === 'text') {
      search.type(key.text);
      return UPDATE;
    }
    if (key.kind === 'key') {
      switch (key.chord) {
        case 'C-r':
          search.next();
          return UPDATE;
        case 'Backspace':
        case 'C-h':
          search.backspace();
          return UPDATE;
        case 'C-g':
        case 'Escape':
          this.endSearch(search, false);
          return UPDATE;
        case 'Enter':
        case 'C-j':
          this.endSearch(search, true);
          return done({ kind: 'line', text: this.buffer.text });
      }
    }
    // Any other key takes the match as the line and then does what it always does.
    this.endSearch(search, true);
    return this.edit(key);
  }

  private endSearch(search: ReverseSearch, accept: boolean): void {
    if (search.query !== '') this.context.memory.lastSearch = search.query;
    const entry = search.matchedEntry;
    if (accept && entry !== undefined) {
      this.browser.select(entry, this.buffer);
      this.buffer = search.buffer;
    }
    this.mode = EDITING;
    // What follows the search is not a kill or a Tab in a row with what came before it.
    this.previous = 'reverse-search-history';
  }

  /** y, Y or Space shows the list; Ctrl-C abandons the line after the question, as in bash; any other key declines. */
  private answer(question: Extract<Mode, { kind: 'ask' }>, key: Key): Step {
    if (key.kind === 'key' && EMACS_KEYMAP.get(key.chord) === 'interrupt') return done({ kind: 'interrupted' });
    this.mode = EDITING;
    const yes = key.kind === 'text' && /^[yY ]/.test(key.text);
    return { kind: 'list', lines: yes ? listing(question.candidates, this.context.screen().columns, question.listed) : [] };
  }
}

function done(result: Finished): Step {
  return { kind: 'done', result };
}

/**
 * Up and Down through history. Edits to a recalled line are kept until the read ends, as in
 * zsh, so moving away and back does not lose them; the line being written is kept the same way.
 */
class HistoryBrowser {
  /** The entry shown; entries.length for the line being written. */
  private index: number;
  private readonly edits = new Map<number, string>();

  constructor(private readonly entries: readonly string[]) {
    this.index = entries.length;
  }

  /** The index of the entry shown; entries.length for the line being written. */
  get position(): number {
    return this.index;
  }

  /** The previous entry, the cursor at its end; undefined at the oldest. */
  older(current: EditBuffer): EditBuffer | undefined {
    if (this.index === 0) return undefined;
    const text = this.go(this.index - 1, current);
    return editBuffer(text);
  }

  /** The next entry, the cursor at the end of its first line so Down can go on through its lines. */
  newer(current: EditBuffer): EditBuffer | undefined {
    if (this.index === this.entries.length) return undefined;
    const text = this.go(this.index + 1, current);
    return editBuffer(text, lineEnd(text, 0));
  }

  /** Entry `index` (or the line being written at entries.length), the cursor at its start. */
  recall(index: number, current: EditBuffer): EditBuffer {
    return editBuffer(this.go(index, current), 0);
  }

  /**
   * The nearest entry in `direction` (-1 older, 1 newer) that starts with `prefix` and differs
   * from the line `current`, gone to; undefined when there is none.
   */
  search(prefix: string, current: EditBuffer, direction: -1 | 1): string | undefined {
    for (let index = this.index + direction; index >= 0 && index < this.entries.length; index += direction) {
      const entry = this.entries[index] as string;
      if (entry.startsWith(prefix) && entry !== current.text) return this.go(index, current);
    }
    return undefined;
  }

  /** Goes to `index` (a search's match) from the line `current`, so browsing continues from there. */
  select(index: number, current: EditBuffer): void {
    this.go(index, current);
  }

  private go(index: number, current: EditBuffer): string {
    this.edits.set(this.index, current.text);
    this.index = index;
    return this.edits.get(index) ?? this.entries[index] ?? '';
  }
}
