/**
 * The UI test, driven from outside through Playwright like a person would: open the Quirl profile
 * from the terminal panel's profile dropdown, read "Shell integration: Rich" in its tab's hover
 * (the level shows nowhere an extension can read it), run a job, stop it with Ctrl-Z, open the
 * Quirl Jobs view, check both show it, and save PNGs of the hover and of the terminal and the tree.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, resultsDir } from '../paths';
import { writeUserSettings } from '../settings';
import { Workbench } from '../workbench';
import { pickProfileFromDropdown } from './panel';

export const SCREENSHOT = join(resultsDir, 'quirl-jobs.png');
const HOVER_SCREENSHOT = join(resultsDir, 'quirl-shell-integration.png');
/** VS Code's logs (the extension's "Quirl" channel among them) when stopping the workbench failed. */
const LOGS_COPY = join(resultsDir, 'ui-vscode-logs');
const FAILURE_SCREENSHOT = join(resultsDir, 'quirl-jobs-failure.png');
const JOB = 'sleep 120';
const DEADLINE_MS = 60_000;
/** The quick input on screen (a picker that follows a command is a widget of its own). */
const QUICK_INPUT = '.quick-input-widget:visible';

/** Runs the scenario; returns the screenshot's path. */
export async function takeJobsScreenshot(marker: string, log: (line: string) => void): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'quirl-ui-'));
  mkdirSync(resultsDir, { recursive: true });
  rmSync(FAILURE_SCREENSHOT, { force: true });
  rmSync(LOGS_COPY, { recursive: true, force: true });
  let workbench: Workbench | undefined;
  try {
    const userDataDir = join(scratch, 'user-data');
    const folder = join(scratch, 'workspace');
    mkdirSync(folder);
    // The DOM renderer keeps the terminal's text readable to the test (no WebGL here anyway).
    writeUserSettings(userDataDir, {
      'terminal.integrated.gpuAcceleration': 'off',
      'terminal.integrated.enablePersistentSessions': false,
      'workbench.colorTheme': 'Default Dark Modern',
    });
    workbench = await Workbench.open({
      userDataDir,
      extensionsDir: join(scratch, 'extensions'),
      folder,
      extensionDevelopmentPaths: [repoRoot],
      extensionTestsPath: undefined,
      marker,
      log,
    });
    const page = workbench.page;
    await page.locator('.monaco-workbench').waitFor({ timeout: DEADLINE_MS });

    // The profile dropdown is offered once the terminal panel is up (its default shell opens with it).
    await page.keyboard.press('Control+Backquote');
    await page.locator('.part.panel .xterm').first().waitFor({ timeout: DEADLINE_MS });
    await openQuirlProfile(page);
    // The picked profile's terminal is the active one, and the keys typed next go to it.
    const terminal = page.locator('.terminal-wrapper.active .xterm-rows');
    await terminal.waitFor({ timeout: DEADLINE_MS });
    await waitForText(page, terminal, /\S/, 'a prompt in the Quirl terminal');
    await readIntegrationLevel(page);
    await page.locator('.terminal-wrapper.active .xterm').click();
    await page.keyboard.type(`${JOB}\n`);
    await waitForText(page, terminal, new RegExp(JOB), 'the command line echoed');
    // Ctrl-Z only once the job runs: the jobs view is the shell's own word that it does.
    await openJobsView(page);
    const jobRow = page.locator('.part.sidebar .monaco-list-row', { hasText: `] ${JOB}` });
    await waitForText(page, jobRow, /running/, 'the job running in the Quirl Jobs view');
    await page.locator('.terminal-wrapper.active .xterm').click();
    await page.keyboard.press('Control+Z');
    await waitForText(page, terminal, /stopped/i, 'the shell reporting the job stopped');
    await waitForText(page, jobRow, /stopped/i, 'the Quirl Jobs view showing the job stopped');
    // Expand the job to show its member process too.
    await jobRow.click();
    await page.keyboard.press('ArrowRight');
    await page.locator('.part.sidebar .monaco-list-row', { hasText: new RegExp(`\\d+ ${JOB}`) }).first().waitFor({ timeout: DEADLINE_MS });
    await page.screenshot({ path: SCREENSHOT });
    return SCREENSHOT;
  } catch (error) {
    // What the page looked like is the best clue to a UI failure (in CI too).
    await workbench?.page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n(the page at that moment: ${FAILURE_SCREENSHOT})`);
  } finally {
    try {
      await workbench?.close();
    } catch (error) {
      const logs = join(scratch, 'user-data', 'logs');
      if (existsSync(logs)) cpSync(logs, LOGS_COPY, { recursive: true });
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n(VS Code's logs: ${LOGS_COPY})`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}

