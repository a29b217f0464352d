import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { closeWithEscape, goto, openBrowser, screenshot, signIn, storedJson, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
let browser: BrowserSession;

afterEach(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.cm-contact-table tbody tr');
const search = (page: Page) => new URL(page.url()).searchParams;

/** Waits for the list to settle on the current URL: its answer shown (rows, empty or error state). */
const settled = async (page: Page) => {
  await page.locator('#cm-page-title').waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.cm-contacts-list__table');
    // the render reflects the address bar, and its answer has arrived
    return box instanceof HTMLElement && box.dataset.search === new URLSearchParams(window.location.search).toString() && box.getAttribute('aria-busy') === 'false';
  }, undefined, { timeout: 20_000 });
};

const totalShown = async (page: Page): Promise<number> => Number((await page.locator('.cm-contacts-list__total').innerText()).replace(/\D/g, ''));

/** Signs in and opens the list of the given workspace (switching workspace reloads the page). */
const openList = async (page: Page, username: string, workspaceId: string) => {
  await signIn(page, baseUrl, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== workspaceId) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId)]);
  }
  await goto(page, `${baseUrl}/contacts/list`);
  await settled(page);
};

const columnTexts = async (page: Page, header: string): Promise<string[]> => {
  const headers = await page.locator('.cm-contact-table thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  return rows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts();
};

describe('contact list in Chromium against the real server', () => {
  it('pages, sorts and filters on the server, and keeps it all in the URL through reload and back', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    expect(await rows(page).count()).toBe(10);
    const total = await totalShown(page);
    expect(total).toBeGreaterThan(25);
    await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`).waitFor();
    const firstPage = await columnTexts(page, 'ID');

    await page.getByRole('button', { name: 'Next page' }).click();
    await settled(page);
    expect(search(page).get('page')).toBe('1');
    const secondPage = await columnTexts(page, 'ID');
    expect(secondPage).toHaveLength(10);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

    await page.getByLabel('Rows per page').selectOption('25');
    await settled(page);
    expect(search(page).get('length')).toBe('25');
    expect(search(page).get('page')).toBeNull();
    expect(await rows(page).count()).toBe(25);

    // server sort on priority, both ways
    await page.locator('.cm-contact-table thead').getByRole('button', { name: 'Priority' }).click();
    await settled(page);
    expect(search(page).get('sort')).toBe('priority');
    const order = search(page).get('order') ?? 'desc';
    const priorities = (await columnTexts(page, 'Priority')).map(Number);
    const sorted = [...priorities].sort((a, b) => (order === 'asc' ? a - b : b - a));
    expect(priorities).toEqual(sorted);
    expect(order === 'asc' ? priorities[0] : priorities[priorities.length - 1]).toBe(order === 'asc' ? Math.min(...priorities) : Math.min(...priorities));

    // a filter from the inline bar: priority 5
    const priority = page.locator('#cm_filter_inline_priority');
    await priority.fill('5');
    await priority.press('Tab');
    await page.waitForURL((url) => url.searchParams.get('priority') === '5');
    await settled(page);
    const filtered = await totalShown(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    expect(new Set(await columnTexts(page, 'Priority'))).toEqual(new Set(['5']));
    await screenshot(page, 'contacts-list-1369-filtered');

    // reload keeps filter, sort and page size
    const before = page.url();
    await page.reload();
    await settled(page);
    expect(page.url()).toBe(before);
    expect(await totalShown(page)).toBe(filtered);
    expect(await priority.inputValue()).toBe('5');

    // back returns to the unfiltered, sorted list
    await page.goBack();
    await settled(page);
    expect(search(page).get('priority')).toBeNull();
    expect(search(page).get('sort')).toBe('priority');
    expect(await totalShown(page)).toBe(total);
  });

  it('a text filter finds a part of the value whatever its case, and adds no filter the user did not choose', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    const total = await totalShown(page);
    const surname = (await columnTexts(page, 'Cognome')).find((text) => text.trim().length >= 4) as string;
    // the middle of a surname on the first page, in lower case
    const part = surname.trim().slice(1, 4).toLowerCase();

    await page.getByRole('button', { name: 'Advanced filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Advanced filters' });
    await drawer.getByRole('textbox', { name: 'Cognome' }).fill(part);
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.has('dataModelFilters'));
    await settled(page);
    // only what was typed: the selects left empty ('Tipo fornitura') filter nothing
    expect(JSON.parse(search(page).get('dataModelFilters') ?? '{}')).toEqual({ inputs: { cognome: { contains: part } } });
    const found = await columnTexts(page, 'Cognome');
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text.toLowerCase()).toContain(part);
    expect(found).toContain(surname);
    expect(await totalShown(page)).toBeLessThan(total);
    // the main screen says that the panel holds a filter
    const described = await page.getByRole('button', { name: 'Advanced filters' }).getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).toBe('Filters set in the panel: 1');
    // and shows it, removable from there: the whole list comes back
    const active = page.getByRole('list', { name: 'Active filters' });
    expect(await active.getByRole('listitem').allTextContents()).toEqual([`Cognome: “${part}”`]);
    await screenshot(page, 'contacts-list-contains-filter');
    await active.getByRole('button', { name: 'Remove the filter Cognome' }).click();
    await page.waitForURL((url) => !url.searchParams.get('dataModelFilters')?.includes('cognome'));
    await settled(page);
    expect(await totalShown(page)).toBe(total);
    await active.waitFor({ state: 'detached' });
  });

  it('an admin picks a team in the organisation filters (options from getTeam) and the list narrows to its agents', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    const total = await totalShown(page);
    const org = page.getByRole('group', { name: 'Organization' });
    await org.getByRole('button', { name: 'Team' }).click();
    const teams = page.locator('ul[aria-label="Team"]');
    // every team of the organisation, for an admin, after the item that clears the choice
    await teams.getByRole('option', { name: 'Torino Retention' }).waitFor();
    expect((await teams.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual(['All', 'Milano Inbound', 'Milano Outbound', 'Napoli Sales', 'Torino Retention']);
    // Milano Outbound is the team leader's team alone
    await teams.getByRole('option', { name: 'Milano Outbound' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('teamIds') === JSON.stringify(['t-milano-outbound']));
    await settled(page);
    const filtered = await totalShown(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    expect(new Set((await columnTexts(page, 'Assigned agent')).map((text) => text.trim()))).toEqual(new Set(['teamleader']));
  });

  it('takes a contact (show, with the agentScriptOpen flag) and releases it', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    const take = page.getByRole('button', { name: /^Take contact / }).first();
    const label = (await take.getAttribute('aria-label')) ?? '';
    const id = label.replace('Take contact ', '');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    await take.click();
    await page.waitForURL(`${baseUrl}/contacts/show/${id}`);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.agentScriptOpen)).toBe('true');

    await page.goBack();
    await settled(page);
    // the taken contact, wherever the default order now puts it
    await goto(page, `${baseUrl}/contacts/list?contactIds=${encodeURIComponent(JSON.stringify([id]))}`);
    await settled(page);
    expect(await rows(page).count()).toBe(1);
    const row = rows(page).filter({ hasText: id });
    await row.getByRole('button', { name: `Release contact ${id}` }).waitFor();
    expect(await row.getByRole('button', { name: `Take contact ${id}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Release contact ${id}` }).click();
    await page.getByText(`Contact ${id} released`).waitFor();
    await settled(page);
    await rows(page).filter({ hasText: id }).getByRole('button', { name: `Take contact ${id}` }).waitFor();

    // suspended and not-processable rows offer no take
    await page.locator('#cm_filter_inline_priority').waitFor();
    await goto(page, `${baseUrl}/contacts/list?onlySuspended=true&includeSuspended=true&length=100`);
    await settled(page);
    expect(await rows(page).count()).toBeGreaterThan(0);
    expect(await page.locator('tr[data-suspended]').count()).toBe(await rows(page).count());
    expect(await page.getByRole('button', { name: /^Take contact / }).count()).toBe(0);
    await screenshot(page, 'contacts-list-1369-suspended');
  });

  it("'New handling' takes the next contact and opens it", async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    await page.getByRole('button', { name: 'New handling' }).click();
    await page.waitForURL(/\/contacts\/show\/[0-9a-f]{24}$/);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.agentScriptOpen)).toBe('true');
  });

  it('Alt+N is offered only where New handling is: listed in the ? help and taking in energia-casa, absent in sinistri-auto', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const helpTexts = async () => {
      await page.locator('#cm-page-title').click();
      await page.keyboard.press('Shift+?');
      await help.getByText('Next row').waitFor();
      const texts = await help.innerText();
      await closeWithEscape(page, help, 'detached');
      return texts;
    };
    await openList(page, 'admin', 'sinistri-auto');
    expect(await page.getByRole('button', { name: 'New handling' }).count()).toBe(0);
    expect(await helpTexts()).not.toContain('Take the next contact');
    await page.keyboard.press('Alt+n');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/contacts/list');
    // nor on a contact of the workspace
    await page.locator('.cm-contact-table tbody').getByRole('button', { name: /^Show contact / }).first().click();
    await page.locator('.cm-contact-show').waitFor({ timeout: 30_000 });
    await page.locator('#cm-page-title').click();
    await page.keyboard.press('Shift+?');
    await help.getByText('Close the contact').waitFor();
    expect(await help.innerText()).not.toContain('Take the next contact');
    await closeWithEscape(page, help, 'detached');
    await goto(page, `${baseUrl}/contacts/list`);
    await settled(page);

    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption('energia-casa')]);
    await goto(page, `${baseUrl}/contacts/list`);
    await settled(page);
    await page.getByRole('button', { name: 'New handling' }).waitFor();
    expect(await helpTexts()).toContain('Take the next contact');
    await page.keyboard.press('Alt+n');
    await page.waitForURL(/\/contacts\/show\/[0-9a-f]{24}$/);
  });

  it('runs a bulk assign on selected rows (sinistri-auto): agent cap, CONTATTI LAVORATI toast', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'sinistri-auto');
    const ids = (await columnTexts(page, 'ID')).slice(0, 2).map((text) => text.trim().slice(0, 24));
    for (const id of ids) await page.getByRole('checkbox', { name: `Select contact ${id}` }).check({ force: true });
    await page.getByText('2 selected').waitFor();

    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('menuitem', { name: 'Assegna a liquidatori' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assegna a liquidatori' });
    await dialog.getByText('The action works the 2 selected contacts.').waitFor();
    const agents = dialog.locator('.cm-bulk-agents input[type=checkbox]');
    await agents.first().waitFor();
    const count = await agents.count();
    expect(count).toBeGreaterThan(3);
    // nothing chosen: running says an agent is needed
    await dialog.getByRole('button', { name: 'Run' }).click();
    await dialog.getByText('Choose at least one agent').waitFor();
    for (let i = 0; i < 3; i += 1) await agents.nth(i).check({ force: true });
    await dialog.getByText('At most 3 agents (3 chosen)').waitFor();
    expect(await agents.nth(3).isDisabled()).toBe(true);
    await screenshot(page, 'contacts-list-1369-bulk-assign');
    const chosen = await dialog.locator('.cm-bulk-agents label').filter({ has: page.locator('input:checked') }).allInnerTexts();
    await dialog.getByRole('button', { name: 'Run' }).click();
    await page.getByText('CONTACTS WORKED:2/2').waitFor();
    await settled(page);
    const agentColumn = await columnTexts(page, 'Assigned agent');
    const idColumn = (await columnTexts(page, 'ID')).map((text) => text.trim().slice(0, 24));
    for (const id of ids) {
      const index = idColumn.indexOf(id);
      if (index >= 0) expect(agentColumn[index].trim()).not.toBe('');
    }
    expect(chosen).toHaveLength(3);
  });

  it('bulk action without selection warns and uses a contacts limit; extra parameters are validated', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'sinistri-auto');
    const total = await totalShown(page);
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('menuitem', { name: 'Sollecita documenti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sollecita documenti' });
    await dialog.getByText(/No rows are selected/).waitFor();
    expect(await dialog.getByLabel('Contacts limit').inputValue()).toBe(String(total));
    await dialog.getByLabel('Contacts limit').fill('2');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByLabel(/Numero protocollo/).fill('PR-12');
    await dialog.getByText('The value does not have the expected format').waitFor();
    await dialog.getByLabel(/Numero protocollo/).fill('PR-123456');
    await screenshot(page, 'contacts-list-1369-bulk-params');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await page.getByText(/^CONTACTS WORKED:\d+\/2$/).waitFor();
  });

  it('downloads the CSV of the current filter: header row of the visible columns, one line per contact', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    // The CSV's header row is the list's, in the user's language: compare with the list shown in Italian.
    await page.evaluate(() => localStorage.setItem('contact-manager.language', 'it-IT'));
    await goto(page, `${baseUrl}/contacts/list?priority=5`);
    await settled(page);
    const total = await totalShown(page);
    const headers = (await page.locator('.cm-contact-table thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(headers).toContain('Disponibilità');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^report-.+\.csv$/);
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    const lines = text.split('\r\n').filter((line) => line.length > 0);
    expect(lines[0].split(',')).toEqual(headers);
    expect(lines.length - 1).toBe(total);
    await page.getByText(/report-.+\.csv scaricato/).waitFor();
  });

  it('at 1366 px: the ribbon, then the data columns people work with; the id last, reachable by scrolling, never under the actions', async () => {
    browser = await openBrowser({ width: 1366, height: 800 });
    const { page } = browser;
    await openList(page, 'admin', 'energia-casa');
    const headers = (await page.locator('.cm-contact-table thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(headers.slice(0, 4)).toEqual(['Availability', 'Codice cliente', 'Nome', 'Cognome']);
    expect(headers.at(-1)).toBe('ID');
    // The first data columns are on screen, left of the sticky actions column.
    const actionsLeft = await page.locator('.cm-contact-table thead th').last().evaluate((th) => th.getBoundingClientRect().left);
    const nome = await page.locator('.cm-contact-table thead th', { hasText: 'Nome' }).first().evaluate((th) => th.getBoundingClientRect().right);
    expect(nome).toBeLessThanOrEqual(actionsLeft);
    // Scrolled to the end, the id column sits wholly left of the actions column.
    await page.locator('.cm-contacts-list__table').evaluate((scroller) => { scroller.scrollLeft = scroller.scrollWidth; });
    const idRight = await page.locator('.cm-contact-table thead th', { hasText: /^ID$/ }).evaluate((th) => th.getBoundingClientRect().right);
    const actionsLeftScrolled = await page.locator('.cm-contact-table thead th').last().evaluate((th) => th.getBoundingClientRect().left);
    expect(idRight).toBeLessThanOrEqual(actionsLeftScrolled + 1);
    // Usernames, not ids, in the assigned-agent column.
    for (const text of await columnTexts(page, 'Assigned agent')) expect(text.trim()).not.toMatch(/^u-/);
    await screenshot(page, 'contacts-list-1366-admin');
  });

  it('at 390 px, light and dark: the sticky actions cell of a hovered row is opaque, in the row\'s hover colour', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    // the workspace is chosen on a wide screen (on a narrow one the switch sits in the menu drawer)
    await openList(page, 'admin', 'energia-casa');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page);
    /** The actions cell's colour over the table's, as the eye sees it: a translucent one lets the cells under it show. */
    const actionsColour = async (index: number) => {
      const row = rows(page).nth(index);
      await row.locator('td').nth(2).hover();
      return row.evaluate((tr) => {
        const box = tr.closest('.cm-contacts-list__table') as HTMLElement;
        return { cell: getComputedStyle(tr.querySelector('td:last-child') as HTMLElement).backgroundColor, table: getComputedStyle(box).backgroundColor };
      });
    };
    const opaque = /^rgb\(/;
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForFunction((dark) => document.body.classList.contains('bp6-dark') === dark, theme === 'dark');
      // an odd and an even row: the striped rows have their own opaque colour, the hover one wins on both
      const [odd, even] = [await actionsColour(0), await actionsColour(1)];
      expect({ theme, odd: odd.cell, even: even.cell }).toEqual({ theme, odd: expect.stringMatching(opaque), even: expect.stringMatching(opaque) });
      expect(odd.cell).toBe(even.cell);
      expect(even.cell).not.toBe(even.table);
      await screenshot(page, `contacts-list-390-hover-${theme}`);
    }
  });

  it('by role: a basic agent has no CSV, no bulk actions and no selection', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'agent', 'sinistri-auto');
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bulk actions' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select contact/ }).count()).toBe(0);
    await screenshot(page, 'contacts-list-1369-agent');
  });

  it('at 480 px the filters fold into the side panel and the table scrolls sideways', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    // the workspace is chosen on a wide screen (on a narrow one the switch sits in the menu drawer)
    await openList(page, 'admin', 'energia-casa');
    await page.setViewportSize({ width: 480, height: 900 });
    await page.reload();
    await settled(page);
    expect(await page.locator('#cm_filter_inline_priority').isVisible()).toBe(false);
    const box = page.locator('.cm-contacts-list__table');
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);
    await screenshot(page, 'contacts-list-480');
    await page.getByRole('button', { name: /filter/i }).first().click();
    await page.locator('#cm_filter_priority').waitFor();
    // let the drawer's slide-in transition finish before the picture
    await page.waitForTimeout(600);
    await screenshot(page, 'contacts-list-480-filters');
  });

  it('at 1369 px', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await openList(page, 'admin', 'sinistri-auto');
    await screenshot(page, 'contacts-list-1369');
  });
});
