/** The user settings every test workbench starts with: a fresh profile that keeps still. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What keeps a fresh profile from stealing focus and keystrokes. */
const QUIET_SETTINGS = {
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'terminal.integrated.suggest.enabled': false,
  'security.workspace.trust.enabled': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
};

export function writeUserSettings(userDataDir: string, extra: Record<string, unknown> = {}): void {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), `${JSON.stringify({ ...QUIET_SETTINGS, ...extra }, null, 2)}\n`);
}
