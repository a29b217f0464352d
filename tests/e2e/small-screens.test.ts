import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { translateList } from '@translator/translate-list';
import { goto, openBrowser, screenshot, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
const WORKSPACE = 'energia-casa';
const WIDTHS = [375, 768, 1366] as const;
let browser: BrowserSession;

/** The header of the workspace's first visible data column, as the translator orders the list for an admin (e.g. Nome). */
const firstDataColumn = (() => {
  const read = (file: string): unknown => JSON.parse(readFileSync(resolve(__dirname, `../../fixtures/workspaces/${WORKSPACE}/${file}`), 'utf8'));
  const list = translateList(read('data-model.json'), read('workspace.json'), 'admin');
  if (!list.ok) throw new Error(`${WORKSPACE} does not translate: ${JSON.stringify(list.problems)}`);
  const column = list.value.columns.find((c) => c.kind !== 'fixed' && c.isVisible);
  if (!column) throw new Error(`${WORKSPACE} has no visible data column`);
  return column.label;
})();

afterAll(async () => {
  await browser?.close();
});

/** The page's width against the window's, and the outermost elements that stick out (named, so a failure says what). */
const overflow = (page: Page) => page.evaluate(() => {
  const innerWidth = window.innerWidth;
  const sticksOut = (el: Element) => el.getBoundingClientRect().right > innerWidth + 0.5;
  // Inside a box that scrolls or clips sideways (the list's table), being wider is that box's business.
  const clipped = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  const out = Array.from(document.querySelectorAll<HTMLElement>('body *'))
    .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)) && !clipped(el))
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, out };
});

/** The header texts of the list's data columns whose cells are on screen (left edge inside the viewport). */
const visibleColumns = (page: Page) => page.evaluate(() => {
  const box = document.querySelector('.cm-contacts-list__table')!.getBoundingClientRect();
  return Array.from(document.querySelectorAll('.cm-contact-table thead th'))
    .filter((th) => { const r = th.getBoundingClientRect(); return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && th.textContent?.trim(); })
    .map((th) => th.textContent!.trim());
});

