/**
 * The trap table of a shell context: what `trap` set for EXIT, ERR, DEBUG, RETURN and each
 * signal, as a command to run or as ignored. A subshell keeps only the ignored signals (POSIX:
 * caught ones go back to their defaults), and its EXIT trap is its own.
 */
import { allSignals, parseSignal, signalName } from '../exec/signals';

/** The conditions that are not signals, numbered after bash's order in `trap -p` (after the signals). */
export type PseudoCondition = 'EXIT' | 'DEBUG' | 'ERR' | 'RETURN';
/** The conditions whose traps run around commands, not at a signal or at the end. */
export type CommandCondition = Exclude<PseudoCondition, 'EXIT'>;
/** A signal number, or one of the shell's own conditions. */
export type TrapCondition = number | PseudoCondition;

export type TrapAction = { readonly kind: 'command'; readonly text: string } | { readonly kind: 'ignore' };

/** The traps a function or sourced file was started without, to be put back when it ends. */
export type Withheld = readonly (readonly [CommandCondition, TrapAction])[];

const NOTHING_WITHHELD: Withheld = [];

const PSEUDO: readonly PseudoCondition[] = ['EXIT', 'DEBUG', 'ERR', 'RETURN'];

/** Linux's real-time signals, which node's signal table leaves out. */
const REALTIME = process.platform === 'linux' ? { min: 34, max: 64 } : undefined;

/** `INT`, `SIGINT`, `int`, `2`, `EXIT`, `0`, `ERR`... as a condition; undefined for none. */
export function parseCondition(word: string): TrapCondition | undefined {
  const upper = word.toUpperCase();
  if (upper === 'EXIT' || word === '0') return 'EXIT';
  if ((PSEUDO as readonly string[]).includes(upper)) return upper as PseudoCondition;
  if (/^\d+$/.test(word)) {
    const number = Number(word);
    return signalName(number) !== String(number) || isRealtime(number) ? number : undefined;
  }
  const realtime = realtimeNumber(upper.startsWith('SIG') ? upper.slice(3) : upper);
  if (realtime !== undefined) return realtime;
  const number = parseSignal(word);
  return number === undefined || number === 0 ? undefined : number;
}

function isRealtime(number: number): boolean {
  return REALTIME !== undefined && number >= REALTIME.min && number <= REALTIME.max;
}

/** `RTMIN+3`, `RTMAX-1`... as a number. */
function realtimeNumber(name: string): number | undefined {
  if (REALTIME === undefined) return undefined;
  const match = /^RTM(IN|AX)(?:([+-])(\d+))?$/.exec(name);
  if (match === null) return undefined;
  const base = match[1] === 'IN' ? REALTIME.min : REALTIME.max;
  const number = base + (match[2] === '-' ? -1 : 1) * Number(match[3] ?? 0);
  return isRealtime(number) ? number : undefined;
}

/** A signal's name as `trap -p` and `trap -l` print it: SIGINT, SIGRTMIN+3. */
export function conditionName(condition: TrapCondition): string {
  if (typeof condition === 'string') return condition;
  if (REALTIME !== undefined && isRealtime(condition)) {
    const middle = Math.floor((REALTIME.min + REALTIME.max) / 2);
    if (condition === REALTIME.min) return 'SIGRTMIN';
    if (condition === REALTIME.max) return 'SIGRTMAX';
    return condition <= middle ? `SIGRTMIN+${condition - REALTIME.min}` : `SIGRTMAX-${REALTIME.max - condition}`;
  }
  return `SIG${signalName(condition)}`;
}

/** Every signal with its name, in number order, as `trap -l` lists them. */
export function signalList(): [number, string][] {
  const list: [number, string][] = allSignals().map(([number]) => [number, conditionName(number)]);
  if (REALTIME !== undefined) for (let number = REALTIME.min; number <= REALTIME.max; number++) list.push([number, conditionName(number)]);
  return list;
}

