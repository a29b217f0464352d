import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { ReportRowsResult } from '@domain/api/reports';
import { goto, openBrowser, screenshot, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * /reports in Chromium against the real server (spec 3 §2 Custom reports, §5, §6, §9; 1 §6): the menu item only
 * where the workspace has custom reports, the interval checked with the report's maxRange, a run and its table whose
 * columns are the first row's keys, the CSV saved under the server's name with one line per JSON row; basic gets no
 * menu item and /403.
 */

const { baseUrl } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

const useWorkspace = async (page: Page, username: string, workspaceId: string) => {
  await signInToWorkspace(page, baseUrl, username, workspaceId);
};

/** DD/MM/YYYY of the day `daysAgo` before today, as the browser counts days. */
const dayShown = (page: Page, daysAgo: number): Promise<string> =>
  page.evaluate((back) => {
    const d = new Date();
    d.setDate(d.getDate() - back);
    return [d.getDate(), d.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/') + `/${d.getFullYear()}`;
  }, daysAgo);

const typeDay = async (page: Page, selector: string, text: string) => {
  await page.locator(selector).click();
  await page.locator(selector).fill(text);
  // Leaving the field commits the typed day (Enter would submit the form: a search).
  await page.locator('#cm-page-title').click();
};

const menuItem = (page: Page, name: string) => page.locator('nav.cm-nav-items').getByRole('button', { name, exact: true });

describe('/reports in Chromium', () => {
  it('admin runs a report, sees its table, and downloads the CSV named {templateName}-YYYY-MM-DD-HH-mm-ss.csv with every row', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'admin', 'energia-casa');
    await menuItem(page, 'Reports').click();
    await page.waitForURL(`${baseUrl}/reports`);
    await page.getByText('Select a report').waitFor({ timeout: 20_000 });
    expect(await page.locator('#cm-reports-from').inputValue()).toBe(await dayShown(page, 0));
    expect(await page.locator('#cm-reports-to').inputValue()).toBe(await dayShown(page, 0));
    const search = page.getByRole('button', { name: 'Search', exact: true });
    const csv = page.getByRole('button', { name: 'CSV', exact: true });
    expect(await search.isDisabled()).toBe(true);
    expect(await csv.isDisabled()).toBe(true);

    // The _fake entry is hidden; a report that is not renderable only exports.
    const select = page.locator('#cm-reports-report');
    expect(await select.locator('option').allInnerTexts()).toEqual(['Choose a report…', 'Contatti per stato ed esito', 'Produttività operatori', 'Contatti creati e chiusi per team', 'Esportazione eventi']);
    await select.selectOption('rep-eventi');
    await page.getByText('Export CSV to view the selected report').waitFor();
    expect(await search.isDisabled()).toBe(true);
    expect(await csv.isDisabled()).toBe(false);

    // rep-stati spans at most 31 days, both ends included.
    await select.selectOption('rep-stati');
    await page.getByText('Click SEARCH to view or download CSV').waitFor();
    await typeDay(page, '#cm-reports-from', await dayShown(page, 40));
    await page.getByText('Invalid interval: at most 31 days').waitFor();
    expect(await search.isDisabled()).toBe(true);
    expect(await csv.isDisabled()).toBe(true);
    expect(await page.locator('#cm-reports-from').getAttribute('aria-invalid')).toBe('true');
    await typeDay(page, '#cm-reports-from', await dayShown(page, 30));
    await page.getByText('Click SEARCH to view or download CSV').waitFor();
    expect(await search.isDisabled()).toBe(false);

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/cntmng/report/energia-casa/rep-stati') && r.request().method() === 'POST');
    await search.click();
    const json = (await (await answered).json()) as ReportRowsResult;
    expect(json.total).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Contatti per stato ed esito' });
    await table.waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual(Object.keys(json.data[0]));
    expect(await table.locator('tbody tr').count()).toBe(json.data.length);
    expect(await page.locator('.cm-admin-pager__total').innerText()).toContain(String(json.total));
    await screenshot(page, 'reports-table');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), csv.click()]);
    const filename = download.suggestedFilename();
    expect(filename).toMatch(/^contacts_by_state_outcome_day-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0].split(',')).toEqual(Object.keys(json.data[0]));
    expect(lines.length - 1).toBe(json.total);
    await page.getByText(`${filename} downloaded`).waitFor();

    // Reset: no report, today again, no table.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('Select a report').waitFor();
    // The date input shows its new value on its own next render: wait for it rather than read it once.
    const today = await dayShown(page, 0);
    await page.waitForFunction((day) => (document.querySelector('#cm-reports-from') as HTMLInputElement | null)?.value === day, today, { timeout: 10_000 });
    expect(await page.locator('#cm-reports-from').inputValue()).toBe(today);
    expect(await table.count()).toBe(0);
  });

  it('a date that is no day marks both dates in error and turns Search and CSV off; Reset shows today again; the calendar is Blueprint\'s', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'admin', 'energia-casa');
    await goto(page, `${baseUrl}/reports`);
    await page.getByText('Select a report').waitFor({ timeout: 20_000 });
    const search = page.getByRole('button', { name: 'Search', exact: true });
    const csv = page.getByRole('button', { name: 'CSV', exact: true });
    await page.locator('#cm-reports-report').selectOption('rep-stati');
    await page.getByText('Click SEARCH to view or download CSV').waitFor();
    const today = await dayShown(page, 0);

    for (const text of ['31/02/2026', '99/99/9999']) {
      await typeDay(page, '#cm-reports-to', text);
      await page.getByText('Invalid interval', { exact: true }).waitFor();
      expect(await page.locator('#cm-reports-to').inputValue()).toBe('Invalid date');
      for (const id of ['#cm-reports-from', '#cm-reports-to']) {
        expect(await page.locator(id).getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator(id).evaluate((el) => el.closest('.bp6-input-group')?.classList.contains('bp6-intent-danger'))).toBe(true);
      }
      expect(await search.isDisabled()).toBe(true);
      expect(await csv.isDisabled()).toBe(true);
    }
    await screenshot(page, 'reports-invalid-day');
    // Enter in the field submits the form: no report runs on the last good day.
    let ran = 0;
    page.on('request', (r) => { if (r.url().endsWith('/api/cntmng/report/energia-casa/rep-stati') && r.method() === 'POST') ran++; });
    await page.locator('#cm-reports-to').press('Enter');
    await page.waitForTimeout(300);
    expect(ran).toBe(0);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('Select a report').waitFor();
    await page.waitForFunction((day) => (document.querySelector('#cm-reports-to') as HTMLInputElement | null)?.value === day, today, { timeout: 10_000 });
    expect(await page.locator('#cm-reports-from').inputValue()).toBe(today);
    expect(await page.locator('#cm-reports-to').getAttribute('aria-invalid')).toBeNull();

    // The calendar wears Blueprint's datetime stylesheet: the month once (the measuring copy hidden), today's day
    // (selected) on the primary colour, the month and year pickers styled as Blueprint selects.
    await page.locator('#cm-reports-from').click();
    const picker = page.locator('.bp6-datepicker');
    await picker.waitFor();
    const look = await picker.evaluate((el) => {
      const style = (selector: string) => {
        const found = el.querySelector(selector);
        return found ? getComputedStyle(found) : null;
      };
      return {
        pickerDisplay: getComputedStyle(el).display,
        selectedBackground: style('.rdp-day_selected')?.backgroundColor ?? null,
        // react-day-picker's own month label is for screen readers only: the month shows once, in its picker.
        hiddenLabelWidths: Array.from(el.querySelectorAll('.rdp-vhidden')).map((hidden) => getComputedStyle(hidden).width),
        dayWidth: style('.rdp-day')?.width ?? null,
      };
    });
    // After the pop-over's opening transition.
    await page.waitForFunction(() => !document.querySelector('.bp6-popover-enter-active, .bp6-popover-appear-active'));
    await screenshot(page, 'reports-calendar');
    expect(look.pickerDisplay).toBe('flex');
    expect(look.selectedBackground).not.toBeNull();
    expect(look.selectedBackground).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.hiddenLabelWidths.length).toBeGreaterThan(0);
    expect(new Set(look.hiddenLabelWidths)).toEqual(new Set(['1px']));
    expect(look.dayWidth).toBe('30px');
  });

  it('basic has no Reports item and /reports leads to /403; the server refuses the list', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await useWorkspace(page, 'agent', 'energia-casa');
    await menuItem(page, 'Contacts').waitFor();
    expect(await menuItem(page, 'Reports').count()).toBe(0);
    await goto(page, `${baseUrl}/reports`);
    await page.waitForURL(`${baseUrl}/403`, { timeout: 20_000 });
    const list = await page.request.get(`${baseUrl}/api/cntmng/report/energia-casa`);
    expect(list.status()).toBe(403);
  });

  it('in a workspace without custom reports there is no Reports item, and /reports says there is nothing to run', async () => {
    browser = await openBrowser();
    const { page } = browser;
    // minimo has no view configuration (admin may open /reports) and no customReportConfig. Its session is short in
    // these tests (global-setup): the steps follow each other without idling.
    await useWorkspace(page, 'admin', 'minimo');
    await menuItem(page, 'Dashboard').waitFor();
    expect(await menuItem(page, 'Reports').count()).toBe(0);
    await goto(page, `${baseUrl}/reports`);
    await page.getByText('No reports to run in this workspace').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Search', exact: true }).count()).toBe(0);
  });
});
