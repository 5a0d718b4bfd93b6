// The shells the bench compares: Quirl, bash (the reference of most goals), and dash, zsh and fish
// where installed; plus a bare node with readline, the reference of start-up and idle memory.
// Each is started the same way through a PTY, with the same plain prompt and no user config.
import { accessSync, constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { QUIRL } from './model';

export const REPO = resolve(__dirname, '..', '..');
/** Every interactive subject draws exactly this prompt (no escapes, the same width everywhere). */
export const PROMPT = 'qb> ';
export const BARE_NODE = 'node+readline';
export const REFERENCE_SHELLS = ['bash', 'dash', 'zsh', 'fish'] as const;

export interface Subject {
  readonly name: string;
  /** argv that runs a script file: `SHELL [FLAGS] FILE` (flags such as `-n`, which every shell here takes). */
  readonly script: ((file: string, flags?: readonly string[]) => string[]) | undefined;
  /** Whether it runs POSIX sh scripts as they are (zsh and fish do not: the generated scripts leave them out). */
  readonly posix: boolean;
  /** argv and extra environment of an interactive session at PROMPT. */
  readonly interactive: { readonly argv: readonly string[]; readonly env: Readonly<Record<string, string>> };
}

/** The absolute path of `name` on PATH, or undefined. */
export function findProgram(name: string, path = process.env.PATH ?? '/usr/bin:/bin'): string | undefined {
  for (const dir of path.split(':')) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const PS1 = { PS1: PROMPT };

/**
 * Quirl from this checkout, or (for a before/after comparison in one run) from another one, started
 * as a user starts it: bin/quirl through its #! line, which starts node from the start-up snapshot
 * where it can.
 */
export function quirlSubject(checkout = REPO, name = QUIRL): Subject {
  const quirl = join(checkout, 'bin', 'quirl');
  return { name, script: (file, flags = []) => [quirl, ...flags, file], posix: true, interactive: { argv: [quirl, '-i'], env: PS1 } };
}

export const QUIRL_PROFILE = 'quirl (profile)';

/**
 * Quirl started as the VS Code profile starts it: the runtime running dist/quirl.js, with V8's code
 * cache and no snapshot (VS Code's Electron runtime cannot load one). `nodeFlags` go before it.
 */
export function quirlProfileSubject(nodeFlags: readonly string[] = []): Subject {
  const launcher = join(REPO, 'dist', 'quirl.js');
  return { name: QUIRL_PROFILE, script: undefined, posix: true, interactive: { argv: [process.execPath, ...nodeFlags, launcher, '-i'], env: PS1 } };
}

/** node with readline and nothing else, started on the same runtime as Quirl. */
export function bareNodeSubject(): Subject {
  return { name: BARE_NODE, script: undefined, posix: false, interactive: { argv: [process.execPath, join(__dirname, 'bare-prompt.js')], env: PS1 } };
}

function referenceSubject(name: (typeof REFERENCE_SHELLS)[number], program: string): Subject {
  switch (name) {
    case 'bash':
      return { name, script: (file, flags = []) => [program, ...flags, file], posix: true, interactive: { argv: [program, '--norc', '--noprofile', '-i'], env: PS1 } };
    case 'dash':
      return { name, script: (file, flags = []) => [program, ...flags, file], posix: true, interactive: { argv: [program, '-i'], env: { ...PS1, ENV: '' } } };
    case 'zsh':
      return { name, script: (file, flags = []) => [program, '-f', ...flags, file], posix: false, interactive: { argv: [program, '-f', '-i'], env: { PS1: PROMPT, PROMPT } } };
    case 'fish': {
      const init = `set -g fish_greeting; function fish_prompt; printf '%s' '${PROMPT}'; end`;
      return { name, script: (file, flags = []) => [program, '--no-config', ...flags, file], posix: false, interactive: { argv: [program, '--no-config', '-i', '-C', init], env: {} } };
    }
  }
}

/** Reference shells installed here, in the order of REFERENCE_SHELLS, filtered by `wanted`. */
export function referenceSubjects(wanted: readonly string[] | undefined): { subjects: Subject[]; missing: string[] } {
  const subjects: Subject[] = [];
  const missing: string[] = [];
  for (const name of REFERENCE_SHELLS) {
    if (wanted !== undefined && !wanted.includes(name) && name !== 'bash') continue;
    const program = findProgram(name);
    if (program === undefined) missing.push(name);
    else subjects.push(referenceSubject(name, program));
  }
  return { subjects, missing };
}
