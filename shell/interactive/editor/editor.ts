/**
 * The line editor: reads one command line at a time from the terminal. Between reads it leaves
 * the terminal alone (input paused, raw mode off, bracketed paste off), so that a foreground job
 * owns it: the terminal's signal keys work again, nothing reads to get EIO, and what is typed
 * meanwhile stays in the kernel's buffer for whoever reads next.
 *
 * Keys that arrived after an accepted line (a pasted script, fast typing) are decoded already;
 * they wait in the editor and are the next read's first input.
 */
import { editBuffer } from './buffer';
import type { Completer } from './completion';
import type { History } from './history';
import { KeyBindings } from './bindings';
import { KeyDecoder, type Key } from './keys';
import { KillBuffer } from './kill';
import { Renderer } from './render';
import { EditSession, type EditorMemory, type Finished, type Step } from './session';

export interface EditorTerminal {
  /** Raw input bytes from the terminal. The editor only listens while a read is in progress. */
  readonly input: NodeJS.ReadableStream;
  /** Synchronous write to the terminal. */
  write(text: string): void;
  columns(): number;
  rows(): number;
  /** Calls `listener` after each resize; returns the function that stops it. */
  onResize(listener: () => void): () => void;
  /** Enters or leaves the editor's raw mode (the shell implements it with termios). */
  setRawMode(raw: boolean): void;
}

/** A line being edited, as handed back by a suspended read and given to the next one. */
export interface LineState {
  readonly text: string;
  /** A UTF-16 offset into text; the end when absent. */
  readonly cursor?: number;
}

export type ReadResult =
  | Finished
  /** interrupt() ended the read: the line so far, to pass to the next read. */
  | { readonly kind: 'suspended'; readonly text: string; readonly cursor: number };

export interface LineEditorOptions {
  /** Browsed with Up/Down and searched with C-r. The editor never adds to it: the caller adds whole commands. */
  readonly history: History;
  readonly complete?: Completer;
  /** What keys run (`bind`); the Emacs keymap when absent. */
  readonly bindings?: KeyBindings;
  /** How long input must be quiet before a lone ESC counts as the Escape key, in ms (100). */
  readonly escapeTimeout?: number;
  /** Whether vi editing is on (`set -o vi`), asked at the start of each read. */
  readonly vi?: () => boolean;
}

const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';
const BELL = '\x07';

interface Reading {
  readonly session: EditSession;
  readonly resolve: (result: ReadResult) => void;
  readonly reject: (error: unknown) => void;
  /** Detaches the input and resize listeners. */
  readonly unlisten: () => void;
}

type Outcome = { readonly result: ReadResult; readonly standIn?: string } | { readonly error: unknown };

export class LineEditor {
  private readonly decoder = new KeyDecoder();
  private readonly renderer: Renderer;
  private readonly memory: EditorMemory = { kills: new KillBuffer(), lastSearch: '' };
  private readonly escapeTimeout: number;
  private readonly bindings: KeyBindings;
  /** Keys decoded and not handled yet. */
  private readonly queue: Key[] = [];
  private reading: Reading | undefined;
  /** A key is being handled (a completion may take a while): the others wait their turn. */
  private handling = false;
  private escapeTimer: NodeJS.Timeout | undefined;
  private inputEnded = false;
  /**
   * What the editor drew and has not written yet: each of its turns (a read's start, the keys that
   * came together, its end) goes out in one write, for each write to a terminal is a system call
   * and a wake-up of the program that reads it, most of a prompt's cost on a fast command.
   */
  private unwritten = '';

  constructor(
    private readonly terminal: EditorTerminal,
    private readonly options: LineEditorOptions,
  ) {
    this.renderer = new Renderer((text) => this.write(text));
    this.escapeTimeout = options.escapeTimeout ?? 100;
    this.bindings = options.bindings ?? new KeyBindings();
  }

