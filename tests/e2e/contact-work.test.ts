import type { Page } from '@playwright/test';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { clickUntilShown, closeWithEscape, DEMO_PASSWORD, goto, openBrowser, screenshot, signIn, storedJson, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl, shortTimeout } = readE2eState();

let browser: BrowserSession;

afterEach(async () => {
  await browser?.close();
});

interface Row { id: string; version: number; state: string; outcome: string | null; closed: boolean; processable: boolean; suspended: boolean; inputs: Record<string, unknown>; outputs: Record<string, unknown>; originalContactId: string | null }

/** Signs in (unless told not to) and makes `workspaceId` the current workspace. */
const useWorkspace = async (page: Page, workspaceId: string, username = 'admin') => {
  await signIn(page, baseUrl, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== workspaceId) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId)]);
    await page.locator('#cm-page-title').waitFor();
  }
};

const api = async <T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
  const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

/** A contact of the workspace that can be saved: open, processable, not suspended. */
const workableContact = async (page: Page, workspaceId: string, skip = 0, accept: (r: Row) => boolean = () => true): Promise<Row> => {
  const rows = await api<Row[]>(page, 'POST', `/api/cntmng/contact/search/${workspaceId}`, { page: 0, length: 100 });
  const row = rows.filter((r) => !r.closed && r.processable && !r.suspended && accept(r))[skip];
  if (!row) throw new Error(`no workable contact in ${workspaceId}`);
  return row;
};

/** Waits for the save toast; a refused save fails with the errors on screen. */
const saved = async (page: Page, toast = 'Contact saved') => {
  const errors = page.locator('.cm-save-errors');
  await Promise.race([
    page.locator('.bp6-toast').filter({ hasText: toast }).first().waitFor(),
    errors.waitFor().then(async () => {
      const fields = await page.locator('.cm-errors, .bp6-form-helper-text').allInnerTexts();
      throw new Error(`save refused: ${await errors.innerText()} | ${fields.filter(Boolean).join(' | ')}`);
    }),
  ]);
};

const openShow = async (page: Page, id: string) => {
  await goto(page, `${baseUrl}/contacts/show/${id}`);
  await page.locator('.cm-contact-show').waitFor({ timeout: 20_000 });
};

const FIXTURES = [
  { workspace: 'energia-casa', field: 'cm_out_noteOperatore', section: 'outputs', name: 'noteOperatore' },
  { workspace: 'sinistri-auto', field: 'cm_out_noteLiquidatore', section: 'outputs', name: 'noteLiquidatore' },
  { workspace: 'sms-promo', field: 'cm_out_risposta', section: 'outputs', name: 'risposta' },
  { workspace: 'minimo', field: 'cm_out_esito', section: 'outputs', name: 'esito' },
  { workspace: 'campagna-grande', field: 'cm_in_nome', section: 'inputs', name: 'nome' },
] as const;

