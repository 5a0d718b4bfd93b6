/**
 * What a child gets of the shell context that starts it rather than of the shell process: its
 * umask, the limits `ulimit` recorded, and the signals `trap ''` ignores. A subshell changes
 * them in its own state only, so they travel with every spawn; the addon forks, where
 * posix_spawn cannot give them, only for a child whose settings differ from the process's.
 */
import type { ChildLimit, ChildSettings, ResourceLimit, ResourceName } from '../../native/native';

export type { ChildSettings };
import { native } from '../../native';

/**
 * The process's umask: what the top-level shell context last set, or the one it started with,
 * read on first use: a start-up snapshot is built under another process's umask.
 */
let processUmask: number | undefined;

/** The top-level context's umask becomes the process's, so that its children need no fork. */
export function setProcessUmask(mask: number): void {
  if (mask === processUmaskNow()) return;
  native.setUmask(mask);
  processUmask = mask;
}

/** The umask a new top-level context starts with. */
export function processUmaskNow(): number {
  processUmask ??= process.umask();
  return processUmask;
}

/** What a context's state holds of a child's settings. */
export interface ChildSettingsSource {
  readonly umask: number;
  readonly childLimits: ReadonlyMap<ResourceName, ResourceLimit>;
  readonly traps: { signals(kind: 'ignore'): number[] };
}

/** The settings for a child of `state`: only those that differ from what the process would give it. */
export function childSettings(state: ChildSettingsSource): ChildSettings {
  const ignoredSignals = state.traps.signals('ignore');
  const umask = state.umask === processUmaskNow() ? undefined : state.umask;
  // What nearly every command gets: the process's own settings, one shared object.
  if (umask === undefined && state.childLimits.size === 0 && ignoredSignals.length === 0) return PROCESS_SETTINGS;
  const limits: ChildLimit[] = [...state.childLimits].map(([resource, limit]) => ({ resource, ...limit }));
  return {
    ...(umask === undefined ? {} : { umask }),
    ...(limits.length === 0 ? {} : { limits }),
    ...(ignoredSignals.length === 0 ? {} : { ignoredSignals }),
  };
}

const PROCESS_SETTINGS: ChildSettings = Object.freeze({});

/** Whether a child with these settings is what the process gives it (a prepared group can take it). */
export function inheritsProcess(settings: ChildSettings): boolean {
  return settings.umask === undefined && settings.limits === undefined && settings.ignoredSignals === undefined;
}