  /**
   * Reads one line: enters raw mode, draws the prompt (and `initial`, a suspended read's line),
   * edits, and resolves once raw mode is left and input paused. A line is not added to history:
   * the caller adds the whole command, which for a multi-line command is several reads joined.
   * On 'eof' the cursor stays after the prompt, for the caller to write there, as bash writes
   * "exit". Rejects if the terminal fails (after leaving raw mode when it can).
   */
  read(prompt: string, initial?: LineState): Promise<ReadResult> {
    if (this.reading !== undefined) return Promise.reject(new Error('LineEditor.read: a read is already in progress'));
    if (this.inputEnded && this.queue.length === 0) return Promise.resolve({ kind: 'eof' });
    return new Promise((resolve, reject) => {
      const session = new EditSession(prompt, editBuffer(initial?.text ?? '', initial?.cursor), {
        // A snapshot: history added to meanwhile must not shift what Up and Down count on.
        history: [...this.options.history.entries],
        memory: this.memory,
        complete: this.options.complete,
        bindings: this.bindings,
        screen: () => ({ columns: this.terminal.columns(), rows: this.terminal.rows() }),
        vi: this.options.vi?.() ?? false,
      });
      this.terminal.setRawMode(true);
      const { input } = this.terminal;
      const stopResize = this.terminal.onResize(this.onResize);
      input.on('data', this.onData);
      input.on('end', this.onEnd);
      input.on('error', this.onError);
      const unlisten = (): void => {
        stopResize();
        input.removeListener('data', this.onData);
        input.removeListener('end', this.onEnd);
        input.removeListener('error', this.onError);
      };
      this.reading = { session, resolve, reject, unlisten };
      try {
        this.write(BRACKETED_PASTE_ON);
        this.renderer.startOnFreshLine(this.terminal.columns());
        this.draw(session);
        this.flush();
        input.resume();
        if (this.decoder.waiting) this.startEscapeTimer();
        void this.handleKeys();
      } catch (error) {
        this.finish({ error });
      }
    });
  }

  /**
   * Writes output that must appear above the prompt while a read is in progress (a job's
   * notification): on rows inserted above the prompt and line, which move down and stay as they
   * are; when they would not fit on the screen, by erasing them and drawing them again below.
   * With no read in progress it is written as it is.
   */
  printAbove(text: string): void {
    const reading = this.reading;
    if (reading === undefined) {
      this.terminal.write(text);
      return;
    }
    if (text === '') return;
    try {
      if (!this.renderer.insertAbove(text, this.terminal.columns(), this.terminal.rows())) {
        this.renderer.erase();
        // Raw mode may have turned output newline translation off.
        this.write(text.replace(/\r?\n/g, '\r\n') + (text.endsWith('\n') ? '' : '\r\n'));
        this.draw(reading.session);
      }
      this.flush();
    } catch (error) {
      this.finish({ error });
    }
  }

  /**
   * Ends a read in progress from outside (the shell is asked to bring a job to the foreground):
   * leaves raw mode, pauses input, and resolves the read with 'suspended' and the line, which
   * the caller passes to its next read. On screen the line is replaced by `standIn` as if it had
   * been typed and accepted (`fg %1`, so the screen shows what runs, as VS Code reads it), or
   * with no stand-in the prompt and line are erased. False when no read was in progress.
   */
  interrupt(standIn?: string): boolean {
    const reading = this.reading;
    if (reading === undefined) return false;
    const { text, cursor } = reading.session.line;
    this.finish({ result: { kind: 'suspended', text, cursor }, standIn });
    return true;
  }

  private readonly onData = (chunk: Buffer | string): void => {
    this.stopEscapeTimer();
    this.queue.push(...this.decoder.feed(chunk));
    if (this.decoder.waiting) this.startEscapeTimer();
    void this.handleKeys();
  };

  private readonly onEnd = (): void => {
    this.stopEscapeTimer();
    this.queue.push(...this.decoder.flush());
    this.inputEnded = true;
    void this.handleKeys();
  };

  private readonly onError = (error: unknown): void => {
    this.finish({ error });
  };

  private readonly onResize = (): void => {
    const reading = this.reading;
    if (reading === undefined) return;
    try {
      this.renderer.resize(this.terminal.columns());
      this.draw(reading.session);
      this.flush();
    } catch (error) {
      this.finish({ error });
    }
  };