describe('working a contact in Chromium against the real server', () => {
  for (const fixture of FIXTURES) {
    it(`fills and saves a contact of ${fixture.workspace}, then goes back to the list`, async () => {
      browser = await openBrowser({ width: 1369, height: 900 });
      const { page } = browser;
      await useWorkspace(page, fixture.workspace);
      // sinistri-auto requires at least one appraisal (perizia, arrayMinItems 1)
      const row = await workableContact(page, fixture.workspace, 0, (r) => fixture.workspace !== 'sinistri-auto' || (Array.isArray(r.outputs.perizia) && r.outputs.perizia.length > 0));
      await openShow(page, row.id);
      const text = `e2e ${fixture.workspace} ${Date.now()}`;
      const input = page.locator(`#${fixture.field}`);
      await input.waitFor({ timeout: 20_000 });
      await input.fill(text);
      const outcome = page.locator('#cm-outcome');
      let expectedOutcome: string | null = null;
      if (await outcome.count()) {
        // outcome workspace: save stays disabled until an outcome is chosen
        expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
        expectedOutcome = 'INTERESSATO';
        await outcome.selectOption(expectedOutcome);
      } else {
        // the allowed states arrive on their own request: wait until the selector offers every one the server allows
        const allowed = await api<Array<{ code: string }>>(page, 'GET', `/api/cntmng/contact/${row.id}/states`);
        await page.waitForFunction((n) => document.querySelectorAll('#cm-state option').length === n, allowed.length + 1);
        const options = await page.locator('#cm-state option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
        expect(options).toEqual(['0', ...allowed.map((a) => a.code)]);
        expect(allowed.length).toBeGreaterThan(0);
        await page.locator('#cm-state').selectOption(allowed[0].code);
      }
      await page.locator('#cm-notes').fill('nota e2e');
      // The SCRIPT panel is always there (spec 2 §2.3): the script filled in, or that the workspace has none.
      await page.locator('.cm-script').waitFor();
      if (fixture.workspace !== 'energia-casa') expect(await page.locator('.cm-script').textContent()).toBe('No script is configured for this workspace');
      if (fixture.workspace === 'energia-casa' || fixture.workspace === 'sinistri-auto') await screenshot(page, `contact-show-${fixture.workspace}`);
      // A large form renders its later groups in idle time (aria-busy) and the Save button moves down as they come:
      // click it once the page has settled, as a person would.
      await page.waitForFunction(() => !document.querySelector('form.cm-form[aria-busy="true"]'), undefined, { timeout: 20_000 });
      await clickUntilShown(page.getByRole('button', { name: 'Save', exact: true }), page.locator('.bp6-toast', { hasText: 'Contact saved' }).or(page.locator('.cm-save-errors')).first());
      await saved(page);
      await page.waitForURL(`${baseUrl}/contacts/list`, { timeout: 10_000 });
      const stored = await api<Row>(page, 'GET', `/api/cntmng/contact/${row.id}`);
      expect(stored[fixture.section][fixture.name]).toBe(text);
      expect(stored.version).toBeGreaterThan(row.version);
      if (expectedOutcome) expect(stored.outcome).toBe(expectedOutcome);
      const history = await api<Array<{ type: string }>>(page, 'GET', `/api/cntmng/contact/${row.id}/stateHistory`);
      expect(history.length).toBeGreaterThan(0);
    });
  }

  it('the history names who made each change by username, the id in its tooltip', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'energia-casa');
    // a closed fixture contact whose seeded story has takes, state changes and saves by several agents
    const id = '677cdf059ec87b883fe1cf8b';
    const history = await api<Array<{ userId: string | null; agentId: string | null }>>(page, 'GET', `/api/cntmng/contact/${id}/stateHistory`);
    const users = new Map((await api<Array<{ id: string; username: string }>>(page, 'GET', '/api/auth/user')).map((u) => [u.id, u.username]));
    const people = (e: { userId: string | null; agentId: string | null }) => [e.userId, e.agentId !== e.userId ? e.agentId : null].filter((x): x is string => Boolean(x));
    expect(history.flatMap(people).length).toBeGreaterThan(0);
    await openShow(page, id);
    const rows = page.locator('table.cm-history tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('.cm-agent-name')).map((span) => ({ name: span.textContent, title: span.getAttribute('title') }))));
    // newest first on screen
    expect(shown).toEqual([...history].reverse().map((e) => people(e).map((userId) => ({ name: users.get(userId) ?? userId, title: userId }))));
    expect(shown.flat().filter((agent) => agent.name === agent.title)).toEqual([]);
  });

  it('uploads a PNG, previews it and deletes it (sinistri-auto MEDIA)', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'sinistri-auto');
    const row = await workableContact(page, 'sinistri-auto', 1);
    await openShow(page, row.id);
    const media = page.locator('.cm-media[data-field="fotoDanni"]');
    await media.waitFor();
    // a 1x1 PNG
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await media.locator('input[type=file]').setInputFiles({ name: 'graffio-e2e.png', mimeType: 'image/png', buffer: png });
    await page.getByText('graffio-e2e.png uploaded').waitFor();
    await media.getByRole('cell', { name: 'graffio-e2e.png', exact: true }).waitFor();
    // a type the spec refuses never leaves the browser
    await media.locator('input[type=file]').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await media.locator('xpath=..').getByRole('alert').filter({ hasText: 'UNSUPPORTED FILE' }).waitFor();
    await media.getByRole('button', { name: 'View graffio-e2e.png' }).click();
    const viewer = page.getByRole('dialog');
    await viewer.locator('img[alt="graffio-e2e.png"]').waitFor();
    expect(await viewer.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'contact-show-media-viewer');
    await closeWithEscape(page, viewer, 'detached');
    await media.getByRole('button', { name: 'Delete graffio-e2e.png' }).click();
    await page.getByText('graffio-e2e.png deleted').waitFor();
    await media.getByRole('cell', { name: 'graffio-e2e.png', exact: true }).waitFor({ state: 'detached', timeout: 10_000 });
    const after = await api<Row>(page, 'GET', `/api/cntmng/contact/${row.id}`);
    expect(JSON.stringify(after.outputs.fotoDanni ?? [])).not.toContain('graffio-e2e.png');
  });

  it('clones a contact after confirmation, runs a widget, and refuses a bad phone for an action', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'sinistri-auto');
    const row = await workableContact(page, 'sinistri-auto', 2);
    await openShow(page, row.id);
    // widget: floating button, result modal
    await page.getByRole('button', { name: 'Verifica franchigia' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.cm-widget-result').waitFor();
    await screenshot(page, 'contact-show-widget');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // clone, with its confirmation
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    await page.getByText('Create a copy of this contact?').waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Clone' }).click();
    await page.getByText('Contact cloned successfully').waitFor();
    // the new contact's id, as the clone call answered it
    await page.getByText(/^New contact: [0-9a-f]{24}$/).waitFor();
    await page.waitForURL(`${baseUrl}/contacts/list`, { timeout: 10_000 });
    // the URL changes before the list replaces the contact on screen; the workspace can change once the list is drawn
    await page.getByText(/^Page 1 of \d+/).waitFor();
    const history = await api<Array<{ type: string }>>(page, 'GET', `/api/cntmng/contact/${row.id}/stateHistory`);
    expect(Array.isArray(history)).toBe(true);

    // sms-promo has actions (smsConfigs): a bad phone is refused in the browser with the messageRegex text
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption('sms-promo')]);
    await page.locator('#cm-page-title').waitFor();
    const sms = await workableContact(page, 'sms-promo', 1);
    await openShow(page, sms.id);
    await page.getByRole('button', { name: 'Send action' }).click();
    await page.locator('#cm-action-phone').fill('12ab');
    await page.getByRole('dialog').locator('.cm-actions button').first().click();
    const error = page.getByRole('alert').filter({ hasText: 'The phone number must be empty or +39 followed by 9 or 10 digits' });
    await error.waitFor();
    await screenshot(page, 'contact-show-action-phone');
    await error.waitFor({ state: 'detached', timeout: 8_000 });
    await page.locator('#cm-action-phone').fill('+393331234567');
    await page.getByRole('dialog').locator('.cm-actions button').first().click();
    await page.getByText(/Message queued for|could not be sent|not/).first().waitFor();
  });

  it('edits a contact (priority, agent) and closes it after confirmation', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'energia-casa');
    const row = await workableContact(page, 'energia-casa', 3);
    await goto(page, `${baseUrl}/contacts/edit/${row.id}`);
    await page.locator('.cm-contact-edit').waitFor({ timeout: 20_000 });
    expect(await page.locator('#cm-agent option').count()).toBeGreaterThan(2);
    await page.locator('#cm-priority').fill('3');
    await page.locator('#cm-priority').blur();
    await screenshot(page, 'contact-edit-energia-casa');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.bp6-toast').filter({ hasText: 'Contact saved' }).waitFor();
    await page.waitForFunction(() => true);
    const saved = await api<Row & { priority: number }>(page, 'GET', `/api/cntmng/contact/${row.id}`);
    expect(saved.priority).toBe(3);
    await page.locator('.cm-contact-edit').waitFor();
    await page.getByRole('button', { name: 'Close contact' }).click();
    await page.getByText('Close this contact?').waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Close contact' }).click();
    await page.getByText('Contact closed').waitFor();
    expect((await api<Row>(page, 'GET', `/api/cntmng/contact/${row.id}`)).closed).toBe(true);

    // a bad id goes to /404
    await goto(page, `${baseUrl}/contacts/edit/not-an-id`);
    await page.waitForURL(`${baseUrl}/404`);
  });

  it('creates a contact with Save and back (minimo)', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, 'energia-casa');
    await goto(page, `${baseUrl}/contacts/create`);
    await page.locator('.cm-contact-create').waitFor({ timeout: 20_000 });
    await page.locator('.cm-address').first().waitFor();
    await screenshot(page, 'contact-create-energia-casa');
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption('minimo')]);
    await goto(page, `${baseUrl}/contacts/create`);
    await page.locator('.cm-contact-create').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Save and back' }).click();
    await page.locator('.cm-save-errors').waitFor();
    const stamp = `Crea${Date.now()}`;
    await page.locator('#cm_in_nome').fill(stamp);
    await page.locator('#cm_in_cognome').fill('Rossi');
    await page.getByRole('button', { name: 'Save and back' }).click();
    await page.getByText('Contact created').waitFor();
    await page.waitForURL(`${baseUrl}/contacts/list`, { timeout: 10_000 });
    const rows = await api<Row[]>(page, 'POST', '/api/cntmng/contact/search/minimo', { page: 0, length: 100, dataModelFilters: { inputs: { nome: stamp } } });
    expect(rows).toHaveLength(1);
  });

  it('keeps unsaved edits through a session expiry and offers them back after signing in again', async () => {
    browser = await openBrowser({ width: 1369, height: 900 });
    const { page } = browser;
    await useWorkspace(page, shortTimeout.workspaceId);
    const row = await workableContact(page, shortTimeout.workspaceId, 2);
    await openShow(page, row.id);
    const typed = `bozza ${Date.now()}`;
    await page.locator('#cm_in_note').fill(typed);
    await page.locator('#cm-notes').fill('nota in bozza');
    // idle until the session expires: the app signs out and goes to /login
    await page.waitForURL(`${baseUrl}/login`, { timeout: shortTimeout.ms + 15_000 });
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
    await page.locator('#cm-page-title').waitFor();
    if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== shortTimeout.workspaceId) {
      await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(shortTimeout.workspaceId)]);
      await page.locator('#cm-page-title').waitFor();
    }
    await openShow(page, row.id);
    await page.getByText('Unsaved changes found').waitFor();
    expect(await page.locator('#cm_in_note').inputValue()).not.toBe(typed);
    await screenshot(page, 'contact-show-draft-offer');
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.locator('#cm_in_note').inputValue()).toBe(typed);
    expect(await page.locator('#cm-notes').inputValue()).toBe('nota in bozza');
    await page.locator('#cm-state').selectOption({ index: 0 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.bp6-toast').filter({ hasText: 'Contact saved' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('contact-manager.draft.')))).toEqual([]);
    const saved = await api<Row>(page, 'GET', `/api/cntmng/contact/${row.id}`);
    expect(saved.inputs.note).toBe(typed);
  });
});
