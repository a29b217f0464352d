import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { goto, openBrowser, screenshot, signIn, storedJson, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * /setting in Chromium against the real server (spec 1 §2, §4, §5, §8, §9): the create-user wizard end to end, lock
 * then unlock, the bulk load with the sample file and its saved answer, and what a team-leader is shown.
 */

const { baseUrl } = readE2eState();
let browser: BrowserSession;
afterEach(async () => {
  await browser?.close();
});

const SAMPLE = resolve(__dirname, '../../fixtures/users-bulk-sample.csv');
const PASSWORD_RULES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*]/, /^.{8,}$/];

/** Signs in, moves to the workspace (a switch reloads the page) and opens /setting with its table answered. */
async function openSetting(page: Page, username: string, workspaceId: string) {
  await signIn(page, baseUrl, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  if ((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id !== workspaceId) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId)]);
  }
  await goto(page, `${baseUrl}/setting`);
  await settled(page);
}

const table = (page: Page) => page.locator('.cm-setting__table');
const settled = async (page: Page) => {
  await page.getByRole('heading', { name: 'Users settings' }).waitFor();
  await page.waitForFunction(() => document.querySelector('.cm-setting__table')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 20_000 });
};
const rowOf = (page: Page, username: string): Locator => table(page).locator('tbody tr').filter({ has: page.locator('td[data-column="username"]', { hasText: new RegExp(`^${username}$`) }) });
const statusOf = (page: Page, username: string) => rowOf(page, username).locator('[data-status]').getAttribute('data-status');

async function searchFor(page: Page, text: string) {
  // the filter waits 300 ms after typing, then asks the server: wait for the answer to this text
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/cntmng/user/search') && (response.request().postDataJSON() as { text?: string }).text === text);
  await page.getByRole('textbox', { name: 'Search username or role' }).fill(text);
  await answered;
  await settled(page);
}

