import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { closeWithEscape, enterWorkspace, goto, openBrowser, screenshot, signIn, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * The Workspaces tab of /workspaceconfig in Chromium against the real server (issue 13): an admin breaks the minimo
 * workspace in the CodeMirror editor (a group naming a missing field), sees the problem with its pointer and Publish
 * disabled, then a dependency naming a missing field, fixes it, adds a group and changes a label, publishes with a
 * comment and sees the version go up; then imports a brand-new workspace from its workspace.json and data-model.json
 * and saves a contact in it.
 */

const { baseUrl, shortTimeout } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

/**
 * minimo's documents as the server was seeded with them: global setup shortened the workspace's sessionTimeout in its
 * copy of the fixtures (the expiry tests rely on it), so a publish of the repository's file alone would undo that for
 * every browser test after this one.
 */
const fixture = (name: string): Record<string, unknown> => {
  const document = JSON.parse(readFileSync(resolve(__dirname, `../../fixtures/workspaces/minimo/${name}.json`), 'utf8')) as Record<string, unknown>;
  return name === 'workspace' && shortTimeout.workspaceId === 'minimo' ? { ...document, sessionTimeout: shortTimeout.ms } : document;
};
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

async function openWorkspaceConfig(page: Page) {
  await signIn(page, baseUrl, 'admin');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  await goto(page, `${baseUrl}/workspaceconfig`);
  await page.getByRole('heading', { name: 'Workspace configuration' }).waitFor();
  await tableSettled(page);
}

const table = (page: Page) => page.locator('.cm-workspaces-tab__table');
const tableSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.cm-workspaces-tab__table')?.getAttribute('aria-busy') === 'false' && !!document.querySelector('.cm-workspaces-tab__table tbody tr'), undefined, { timeout: 20_000 });
const rowOf = (page: Page, id: string) => table(page).locator(`tr[data-row-id="${id}"]`);
const versionOf = async (page: Page, id: string) => Number(await rowOf(page, id).locator('td[data-column="version"]').innerText());

/** A document's tab (its name also counts the document's errors). */
const documentTab = (page: Page, document: 'workspace' | 'dataModel') => page.locator(`[role="tab"][data-tab-id="${document}"]`);

/** Replaces a document's whole text in its CodeMirror editor, as a paste would. */
async function replaceText(page: Page, document: 'workspace' | 'dataModel', text: string) {
  await documentTab(page, document).click();
  const content = page.locator(`.cm-json-editor[data-document="cm-config-editor-${document}"] .cm-content`);
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const publishButton = (page: Page) => page.locator('.cm-config-editor__toolbar').getByRole('button', { name: 'Publish' });

describe('/workspaceconfig in Chromium', () => {
  it('shows a broken draft with its pointer and Publish off, then publishes the fixed one with a comment', async () => {
    browser = await openBrowser({ width: 1400, height: 1000 });
    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await openWorkspaceConfig(page);
    expect(await page.getByRole('tab', { name: 'Workspaces' }).getAttribute('aria-selected')).toBe('true');
    const before = await versionOf(page, 'minimo');

    await rowOf(page, 'minimo').getByRole('button', { name: 'Edit Minimo' }).click();
    await page.waitForURL((url) => url.searchParams.get('edit') === 'minimo');
    await page.locator('.cm-json-editor .cm-content').first().waitFor({ timeout: 20_000 });
    await page.getByText('No problems').waitFor({ timeout: 20_000 });
    expect(await publishButton(page).isDisabled()).toBe(true);

    // the schema's descriptions on hover, its keys as completions
    const workspaceEditor = page.locator('.cm-json-editor[data-document="cm-config-editor-workspace"]');
    const key = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('[data-document="cm-config-editor-workspace"] .cm-content') as Node, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf('manual') ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 'manual'.length);
        const rect = range.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      }
      return null;
    });
    expect(key).not.toBeNull();
    await page.mouse.move(key!.x, key!.y);
    await page.locator('.cm-tooltip-hover', { hasText: 'Whether an agent may choose the state' }).waitFor({ timeout: 10_000 });
    await workspaceEditor.locator('.cm-line', { hasText: '"id": "minimo"' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"', { delay: 20 });
    await page.locator('.cm-tooltip-autocomplete', { hasText: 'viewsConfig' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');

    // a group naming a field the data model lacks
    const workspace = fixture('workspace');
    await replaceText(page, 'workspace', pretty({ ...workspace, groupsInputs: [{ label: 'Anagrafica', fields: ['nome', 'manca'] }] }));
    const problem = page.locator('.cm-problems__item[data-severity="error"]').first();
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.getAttribute('data-pointer')).toMatch(/^\/groupsInputs\/0\/fields/);
    expect(await problem.innerText()).toContain('/groupsInputs/0/fields');
    expect(await publishButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'workspace-config-problem');

    // a click on the problem puts the cursor in the workspace document
    await documentTab(page, 'dataModel').click();
    await problem.click();
    expect(await documentTab(page, 'workspace').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-json-editor')?.getAttribute('data-document'))).toBe('cm-config-editor-workspace');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toContain('manca');

    // a dependency naming a field the data model lacks: the problem at the dependency's pointer, Publish off
    await replaceText(page, 'workspace', pretty({ ...workspace, enumConfig: { inputs: { nome: { remoteValues: true } } }, inputDependencies: { nome: ['manca'] } }));
    const dependency = page.locator('.cm-problems__item[data-severity="error"][data-rule="dependency-child-missing"]');
    await dependency.waitFor({ timeout: 10_000 });
    expect(await dependency.getAttribute('data-pointer')).toBe('/inputDependencies/nome/0');
    expect(await dependency.innerText()).toContain('/inputDependencies/nome/0');
    expect(await page.locator('.cm-problems__item[data-severity="error"]').count()).toBe(1);
    expect(await publishButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'workspace-config-dependency-problem');
    // and the editor underlines the dependency's value (the pointer read from the editor's own parse tree)
    expect(await workspaceEditor.locator('.cm-lintRange-error').allTextContents()).toEqual(['"manca"']);
    // the check ran in the editor's draft worker (the CSP lets the app's own worker start), not in the page
    expect(page.workers().map((worker) => worker.url()).filter((url) => /draft-check\.worker/.test(url))).toHaveLength(1);

    // a text that does not parse: a local problem with its line, Publish still off
    await replaceText(page, 'dataModel', '{ "id": "dm-minimo", ');
    const parseProblem = page.locator('.cm-problems__item[data-rule="json-parse"]');
    await parseProblem.waitFor();
    expect(await publishButton(page).isDisabled()).toBe(true);
    // said in the user's language, its place once: not Chromium's "Expected … in JSON at position 21 (line 1 column 22)"
    expect(await parseProblem.locator('.cm-problems__message').innerText()).toBe('Invalid JSON: a property name in double quotes was expected');
    expect(await parseProblem.innerText()).not.toMatch(/position/);

    // Discard draft asks first; Keep editing keeps the draft
    await page.locator('.cm-config-editor__toolbar').getByRole('button', { name: 'Discard draft' }).click();
    const discard = page.getByRole('alertdialog');
    await discard.getByText('Discard the draft? Your unpublished changes will be lost.').waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await parseProblem.count()).toBe(1);

    // fixed: every input field in the group, and a label changed
    const dataModel = fixture('data-model') as { model: Record<string, Record<string, unknown>> };
    await replaceText(page, 'workspace', pretty({ ...workspace, groupsInputs: [{ label: 'Anagrafica', fields: ['nome', 'cognome', 'telefono', 'note'] }] }));
    await replaceText(page, 'dataModel', pretty({ ...dataModel, model: { ...dataModel.model, note: { ...dataModel.model.note, label: 'Note interne' } } }));
    await page.getByText('No problems').waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('.cm-config-editor__toolbar button')].find((b) => b.textContent === 'Publish');
      return button instanceof HTMLButtonElement && !button.disabled;
    });

    // the draft survives a reload
    await page.reload();
    await page.locator('.cm-config-editor__restored').waitFor({ timeout: 20_000 });

    await page.locator('.cm-json-editor[data-document="cm-config-editor-workspace"] .cm-content').click();
    await page.keyboard.press('ControlOrMeta+s');
    const dialog = page.getByRole('dialog', { name: 'Publish minimo' });
    await dialog.waitFor();
    await dialog.getByText(/contacts (would no longer pass|still pass)/).waitFor({ timeout: 20_000 });
    await dialog.getByLabel('Comment').fill('Gruppo anagrafica e etichetta delle note');
    await screenshot(page, 'workspace-config-publish');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Version ${before + 1} published.`).waitFor({ timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Workspaces', exact: true }).click();
    await tableSettled(page);
    expect(await versionOf(page, 'minimo')).toBe(before + 1);
    expect(await rowOf(page, 'minimo').getByText('Draft', { exact: true }).count()).toBe(0);
    // the Versions action opens the versions of that workspace; Esc closes it
    await rowOf(page, 'minimo').getByRole('button', { name: 'Versions of Minimo' }).click();
    const versions = page.locator('.cm-versions');
    await closeWithEscape(page, versions);
    expect(await rowOf(page, 'minimo').locator('td[data-column="published"]').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by admin$/);
    expect(errors).toEqual([]);
  });

  it('imports a new workspace from its workspace.json and data-model.json: it joins the workspace selector, its list works and its create form saves a contact', async () => {
    browser = await openBrowser({ width: 1400, height: 1000 });
    const { page } = browser;
    await openWorkspaceConfig(page);
    const id = `e2e-import-${Date.now().toString(36)}`;
    // the two files as a workspace sits in fixtures/workspaces/<slug>/, with ids of its own
    const folder = join(mkdtempSync(join(tmpdir(), 'cm-e2e-import-')), id);
    mkdirSync(folder);
    writeFileSync(join(folder, 'workspace.json'), pretty({
      id, name: 'Importato E2E', dataModelId: `dm-${id}`, enabled: true,
      states: { APERTO: { label: 'Aperto', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } },
      entryState: 'APERTO', closingStates: ['CHIUSO'],
    }));
    writeFileSync(join(folder, 'data-model.json'), pretty({
      id: `dm-${id}`,
      model: { ragioneSociale: { label: 'Ragione sociale', required: true }, telefono: { label: 'Telefono', dataType: 'string' } },
      outputs: { esito: { label: 'Esito' } },
      modelContactProperty: 'telefono',
    }));
    expect(await page.getByLabel('Workspace', { exact: true }).locator(`option[value="${id}"]`).count()).toBe(0);
    await page.getByLabel('Files to import: one JSON with workspace and dataModel, or workspace.json and data-model.json').setInputFiles([join(folder, 'data-model.json'), join(folder, 'workspace.json')]);
    await page.getByText(`Workspace ${id} imported (version 1)`).waitFor({ timeout: 10_000 });
    await rowOf(page, id).waitFor();
    expect(await rowOf(page, id).innerText()).toContain(`dm-${id}`);
    // the navigation's selector offers it without a reload
    await page.getByLabel('Workspace', { exact: true }).locator(`option[value="${id}"]`).waitFor({ state: 'attached', timeout: 10_000 });

    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(id)]);
    await goto(page, `${baseUrl}/contacts/list`);
    await page.waitForFunction(() => document.querySelector('.cm-contacts-list__table')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 20_000 });
    expect(await page.locator('.cm-contacts-list__total').innerText()).toMatch(/\b0\b/);
    await goto(page, `${baseUrl}/contacts/create`);
    await page.locator('.cm-contact-create').waitFor({ timeout: 20_000 });
    const stamp = `Importata ${Date.now()}`;
    await page.locator('#cm_in_ragioneSociale').fill(stamp);
    await page.locator('#cm_in_telefono').fill('0212345678');
    await screenshot(page, 'workspace-config-imported-create');
    await page.getByRole('button', { name: 'Save and back' }).click();
    await page.getByText('Contact created').waitFor({ timeout: 10_000 });
    await page.waitForURL(`${baseUrl}/contacts/list`, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('.cm-contacts-list__table')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 20_000 });
    expect(await page.locator('.cm-contacts-list__total').innerText()).toMatch(/\b1\b/);
    const saved = await page.evaluate(async ({ workspaceId, name }) => {
      const response = await fetch(`/api/cntmng/contact/search/${workspaceId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 0, length: 10, dataModelFilters: { inputs: { ragioneSociale: name } } }),
      });
      return { status: response.status, body: (await response.json()) as { data: Array<{ inputs: Record<string, unknown> }> } };
    }, { workspaceId: id, name: stamp });
    expect(saved.status).toBe(200);
    expect(saved.body.data.map((contact) => contact.inputs)).toEqual([expect.objectContaining({ ragioneSociale: stamp, telefono: '0212345678' })]);
  });
});