/** `trap -l`: bash's table, five to a line. */
export function signalTable(): string {
  const cells = signalList().map(([number, name]) => `${String(number).padStart(2)}) ${name}`);
  let text = '';
  cells.forEach((cell, index) => {
    text += cell + (index % 5 === 4 || index === cells.length - 1 ? '\n' : '\t');
  });
  return text;
}

/** Where a condition comes in `trap -p`: EXIT, the signals by number, then DEBUG, ERR, RETURN. */
function order(condition: TrapCondition): number {
  if (condition === 'EXIT') return -1;
  return typeof condition === 'number' ? condition : 1000 + PSEUDO.indexOf(condition);
}

export class TrapTable {
  /** Counts changes, so that whoever mirrors the table in signal listeners knows when to look again. */
  version = 0;

  /**
   * @param listed what `trap` lists until this table is first changed: a subshell's parent's
   * traps, as bash shows them, so that `saved=$(trap -p)` saves the shell's own.
   */
  constructor(
    private readonly actions = new Map<TrapCondition, TrapAction>(),
    private listed?: ReadonlyMap<TrapCondition, TrapAction>,
  ) {}

  get(condition: TrapCondition): TrapAction | undefined {
    return this.actions.get(condition);
  }

  /** Sets a condition's action; undefined puts back the default. */
  set(condition: TrapCondition, action: TrapAction | undefined): void {
    this.version++;
    this.listed = undefined;
    if (action === undefined) this.actions.delete(condition);
    else this.actions.set(condition, action);
  }

  /** The command to run for `condition`, if one is set. */
  command(condition: TrapCondition): string | undefined {
    const action = this.actions.get(condition);
    return action?.kind === 'command' ? action.text : undefined;
  }

  /** The signals set to a command or to be ignored, in number order. */
  signals(kind: TrapAction['kind']): number[] {
    return [...this.actions]
      .filter((entry): entry is [number, TrapAction] => typeof entry[0] === 'number' && entry[1].kind === kind)
      .map(([signal]) => signal)
      .sort((a, b) => a - b);
  }

  /** Every condition set (a subshell's parent's, until it sets one), in `trap -p`'s order. */
  entries(): [TrapCondition, TrapAction][] {
    return [...(this.listed ?? this.actions)].sort(([a], [b]) => order(a) - order(b));
  }

  /**
   * Takes `conditions` out of the table while a function or sourced file runs, which does not
   * inherit them (bash's execute_function and source): what was taken, for `restore`.
   */
  withhold(conditions: readonly CommandCondition[]): Withheld {
    // Most calls find none of them set: nothing allocated.
    let taken: [CommandCondition, TrapAction][] | undefined;
    for (const condition of conditions) {
      const action = this.actions.get(condition);
      if (action === undefined) continue;
      (taken ??= []).push([condition, action]);
      this.actions.delete(condition);
    }
    return taken ?? NOTHING_WITHHELD;
  }

  /** Puts back what `withhold` took, except where the function set a trap of its own, which stays (bash's trap_if_untrapped). */
  restore(withheld: Withheld): void {
    // By index: no iterator for the empty list most calls give back.
    for (let index = 0; index < withheld.length; index++) {
      const [condition, action] = withheld[index] as Withheld[number];
      if (!this.actions.has(condition)) this.actions.set(condition, action);
    }
  }

  /**
   * A subshell's table: ignored signals stay ignored; caught ones, EXIT and the rest go back to
   * their defaults; ERR stays with `set -E`, DEBUG and RETURN with `set -T`, as in bash.
   */
  forSubshell(options: { has(name: 'errtrace' | 'functrace'): boolean }): TrapTable {
    const kept = new Map<TrapCondition, TrapAction>();
    for (const [condition, action] of this.actions) {
      const keep =
        (typeof condition === 'number' && action.kind === 'ignore') ||
        (condition === 'ERR' && options.has('errtrace')) ||
        ((condition === 'DEBUG' || condition === 'RETURN') && options.has('functrace'));
      if (keep) kept.set(condition, action);
    }
    return new TrapTable(kept, this.listed ?? new Map(this.actions));
  }
}