  private startEscapeTimer(): void {
    this.escapeTimer = setTimeout(() => {
      this.escapeTimer = undefined;
      this.queue.push(...this.decoder.flush());
      void this.handleKeys();
    }, this.escapeTimeout);
  }

  private stopEscapeTimer(): void {
    clearTimeout(this.escapeTimer);
    this.escapeTimer = undefined;
  }

  /** Handles queued keys one at a time, in order, while a read is in progress. */
  private async handleKeys(): Promise<void> {
    if (this.handling) return;
    this.handling = true;
    try {
      while (this.reading !== undefined) {
        const reading = this.reading;
        const key = this.queue.shift();
        if (key === undefined) {
          if (this.inputEnded) this.finish({ result: { kind: 'eof' } });
          break;
        }
        const step = await reading.session.handle(key);
        // interrupt() may have ended the read while a completion was awaited.
        if (reading === this.reading) this.apply(reading.session, step);
        // Keys typed ahead are drawn together.
        if (this.queue.length === 0) this.flush();
      }
    } catch (error) {
      this.finish({ error });
    } finally {
      this.handling = false;
    }
    // A read may have started while a key of the one before was still being handled.
    if (this.reading !== undefined && this.queue.length > 0) void this.handleKeys();
  }

  private apply(session: EditSession, step: Step): void {
    switch (step.kind) {
      case 'update':
        this.draw(session);
        return;
      case 'bell':
        if (this.bindings.settings.bellStyle !== 'none') this.write(BELL);
        return;
      case 'clear-screen':
        this.renderer.clearScreen();
        this.draw(session);
        return;
      case 'list':
        this.renderer.commit();
        for (const line of step.lines) this.write(`${line}\r\n`);
        this.draw(session);
        return;
      case 'done':
        this.finish({ result: step.result });
        return;
    }
  }

  private write(text: string): void {
    this.unwritten += text;
  }

  private flush(): void {
    if (this.unwritten === '') return;
    const text = this.unwritten;
    this.unwritten = '';
    this.terminal.write(text);
  }

  private draw(session: EditSession): void {
    this.renderer.render(session.view, this.terminal.columns());
  }

  /** Ends the read: the screen left tidy, listeners off, input paused and raw mode left, then the promise settled. */
  private finish(outcome: Outcome): void {
    const reading = this.reading;
    if (reading === undefined) return;
    this.reading = undefined;
    this.stopEscapeTimer();
    let failure = 'error' in outcome ? { error: outcome.error } : undefined;
    try {
      // After a failure the screen is unknown: moving past the line at least leaves the next read a fresh start.
      if ('result' in outcome) this.leaveScreen(reading.session, outcome.result, outcome.standIn);
      else this.renderer.commit();
      this.write(BRACKETED_PASTE_OFF);
      // Written before raw mode is left, with the output settings it was drawn for.
      this.flush();
    } catch (error) {
      failure ??= { error };
    } finally {
      this.unwritten = '';
      reading.unlisten();
      this.terminal.input.pause();
      try {
        this.terminal.setRawMode(false);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure !== undefined) reading.reject(failure.error);
    else if ('result' in outcome) reading.resolve(outcome.result);
  }

  private leaveScreen(session: EditSession, result: ReadResult, standIn: string | undefined): void {
    // A `bind -x` command's output goes where the prompt was, and the prompt comes again under it (bash).
    if ((result.kind === 'suspended' && standIn === undefined) || result.kind === 'shell-command') {
      this.renderer.erase();
      return;
    }
    // A line about to run is drawn whole, prompt included, so that the screen shows what runs
    // even where the terminal cut the cursor's row short in a resize the shell has not heard of
    // yet (xterm.js does, as VS Code's panel opens): VS Code records the command from the screen.
    if (result.kind === 'line' || standIn !== undefined) this.renderer.erase();
    // The final view: the caller's prompt again after a search.
    this.renderer.render(standIn === undefined ? session.view : session.accepted(standIn), this.terminal.columns());
    if (result.kind === 'eof') this.renderer.release();
    else this.renderer.commit(result.kind === 'interrupted' ? '^C' : '');
  }
}