describe('/setting in Chromium', () => {
  it('creates a user with the 3-step wizard: availability, step rules, the password shown once, the table reloaded', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openSetting(page, 'admin', 'energia-casa');
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.waitFor();
    const next = dialog.getByRole('button', { name: 'Next' });

    // step 1: a taken username says so after the 500 ms pause, and Next stays off
    await dialog.getByLabel('Username').fill('agent');
    await dialog.getByText('This username is already used').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Username').fill('e2e nuovo');
    await dialog.getByText('Only letters, digits, underscore and hyphen are allowed').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Username').fill('e2e_nuovo');
    await dialog.getByText('Username available').waitFor();
    // Enter in the username goes on, as Next does
    await dialog.getByLabel('Username').press('Enter');
    await dialog.getByLabel('Role').waitFor();

    // step 2: complete only once the role and its place are chosen
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Role').selectOption('basic');
    await dialog.getByLabel('Outsourcer').selectOption('o-sudservice');
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Call centers' }).click();
    await page.getByRole('option', { name: 'Napoli Direzionale' }).click();
    await page.keyboard.press('Escape');
    expect(await next.isDisabled()).toBe(true);
    // the pickers are form fields like Role: each below its own label, as wide as the Role select, one under the other
    const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
    const [role, sites, teams] = await Promise.all([dialog.getByLabel('Role'), dialog.getByRole('button', { name: 'Call centers' }), dialog.getByRole('button', { name: 'Teams' })].map(boxOf));
    const sitesLabel = await boxOf(dialog.locator('.cm-multipick__label', { hasText: 'Call centers' }));
    expect(sitesLabel.y + sitesLabel.height).toBeLessThanOrEqual(sites.y);
    expect(Math.abs(sites.width - role.width)).toBeLessThan(2);
    expect(teams.y).toBeGreaterThan(sites.y + sites.height + 10);
    await screenshot(page, 'setting-wizard-place');
    await dialog.getByRole('button', { name: 'Teams' }).click();
    await page.getByRole('option', { name: 'Napoli Sales' }).click();
    await page.keyboard.press('Escape');
    await next.click();

    // step 3: the summary, then save; the temporary password shows once, Back and Save are gone
    await dialog.locator('[data-summary="username"]', { hasText: 'e2e_nuovo' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const password = dialog.getByRole('textbox', { name: 'Temporary password' });
    await password.waitFor();
    const value = await password.inputValue();
    for (const rule of PASSWORD_RULES) expect(value).toMatch(rule);
    // shown only now: neither Escape nor a click outside closes it
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(500);
    expect(await password.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    // the confirmation goes after 3 s
    await dialog.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 5_000 });
    await screenshot(page, 'setting-wizard-password');

    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
    await searchFor(page, 'e2e_nuovo');
    expect(await statusOf(page, 'e2e_nuovo')).toBe('tmp-psw');
    expect(await rowOf(page, 'e2e_nuovo').locator('td[data-column="teamNames"]').innerText()).toBe('Napoli Sales');
  });

  it('locks a user, then unlocks them with a new temporary password', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openSetting(page, 'admin', 'energia-casa');
    // Its own user (the e2e database is shared: locking a seeded user would break the sign-in tests), made active by
    // changing its temporary password.
    const signup = await page.request.post(`${baseUrl}/api/cntmng/user/signup`, {
      headers: { origin: baseUrl },
      data: { username: 'e2e_lockme', role: 'basic', outsourcerId: 'o-sudservice', siteId: ['s-napoli'], teamId: ['t-napoli-sales'] },
    });
    expect(signup.status()).toBe(200);
    const { password: temporary } = ((await signup.json()) as { data: { password: string } }).data;
    // Outside the browser: a password change signs its user in, which would replace the admin's session cookie.
    const changed = await fetch(`${baseUrl}/api/auth/signin/pass-change`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'e2e_lockme', oldPassword: temporary, newPassword: 'Bloccami#2026' }),
    });
    expect(changed.status).toBe(200);
    await searchFor(page, 'e2e_lockme');
    expect(await statusOf(page, 'e2e_lockme')).toBe('active');

    await rowOf(page, 'e2e_lockme').getByRole('button', { name: 'Lock e2e_lockme' }).click();
    const lock = page.getByRole('dialog', { name: 'Lock user' });
    await lock.getByRole('button', { name: 'Lock' }).click();
    await page.locator('.cm-toast', { hasText: 'User locked' }).waitFor();
    await lock.waitFor({ state: 'detached' });
    await settled(page);
    expect(await statusOf(page, 'e2e_lockme')).toBe('disabled');

    await rowOf(page, 'e2e_lockme').getByRole('button', { name: 'Unlock e2e_lockme' }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock user' });
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    const password = await unlock.getByRole('textbox', { name: 'Temporary password' }).inputValue();
    for (const rule of PASSWORD_RULES) expect(password).toMatch(rule);
    await unlock.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await settled(page);
    expect(await statusOf(page, 'e2e_lockme')).toBe('tmp-psw');
    await screenshot(page, 'setting-unlocked');
  });

  it('bulk-loads the sample file with a progress bar and a summary, and saves the answer', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openSetting(page, 'admin', 'energia-casa');
    const load = async () => {
      await page.getByRole('button', { name: 'Bulk load' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk load of users' });
      await dialog.locator('input[type="file"]').setInputFiles(SAMPLE);
      await dialog.getByRole('button', { name: 'Send' }).click();
      const summary = await dialog.locator('.cm-bulk-dialog__summary').innerText();
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /^Save signup-\d{14}\.csv$/ }).click()]);
      const saved = readFileSync(await download.path(), 'utf8');
      await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
      await settled(page);
      return { summary, filename: download.suggestedFilename(), lines: saved.split('\r\n').filter(Boolean) };
    };

    const first = await load();
    expect(first.summary).toBe('Rows ok: 6 · Rows rejected: 0');
    expect(first.filename).toMatch(/^signup-\d{14}\.csv$/);
    expect(first.lines[0]).toBe('row;username;result;message');
    expect(first.lines.slice(1).map((line) => line.split(';').slice(0, 3).join(';'))).toEqual([
      '2;giulia_bianchi;OK', '3;luca-verdi;OK', '4;anna_neri;OK', '5;paolo_gallo;OK', '6;sara_costa;OK', '7;marco_ferri;OK',
    ]);
    await searchFor(page, 'giulia_bianchi');
    expect(await statusOf(page, 'giulia_bianchi')).toBe('tmp-psw');

    // the same file again creates nobody
    const second = await load();
    expect(second.summary).toBe('Rows ok: 0 · Rows rejected: 6');
    expect(second.lines.slice(1).map((line) => line.split(';').slice(1).join(';'))).toEqual(
      ['giulia_bianchi', 'luca-verdi', 'anna_neri', 'paolo_gallo', 'sara_costa', 'marco_ferri'].map((username) => `${username};ERROR;user name already used`),
    );
  });

  it("refuses a file that is not a CSV with the spec's message, before sending it", async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openSetting(page, 'admin', 'energia-casa');
    await page.getByRole('button', { name: 'Bulk check' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk check of users' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await dialog.getByText('UNSUPPORTED FILE').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });

  it('shows a team-leader no admin actions, only their teams, and no row they may not manage', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page } = browser;
    await openSetting(page, 'teamleader', 'energia-casa');
    expect(await page.getByRole('button', { name: 'Bulk load' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bulk check' }).count()).toBe(0);
    // no organisation lists for a team-leader (spec 1 §6)
    expect(await page.getByRole('group', { name: 'Organization' }).count()).toBe(0);
    const names = await table(page).locator('td[data-column="username"]').allInnerTexts();
    expect(names).toContain('agent');
    expect(names).not.toContain('admin');
    // their own row: every action off
    for (const name of ['Reset password of teamleader', 'Lock teamleader', 'Workspaces of teamleader']) {
      expect(await rowOf(page, 'teamleader').getByRole('button', { name }).isDisabled()).toBe(true);
    }
    expect(await rowOf(page, 'agent').getByRole('button', { name: 'Lock agent' }).isDisabled()).toBe(false);
    await screenshot(page, 'setting-team-leader');
  });
});
