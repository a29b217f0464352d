import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, enterWorkspace, goto, openBrowser, screenshot, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
const WORKSPACE = 'energia-casa';
let browser: BrowserSession;

afterEach(async () => {
  await browser?.close();
});

/** Signs in with the keyboard only (fill and Enter) and makes WORKSPACE current. */
const signInByKeyboard = async (page: Page) => {
  await page.context().clearCookies();
  await goto(page, `${baseUrl}/login`);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('contact-manager.language', 'en-US'); });
  await goto(page, `${baseUrl}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await enterWorkspace(page, WORKSPACE);
  if (new URL(page.url()).pathname !== '/contacts/list') await goto(page, `${baseUrl}/contacts/list`);
  await page.locator('.cm-contact-table tbody tr').first().waitFor({ timeout: 20_000 });
};

/** Counts every pointer and mouse event the page sees from now on (keyboard activation fires none of them). */
const countMouse = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { cmMouse: number };
  w.cmMouse = 0;
  for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup']) window.addEventListener(type, () => { w.cmMouse += 1; }, true);
});
const mouseEvents = (page: Page) => page.evaluate(() => (window as unknown as { cmMouse: number }).cmMouse);

const showIdFromUrl = (page: Page) => /\/contacts\/show\/([0-9a-f]{24})$/.exec(new URL(page.url()).pathname)?.[1] ?? null;

/** Waits for a contact's screen with the focus in one of its editable fields; answers the field's id. */
const firstFieldFocused = async (page: Page): Promise<string> => {
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active.closest('.cm-contact-show .cm-panels') !== null && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
  }, undefined, { timeout: 20_000 });
  return page.evaluate(() => document.activeElement?.id ?? '');
};

describe('keyboard', () => {
  it('works a whole contact with the keyboard only: take next → edit a field → change state → save → next', async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    const { page } = browser;
    await signInByKeyboard(page);
    await countMouse(page);

    await page.keyboard.press('Alt+n');
    await page.waitForURL(/\/contacts\/show\/[0-9a-f]{24}$/);
    const first = showIdFromUrl(page);
    const field = await firstFieldFocused(page);
    expect(field).toMatch(/^cm_(in|out)_/);

    // a plain letter typed in a field is text, never a shortcut ('o', 'j', 'k' are list shortcuts)
    const before = await page.inputValue(`#${field}`);
    await page.keyboard.press('End');
    await page.keyboard.type(' ok');
    expect(await page.inputValue(`#${field}`)).toBe(`${before} ok`);

    await page.keyboard.press('Alt+e');
    await page.waitForFunction(() => document.activeElement?.id === 'cm-state');
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue('#cm-state')).not.toBe('0');
    await screenshot(page, 'keyboard-contact-before-save');

    await page.keyboard.press('Control+s');
    await page.getByTestId('cm-live-region').getByText('Contact saved').waitFor({ timeout: 20_000 }).catch(async (cause: unknown) => {
      // Say what the screen said instead (a refused save, a toast), not only that the announcement never came.
      const said = [...await page.locator('.bp6-toast').allInnerTexts(), ...await page.locator('.cm-save-errors').allInnerTexts(), await page.getByTestId('cm-live-region').innerText()];
      throw new Error(`no 'Contact saved' announcement on ${page.url()}; the screen said: ${JSON.stringify(said)} (${String(cause)})`);
    });
    // the focus is back where it was when the agent saved
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cm-state');

    await page.keyboard.press('Alt+n');
    await page.waitForURL((url) => /\/contacts\/show\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(first ?? ''));
    await firstFieldFocused(page);
    expect(showIdFromUrl(page)).not.toBe(first);
    expect(await mouseEvents(page)).toBe(0);
  });

  it('on the list: `/` focuses the filter, j/k move between rows, `?` shows the shortcuts; dialogs give the focus back', async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    const { page } = browser;
    await signInByKeyboard(page);
    await countMouse(page);

    await page.keyboard.press('/');
    await page.waitForFunction(() => document.activeElement?.closest('.cm-filters') !== null);
    // inside the filter 'j' is text
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await page.waitForFunction(() => document.activeElement?.closest('.cm-contact-table tbody tr') !== null);
    const firstRow = await page.evaluate(() => Array.from(document.querySelectorAll('.cm-contact-table tbody tr')).indexOf(document.activeElement!.closest('tr')!));
    await page.keyboard.press('j');
    const secondRow = await page.evaluate(() => Array.from(document.querySelectorAll('.cm-contact-table tbody tr')).indexOf(document.activeElement!.closest('tr')!));
    expect([firstRow, secondRow]).toEqual([0, 1]);
    const focusedBefore = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await help.getByText('Take the next contact').waitFor();
    await screenshot(page, 'keyboard-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(focusedBefore);

    await page.keyboard.press('o');
    await page.waitForURL(/\/contacts\/show\/[0-9a-f]{24}$/);
    await page.locator('.cm-contact-show').waitFor();
    await page.keyboard.press('Alt+w');
    await page.waitForURL(/\/contacts\/list/);
    expect(await mouseEvents(page)).toBe(0);
  });
});