/**
 * The Reports and Teams tabs as a team-leader (spec 1 §2, §6): "Reports-tab user management is editable only by admin
 * or team-leader", so in energia-casa the team-leader edits report rights of the users they may act on (a statistic
 * user of their team) while basic users stay off, their own row stays locked; in a workspace with profilingDisabled a
 * team-leader "cannot change anything": the Reports tab is read-only and the Teams tab's toggles and bulk buttons are off.
 */
describe('/workspaceconfig Reports and Teams tabs for a team-leader', () => {
  const stamp = Date.now().toString(36);
  const locked = `e2e-tl-${stamp}`;
  const statistic = `e2e_tl_stat_${stamp}`;
  const REPORT = 'Contatti per stato ed esito';

  const call = async (page: Page, method: 'POST' | 'GET', path: string, data?: unknown) => {
    const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'content-type': 'application/json' } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { data: unknown };
  };

  beforeAll(async () => {
    // as the admin: a statistic user in Milano Inbound, and a workspace with profilingDisabled that Milano Inbound reaches
    const admin = await openBrowser();
    try {
      await signInToWorkspace(admin.page, baseUrl, 'admin', 'energia-casa');
      await call(admin.page, 'POST', '/api/cntmng/user/signup', { username: statistic, role: 'middle', outsourcerId: 'o-nordcall', siteId: ['s-milano'], teamId: ['t-milano-inbound'] });
      await call(admin.page, 'POST', '/api/cntmng/workspaceconfig/workspaces', {
        workspace: {
          id: locked, name: 'Profilazione bloccata E2E', dataModelId: 'dm-minimo', enabled: true, profilingDisabled: true,
          states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } },
          entryState: 'NUOVO', closingStates: ['CHIUSO'],
          customReportConfig: [{ id: 'rep-stati', name: REPORT, renderAllowed: true, templateName: 'contacts_by_state_outcome_day', maxRange: 31 }],
        },
        dataModel: fixture('data-model'),
      });
      await call(admin.page, 'POST', '/api/cntmng/teams/associate', { teamIds: ['t-milano-inbound'], workspaceIds: [locked], action: 'enable' });
    } finally {
      await admin.close();
    }
  });

  const toggleOf = (page: Page, username: string) => page.getByRole('checkbox', { name: `${username}: Report ${REPORT} for ${username}` });
  async function reportsTab(page: Page) {
    await goto(page, `${baseUrl}/workspaceconfig?tab=reports`);
    await page.getByRole('heading', { name: 'Workspace configuration' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
  }
  async function searchUsers(page: Page, text: string) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/cntmng/user/search') && (response.request().postDataJSON() as { text?: string }).text === text);
    await page.getByRole('textbox', { name: 'Search username or role' }).fill(text);
    await answered;
    await page.waitForFunction(() => document.querySelector('.cm-profiling-table .cm-admin-table')?.getAttribute('aria-busy') === 'false');
  }

  it('in energia-casa the Reports tab is editable: a statistic user of their team toggles and is selectable, basic users and their own row do not', async () => {
    browser = await openBrowser({ width: 1400, height: 1000 });
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'teamleader', 'energia-casa');
    await reportsTab(page);
    await page.locator('.cm-profiling-table__bulk').waitFor();
    expect(await page.getByText('Only an admin or a team-leader changes report rights').count()).toBe(0);
    const enableSelected = page.locator('.cm-profiling-table__bulk').getByRole('button', { name: 'Enable selected' });
    const disableSelected = page.locator('.cm-profiling-table__bulk').getByRole('button', { name: 'Disable selected' });
    expect(await enableSelected.isDisabled()).toBe(true);

    await searchUsers(page, statistic);
    const toggle = toggleOf(page, statistic);
    expect(await toggle.isDisabled()).toBe(false);
    expect(await toggle.isChecked()).toBe(true);
    await page.locator('.cm-profiling-table tbody tr', { has: page.locator('td[data-column="username"]', { hasText: statistic }) }).getByRole('checkbox', { name: 'Select row' }).check();
    expect(await disableSelected.isDisabled()).toBe(false);
    await screenshot(page, 'workspace-config-reports-team-leader');
    await toggle.click({ force: true });
    await page.waitForFunction((name) => !(document.querySelector(`td[data-column="toggle"] input[aria-label^="${name}:"]`) as HTMLInputElement | null)?.checked, statistic);
    const allowed = await call(page, 'GET', '/api/cntmng/report/rep-stati/allowedUsers?workspaceId=energia-casa');
    expect(JSON.stringify(allowed.data)).not.toContain(statistic);
    await toggle.click({ force: true });
    await page.waitForFunction((name) => (document.querySelector(`td[data-column="toggle"] input[aria-label^="${name}:"]`) as HTMLInputElement | null)?.checked === true, statistic);

    // a basic user never has reports (always off); one's own row is never one's to change
    await searchUsers(page, 'agent');
    expect(await toggleOf(page, 'agent').isDisabled()).toBe(true);
    expect(await toggleOf(page, 'agent').isChecked()).toBe(false);
    await searchUsers(page, 'teamleader');
    expect(await toggleOf(page, 'teamleader').isDisabled()).toBe(true);
  });

  it('in a workspace with profilingDisabled the Reports tab is read-only and the Teams tab changes nothing', async () => {
    browser = await openBrowser({ width: 1400, height: 1000 });
    const { page } = browser;
    await signIn(page, baseUrl, 'teamleader');
    await enterWorkspace(page, locked);
    await reportsTab(page);
    await page.getByText('Only an admin or a team-leader changes report rights').waitFor();
    await page.waitForFunction(() => document.querySelector('.cm-profiling-table .cm-admin-table')?.getAttribute('aria-busy') === 'false' && !!document.querySelector('.cm-profiling-table tbody td[data-column="toggle"] input'), undefined, { timeout: 20_000 });
    expect(await page.locator('.cm-profiling-table__bulk').count()).toBe(0);
    const switches = page.locator('.cm-profiling-table tbody td[data-column="toggle"] input');
    expect(await switches.count()).toBeGreaterThan(0);
    for (const one of await switches.all()) expect(await one.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select row' }).count()).toBe(0);
    await screenshot(page, 'workspace-config-reports-read-only');

    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'teams');
    const inbound = page.getByRole('checkbox', { name: 'Milano Inbound: Team enabled for the workspace' });
    await inbound.waitFor({ timeout: 20_000 });
    expect(await inbound.isDisabled()).toBe(true);
    const toolbar = page.locator('.cm-teams-tab__toolbar');
    expect(await toolbar.getByRole('button', { name: 'Enable selected' }).isDisabled()).toBe(true);
    expect(await toolbar.getByRole('button', { name: 'Disable selected' }).isDisabled()).toBe(true);
    for (const one of await page.locator('.cm-teams-tab tbody').getByRole('checkbox', { name: 'Select row' }).all()) expect(await one.isDisabled()).toBe(true);
    // the association modal of the team: this workspace's toggle is off limits too
    await page.getByRole('button', { name: 'Workspaces of team Milano Inbound' }).click();
    const modal = page.locator('.cm-association-dialog');
    await modal.waitFor();
    const here = modal.getByRole('checkbox', { name: /^Profilazione bloccata E2E: / });
    await here.waitFor({ timeout: 20_000 });
    expect(await here.isDisabled()).toBe(true);
    await screenshot(page, 'workspace-config-teams-read-only');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
  });
});
