/**
 * The signals the shell's own traps catch. A listener notes each arrival; the trap runs at the
 * next point between commands (after a foreground job ends, as in bash), never inside one, so a
 * trap cannot break the terminal lease or the job table. `trap '' SIG` listens and drops it.
 */
import { SIGNALS, signalName } from '../exec/signals';
import type { TrapTable } from './traps';

/** Signals no process can catch, or that the shell's own machinery owns. */
const UNCATCHABLE: ReadonlySet<number> = new Set([SIGNALS.SIGKILL, SIGNALS.SIGSTOP, SIGNALS.SIGCHLD]);

/** The signals a trap of the shell handles now: the script's default deaths on them stand aside. */
const handled = new Set<number>();

/** Whether a trap handles `signal` (main's default deaths on SIGINT, SIGTERM, SIGHUP ask). */
export function handledByTrap(signal: NodeJS.Signals): boolean {
  const number = SIGNALS[signal as keyof typeof SIGNALS] as number | undefined;
  return number !== undefined && handled.has(number);
}

/** Signals that end a shell by default, on which an EXIT trap runs before the shell dies of them. */
export const DEADLY: readonly number[] = [SIGNALS.SIGINT, SIGNALS.SIGTERM, SIGNALS.SIGHUP];

/** A wait for the next trapped signal: `heard` resolves with its number; `release` stops waiting. */
export interface TrapArrival {
  readonly heard: Promise<number>;
  release(): void;
}

export class SignalTraps {
  private readonly listeners = new Map<number, () => void>();
  private readonly pending: number[] = [];
  /** Told of each signal that arrives with a command to run for it (a `wait` giving up). */
  private readonly arrivals = new Set<(signal: number) => void>();
  /** Deadly signals that arrived with no trap of their own while an EXIT trap is set. */
  private readonly deadly: number[] = [];
  private table: TrapTable | undefined;

  /**
   * `deadlySignals`: those on which an EXIT trap runs before the shell dies: a script's DEADLY; none
   * for an interactive shell, which ignores SIGINT and SIGTERM and dies of SIGHUP its own way.
   */
  constructor(private readonly deadlySignals: readonly number[]) {}
  private version = -1;

  /** Listens for exactly the signals `table` traps (and, with an EXIT trap, the deadly ones). */
  sync(table: TrapTable): void {
    if (table === this.table && table.version === this.version) return;
    this.listenFor(table);
  }

  // Apart from sync, which runs at every checkpoint: V8 would allocate its listeners' captured `this` on every call.
  private listenFor(table: TrapTable): void {
    this.table = table;
    this.version = table.version;
    const wanted = new Map<number, 'trap' | 'deadly'>();
    for (const signal of [...table.signals('command'), ...table.signals('ignore')]) if (!UNCATCHABLE.has(signal)) wanted.set(signal, 'trap');
    if (table.command('EXIT') !== undefined) for (const signal of this.deadlySignals) if (!wanted.has(signal)) wanted.set(signal, 'deadly');
    for (const [signal, listener] of this.listeners) {
      if (wanted.has(signal)) continue;
      process.removeListener(`SIG${signalName(signal)}`, listener);
      this.listeners.delete(signal);
      handled.delete(signal);
    }
    for (const [signal, role] of wanted) {
      const existing = this.listeners.get(signal);
      if (existing !== undefined) process.removeListener(`SIG${signalName(signal)}`, existing);
      const listener = role === 'trap' ? (): void => this.heard(signal) : (): void => void this.deadly.push(signal);
      try {
        process.on(`SIG${signalName(signal)}` as NodeJS.Signals, listener);
      } catch {
        // A signal Node cannot listen for (SIGSEGV...): bash accepts the trap, it just never runs.
        continue;
      }
      this.listeners.set(signal, listener);
      handled.add(signal);
    }
  }

  private heard(signal: number): void {
    this.pending.push(signal);
    if (this.table?.command(signal) !== undefined) for (const arrival of this.arrivals) arrival(signal);
  }

  /**
   * The next signal to arrive with a command trapped for it, or one that came and whose trap has
   * not run yet: what ends a `wait` (POSIX), its trap to run once `wait` returns.
   */
  nextTrapped(): TrapArrival {
    let arrival: ((signal: number) => void) | undefined;
    const heard = new Promise<number>((resolve) => {
      const waiting = this.pending.find((signal) => this.table?.command(signal) !== undefined);
      if (waiting !== undefined) resolve(waiting);
      else this.arrivals.add((arrival = resolve));
    });
    return {
      heard,
      release: () => {
        if (arrival !== undefined) this.arrivals.delete(arrival);
      },
    };
  }

  /** Whether any signal is listened for (then each point between commands lets a signal just sent be heard). */
  get listening(): boolean {
    return this.listeners.size > 0;
  }

  /** Signals heard and not yet taken. */
  get waiting(): boolean {
    return this.pending.length > 0 || this.deadly.length > 0;
  }

  /** Stops listening for `signal` (the shell is about to die of it). */
  release(signal: number): void {
    const listener = this.listeners.get(signal);
    if (listener !== undefined) process.removeListener(`SIG${signalName(signal)}`, listener);
    this.listeners.delete(signal);
    handled.delete(signal);
  }

  /** A trapped signal that reached a child rather than the shell (Ctrl-C on a script's job): run its trap too. */
  note(signal: number): void {
    this.pending.push(signal);
  }

  /** A deadly signal that arrived with no trap of its own while an EXIT trap is set, if any. */
  takeDeadly(): number | undefined {
    return this.deadly.shift();
  }

  /** The signals that arrived since the last call, in order, each once. */
  take(): number[] {
    if (this.pending.length === 0) return [];
    const taken = [...new Set(this.pending)];
    this.pending.length = 0;
    return taken;
  }
}