/**
 * F1, the command's title, Enter once the palette has it first. A command shows only once its part
 * of the workbench is ready (terminal support, a view's extension), so the palette asks again
 * until then.
 */
async function runCommand(page: Page, title: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  const input = page.locator(`${QUICK_INPUT} input`);
  for (;;) {
    await page.keyboard.press('F1');
    await input.waitFor({ timeout: DEADLINE_MS });
    // A terminal finishing its start takes the focus and closes the palette: then it is opened again.
    const filled = await input.fill(`>${title}`, { timeout: 5_000 }).then(() => true, () => false);
    if (filled && (await focusedRow(page, title, 3_000))) break;
    await page.keyboard.press('Escape');
    if (Date.now() > end) throw new Error(`the command palette has no "${title}"`);
  }
  await page.keyboard.press('Enter');
}

/** The profile dropdown → "Quirl", as a person picks it; the terminal comes (the extension may still be activating). */
async function openQuirlProfile(page: Page): Promise<void> {
  await pickProfileFromDropdown(page, 'Quirl');
  await page.locator('.terminal-tabs-entry, .single-terminal-tab', { hasText: 'Quirl' }).first().waitFor({ timeout: DEADLINE_MS });
}

/** Whether the quick input's focused (first) row is `label` (commands may have a category prefix). */
async function focusedRow(page: Page, label: string, timeout: number): Promise<boolean> {
  const row = page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row.focused`);
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    // The aria-label is "[icon name  ]label[, detail...]".
    const aria = (await row.first().getAttribute('aria-label', { timeout: 500 }).catch(() => null)) ?? '';
    const shown = aria.split(',')[0]?.split('  ').at(-1)?.trim() ?? '';
    if (shown === label || shown.endsWith(`: ${label}`)) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/**
 * Hovers the Quirl terminal's tab until its hover says "Shell integration: Rich" (VS Code's word
 * that the shell declared it reports every command exactly), and saves a PNG of it.
 */
async function readIntegrationLevel(page: Page): Promise<void> {
  const tab = page.locator('.terminal-tabs-entry, .single-terminal-tab', { hasText: 'Quirl' }).first();
  const hover = page.locator('.workbench-hover, .monaco-hover', { hasText: 'Shell integration' });
  const end = Date.now() + DEADLINE_MS;
  let last = '';
  for (;;) {
    await tab.hover({ timeout: 5_000 }).catch(() => undefined);
    await hover.first().waitFor({ timeout: 5_000 }).catch(() => undefined);
    last = (await hover.allInnerTexts().catch(() => [])).join('\n');
    if (/Shell integration: Rich/.test(last)) break;
    if (Date.now() > end) throw new Error(`waited ${DEADLINE_MS / 1000} s for "Shell integration: Rich" in the Quirl tab's hover; last seen:\n${last}`);
    // Away and back: a hover shows what was true when it opened.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
  }
  await page.screenshot({ path: HOVER_SCREENSHOT });
  await page.mouse.move(0, 0);
}

async function openJobsView(page: Page): Promise<void> {
  await runCommand(page, 'Focus on Quirl Jobs View');
  await page.locator('.part.sidebar .title', { hasText: 'Quirl Jobs' }).first().waitFor({ timeout: DEADLINE_MS });
}

async function waitForText(page: Page, locator: ReturnType<Page['locator']>, pattern: RegExp, what: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  let last = '';
  while (Date.now() < end) {
    last = (await locator.allInnerTexts().catch(() => [])).join('\n');
    if (pattern.test(last)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`waited ${DEADLINE_MS / 1000} s for ${what} (${pattern}); last seen:\n${last}`);
}