describe('small screens', () => {
  it('list and contact at 375, 768 and 1366 px: data columns and row actions on screen, groups in one column, no horizontal overflow', async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
    const desktopMenu = await page.locator('.cm-navbar nav.cm-nav-items button').allInnerTexts();
    const search = await page.request.post(`${baseUrl}/api/cntmng/contact/search/${WORKSPACE}`, { data: { page: 0, length: 5 } });
    const id = ((await search.json()) as { data: Array<{ id: string }> }).data[0].id;

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await goto(page, `${baseUrl}/contacts/list`);
      await page.locator('.cm-contact-table tbody tr').first().waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => document.querySelectorAll('.cm-contacts-list .bp6-spinner').length === 0);
      const columns = await visibleColumns(page);
      // the workspace's first visible data column is on screen, not only the ribbon and the id
      expect(columns).toContain(firstDataColumn);
      const header = await page.locator('.cm-contact-table thead th').filter({ hasText: firstDataColumn }).first().boundingBox();
      expect(header).not.toBeNull();
      expect(header!.x).toBeGreaterThanOrEqual(0);
      expect(header!.x + header!.width).toBeLessThanOrEqual(width);
      // the first row's actions are on screen
      const action = page.locator('.cm-contact-table tbody tr').first().locator('.cm-row-actions button').first();
      expect(await action.isVisible()).toBe(true);
      const actionBox = await action.boundingBox();
      expect(actionBox).not.toBeNull();
      expect(actionBox!.x + actionBox!.width).toBeLessThanOrEqual(width);
      await screenshot(page, `small-screens-list-${width}`);
      const list = await overflow(page);
      expect(list.out).toEqual([]);
      expect(list.scrollWidth).toBeLessThanOrEqual(list.innerWidth);

      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).press('Enter');
        const drawer = page.locator('.cm-nav-drawer');
        await drawer.locator('nav.cm-nav-items button').first().waitFor();
        expect(await drawer.locator('nav.cm-nav-items button').allInnerTexts()).toEqual(desktopMenu);
        await drawer.getByRole('button', { name: 'Dark theme' }).waitFor();
        await drawer.getByLabel('Language').waitFor();
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' }).catch(() => undefined);
      }

      await goto(page, `${baseUrl}/contacts/show/${id}`);
      await page.locator('.cm-contact-show .cm-group').first().waitFor({ timeout: 20_000 });
      if (width < 768) {
        const columnsPerGroup = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('.cm-group__grid'))
          .map((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length));
        expect(Math.max(...columnsPerGroup)).toBe(1);
      }
      await screenshot(page, `small-screens-contact-${width}`);
      const contact = await overflow(page);
      expect(contact.out).toEqual([]);
      expect(contact.scrollWidth).toBeLessThanOrEqual(contact.innerWidth);
    }
  }, 180_000);

  it('/dashboard at 390 px: no horizontal overflow, every tab on screen, the states\' names readable beside their bars', async () => {
    browser?.close().catch(() => undefined);
    // Signed in wide: the workspace selector is in the bar, not in the drawer.
    browser = await openBrowser({ width: 1280, height: 844 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, `${baseUrl}/dashboard`);
    const states = page.getByTestId('chart-states');
    await states.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'small-screens-dashboard-390');

    const dashboard = await overflow(page);
    expect(dashboard.out).toEqual([]);
    expect(dashboard.scrollWidth).toBeLessThanOrEqual(dashboard.innerWidth);
    // Every tab wholly inside the window (the list wraps).
    const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent, left: Math.round(r.left), right: Math.round(r.right) };
    }));
    expect(tabs.map((tab) => tab.text)).toEqual(['Contacts availability', 'Contacts dashboard', 'Agents dashboard']);
    for (const tab of tabs) {
      expect(tab.left).toBeGreaterThanOrEqual(0);
      expect(tab.right).toBeLessThanOrEqual(390);
    }
    // The bars lie across, the state names down the side: no two names' boxes overlap, each within the chart.
    expect(await states.getAttribute('data-layout')).toBe('across');
    const labels = await states.locator('.recharts-cartesian-axis-tick-value').evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? '', top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }));
    const names = labels.filter((label) => /[A-Za-z]/.test(label.text));
    expect(names.length).toBeGreaterThan(1);
    const box = (await states.boundingBox())!;
    for (const [i, a] of names.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(box.x - 1);
      for (const b of names.slice(i + 1)) expect(a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5 || a.right <= b.left + 0.5 || b.right <= a.left + 0.5).toBe(true);
    }

    await page.getByRole('tab', { name: 'Agents dashboard' }).click();
    await page.getByTestId('chart-agents').waitFor({ timeout: 20_000 });
    const agents = await overflow(page);
    expect(agents.out).toEqual([]);
    expect(agents.scrollWidth).toBeLessThanOrEqual(agents.innerWidth);
    await screenshot(page, 'small-screens-dashboard-agents-390');
  }, 120_000);

  it('a contact with widgets at 390 px: the widgets are round icons named by their text, and the page ends below them', async () => {
    browser?.close().catch(() => undefined);
    browser = await openBrowser({ width: 1280, height: 844 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', 'sinistri-auto');
    await page.setViewportSize({ width: 390, height: 844 });
    const contacts = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/workspaces/sinistri-auto/contacts.json'), 'utf8')) as Array<{ id: string; closed: boolean }>;
    await goto(page, `${baseUrl}/contacts/show/${contacts.find((c) => !c.closed)!.id}`);
    const widgets = page.locator('.cm-fab--widget');
    await widgets.first().waitFor({ timeout: 20_000 });
    await page.locator('.cm-contact-work__history, .cm-history').first().waitFor({ timeout: 20_000 });
    const named = await widgets.evaluateAll((els) => els.map((el) => ({ name: el.getAttribute('aria-label'), width: el.getBoundingClientRect().width })));
    expect(named.length).toBeGreaterThan(1);
    for (const widget of named) {
      expect(widget.name).toBeTruthy();
      expect(widget.width).toBeLessThanOrEqual(44);
    }
    // Scrolled to the end, the last card of the page is wholly above the widgets' stack.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2);
    const { lastBottom, stackTop } = await page.evaluate(() => {
      const cards = Array.from(document.querySelectorAll('.cm-contact-show > .bp6-card'));
      return { lastBottom: cards[cards.length - 1].getBoundingClientRect().bottom, stackTop: document.querySelector('.cm-fab-stack')!.getBoundingClientRect().top };
    });
    expect(lastBottom).toBeLessThanOrEqual(stackTop);
    await screenshot(page, 'small-screens-contact-widgets-390');
  }, 120_000);
});

describe('small screens: the contact list\'s KPI', () => {
  it('at 390 x 844 the KPI strip is a short summary: the first contacts are on the first screen, every figure one button away', async () => {
    browser?.close().catch(() => undefined);
    browser = await openBrowser({ width: 1280, height: 844 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
    await page.locator('.cm-kpi li').first().waitFor({ timeout: 20_000 });
    const everyFigure = await page.locator('.cm-kpi li').allInnerTexts();
    expect(everyFigure.length).toBeGreaterThan(10);
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, `${baseUrl}/contacts/list`);
    await page.locator('.cm-contact-table tbody tr').first().waitFor({ timeout: 20_000 });
    await page.locator('.cm-kpi li').first().waitFor();
    await screenshot(page, 'small-screens-list-kpi-390');
    const kpi = page.getByRole('list', { name: 'Contact figures' });
    expect(await kpi.getByRole('listitem').allInnerTexts()).toEqual(everyFigure.filter((text) => /^(To process|In progress|Total)\b/.test(text)));
    expect((await kpi.boundingBox())!.height).toBeLessThanOrEqual(80);
    // the first contacts show on the first screen
    const firstRows = await page.locator('.cm-contact-table tbody tr').evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getBoundingClientRect().bottom));
    expect(Math.max(...firstRows)).toBeLessThanOrEqual(844);
    // every figure, with the keyboard: the disclosure opens them all in place, and closes them again
    const toggle = page.getByRole('button', { name: `All figures (${everyFigure.length})` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await kpi.getByRole('listitem').allInnerTexts()).toEqual(everyFigure);
    await screenshot(page, 'small-screens-list-kpi-390-open');
    await page.keyboard.press('Enter');
    expect(await kpi.getByRole('listitem').count()).toBe(3);
  }, 120_000);
});
