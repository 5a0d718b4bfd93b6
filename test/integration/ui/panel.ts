/**
 * What a person does in the terminal panel, through Playwright: pick a profile from the panel's
 * profile dropdown (the chevron beside +), as the UI test and the in-host suite's driver both do.
 */
import type { Page } from 'playwright-core';

const DEADLINE_MS = 60_000;

/**
 * The profile dropdown → the profile titled `title`, once; resolves when the menu item was clicked.
 * The panel is opened first if it is not showing. A terminal finishing its start takes the focus,
 * which closes the menu; then it is opened again. Never picks twice.
 */
export async function pickProfileFromDropdown(page: Page, title: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  const dropdown = page.locator('.part.panel .title-actions .monaco-dropdown .action-label[aria-label="Launch Profile..."]').first();
  const item = page.locator('.monaco-menu .action-label', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
  if (!(await dropdown.isVisible())) await page.keyboard.press('Control+Backquote');
  for (;;) {
    await dropdown.click({ timeout: 5_000 }).catch(() => undefined);
    if (await item.click({ timeout: 5_000 }).then(() => true, () => false)) return;
    await page.keyboard.press('Escape');
    if (Date.now() > end) throw new Error(`no "${title}" in the terminal panel's profile dropdown`);
  }
}
