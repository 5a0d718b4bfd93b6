/**
 * The start-up files, chosen as bash chooses its own: a login shell reads ~/.quirl_profile, then
 * an interactive one ~/.quirlrc (or `--rcfile FILE`); in POSIX mode an interactive shell reads the
 * file $ENV names instead. `--noprofile` and `--norc` leave them out. Each is run as `. FILE` is,
 * so an error in one is reported with its name and line and the rest of the shell's start goes on.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { quoteForShell } from '../syntax/quote';
import type { Startup } from '../invocation';
import { isShoptName, type CommandSource, type ShellOptions } from '../interp/options';
import { parse, type Program } from '../syntax';

export interface StartupFile {
  readonly path: string;
  /** Named on the command line: reported when missing, where a default file that is missing is not. */
  readonly explicit: boolean;
}

/** What decides the files besides the command line. */
export interface StartupPlace {
  readonly interactive: boolean;
  readonly home: string;
  /** $ENV, already expanded (POSIX mode only). */
  readonly env: () => Promise<string | undefined>;
}

/** The files to read, in order. */
export async function startupFiles(startup: Startup, place: StartupPlace): Promise<StartupFile[]> {
  const files: StartupFile[] = [];
  if (startup.login && !startup.noprofile) files.push({ path: join(place.home, '.quirl_profile'), explicit: false });
  if (!place.interactive) return files;
  if (startup.posix) {
    const env = await place.env();
    if (env !== undefined && env !== '') files.push({ path: env, explicit: false });
  } else if (!startup.norc) {
    files.push(startup.rcfile === undefined ? { path: join(place.home, '.quirlrc'), explicit: false } : { path: startup.rcfile, explicit: true });
  }
  return files;
}

/**
 * `. FILE` for a start-up file, or nothing for a default file that does not exist. A relative path
 * stays relative to the working directory (`.` would look for it on PATH first).
 */
export function sourceCommand(file: StartupFile): Program | undefined {
  if (!file.explicit && !existsSync(file.path)) return undefined;
  const path = file.path.includes('/') ? file.path : `./${file.path}`;
  return parse(`. ${quoteForShell(path)}`);
}

/**
 * The command line's options, set before any start-up file runs. Returns what `-o`/`+o` with no
 * name lists, or an error for a `-O` name shopt does not know (bash's status 2).
 */
export function applyStartupOptions(options: ShellOptions, startup: Startup, source: CommandSource): { listing: string } | { error: string } {
  options.source = source;
  for (const change of startup.options) options.apply(change);
  for (const { name, on } of startup.shopt) {
    if (!isShoptName(name)) return { error: `${name}: invalid shell option name` };
    options.setShopt(name, on);
  }
  // bash's read-only view of -l/--login (or a `-` before argv0), whatever -O said: `logout` reads it.
  options.setShopt('login_shell', startup.login);
  if (startup.list === undefined) return { listing: '' };
  return { listing: startup.list === 'names' ? options.listing() : options.commands() };
}
