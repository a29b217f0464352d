import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { goto, openBrowser, signIn, storedJson, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * Issue 17, items 4 and 7, as a person meets them in the browser: the show screen speaks the workspace's labels
 * (header, history, nested array cells), and a save says so and goes back to the list page and sort the agent left.
 */
const { baseUrl } = readE2eState();
let browser: BrowserSession;

afterEach(async () => {
  await browser?.close();
});

interface Row { id: string; state: string; closed: boolean; processable: boolean; suspended: boolean }
interface HistoryEntry { state: string | null; outcome: string | null }

const fixtureWorkspace = (id: string) => JSON.parse(readFileSync(resolve(__dirname, `../../fixtures/workspaces/${id}/workspace.json`), 'utf8')) as Workspace;

const useWorkspace = async (page: Page, workspaceId: string, username = 'admin') => {
  await signIn(page, baseUrl, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await page.locator('#cm-page-title').waitFor({ timeout: 30_000 });
  if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== workspaceId) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId)]);
    await page.locator('#cm-page-title').waitFor({ timeout: 30_000 });
  }
};

const api = async <T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
  const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

const openShow = async (page: Page, id: string) => {
  await goto(page, `${baseUrl}/contacts/show/${id}`);
  await page.locator('.cm-contact-show').waitFor({ timeout: 30_000 });
};

/** The list has answered for the address in the bar (same wait as the list's own browser test). */
const listSettled = async (page: Page) => {
  await page.locator('#cm-page-title').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const box = document.querySelector('.cm-contacts-list__table');
    return box instanceof HTMLElement && box.dataset.search === new URLSearchParams(window.location.search).toString() && box.getAttribute('aria-busy') === 'false';
  }, undefined, { timeout: 30_000 });
};

