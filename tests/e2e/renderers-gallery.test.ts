/**
 * The fixture gallery in the real app (built SPA, real server, fixtures read from the server): an admin opens /gallery and walks every fixture's
 * forms per view, the list columns and the filters; other roles are refused (the harness serves the production build).
 */
import { goto, openBrowser, screenshot, signIn, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
let browser: BrowserSession;

beforeEach(async () => { browser = await openBrowser({ width: 1400, height: 900 }); });
afterEach(async () => { await browser?.close(); });

const signedIn = async (username: string) => {
  const { page } = browser;
  await signIn(page, baseUrl, username);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
};

describe('fixture gallery', () => {
  it('refuses a role other than admin with /403', async () => {
    const { page } = browser;
    await signedIn('agent');
    await goto(page, `${baseUrl}/gallery`);
    await page.waitForURL(`${baseUrl}/403`);
  });

  it('an admin sees every fixture in every view, with the list and its filters', async () => {
    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signedIn('admin');
    await goto(page, `${baseUrl}/gallery`);
    await page.getByRole('heading', { name: 'Fixture gallery' }).waitFor();
    // The fixtures come from the server (none ships in the bundle): the first one is on screen once they arrived.
    await page.locator('#cm-panel-INPUTS form.cm-form:not([aria-busy])').waitFor({ timeout: 20_000 });
    const slugs = await page.getByLabel('Fixture', { exact: true }).locator('option').allTextContents();
    expect(slugs).toEqual(expect.arrayContaining(['campagna-grande', 'energia-casa', 'minimo', 'sinistri-auto', 'sms-promo']));
    for (const slug of slugs) {
      await page.getByLabel('Fixture', { exact: true }).selectOption(slug);
      for (const view of ['show', 'edit', 'create', 'sms']) {
        await page.getByLabel('View', { exact: true }).selectOption(view);
        await page.getByRole('heading', { name: new RegExp(`^Form — ${view} / admin`) }).waitFor();
        await page.locator('#cm-panel-INPUTS form.cm-form:not([aria-busy])').waitFor({ timeout: 20_000 });
      }
      await page.getByRole('columnheader', { name: 'Availability' }).waitFor();
      await page.getByRole('search').waitFor();
      if (slug === 'sinistri-auto') await screenshot(page, 'gallery-sinistri-auto');
    }
    await page.getByRole('button', { name: 'Advanced filters' }).click();
    await page.getByRole('dialog', { name: 'Advanced filters' }).getByRole('button', { name: 'Apply' }).waitFor();
    expect(errors).toEqual([]);
  });
});
