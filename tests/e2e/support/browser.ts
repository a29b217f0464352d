import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';

export const SCREENSHOTS = resolve(__dirname, '../screenshots');

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's chromium with a fresh profile (shared/STACK.md). */
export const openBrowser = async (viewport = { width: 1280, height: 800 }): Promise<BrowserSession> => {
  const profile = mkdtempSync(join(tmpdir(), 'cm-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};

export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

/** page.goto that tolerates the SPA's own redirects (a client-side navigation may interrupt the load). */
export const goto = async (page: Page, url: string): Promise<void> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('interrupted by another navigation')) throw error;
      await page.waitForLoadState('load');
    }
  }
};

/**
 * Clicks `button` and waits for `shown`; when nothing has come after `retryAfterMs`, clicks once more, as a person
 * would. Twice in CI (never on a developer machine, even at 6x CPU throttling) a first click on a button below a
 * 565-field form opened nothing: no page error, no request. The second click is still held to the full wait.
 */
export const clickUntilShown = async (button: Locator, shown: Locator, retryAfterMs = 5_000): Promise<void> => {
  await button.click();
  if (await shown.waitFor({ timeout: retryAfterMs }).then(() => true, () => false)) return;
  if (await button.isEnabled().catch(() => false)) await button.click();
  await shown.waitFor();
};

/**
 * Closes a Blueprint dialog or drawer with Esc, as a user does once it is on screen. Blueprint listens for Esc
 * inside the overlay and moves focus there a frame after it opens, so the key waits for that focus first
 * (pressed earlier, it lands on the page behind and nothing closes: a race a loaded CI machine met).
 */
export const closeWithEscape = async (page: Page, overlay: Locator, state: 'hidden' | 'detached' = 'hidden'): Promise<void> => {
  await overlay.waitFor();
  const element = await overlay.elementHandle();
  await page.waitForFunction((node) => (node?.closest('.bp6-overlay') ?? node)?.contains(document.activeElement) === true, element);
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state });
};

export const DEMO_PASSWORD = 'Demo2026!';

/** Fills the login form in English (the language choice is set first so the labels are predictable). */
export const signIn = async (page: Page, baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<void> => {
  // every sign-in starts signed out, whatever the previous test left behind
  await page.context().clearCookies();
  await goto(page, `${baseUrl}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('contact-manager.language', 'en-US');
  });
  await goto(page, `${baseUrl}/login`);
  await page.waitForLoadState('load');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

export const storedJson = <T>(page: Page, key: string): Promise<T | null> =>
  page.evaluate((storageKey) => {
    const text = localStorage.getItem(storageKey);
    return text === null ? null : (JSON.parse(text) as unknown);
  }, key) as Promise<T | null>;

/**
 * After a sign-in: waits for the app's first screen and makes `workspaceId` the current workspace (a switch reloads
 * the page, then waits for the screen again).
 */
export const enterWorkspace = async (page: Page, workspaceId: string): Promise<void> => {
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== workspaceId) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId)]);
    await page.locator('#cm-page-title').waitFor();
  }
};

/** Signs `username` in (see signIn) and makes `workspaceId` the current workspace (see enterWorkspace). */
export const signInToWorkspace = async (page: Page, baseUrl: string, username: string, workspaceId: string): Promise<void> => {
  await signIn(page, baseUrl, username);
  await enterWorkspace(page, workspaceId);
};
