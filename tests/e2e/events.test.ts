import type { Page } from '@playwright/test';
import { closeWithEscape, goto, openBrowser, screenshot, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * /events in Chromium against the real server and the seeded demo history (spec 3 §2, §5; issue 15): no search without
 * a contact id; the search with one shows its events, newest first, ten a page, as the server counts them; an event
 * with a detail opens the drawer with its extraData written out.
 */

const { baseUrl } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

const WORKSPACE = 'energia-casa';
/** A closed fixture contact of energia-casa: the seed gives it takes, state changes, saves and a close. */
const CONTACT = '677cdf059ec87b883fe1cf8b';

interface EventRow { id: string | number; type: string; contactId: string; agentId: string | null; showDetail: boolean; at: string }

async function openEvents(page: Page) {
  await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
  await goto(page, `${baseUrl}/events`);
  await page.getByRole('heading', { name: 'Events' }).waitFor({ timeout: 20_000 });
}

describe('/events in Chromium', () => {
  it('searches one contact\'s events and opens an event\'s detail drawer', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openEvents(page);
    const search = page.getByRole('button', { name: 'Search' });
    // no search without a contact id
    expect(await search.isDisabled()).toBe(true);
    await page.getByText('Enter a contact id and search').waitFor();

    await page.getByLabel('Contact id').fill(CONTACT);
    expect(await search.isDisabled()).toBe(false);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/events/${WORKSPACE}` && r.request().method() === 'POST', { timeout: 20_000 }),
      search.click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ contactId: CONTACT, page: 0, length: 10, order: 'desc' });
    const { data, total } = (await answer.json()) as { data: EventRow[]; total: number };
    expect(total).toBeGreaterThan(1);
    expect(data.length).toBe(Math.min(10, total));
    for (let i = 1; i < data.length; i++) expect(Date.parse(data[i - 1].at)).toBeGreaterThanOrEqual(Date.parse(data[i].at));

    const table = page.getByRole('table', { name: 'Events' });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(data.length);
    expect(await rows.locator('td:nth-child(1)').allInnerTexts()).toEqual(data.map((e) => String(e.id)));
    for (const text of await rows.locator('td:nth-child(4)').allInnerTexts()) expect(text).toBe(CONTACT);
    // the agent by username, the id in its tooltip
    const users = (await (await page.request.get(`${baseUrl}/api/auth/user`)).json() as { data: Array<{ id: string; username: string }> }).data;
    const username = new Map(users.map((u) => [u.id, u.username]));
    expect(data.filter((e) => e.agentId).length).toBeGreaterThan(0);
    const agents = await rows.locator('td:nth-child(5)').evaluateAll((tds) => tds.map((td) => {
      const span = td.querySelector('.cm-agent-name');
      return span ? { name: span.textContent, title: span.getAttribute('title') } : td.textContent;
    }));
    expect(agents).toEqual(data.map((e) => (e.agentId ? { name: username.get(e.agentId), title: e.agentId } : '')));
    // time as DD/MM/YYYY HH:mm:ss
    expect(await rows.first().locator('td:nth-child(6)').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await page.getByText(`${total} events`).waitFor();
    await screenshot(page, 'events-search');

    // the detail drawer of the first event that has one
    const withDetail = data.find((e) => e.showDetail);
    expect(withDetail).toBeDefined();
    const [detail] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/events/${WORKSPACE}/${withDetail!.id}`, { timeout: 20_000 }),
      page.getByRole('button', { name: `Show the detail of event ${withDetail!.id}` }).click(),
    ]);
    expect(detail.status()).toBe(200);
    const event = ((await detail.json()) as { data: { extraData: Record<string, unknown> | null } }).data;
    const drawer = page.locator('.bp6-drawer');
    await drawer.getByRole('heading', { name: `Event ${withDetail!.id}` }).waitFor();
    await drawer.locator('.cm-event-detail').waitFor({ timeout: 20_000 });
    expect(await drawer.innerText()).toContain('Detail');
    // extraData written out readably: each of its keys is a term of the definition list, no raw JSON
    const extra = event.extraData ?? {};
    const keys = Object.keys(extra);
    if (keys.length === 2 && 'from' in extra && 'to' in extra) {
      // a from → to pair on one line
      const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
      await drawer.getByText(`${text(extra.from)} → ${text(extra.to)}`).waitFor();
    } else {
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) await drawer.locator('dt', { hasText: key }).first().waitFor();
    }
    expect(await drawer.innerText()).not.toContain('{"');
    await screenshot(page, 'events-detail');
    await closeWithEscape(page, drawer, 'detached');
  });
});
