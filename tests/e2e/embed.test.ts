import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { DEMO_PASSWORD, openBrowser, screenshot, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';
import { freePort } from './support/server-process';

/**
 * The embedded entry through the host page (issue 7), in real Chromium against the real server of the browser tests
 * (global setup): sms-promo's parentOrigin is the fixture's http://localhost:3000, and the host page served by the
 * app itself (/embed-host.html) still gets the messages; a second, plain HTTP server serves the same host page from
 * another origin, which gets no call data, only the refusal and its reason. The callers' numbers are this file's own.
 */
const root = resolve(__dirname, '../..');
const appUrl = readE2eState().baseUrl;

let foreign: Server;
let foreignUrl: string;
let adminCookie = '';
const ids: Record<'one' | 'pairA' | 'pairB' | 'held', string> = { one: '', pairA: '', pairB: '', held: '' };
const NUMBERS = { none: '3470000009', one: '3470000001', several: '3470000002', foreign: '3470000003', held: '3470000004' };

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${appUrl}${path}`, { method, headers: { cookie: adminCookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown };
};
const insert = async (cellulare: string, nome: string) =>
  ((await api('POST', '/api/cntmng/contact/insert/sms-promo', { rawData: { nome, cellulare, codicePromo: 'EMBD2026', scadenza: '2026-12-31' } })).data as { id: string }).id;

beforeAll(async () => {
  expect(JSON.parse(readFileSync(join(root, 'fixtures/workspaces/sms-promo/workspace.json'), 'utf8')).parentOrigin).toBe('http://localhost:3000');

  const hostPage = readFileSync(join(root, 'src/server/public/embed-host.html'));
  foreign = createHttpServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/html' }); response.end(hostPage); });
  const foreignPort = await freePort();
  await new Promise<void>((listening) => foreign.listen(foreignPort, '127.0.0.1', listening));
  foreignUrl = `http://127.0.0.1:${foreignPort}`;

  const signin = await fetch(`${appUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }) });
  adminCookie = (signin.headers.get('set-cookie') ?? '').split(';')[0];
  ids.one = await insert(NUMBERS.one, 'Uno');
  ids.pairA = await insert(NUMBERS.several, 'Primo');
  ids.pairB = await insert(NUMBERS.several, 'Secondo');
  await insert(NUMBERS.foreign, 'Altrove');
  // A match the team leader already holds: the agent's automatic take is refused.
  ids.held = await insert(NUMBERS.held, 'Occupato');
  const leader = await fetch(`${appUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teamleader', password: DEMO_PASSWORD }) });
  const leaderCookie = (leader.headers.get('set-cookie') ?? '').split(';')[0];
  const taken = await fetch(`${appUrl}/api/cntmng/contact/take/${ids.held}`, { method: 'POST', headers: { cookie: leaderCookie } });
  expect(taken.status).toBe(200);
}, 60_000);

afterAll(async () => {
  // the browser keeps its connections to the host page's server open: close them, or close() waits for them
  foreign?.closeAllConnections();
  await new Promise<void>((closed) => (foreign ? foreign.close(() => closed()) : closed()));
});

let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser({ width: 1400, height: 900 });
});
afterAll(async () => {
  await browser?.close();
});

const hostUrl = (base: string, callerid: string, extra: Record<string, string> = {}) =>
  `${base}/embed-host.html?${new URLSearchParams({ app: appUrl, callerid, campaign: 'promo-natale', agent: 'agent', workspaceId: 'sms-promo', contactId: 'unknown', guid: `guid-${callerid}`, autoload: '1', ...extra })}`;
const messages = (page: Page) => page.evaluate(() => (window as unknown as { embedHostMessages: Array<{ origin: string; data: { type: string; result?: string; contactId?: string | null; contactIds?: string[]; disposition?: Record<string, unknown> } }> }).embedHostMessages);
const frameOf = (page: Page): FrameLocator => page.frameLocator('#app-frame');
const appFrame = (page: Page): Frame => page.frames().find((frame) => frame !== page.mainFrame() && frame.url().startsWith(appUrl)) as Frame;
/** After a take the contact opens with the focus in its first editable field (README "Keyboard"). */
const focusInContact = (page: Page) => appFrame(page).waitForFunction(() => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('.cm-contact-work .cm-panels') !== null;
}, undefined, { timeout: 15_000 });

