/**
 * Variables whose value is computed when read: `RANDOM` (bash 5.2's generator, so a seeded
 * sequence is bash's), `SRANDOM`, `SECONDS`, `EPOCHSECONDS`, `EPOCHREALTIME`. Assigning one
 * seeds or resets it; unsetting one makes it an ordinary variable for good, as in bash.
 */
import { nodeCrypto } from '../lazy-builtins';

export const DYNAMIC_NAMES: ReadonlySet<string> = new Set(['RANDOM', 'SRANDOM', 'SECONDS', 'EPOCHSECONDS', 'EPOCHREALTIME']);

const RANDOM_MAX = 32767;

export class DynamicVariables {
  private seed: number;
  private lastRandom = 0;
  /** SECONDS: its value was `secondsBase` at `secondsFrom` (ms since the epoch). */
  private secondsBase = 0;
  private secondsFrom = Date.now();

  constructor(seed = (Date.now() ^ process.pid) >>> 0) {
    this.seed = seed;
  }

  clone(): DynamicVariables {
    const copy = new DynamicVariables(this.seed);
    copy.lastRandom = this.lastRandom;
    copy.secondsBase = this.secondsBase;
    copy.secondsFrom = this.secondsFrom;
    return copy;
  }

  get(name: string): string {
    switch (name) {
      case 'RANDOM':
        return String(this.random());
      case 'SRANDOM':
        return String(nodeCrypto().randomBytes(4).readUInt32BE(0));
      case 'SECONDS':
        return String(this.secondsBase + Math.floor((Date.now() - this.secondsFrom) / 1000));
      case 'EPOCHSECONDS':
        return String(Math.floor(Date.now() / 1000));
      default: {
        const micros = Math.round((performance.timeOrigin + performance.now()) * 1000);
        return `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}`;
      }
    }
  }

  /** An assignment to a dynamic variable: RANDOM seeds, SECONDS restarts; the others ignore it. */
  set(name: string, value: string): void {
    if (name === 'RANDOM') {
      this.seed = Number(BigInt.asUintN(32, BigInt(leadingInteger(value))));
      this.lastRandom = 0;
    } else if (name === 'SECONDS') {
      this.secondsBase = Number(leadingInteger(value));
      this.secondsFrom = Date.now();
    }
  }

  /** bash's brand(): Park–Miller "minimal standard", folded to 15 bits; never the same value twice in a row. */
  private random(): number {
    let value = this.next();
    if (value === this.lastRandom) value = this.next();
    this.lastRandom = value;
    return value;
  }

  private next(): number {
    const last = this.seed === 0 ? 123459876 : this.seed;
    const high = Math.trunc(last / 127773);
    const low = last - 127773 * high;
    const t = 16807 * low - 2836 * high;
    this.seed = t < 0 ? t + 0x7fffffff : t;
    return ((this.seed >>> 16) ^ (this.seed & 0xffff)) & RANDOM_MAX;
  }
}

/** What strtol reads of a value: its leading decimal digits (0 where there are none). */
function leadingInteger(value: string): string {
  return /^\s*[-+]?\d+/.exec(value)?.[0].trim() ?? '0';
}
