import type { Page } from '@playwright/test';
import { openBrowser, screenshot, signIn, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl, shortTimeout } = readE2eState();
let browser: BrowserSession;

beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser?.close();
});

const home = async () => {
  await browser.page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await browser.page.locator('#cm-page-title').waitFor();
};

describe('language', () => {
  it('Italian by default, and the choice is kept after a reload', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it-IT');
    await page.getByLabel('Lingua').selectOption('en-GB');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Language').inputValue()).toBe('en-GB');
    expect(await page.evaluate(() => localStorage.getItem('contact-manager.language'))).toBe('en-GB');
    await screenshot(page, 'login-en-GB');
  });
});

describe('403 and 404', () => {
  it('logged out: / goes to /login, and an unknown path shows the not-found page, then goes to /login', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.waitForURL(`${baseUrl}/login`);
    await page.locator('input[type=password]').first().waitFor();
  });

  it('an agent without the dashboard permission gets /403; /404 goes home after 2 s; unknown paths go home', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'agent');
    await home();
    const homePath = new URL(page.url()).pathname;
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/403`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await screenshot(page, 'forbidden-agent-dashboard');
    await page.goto(`${baseUrl}/404`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    // Timed from the moment the page is seen, before the screenshot (which alone can take a second on a loaded machine).
    const shownAt = Date.now();
    await screenshot(page, 'not-found');
    await page.waitForURL(`${baseUrl}${homePath}`);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(`${baseUrl}${homePath}`);
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}${homePath}`);
  });
});

describe('navigation bar', () => {
  it('under 768 px the items are in a drawer', async () => {
    await browser.close();
    browser = await openBrowser({ width: 600, height: 900 });
    const { page } = browser;
    await signIn(page, baseUrl, 'admin');
    await home();
    await screenshot(page, 'mobile-closed');
    expect(await page.getByRole('button', { name: 'Dashboard' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('.cm-nav-drawer');
    await drawer.getByRole('button', { name: 'Dashboard' }).waitFor();
    await drawer.getByRole('button', { name: 'admin · admin' }).waitFor();
    // let the slide-in transition finish before the picture
    await page.waitForFunction(() => (document.querySelector('.cm-nav-drawer')?.getBoundingClientRect().left ?? -1) >= 0);
    await page.waitForTimeout(300);
    await screenshot(page, 'mobile-drawer');
    await drawer.getByRole('button', { name: 'Dashboard' }).click();
    // The dashboard then names its tab in the address (?tab=): the path is what counts.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  });

  it('desktop bar: items, workspace switch with reload, breadcrumb', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'admin');
    await home();
    await screenshot(page, 'desktop-admin');
    const select = page.getByLabel('Workspace', { exact: true });
    await Promise.all([page.waitForEvent('load'), select.selectOption({ label: shortTimeout.workspaceName })]);
    await page.waitForFunction((id) => JSON.parse(localStorage.getItem('contact-manager.workspace') ?? '{}').id === id, shortTimeout.workspaceId);
    await page.locator('#cm-page-title').waitFor();
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(shortTimeout.workspaceId);
  });
});

describe('navigation bar at desktop widths', () => {
  /** Where each control of the bar sits: a second row shows as a top below the first row's, or a right edge past the window. */
  const barLayout = (page: Page) => page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.cm-navbar')!;
    const controls = Array.from(bar.querySelectorAll<HTMLElement>('button, select, .cm-nav-title'))
      // (a title hidden beside the logo is 1 px wide and still read)
      .filter((el) => el.getBoundingClientRect().width > 1)
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, top: Math.round(box.top), bottom: Math.round(box.bottom), right: Math.round(box.right) };
      });
    return { height: Math.round(bar.getBoundingClientRect().height), controls };
  });

  it('in Italian, with every menu item (energia-casa as admin), the bar keeps one row at 1024, 1280 and 1440 px', async () => {
    const { page } = browser;
    await signInToWorkspace(page, baseUrl, 'admin', 'energia-casa');
    // Italian labels are the longest
    await page.locator('.cm-navbar').getByLabel('Language').selectOption('it-IT');
    await page.getByRole('heading', { name: 'Contatti', exact: true }).waitFor();
    const bar = page.locator('.cm-navbar');
    const menu = bar.locator('nav.cm-nav-items');
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(200);
      await screenshot(page, `navbar-it-IT-${width}`);
      const { height, controls } = await barLayout(page);
      const firstRow = controls[0];
      // one row: every control's vertical middle inside the first one's box, and the bar no taller than one row
      expect(controls.filter((c) => (c.top + c.bottom) / 2 > firstRow.bottom || c.right > width).map((c) => c.name)).toEqual([]);
      expect(height).toBeLessThanOrEqual(60);
      // nothing given up: every menu item, and the workspace's full name (shortened on screen) in its title
      expect(await menu.getByRole('button').allInnerTexts()).toEqual(['Contatti', 'Dashboard', 'Gestione flussi', 'Eventi', 'Report', 'SMS']);
      expect(await bar.getByLabel('Workspace', { exact: true }).getAttribute('title')).toBe('Energia Casa - Vendita Luce e Gas');
      expect(await bar.getByLabel('Lingua').inputValue()).toBe('it-IT');
    }
  });
});

describe('session', () => {
  it(`an idle session expires with the 'SESSIONE SCADUTA' toast (in English, 'SESSION EXPIRED') and goes to /login`, async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'admin');
    await home();
    // Choosing the workspace is the user's last action: idleness counts from there.
    const idleFrom = Date.now();
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption({ label: shortTimeout.workspaceName })]);
    // No wait on the reloaded page's own state here: on a busy machine the 12 s can run out before it
    // would be seen, and the expiry clears it. The toast is what the user sees; it must come, and not early.
    await page.getByText('SESSION EXPIRED').waitFor({ timeout: shortTimeout.ms + 30_000 });
    await page.getByText('You will be redirected to the login page').waitFor();
    await screenshot(page, 'session-expired');
    // not before the timeout has passed since that action (a little slack for the toast's own timers)
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(shortTimeout.ms - 500);
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('contact-manager.loggedUser'))).toBeNull();
  });
});
