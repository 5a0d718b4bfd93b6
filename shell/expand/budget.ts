/**
 * The contract's expansion budget: one pipeline retains at most 1 MiB of expanded command words
 * and redirect targets, counted cumulatively across fragments, words and stages. A charge that
 * would pass the limit fails before the fragment is appended.
 */
import { byteLength } from '../bytes';
import { ShellError } from '../errors';

export const PIPELINE_EXPANSION_LIMIT = 1024 * 1024;

export class ExpansionBudget {
  private used = 0;

  constructor(readonly limit: number = PIPELINE_EXPANSION_LIMIT) {}

  /** The whole limit again, for the next run of what owns it (a command's plan, kept from run to run). */
  renew(): void {
    this.used = 0;
  }

  /** Bytes still available. */
  get remaining(): number {
    return this.limit - this.used;
  }

  /** Accounts for `fragment` (its bytes) before the caller appends it. */
  charge(fragment: string): void {
    this.chargeBytes(byteLength(fragment));
  }

  /** Accounts for a fragment of `bytes` bytes (measured once, for text met again and again). */
  chargeBytes(bytes: number): void {
    if (bytes > this.limit - this.used) {
      throw new ShellError(
        'ResourceLimit',
        `expansion exceeds the pipeline limit of ${this.limit} bytes (${this.used} used, ${bytes} more asked)`,
      );
    }
    this.used += bytes;
  }
}
