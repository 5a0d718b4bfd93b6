/**
 * The per-terminal secrets: issued one per Quirl terminal, passed in its environment, and kept
 * in the window's state so a restarted extension host still recognises the shells it started.
 * A shell proves it holds one; the book finds which, without the secret ever crossing the socket.
 */
import { randomBytes } from 'node:crypto';
import { proofMatches, shellProof } from '../shell/ipc/protocol';

/** The slice of vscode.Memento the book uses (workspaceState, or a Map in tests). */
export interface SecretStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const STORAGE_KEY = 'quirl.ipcSecrets';
/** Terminals of one window; beyond this the oldest secrets are forgotten. */
const MAX_SECRETS = 256;

export class SecretBook {
  private readonly secrets: string[];

  constructor(private readonly storage: SecretStorage) {
    const stored = storage.get<unknown>(STORAGE_KEY);
    this.secrets = Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string' && item !== '') : [];
  }

  /** A new secret for a new terminal. */
  issue(): string {
    const secret = randomBytes(32).toString('hex');
    this.add(secret);
    return secret;
  }

  /** Learns a secret found in a terminal's environment (a terminal an earlier host started). */
  add(secret: string): void {
    if (this.secrets.includes(secret)) return;
    this.secrets.push(secret);
    this.secrets.splice(0, Math.max(0, this.secrets.length - MAX_SECRETS));
    this.save();
  }

  /** Forgets the secret of a closed terminal. */
  remove(secret: string): void {
    const index = this.secrets.indexOf(secret);
    if (index < 0) return;
    this.secrets.splice(index, 1);
    this.save();
  }

  /** Every secret known: this window's terminals', as issued and learnt by its hosts. */
  all(): readonly string[] {
    return [...this.secrets];
  }

  has(secret: string): boolean {
    return this.secrets.includes(secret);
  }

  /** The secret whose shell proof for `nonce` is `proof`, if any. */
  match(nonce: string, proof: unknown): string | undefined {
    return this.secrets.find((secret) => proofMatches(shellProof(secret, nonce), proof));
  }

  private save(): void {
    // A lost write only costs reconnection after a restart; nothing to tell the user now.
    void this.storage.update(STORAGE_KEY, [...this.secrets]);
  }
}
