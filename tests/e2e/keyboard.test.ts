import type { Page } from '@playwright/test';
import { closeWithEscape, DEMO_PASSWORD, enterWorkspace, goto, openBrowser, screenshot, type BrowserSession } from './support/browser';
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

/** The contact id of the list row holding the focus (its actions are labelled with it), or null. */
const focusedRowId = (page: Page) => page.evaluate(() => {
  const tr = document.activeElement?.closest('.cm-contact-table tbody tr');
  return tr ? (/[0-9a-f]{24}/.exec(tr.querySelector('td:last-child button')?.getAttribute('aria-label') ?? '')?.[0] ?? null) : null;
});

/** Waits until the list shows the answer to the address bar's search (nothing loading). */
const listSettled = (page: Page) => page.waitForFunction(() => {
  const box = document.querySelector('.cm-contacts-list__table');
  return box instanceof HTMLElement && box.dataset.search === new URLSearchParams(window.location.search).toString() && box.getAttribute('aria-busy') === 'false';
}, undefined, { timeout: 20_000 });

/** Waits for the focus to be on the list row of contact `id`; says where it is instead when it never gets there. */
const rowFocused = async (page: Page, id: string | null, when: string) => {
  await page.waitForFunction((want) => {
    const tr = document.activeElement?.closest('.cm-contact-table tbody tr');
    return Boolean(tr?.querySelector('td:last-child button')?.getAttribute('aria-label')?.includes(want ?? '-'));
  }, id, { timeout: 10_000 }).catch(async () => {
    const at = await page.evaluate(() => `${document.activeElement?.tagName ?? 'nothing'} ${document.activeElement?.getAttribute('aria-label') ?? ''}`);
    throw new Error(`${when}: the focus should be on the row of ${String(id)}, it is on ${at}`);
  });
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
    // the contact's allowed states arrive on their own call: wait for them before reading the options
    await page.waitForFunction(() => document.querySelectorAll('#cm-state option').length > 1, undefined, { timeout: 15_000 });
    // choose a state by typing the first word of its label (one no other option's label starts with)
    const options = await page.locator('#cm-state option').evaluateAll((els) => els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? '' })));
    const target = options.filter((o) => o.value !== '0').map((o) => ({ ...o, typed: /^\p{L}+/u.exec(o.label)?.[0] ?? '' }))
      .find((o) => o.typed.length > 1 && options.every((other) => other.value === o.value || !other.label.toLowerCase().startsWith(o.typed.toLowerCase())));
    if (!target) throw new Error(`no state of ${JSON.stringify(options)} can be chosen by typing its first word`);
    await page.keyboard.type(target.typed);
    expect({ typed: target.typed, value: await page.inputValue('#cm-state') }).toEqual({ typed: target.typed, value: target.value });
    // Alt+E again: on to the notes of the state change
    await page.keyboard.press('Alt+e');
    await page.waitForFunction(() => document.activeElement?.id === 'cm-notes');
    const notesBefore = await page.inputValue('#cm-notes');
    await page.keyboard.type(' richiamare');
    // the caret was at the end of the notes already there
    expect(await page.inputValue('#cm-notes')).toBe(`${notesBefore} richiamare`);
    expect(await page.inputValue('#cm-state')).toBe(target.value);
    await screenshot(page, 'keyboard-contact-before-save');

    await page.keyboard.press('Control+s');
    await page.getByTestId('cm-live-region').getByText('Contact saved').waitFor({ timeout: 20_000 }).catch(async (cause: unknown) => {
      // Say what the screen said instead (a refused save, a toast), not only that the announcement never came.
      const said = [...await page.locator('.bp6-toast').allInnerTexts(), ...await page.locator('.cm-save-errors').allInnerTexts(), await page.getByTestId('cm-live-region').innerText()];
      throw new Error(`no 'Contact saved' announcement on ${page.url()}; the screen said: ${JSON.stringify(said)} (${String(cause)})`);
    });
    // the focus is back where it was when the agent saved
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cm-notes');

    await page.keyboard.press('Alt+n');
    await page.waitForURL((url) => /\/contacts\/show\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(first ?? ''));
    await firstFieldFocused(page);
    expect(showIdFromUrl(page)).not.toBe(first);
    expect(await mouseEvents(page)).toBe(0);
  });

  it('the list keeps the focused row across paging, a take and release, and gives it back on returning from its contact', async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    const { page } = browser;
    await signInByKeyboard(page);
    await listSettled(page);
    await countMouse(page);

    // a row past the first that can be taken (it is taken and released below)
    const index = await page.evaluate(() => Array.from(document.querySelectorAll('.cm-contact-table tbody tr'))
      .findIndex((tr, i) => i > 0 && tr.querySelector('button[aria-label^="Take contact"]:not([disabled])') !== null));
    expect(index).toBeGreaterThan(0);
    for (let i = 0; i <= index; i++) await page.keyboard.press('j');
    const worked = await focusedRowId(page);
    expect(worked).toMatch(/^[0-9a-f]{24}$/);

    await page.keyboard.press('Alt+PageDown');
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await listSettled(page);
    // on the next page the focus goes on to its first row (it was on a row)
    await page.waitForFunction(() => {
      const tr = document.activeElement?.closest('.cm-contact-table tbody tr');
      return tr ? Array.from(tr.parentElement!.children).indexOf(tr) === 0 : false;
    }, undefined, { timeout: 10_000 });
    expect(await focusedRowId(page)).not.toBe(worked);

    await page.keyboard.press('Alt+PageUp');
    await page.waitForURL((url) => (url.searchParams.get('page') ?? '0') === '0');
    await listSettled(page);
    await rowFocused(page, worked, 'back on page 1');

    // open it, close it: back on the list its row has the focus again
    await page.keyboard.press('o');
    await page.waitForURL(new RegExp(`/contacts/show/${worked}$`));
    await page.locator('.cm-contact-show').waitFor();
    await page.keyboard.press('Alt+w');
    await page.waitForURL(/\/contacts\/list/);
    await listSettled(page);
    await rowFocused(page, worked, 'back from the contact');

    // take it from its row (Tab to the row's take button, Enter), close it, release it from the list: the reload
    // after the release keeps the focus on its row
    for (let i = 0; i < 3 && !(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).startsWith('Take contact'); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Take contact ${worked}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/show/${worked}$`));
    await firstFieldFocused(page);
    await page.keyboard.press('Alt+w');
    await page.waitForURL(/\/contacts\/list/);
    await listSettled(page);
    await rowFocused(page, worked, 'back from the taken contact');
    const [released] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/contact/release/${worked}`, { timeout: 20_000 }),
      page.keyboard.press('Alt+r'),
    ]);
    expect(released.status()).toBe(200);
    await page.locator('.bp6-toast').filter({ hasText: `Contact ${worked} released` }).waitFor({ timeout: 20_000 });
    await listSettled(page);
    await rowFocused(page, worked, 'after the release reloaded the list');
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
    await closeWithEscape(page, help, 'detached');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(focusedBefore);

    await page.keyboard.press('o');
    await page.waitForURL(/\/contacts\/show\/[0-9a-f]{24}$/);
    await page.locator('.cm-contact-show').waitFor();
    await page.keyboard.press('Alt+w');
    await page.waitForURL(/\/contacts\/list/);
    expect(await mouseEvents(page)).toBe(0);
  });
});
