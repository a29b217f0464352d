import { STORAGE_KEYS } from '@domain/storage-keys';
import { openBrowser, screenshot, signIn, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
let browser: BrowserSession;

afterEach(async () => {
  await browser?.close();
});

const isDark = () => document.body.classList.contains('bp6-dark');

describe('dark theme', () => {
  it('follows the operating system until toggled, then the choice is remembered after a reload', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, baseUrl, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
    await page.locator('#cm-page-title').waitFor();
    expect(await page.evaluate(isDark)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));

    const toggle = page.locator('.cm-navbar').getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(isDark)).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('dark');
    await screenshot(page, 'theme-dark-list');

    await page.reload();
    await page.locator('#cm-page-title').waitFor();
    // the stored choice wins over the operating system's light preference
    expect(await page.evaluate(isDark)).toBe(true);
    await page.locator('.cm-navbar').getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(isDark)).toBe(false);
    await page.reload();
    await page.locator('#cm-page-title').waitFor();
    expect(await page.evaluate(isDark)).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('light');
  });
});
