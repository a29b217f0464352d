import type { Page } from '@playwright/test';
import type { Configuration } from '@domain/api/workspace-config';
import { goto, openBrowser, screenshot, signIn, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * Issue 13, must have 2, in Chromium against the real server: an admin publishes a new version of a workspace and an
 * agent's already-open list and contact edit screen follow it without a reload, keeping what the agent typed.
 */
const { baseUrl } = readE2eState();
const WORKSPACE = 'energia-casa';
const CONFIG = `/api/cntmng/workspaceconfig/workspaces/${WORKSPACE}`;

let agent: BrowserSession | undefined;
let admin: BrowserSession | undefined;
let originalVersion: number | null = null;

const call = async <T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> => {
  const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

const signedIn = async (page: Page, username: string) => {
  await signInToWorkspace(page, baseUrl, username, WORKSPACE);
};

type Doc = Record<string, unknown> & { id: string };
type Model = Doc & { model: Record<string, { label: string } & Record<string, unknown>> };
type Groups = Array<{ label: string; fields: string[]; columns?: number }>;

/** The admin's publish, through the API with the admin's cookie (PUT with the version it was edited from). */
const publish = async (page: Page, edit: (workspace: Doc & { groupsInputs: Groups }, dataModel: Model) => void, comment: string) => {
  const current = await call<Configuration>(page, 'GET', CONFIG);
  const workspace = structuredClone(current.workspace) as Doc & { groupsInputs: Groups };
  const dataModel = structuredClone(current.dataModel) as Model;
  edit(workspace, dataModel);
  return call<{ version: number }>(page, 'PUT', CONFIG, { baseVersion: current.version, baseDataModelVersion: current.dataModelVersion, workspace, dataModel, comment });
};

/** A marker on the window: still there after the change means the page was not reloaded. */
const markPage = (page: Page) => page.evaluate(() => { (window as unknown as { cmNoReload?: boolean }).cmNoReload = true; });
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { cmNoReload?: boolean }).cmNoReload === true);

afterEach(async () => {
  // Later browser tests of this run use the fixture as it was: publish its first version's document again.
  if (admin && originalVersion !== null) {
    const current = await call<Configuration>(admin.page, 'GET', CONFIG).catch(() => null);
    if (current && current.version !== originalVersion) {
      await call(admin.page, 'POST', `${CONFIG}/rollback`, { baseVersion: current.version, toVersion: originalVersion, comment: 'e2e config-follow: restore' }).catch(() => undefined);
    }
  }
  originalVersion = null;
  await agent?.close();
  await admin?.close();
  agent = admin = undefined;
});

describe('screens follow a published configuration without a reload', () => {
  it("an admin's publish reaches the team leader's open list and contact edit screen, typed values kept", async () => {
    admin = await openBrowser();
    await signIn(admin.page, baseUrl, 'admin');
    await admin.page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
    originalVersion = (await call<Configuration>(admin.page, 'GET', CONFIG)).version;

    agent = await openBrowser({ width: 1369, height: 900 });
    const { page } = agent;
    await signedIn(page, 'teamleader');
    await goto(page, `${baseUrl}/contacts/list`);
    const header = (text: string) => page.getByRole('columnheader', { name: text, exact: true });
    await header('Cognome').waitFor({ timeout: 20_000 });
    await markPage(page);

    // 1. The open list: a column's label changes.
    await publish(admin.page, (_ws, dm) => { dm.model.cognome.label = 'Cognome cliente'; }, 'e2e: label of a list column');
    await header('Cognome cliente').waitFor({ timeout: 10_000 });
    expect(await header('Cognome').count()).toBe(0);

    // 2. The open edit screen, with a typed value: a label changes and a field joins a group.
    const rows = await call<Array<{ id: string; closed: boolean }>>(page, 'POST', `/api/cntmng/contact/search/${WORKSPACE}`, { page: 0, length: 20 });
    const contact = rows.find((r) => !r.closed);
    if (!contact) throw new Error(`no open contact in ${WORKSPACE}`);
    // A client-side navigation, as a click in the app does (the router follows popstate): no page load.
    await page.evaluate((path) => { window.history.pushState({}, '', path); window.dispatchEvent(new PopStateEvent('popstate')); }, `/contacts/edit/${contact.id}`);
    await page.locator('.cm-contact-edit').waitFor({ timeout: 20_000 });
    const nome = page.locator('#cm_in_nome');
    await nome.waitFor({ timeout: 20_000 });
    const typed = `Digitato ${Date.now()}`;
    await nome.fill(typed);

    await publish(admin.page, (ws, dm) => {
      dm.model.nome.label = 'Nome del cliente';
      dm.model.noteFollow = { label: 'Nota e2e', dataType: 'string' };
      const group = ws.groupsInputs.find((g) => g.label === 'Anagrafica') ?? ws.groupsInputs[0];
      group.fields.push('noteFollow');
    }, 'e2e: a field added to a group, a label changed');

    await page.locator('#cm_in_noteFollow').waitFor({ timeout: 10_000 });
    await page.getByText('Nome del cliente', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await nome.inputValue()).toBe(typed);
    await page.locator('.cm-config-notice').waitFor();
    expect(await page.locator('.cm-config-notice').innerText()).toContain('The workspace configuration has changed');
    expect(await notReloaded(page)).toBe(true);
    await screenshot(page, 'config-follow-edit');

    // The save goes to the server, which checks it against the version now live: the typed value and the new field.
    await page.locator('#cm_in_noteFollow').fill('nota dopo la pubblicazione');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.bp6-toast').filter({ hasText: 'Contact saved' }).waitFor();
    const saved = await call<{ inputs: Record<string, unknown> }>(page, 'GET', `/api/cntmng/contact/${contact.id}`);
    expect(saved.inputs.nome).toBe(typed);
    expect(saved.inputs.noteFollow).toBe('nota dopo la pubblicazione');

    // Back on the list (a client-side navigation): the columns are the new version's.
    await page.goBack();
    await header('Nome del cliente').waitFor({ timeout: 10_000 });
    await header('Cognome cliente').waitFor();
    expect(await notReloaded(page)).toBe(true);
  });
});