describe('embedded entry through the host page', () => {
  it('starts logged out: sign-in inside the frame, back to the embed route, no match: the warning, and the host is told', async () => {
    const { page } = browser;
    await page.goto(hostUrl(appUrl, NUMBERS.none));
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Accedi' }).waitFor({ timeout: 30_000 });
    expect(new URL(appFrame(page).url()).pathname).toBe('/login');
    await screenshot(page, 'embed-host-logged-out');
    await frame.getByLabel('Nome utente').fill('agent');
    await frame.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await frame.getByRole('button', { name: 'Accedi' }).click();
    await frame.locator('.cm-embed__notice').filter({ hasText: 'Nessun contatto trovato con questo caller id' }).waitFor({ timeout: 30_000 });
    expect(decodeURIComponent(new URL(appFrame(page).url()).pathname)).toBe(`/contacts/embed/unknown/promo-natale/agent/guid-${NUMBERS.none}/${NUMBERS.none}/sms-promo`);
    await page.waitForFunction(() => (window as unknown as { embedHostMessages: unknown[] }).embedHostMessages.length > 0);
    const [message] = await messages(page);
    expect(message.origin).toBe(appUrl);
    expect(message.data).toMatchObject({ source: 'contact-manager', version: 1, type: 'contact-manager:lookup', result: 'none', contactId: null, call: { callerid: NUMBERS.none, campaign: 'promo-natale', workspaceId: 'sms-promo' } });
    await page.locator('#log li[data-type="contact-manager:lookup"]').waitFor();
    // The embedded view shows only the workspace name and the language selector: no breadcrumb of the call's segments.
    expect(await frame.locator('.cm-breadcrumb').count()).toBe(0);
    await screenshot(page, 'embed-host-no-match');
  });

  it('one match: the contact is taken and shown; the disposition dialog saves three levels, clears the embed data and the host receives it', async () => {
    const { page } = browser;
    await page.goto(hostUrl(appUrl, NUMBERS.one));
    const frame = frameOf(page);
    await frame.getByText(ids.one).first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { embedHostMessages: unknown[] }).embedHostMessages.length > 0);
    expect((await messages(page))[0].data).toMatchObject({ type: 'contact-manager:lookup', result: 'one', contactId: ids.one });
    const taken = (await api('GET', `/api/cntmng/contact/${ids.one}`)).data as { agentId: string };
    expect(taken.agentId).toBe('u-agent');
    await focusInContact(page);
    await screenshot(page, 'embed-host-one-match');

    await frame.getByRole('button', { name: 'Imposta esito chiamata' }).click();
    const dialog = frame.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Salva' });
    await dialog.getByLabel(/^Livello 1/).selectOption('ADESIONE');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Livello 2').selectOption('SMS');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Livello 3').selectOption('SUBITO');
    await dialog.getByLabel('Note').fill('Conferma via SMS subito');
    await screenshot(page, 'embed-host-disposition-dialog');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await frame.getByText("Esito salvato. I dati della chiamata sono stati inviati all'applicazione telefonica.").first().waitFor();
    await page.waitForFunction(() => (window as unknown as { embedHostMessages: Array<{ data: { type: string } }> }).embedHostMessages.some((m) => m.data.type === 'contact-manager:disposition-saved'));
    const saved = (await messages(page)).find((m) => m.data.type === 'contact-manager:disposition-saved');
    expect(saved?.origin).toBe(appUrl);
    expect(saved?.data.disposition).toMatchObject({ l1: 'ADESIONE', l2: 'SMS', l3: 'SUBITO', comment: 'Conferma via SMS subito', contactId: ids.one, campaign: 'promo-natale', guid: `guid-${NUMBERS.one}`, callerid: NUMBERS.one });
    expect(await appFrame(page).evaluate(() => localStorage.getItem('contact-manager.embedData'))).toBeNull();
    const stored = (await api('GET', `/api/cntmng/disposition/sms-promo/saved?contactId=${ids.one}`)).data as Array<{ l3: string }>;
    expect(stored.map((d) => d.l3)).toEqual(['SUBITO']);
    await screenshot(page, 'embed-host-disposition-saved');
  });

  it('several matches: the warning and the embed list with exactly those contacts', async () => {
    const { page } = browser;
    await page.goto(hostUrl(appUrl, NUMBERS.several));
    const frame = frameOf(page);
    await frame.locator('.cm-embed__notice').filter({ hasText: 'Sono stati trovati più contatti con lo stesso numero di telefono' }).waitFor({ timeout: 30_000 });
    await frame.getByText(ids.pairA).first().waitFor({ timeout: 20_000 });
    await frame.getByText(ids.pairB).first().waitFor();
    await page.waitForFunction(() => (window as unknown as { embedHostMessages: unknown[] }).embedHostMessages.length > 0);
    const [message] = await messages(page);
    expect(message.data).toMatchObject({ type: 'contact-manager:lookup', result: 'several' });
    expect([...(message.data.contactIds ?? [])].sort()).toEqual([ids.pairA, ids.pairB].sort());
    // no CSV export and no bulk actions in the embed view
    expect(await frame.getByRole('button', { name: /CSV/i }).count()).toBe(0);
    await screenshot(page, 'embed-host-several-matches');

    // Taking one opens it in the embedded entry (the route without contact id), focused, and the disposition names it.
    await frame.getByRole('button', { name: `Prendi in carico il contatto ${ids.pairB}` }).click();
    await frame.locator('.cm-contact-work').waitFor({ timeout: 30_000 });
    expect(decodeURIComponent(new URL(appFrame(page).url()).pathname)).toBe(`/contacts/embed/promo-natale/agent/guid-${NUMBERS.several}/${NUMBERS.several}/sms-promo`);
    await frame.locator('.cm-embed__call').getByText(ids.pairB).waitFor();
    expect(await frame.locator('.cm-embed__notice').count()).toBe(0);
    await focusInContact(page);
    expect(((await api('GET', `/api/cntmng/contact/${ids.pairB}`)).data as { agentId: string }).agentId).toBe('u-agent');
    await frame.getByRole('button', { name: 'Imposta esito chiamata' }).click();
    const dialog = frame.getByRole('dialog');
    await dialog.getByLabel(/^Livello 1/).selectOption('RIFIUTO');
    await dialog.getByLabel('Livello 2').selectOption('ALTRO');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = (await api('GET', `/api/cntmng/disposition/sms-promo/saved?guid=guid-${NUMBERS.several}`)).data as Array<{ contactId: string | null }>;
    expect(stored.map((d) => d.contactId)).toEqual([ids.pairB]);
    await screenshot(page, 'embed-host-several-taken');
  });

  it("one match someone else holds: no error toast, the notice says so in the UI's language, the host is told", async () => {
    const { page } = browser;
    await page.goto(hostUrl(appUrl, NUMBERS.held));
    const frame = frameOf(page);
    await frame.locator('.cm-embed__notice').filter({ hasText: /^Questo contatto è assegnato a .+: non puoi salvarlo/ }).waitFor({ timeout: 30_000 });
    await frame.locator('.cm-contact-work').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { embedHostMessages: unknown[] }).embedHostMessages.length > 0);
    expect((await messages(page))[0].data).toMatchObject({ type: 'contact-manager:lookup', result: 'one', contactId: ids.held });
    expect(await frame.getByText(/already assigned|cannot be taken/i).count()).toBe(0);
    expect(((await api('GET', `/api/cntmng/contact/${ids.held}`)).data as { agentId: string }).agentId).toBe('u-teamleader');
    await screenshot(page, 'embed-host-held-by-other');
  });

  it('a host page on another origin than parentOrigin gets no call data, only the refusal and why', async () => {
    const { page } = browser;
    await page.goto(hostUrl(foreignUrl, NUMBERS.foreign));
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Imposta esito chiamata' }).waitFor({ timeout: 30_000 });
    await page.locator('#refused').waitFor();
    expect(await page.locator('#refused').textContent()).toBe(
      `Messages refused: the host page's origin ${foreignUrl} is not the workspace's parentOrigin http://localhost:3000. Open this page at http://localhost:3000 or set the workspace's parentOrigin to ${foreignUrl}.`,
    );
    const refusedOnly = async () => {
      const received = await messages(page);
      expect(received.map((m) => m.data.type)).toEqual(['contact-manager:refused']);
      expect(received[0].data).not.toHaveProperty('call');
      expect(received[0].data).not.toHaveProperty('contactId');
    };
    await refusedOnly();
    await frame.getByRole('button', { name: 'Imposta esito chiamata' }).click();
    await frame.getByRole('dialog').getByLabel(/^Livello 1/).selectOption('RIFIUTO');
    await frame.getByRole('dialog').getByLabel('Livello 2').selectOption('ALTRO');
    await frame.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await frame.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(1_000);
    await refusedOnly();
    expect(await page.locator('#count').textContent()).toBe('1');
    await screenshot(page, 'embed-host-foreign-origin');
  });
});