describe('labels on the show screen and the way back after a save (issue 17, items 4 and 7)', () => {
  it('shows the state label in the header and in every history row, not the codes (energia-casa)', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    const ws = fixtureWorkspace('energia-casa');
    const states = ws.states ?? {};
    // "APPUNTAMENTO" reads "Appuntamento fissato": the label is not the code in any letter case
    const code = 'APPUNTAMENTO';
    const label = states[code]?.label;
    expect(label).toBe('Appuntamento fissato');
    await useWorkspace(page, 'energia-casa');
    const rows = await api<Row[]>(page, 'POST', '/api/cntmng/contact/search/energia-casa', { page: 0, length: 25, states: [code] });
    const row = rows.find((r) => r.state === code);
    if (!row) throw new Error(`no ${code} contact in energia-casa`);
    const history = await api<HistoryEntry[]>(page, 'GET', `/api/cntmng/contact/${row.id}/stateHistory`);
    expect(history.map((h) => h.state)).toContainEqual(expect.stringMatching(/^(?!NUOVO$)./));

    await openShow(page, row.id);
    const header = page.locator('.cm-contact-show .cm-contact-work__meta strong').first();
    await header.waitFor();
    expect((await header.textContent())?.trim()).toBe(label);
    // the code is still there for whoever hovers
    expect(await header.getAttribute('title')).toBe(code);

    const stateCells = page.locator('.cm-contact-work__history tbody tr td:nth-child(3)');
    await page.waitForFunction((n) => document.querySelectorAll('.cm-contact-work__history tbody tr').length === n, history.length, { timeout: 30_000 });
    const shown = (await stateCells.allTextContents()).map((s) => s.trim());
    const labelOf = (c: string | null) => (c ? states[c]?.label ?? c : '');
    const outcomeOf = (c: string | null) => (c ? ws.outcomes?.find((o) => o.value === c)?.label ?? c : '');
    // one row per history entry, each with its labels (entries of the same moment may come in either order)
    expect([...shown].sort()).toEqual(history.map((h) => `${labelOf(h.state)}${h.outcome ? ` · ${outcomeOf(h.outcome)}` : ''}`).sort());
    expect(shown).toContain(label);
    // no row reads a bare state code
    for (const text of shown) for (const stateCode of Object.keys(states)) expect(text.split(' · ')).not.toContain(stateCode);
  });

  it('prints a nested array in an array table cell as readable text, never [object Object] (campagna-grande, Lavoro 3.5)', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    // fixtures/workspaces/campagna-grande/contacts.json: lavoro_3_5 = [{ descrizione: 'Elisa C', quantita: 554,
    // dettagli: [{ chiave: 'Padova', valore: 'Padova' }] }, { descrizione: 'Elisa B', quantita: 677, dettagli: [] }]
    const id = '677cdf00907da899bf37db41';
    await useWorkspace(page, 'campagna-grande');
    const contact = await api<{ inputs: Record<string, unknown> }>(page, 'GET', `/api/cntmng/contact/${id}`);
    const value = contact.inputs.lavoro_3_5 as Array<{ descrizione: string; dettagli: Array<{ chiave: string; valore: string }> }>;
    expect(value[0].dettagli[0]).toEqual({ chiave: 'Padova', valore: 'Padova' });

    await openShow(page, id);
    // the 565-field form renders its later groups in idle time
    const table = page.locator('[id="cm_in_lavoro_3_5"] table.cm-array__table');
    await table.waitFor({ state: 'attached', timeout: 60_000 });
    const headers = (await table.locator('thead th').allTextContents()).map((s) => s.trim());
    const column = headers.indexOf('Dettagli');
    expect(column).toBeGreaterThanOrEqual(0);
    const cells = (await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents()).map((s) => s.trim());
    expect(cells).toHaveLength(value.length);
    expect(cells[0]).toBe('Chiave: Padova, Valore: Padova');
    // the whole field, and the whole form, never print an object's default string
    expect(await table.textContent()).not.toContain('[object Object]');
    expect(await page.locator('.cm-contact-show').textContent()).not.toContain('[object Object]');
  });

  it('confirms a save with a toast and goes back to the list page and sort the agent came from (energia-casa)', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'energia-casa');
    await goto(page, `${baseUrl}/contacts/list`);
    await listSettled(page);
    // sort by priority, then the second page, through the list's own controls
    await page.locator('.cm-contact-table thead').getByRole('button', { name: 'Priority' }).click();
    await listSettled(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await listSettled(page);
    const listUrl = new URL(page.url());
    expect(listUrl.searchParams.get('page')).toBe('1');
    expect(listUrl.searchParams.get('sort')).toBe('priority');
    const pager = (await page.getByText(/^Page 2 of \d+$/).first().textContent())?.trim();

    // the first contact of this page that can be saved, opened with its row's Show button
    const showButtons = page.locator('.cm-contact-table tbody').getByRole('button', { name: /^Show contact / });
    const names = await showButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    let target: string | null = null;
    for (const name of names) {
      const id = name.replace('Show contact ', '');
      const r = await api<Row>(page, 'GET', `/api/cntmng/contact/${id}`);
      if (!r.closed && r.processable && !r.suspended) { target = id; break; }
    }
    if (!target) throw new Error(`no workable contact on page 2 of ${listUrl.search}`);
    await page.getByRole('button', { name: `Show contact ${target}`, exact: true }).click();
    await page.waitForURL(`${baseUrl}/contacts/show/${target}`, { timeout: 30_000 });
    await page.locator('.cm-contact-show').waitFor({ timeout: 30_000 });

    const note = page.locator('#cm_out_noteOperatore');
    await note.waitFor({ timeout: 30_000 });
    const text = `e2e ritorno ${Date.now()}`;
    await note.fill(text);
    const allowed = await api<Array<{ code: string }>>(page, 'GET', `/api/cntmng/contact/${target}/states`);
    expect(allowed.length).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.querySelectorAll('#cm-state option').length === n, allowed.length + 1, { timeout: 30_000 });
    await page.locator('#cm-state').selectOption(allowed[0].code);
    await page.locator('#cm-notes').fill('nota e2e ritorno');
    await page.waitForFunction(() => !document.querySelector('form.cm-form[aria-busy="true"]'), undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // the toast the app writes (contactWork.save.done); a refused save fails with its errors
    const errors = page.locator('.cm-save-errors');
    await Promise.race([
      page.locator('.bp6-toast').filter({ hasText: 'Contact saved' }).waitFor({ timeout: 30_000 }),
      errors.waitFor({ timeout: 30_000 }).then(async () => { throw new Error(`save refused: ${await errors.innerText()}`); }),
    ]);
    // back on the same page and sort, with the same rows' pager
    await page.waitForURL((url) => url.pathname === '/contacts/list', { timeout: 30_000 });
    const back = new URL(page.url());
    expect(back.search).toBe(listUrl.search);
    await listSettled(page);
    expect((await page.getByText(/^Page \d+ of \d+$/).first().textContent())?.trim()).toBe(pager);
    const stored = await api<{ outputs: Record<string, unknown> }>(page, 'GET', `/api/cntmng/contact/${target}`);
    expect(stored.outputs.noteOperatore).toBe(text);
  });

  it('a save the form refuses lands the focus on the first field to correct, scrolled into view (sinistri-auto, Targa)', async () => {
    browser = await openBrowser({ width: 1280, height: 800 });
    const { page } = browser;
    await useWorkspace(page, 'sinistri-auto');
    const contacts = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/workspaces/sinistri-auto/contacts.json'), 'utf8')) as Row[];
    const target = contacts.find((c) => !c.closed && c.processable && !c.suspended)!;
    await openShow(page, target.id);
    const plate = page.locator('#cm_in_targa');
    await plate.waitFor({ timeout: 30_000 });
    await plate.fill('abc123');
    await page.waitForFunction(() => !document.querySelector('form.cm-form[aria-busy="true"]'), undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.cm-save-errors').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.id === 'cm_in_targa', undefined, { timeout: 10_000 });
    const box = (await plate.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    // what was typed is kept
    expect(await plate.inputValue()).toBe('abc123');

    // the create form does the same
    await goto(page, `${baseUrl}/contacts/create`);
    const newPlate = page.locator('#cm_in_targa');
    await newPlate.waitFor({ timeout: 30_000 });
    await newPlate.fill('abc123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.cm-save-errors').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', undefined, { timeout: 10_000 });
    expect(await newPlate.inputValue()).toBe('abc123');
  });
});

