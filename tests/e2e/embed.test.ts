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
const ids: Record<'one' | 'pairA' | 'pairB', string> = { one: '', pairA: '', pairB: '' };
const NUMBERS = { none: '3470000009', one: '3470000001', several: '3470000002', foreign: '3470000003' };

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
