import type { Page } from '@playwright/test';
import { clickUntilShown, enterWorkspace, goto, openBrowser, screenshot, signIn, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * The whole app under its Content-Security-Policy, in real Chromium against the production bundle: any violation the
 * browser reports (a console message or a securitypolicyviolation event, in the page or a frame) fails the test.
 */
const { baseUrl } = readE2eState();

let browser: BrowserSession;
const violations: string[] = [];
const pageErrors: string[] = [];

/** Collects violations in every document the context opens, frames included, before any of its scripts run. */
const watchViolations = async (page: Page) => {
  await page.context().exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
};

beforeAll(async () => {
  browser = await openBrowser({ width: 1369, height: 900 });
  await watchViolations(browser.page);
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
  const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

describe('the app under its Content-Security-Policy', () => {
  it('is served with a policy that allows no inline, foreign or eval\'d script', async () => {
    const response = await browser.page.request.get(`${baseUrl}/login`);
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1].trim().split(/\s+/);
    expect(scriptSources).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
  });

  it('signs in, lists, opens and edits a contact, shows the gallery and the embed host page without a violation', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
    await page.locator('#cm-page-title').waitFor();

    await goto(page, `${baseUrl}/contacts/list`);
    await page.getByRole('table').first().waitFor({ timeout: 20_000 });

    const workspaceId = (await api<{ workspaceId: string | null }>(page, 'GET', '/api/auth/session')).workspaceId;
    const [contact] = await api<Array<{ id: string }>>(page, 'POST', `/api/cntmng/contact/search/${workspaceId}`, { page: 0, length: 1 });
    await goto(page, `${baseUrl}/contacts/show/${contact.id}`);
    await page.locator('.cm-contact-show').waitFor({ timeout: 20_000 });

    // Typing validates the field: the form's validators must run without eval.
    await goto(page, `${baseUrl}/contacts/edit/${contact.id}`);
    const field = page.locator('form.cm-form input[type="text"]:not([readonly]):not([disabled])').first();
    await field.waitFor({ timeout: 20_000 });
    await field.fill('x');
    await field.fill('');
    await page.waitForTimeout(500);

    await goto(page, `${baseUrl}/gallery`);
    await page.getByRole('heading', { name: 'Fixture gallery' }).waitFor({ timeout: 20_000 });
    await page.locator('#cm-panel-INPUTS form.cm-form:not([aria-busy])').waitFor({ timeout: 20_000 });
    // Every form rendered in full (campagna-grande's outputs too), so that the filter button below them stays put.
    await page.waitForFunction(() => !document.querySelector('form.cm-form[aria-busy]'), undefined, { timeout: 30_000 });
    const apply = page.getByRole('dialog', { name: 'Advanced filters' }).getByRole('button', { name: 'Apply' });
    // Should the panel not open, the failure says where the page was and what it threw, with a screenshot.
    await clickUntilShown(page.getByRole('button', { name: 'Advanced filters' }), apply).catch(async (error: Error) => {
      await screenshot(page, 'csp-gallery-filters-failed');
      throw new Error(`${error.message}\nat ${page.url()}; page errors: ${JSON.stringify(pageErrors)}; violations: ${JSON.stringify(violations)}`);
    });

    const host = `${baseUrl}/embed-host.html?${new URLSearchParams({ callerid: '3339990000', campaign: 'promo-natale', agent: 'agent', workspaceId: 'sms-promo', contactId: 'unknown', autoload: '1' })}`;
    await goto(page, host);
    await page.frameLocator('#app-frame').locator('body *').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000);

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows every other screen, the configuration editor with its preview included, without a violation', async () => {
    const { page } = browser;
    // Each screen in a workspace that has what it shows (custom reports in energia-casa, SMS templates in sms-promo).
    await page.context().clearCookies();
    await signInToWorkspace(page, baseUrl, 'admin', 'energia-casa');
    const shown: string[] = [];
    for (const [workspaceId, paths] of [['energia-casa', ['/contacts/create', '/dashboard', '/events', '/reports', '/flowsmanagement', '/setting']], ['sms-promo', ['/sms']]] as const) {
      await enterWorkspace(page, workspaceId);
      for (const path of paths) {
        await goto(page, `${baseUrl}${path}`);
        await page.locator('#cm-page-title').waitFor({ timeout: 20_000 }).catch((error: Error) => { throw new Error(`${path} (${page.url()}): ${error.message}`); });
        await page.waitForTimeout(1_000);
        shown.push(new URL(page.url()).pathname);
      }
    }
    // Each screen was shown, not turned away.
    expect(shown).toEqual(['/contacts/create', '/dashboard', '/events', '/reports', '/flowsmanagement', '/setting', '/sms']);

    await goto(page, `${baseUrl}/workspaceconfig`);
    await page.getByRole('button', { name: 'Edit SMS Promo Fedeltà' }).click();
    await page.locator('.cm-json-editor .cm-content').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(2_000);

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
