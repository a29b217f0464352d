import type { LoggedUser } from '@domain/api/auth';
import type { Workspace } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import type { PermissionName } from '@domain/permissions';
import type { Role } from '@domain/roles';
import { can } from '@translator/can';
import { roleHomePath } from '@app/routes/screens';
import { translatePermissions } from '@translator/translate-permissions';
import { goto, openBrowser, screenshot, signIn, storedJson, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();

const HOME_PERMISSION: Record<string, PermissionName> = { '/contacts/list': 'list', '/dashboard': 'dashboard', '/reports': 'reports', '/sms': 'sms', '/events': 'events' };
/** The homes fixtures/workspaces/energia-casa configures per role. */
const ENERGIA_HOMES: Record<string, string> = {
  admin: '/contacts/list', manager: '/dashboard', 'site-manager': '/dashboard', 'team-leader': '/contacts/list', basic: '/contacts/list', middle: '/reports',
};
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const waitForHome = async (): Promise<string> => {
  const { page } = browser;
  await page.waitForURL((url) => !['/login', '/changepassword'].includes(url.pathname), { timeout: 20_000 });
  await page.getByRole('button', { name: /·/ }).first().waitFor();
  return new URL(page.url()).pathname;
};

const logOut = async () => {
  const { page } = browser;
  await page.getByRole('button', { name: /·/ }).first().click();
  await page.waitForURL(`${baseUrl}/login`);
};

describe('each demo user lands on their home', () => {
  it.each([
    ['admin', 'admin'],
    ['manager', 'manager'],
    ['sitemanager', 'site-manager'],
    ['teamleader', 'team-leader'],
    ['agent', 'basic'],
    ['statistic', 'middle'],
  ])('%s (%s)', async (username, role) => {
    const { page } = browser;
    await signIn(page, baseUrl, username);
    const path = await waitForHome();
    const user = await storedJson<LoggedUser>(page, STORAGE_KEYS.loggedUser);
    const workspace = await storedJson<Workspace>(page, STORAGE_KEYS.workspace);
    expect(user?.role).toBe(role);
    expect(workspace).not.toBeNull();
    expect(await storedJson(page, STORAGE_KEYS.dataModel)).not.toBeNull();
    // Home is the workspace's configured home; where the workspace does not open that view to the role, /403.
    const home = roleHomePath(workspace, role as Role);
    const rules = translatePermissions(workspace);
    const ctx = { user: { id: user?.id ?? '', username, role: role as Role }, workspace: workspace as unknown as Record<string, unknown> };
    expect(path).toBe(can(rules[HOME_PERMISSION[home] ?? 'list'], ctx) ? home : '/403');
    // In a workspace configuring every role (Energia Casa), '/' lands on the role's configured home.
    const energia = await page.getByLabel('Workspace', { exact: true }).locator('option', { hasText: 'Energia Casa' }).getAttribute('value');
    if (energia && energia !== workspace?.id) {
      // the switch stores the new workspace and reloads the page (spec 1 §4)
      await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(energia)]);
      expect((await storedJson<Workspace>(page, STORAGE_KEYS.workspace))?.id).toBe(energia);
    }
    await goto(page, `${baseUrl}/`);
    const energiaWorkspace = await storedJson<Workspace>(page, STORAGE_KEYS.workspace);
    const configuredHome = roleHomePath(energiaWorkspace, role as Role);
    // A home may name its state in the address (the dashboard adds ?tab=): the path is what counts.
    await page.waitForURL((url) => url.pathname === configuredHome);
    expect(configuredHome).toBe(ENERGIA_HOMES[role]);
    await page.locator('#cm-page-title').waitFor();
    const badge = `${username} · ${role === 'middle' ? 'statistic' : role}`;
    expect(await page.getByRole('button', { name: badge }).count()).toBeGreaterThan(0);
    if (role === 'admin' || role === 'team-leader') expect(await storedJson<unknown[]>(page, STORAGE_KEYS.agents)).not.toBeNull();
    else expect(await storedJson(page, STORAGE_KEYS.agents)).toBeNull();
    await screenshot(page, `home-${username}`);
    await logOut();
    expect(await storedJson(page, STORAGE_KEYS.loggedUser)).toBeNull();
    // the jwt cookie is expired on logout
    const cookies = await browser.context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === 'jwt')).toBeUndefined();
  });

  it('a system administrator chooses a group first', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'sysadmin');
    const group = page.getByLabel('Group');
    await group.waitFor();
    await screenshot(page, 'login-sysadmin-group');
    const options = await group.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(0);
    await group.selectOption(options[0]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForHome();
    expect((await storedJson<LoggedUser>(page, STORAGE_KEYS.loggedUser))?.groupId).toBe(options[0]);
    await logOut();
  });
});

describe('sign-in errors', () => {
  it('a wrong password shows LOGIN FAILED and stays on /login', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'manager', 'not-the-password');
    await page.getByText('LOGIN FAILED').waitFor();
    await page.getByText('Wrong username or password').waitFor();
    await screenshot(page, 'login-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('an empty form shows the required messages', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
  });

  it('a temporary password leads to /changepassword', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'temporaneo');
    await page.getByText('CHANGE PASSWORD REQUIRED').first().waitFor();
    await page.waitForURL(`${baseUrl}/changepassword`);
    expect(await page.getByLabel('Username').inputValue()).toBe('temporaneo');
  });

  it('an expired password leads to /changepassword, whose rules hold until a valid password signs the user in', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'scaduto');
    await page.getByText('CHANGE PASSWORD REQUIRED').first().waitFor();
    await page.waitForURL(`${baseUrl}/changepassword`);
    await screenshot(page, 'change-password-expired');
    const submit = page.getByRole('button', { name: 'Change password' });
    expect(await page.getByLabel('Username').inputValue()).toBe('scaduto');
    await page.getByLabel('Old password').fill('Demo2026!');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    const keys = () => page.locator('[data-testid="newPassword-errors"] [data-message-key]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-message-key')));
    expect(await keys()).toEqual(['newPasswordNeedsUpperCase', 'newPasswordNeedsDigit', 'newPasswordNeedsSpecialCharacter', 'newPasswordTooShort']);
    await page.getByLabel('Confirm new password').fill('abd');
    await page.locator('[data-message-key="oldPasswordAndNewPasswordDontMatch"]').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'change-password-rules');
    await page.getByLabel('New password', { exact: true }).fill('Scaduto2026!');
    await page.getByLabel('Confirm new password').fill('Scaduto2026!');
    expect(await keys()).toEqual([]);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await waitForHome();
    expect((await storedJson<LoggedUser>(page, STORAGE_KEYS.loggedUser))?.username).toBe('scaduto');
    expect(await storedJson(page, STORAGE_KEYS.dataModel)).not.toBeNull();
    await logOut();
    // the new password now works on the login page
    await signIn(page, baseUrl, 'scaduto', 'Scaduto2026!');
    await waitForHome();
    await logOut();
  });
});
