import { request, type Page, type Response } from '@playwright/test';
import type { AgentKpi, AvailabilityData, StateData } from '@domain/api/dashboard';
import { DEMO_PASSWORD, goto, openBrowser, screenshot, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * /dashboard in Chromium against the real server and the seeded demo history (spec 3 §2; issue 15): each of the three
 * tabs draws its Recharts charts from the server's figures: the SVG has the marks (pie sectors, bars, the backlog
 * area) and the legend names the series, in English. No snapshot: the figures depend on the day the seed ran.
 */

const { baseUrl } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

const WORKSPACE = 'energia-casa';

async function openDashboard(page: Page): Promise<Response> {
  await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
  const [availability] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/dashboard/${WORKSPACE}` && r.request().method() === 'POST', { timeout: 20_000 }),
    goto(page, `${baseUrl}/dashboard`),
  ]);
  return availability;
}

/**
 * The agent takes the next contact and releases it, through the API as the list's buttons do: the demo history has
 * no takes today before the working day starts, and 'Dashboard Operatori' counts today's, whatever hour the run is at.
 */
async function agentTakesAndReleasesOne(): Promise<void> {
  const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  try {
    expect((await api.post('/api/auth/signin', { data: { username: 'agent', password: DEMO_PASSWORD } })).status()).toBe(200);
    const taken = await api.get(`/api/cntmng/workspace/${WORKSPACE}/takeNext`);
    expect(taken.status()).toBe(200);
    const { id } = ((await taken.json()) as { data: { id: string } }).data;
    expect((await api.post(`/api/cntmng/contact/release/${id}`)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

const chart = (page: Page, testId: string) => page.getByTestId(testId).locator('svg.recharts-surface').first();
/** The legend's series names, sorted (Recharts lists a composed chart's bars before its area). */
const legend = async (page: Page, testId: string): Promise<string[]> => {
  const items = page.getByTestId(testId).locator('.recharts-legend-item-text');
  await items.first().waitFor({ timeout: 20_000 });
  return (await items.allInnerTexts()).sort();
};

describe('/dashboard in Chromium', () => {
  it('draws every tab\'s charts with the seeded figures: SVG marks and legends', async () => {
    await agentTakesAndReleasesOne();
    browser = await openBrowser({ width: 1400, height: 1000 });
    const { page } = browser;
    const answer = await openDashboard(page);
    expect(answer.status()).toBe(200);
    const availability = ((await answer.json()) as { data: AvailabilityData }).data;
    expect(availability.total).toBeGreaterThan(0);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Contacts availability', 'Contacts dashboard', 'Agents dashboard']);

    // Disponibilità Contatti: one pie sector per availability with contacts, bars per state, the paged contact rows.
    await chart(page, 'chart-availability').waitFor({ timeout: 20_000 });
    const withContacts = availability.availability.filter((a) => a.count > 0);
    expect(await page.getByTestId('chart-availability').locator('.recharts-pie-sector').count()).toBe(withContacts.length);
    const pieLegend = await legend(page, 'chart-availability');
    expect(pieLegend.length).toBe(availability.availability.length);
    expect(pieLegend).toEqual(expect.arrayContaining(['To process']));
    for (const text of pieLegend) expect(['To process', 'Waiting', 'In progress', 'Closed', 'Closed today', 'Other']).toContain(text);
    expect(await legend(page, 'chart-states')).toEqual(['Contacts']);
    expect(await page.getByTestId('chart-states').locator('.recharts-bar-rectangle').count()).toBe(availability.states.filter((s) => s.count > 0).length);
    await page.getByRole('heading', { name: `Contacts (${availability.total.toLocaleString('en-US')})` }).waitFor();
    expect(await page.getByRole('table', { name: 'Contacts' }).locator('tbody tr').count()).toBe(Math.min(10, availability.total));
    await screenshot(page, 'dashboard-availability');

    // Dashboard Contatti: the hourly backlog (area + bars), the state changes by day and the time to close.
    const [stateAnswer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/dashboard/${WORKSPACE}/state`, { timeout: 20_000 }),
      page.getByRole('tab', { name: 'Contacts dashboard' }).click(),
    ]);
    const states = ((await stateAnswer.json()) as { data: StateData }).data;
    await chart(page, 'chart-backlog').waitFor({ timeout: 20_000 });
    expect(await legend(page, 'chart-backlog')).toEqual(['Came in', 'Closed', 'Open contacts']);
    expect(await page.getByTestId('chart-backlog').locator('.recharts-area-area').count()).toBe(1);
    expect(states.backlog.length).toBeGreaterThan(24);
    expect(await legend(page, 'chart-daily')).toEqual([`Reached ${await page.locator('#cm-dashboard-first option:checked').innerText()}`, `Reached ${await page.locator('#cm-dashboard-end option:checked').innerText()}`].sort());
    expect(await page.getByTestId('chart-daily').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    // Time to close: its bars when a contact went from the first to the end state in the period, else its own empty state.
    const durations = page.locator('.cm-dashboard__panel', { has: page.getByRole('heading', { name: 'Time to close' }) });
    if (states.durations.some((d) => d.count > 0)) expect(await legend(page, 'chart-durations')).toEqual(['Reached the end state']);
    else await durations.getByText('No figures for this period').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('figure-completed').innerText()).toBe(states.transitions.completed.toLocaleString('en-US'));
    expect(await page.getByTestId('figure-sameDay').innerText()).toBe(states.transitions.sameDay.toLocaleString('en-US'));
    await screenshot(page, 'dashboard-contacts');

    // The tab is in the address: a reload opens the same tab and asks for its figures again.
    expect(new URL(page.url()).search).toBe('?tab=contacts');
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/cntmng/dashboard/${WORKSPACE}/state`, { timeout: 20_000 }),
      page.reload(),
    ]);
    await chart(page, 'chart-backlog').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Contacts dashboard');

    // Dashboard Operatori: the sortable agents table and the taken/released bars.
    const [agentsAnswer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cntmng/dashboard/agents/kpi', { timeout: 20_000 }),
      page.getByRole('tab', { name: 'Agents dashboard' }).click(),
    ]);
    const agentRows = ((await agentsAnswer.json()) as { data: AgentKpi[] }).data;
    const agent = agentRows.find((a) => a.username === 'agent');
    expect(agent?.dailyTaken).toBeGreaterThanOrEqual(1);
    expect(agent?.dailyReleased).toBeGreaterThanOrEqual(1);
    await chart(page, 'chart-agents').waitFor({ timeout: 20_000 });
    expect(await legend(page, 'chart-agents')).toEqual(['Released today', 'Taken today']);
    // the category axis names the agents (the value axis's ticks are numbers)
    const ticks = (await page.getByTestId('chart-agents').locator('.recharts-cartesian-axis-tick-value').allTextContents()).filter((text) => !/^[\d.,\s]+$/.test(text));
    expect(ticks.sort()).toEqual(agentRows.map((a) => a.username).sort());
    const bars = agentRows.filter((a) => a.dailyTaken > 0).length + agentRows.filter((a) => a.dailyReleased > 0).length;
    expect(await page.getByTestId('chart-agents').locator('.recharts-bar-rectangle').count()).toBe(bars);
    expect(await page.getByRole('table', { name: 'Agents' }).locator('tbody tr').count()).toBe(agentRows.length);
    // the table starts by username ascending; a click on its header sorts it descending
    await page.getByRole('button', { name: 'Sort by Username' }).click();
    const names = await page.getByRole('table', { name: 'Agents' }).locator('tbody tr td:first-child').allInnerTexts();
    expect(names).toEqual(agentRows.map((a) => a.username).sort((a, b) => b.localeCompare(a)));
    // each username carries the agent's id in its tooltip
    const titles = await page.getByRole('table', { name: 'Agents' }).locator('tbody tr td:first-child .cm-agent-name').evaluateAll((spans) => spans.map((span) => [span.textContent, span.getAttribute('title')]));
    expect(Object.fromEntries(titles)).toEqual(Object.fromEntries(agentRows.map((a) => [a.username, a.agentId])));
    await screenshot(page, 'dashboard-agents');
  });

  it('leads an address naming an unknown tab to the first active tab', async () => {
    browser = await openBrowser({ width: 1200, height: 900 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
    await goto(page, `${baseUrl}/dashboard?tab=nonsense`);
    await page.waitForURL((url) => url.search === '?tab=availability', { timeout: 20_000 });
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Contacts availability');
  });
});
