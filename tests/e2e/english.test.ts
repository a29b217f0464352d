/**
 * Every screen in en-US and in en-GB (issue 17 item 3), the embedded entry included: no text of the Italian catalogues that English translates differently
 * (texts the spec fixes in Italian are the same in both catalogues, so they pass), whole or with its placeholders
 * filled, as text or as an input's placeholder, and no raw key (of either catalogue) or property name.
 * The workspace's own labels and the contacts' values (Italian in the fixtures) are not product text: they are left out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { CATALOGUES } from '@renderers/i18n/messages';
import { en } from '@app/i18n/en';
import { enScreens } from '@app/i18n/en-screens';
import { itIT } from '@app/i18n/it-IT';
import { itITScreens } from '@app/i18n/it-IT-screens';
import { enUSScreens } from '@app/i18n/en-US-screens';
import { goto, openBrowser, screenshot, signIn, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

const { baseUrl } = readE2eState();
const root = resolve(__dirname, '../..');

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));

const english = new Map(leaves({ ...en, ...enScreens } as unknown as Tree));
const italian = { ...itIT, ...itITScreens } as unknown as Tree;
const appKeys = [...english.keys()];
/** Every English text, US spellings included: a word both languages use ('Outsourcer', 'Team', 'Call center') is not Italian-only even where a key differs. */
const englishTexts = new Set([...english.values(), ...leaves(enUSScreens as unknown as Tree).map(([, text]) => text), ...Object.values(CATALOGUES['en-US'] as Record<string, string>), ...Object.values(CATALOGUES['en-GB'] as Record<string, string>)]);
/** Italian texts whose English differs; placeholders and very short words (ID, SMS) left out. */
const italianOnly = new Set([
  ...leaves(italian).filter(([key, it]) => english.get(key) !== it).map(([, it]) => it),
  ...Object.entries(CATALOGUES['it-IT']).filter(([key, it]) => (CATALOGUES['en-US'] as Record<string, string>)[key] !== it).map(([, it]) => it),
  ...Object.entries(CATALOGUES['it-IT']).filter(([key, it]) => (CATALOGUES['en-GB'] as Record<string, string>)[key] !== it).map(([, it]) => it),
].filter((text) => text.length > 3 && !text.includes('{') && !englishTexts.has(text)));

/**
 * Italian texts with placeholders ('Pagina {{page}} di {{pages}}', '{n} selezionati') as patterns over the visible
 * text, the placeholders matching anything; only those whose English differs and that keep some Italian words.
 */
const PLACEHOLDER = /\{\{?\s*[\w.]+\s*\}\}?/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withPlaceholders = [
  ...leaves(italian).filter(([key, it]) => english.get(key) !== it),
  ...Object.entries(CATALOGUES['it-IT']).filter(([key, it]) => (CATALOGUES['en-US'] as Record<string, string>)[key] !== it),
].map(([, it]) => it).filter((text) => text.includes('{') && text.replace(PLACEHOLDER, '').replace(/[^\p{L}]/gu, '').length > 3);
const italianPatterns = withPlaceholders.map((text) => ({
  text,
  pattern: new RegExp(`^${text.split(PLACEHOLDER).map(escapeRegex).join('.+?')}$`, 'su'),
}));
const englishWithPlaceholders = [...englishTexts].filter((text) => text.includes('{'));
/** A text matching an Italian pattern that an English text of the same shape also matches is not Italian-only. */
const italianPatternOf = (text: string): string | undefined => {
  if (englishTexts.has(text)) return undefined;
  const hit = italianPatterns.find(({ pattern }) => pattern.test(text));
  if (!hit) return undefined;
  const alsoEnglish = englishWithPlaceholders.some((en) => new RegExp(`^${en.split(PLACEHOLDER).map(escapeRegex).join('.+?')}$`, 'su').test(text));
  return alsoEnglish ? undefined : hit.text;
};
/** Every catalogue key of the app and the renderers: shown as text, it is a missing translation. */
const allKeys = new Set([...appKeys, ...Object.keys(CATALOGUES['en-US']), ...Object.keys(CATALOGUES['en-GB'])]);

/** Every string of the fixtures (workspace labels, enum values, contact data): the workspace's own words. */
const workspaceWords = new Set<string>();
const collect = (value: unknown): void => {
  if (typeof value === 'string') workspaceWords.add(value.trim());
  else if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') Object.values(value).forEach(collect);
};
const fixturesDir = join(root, 'fixtures', 'workspaces');
for (const slug of readdirSync(fixturesDir)) {
  for (const file of ['workspace.json', 'data-model.json', 'contacts.json', 'enums.json']) {
    try { collect(JSON.parse(readFileSync(join(fixturesDir, slug, file), 'utf8'))); } catch { /* a fixture without that file */ }
  }
}
collect(JSON.parse(readFileSync(join(root, 'fixtures', 'organisation.json'), 'utf8')));

const RAW_KEY = /^(?:[a-z][\w-]*\.)+[\w-]+$|^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

/** The visible text nodes of the page and the open overlays, trimmed, and the placeholders of visible inputs. */
const visibleTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (input.offsetParent !== null && input.placeholder.trim()) out.push(input.placeholder.trim());
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      out.push(text);
    }
    return out;
  });

const problemsOn = async (page: Page, screen: string): Promise<string[]> => {
  const problems: string[] = [];
  for (const text of await visibleTexts(page)) {
    if (workspaceWords.has(text)) continue;
    // a label before its value ('Stato:') is the catalogue's text with a colon
    const bare = text.replace(/\s*[:：]$/, '');
    const pattern = italianPatternOf(text);
    if (italianOnly.has(text) || italianOnly.has(bare)) problems.push(`${screen}: Italian text "${text}"`);
    else if (pattern) problems.push(`${screen}: Italian text "${text}" (from "${pattern}")`);
    else if (RAW_KEY.test(text) && (allKeys.has(text) || !text.includes('.'))) problems.push(`${screen}: raw key "${text}"`);
  }
  return problems;
};

let browser: BrowserSession;
beforeAll(async () => { browser = await openBrowser({ width: 1366, height: 900 }); });
afterAll(async () => { await browser?.close(); });

const contactOf = async (page: Page, workspaceId: string): Promise<string> => {
  const response = await page.request.fetch(`${baseUrl}/api/cntmng/contact/search/${workspaceId}`, { method: 'POST', data: { page: 0, length: 5 }, headers: { 'content-type': 'application/json' } });
  const rows = ((await response.json()) as { data: Array<{ id: string; closed: boolean }> }).data;
  return (rows.find((row) => !row.closed) ?? rows[0]).id;
};

/** Signs admin in, in `locale` (the sign-in itself is in en-US; the language is switched with a full load). */
const signInAs = async (page: Page, locale: 'en-US' | 'en-GB') => {
  await signIn(page, baseUrl, 'admin');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.locator('#cm-page-title').waitFor();
  if (locale !== 'en-US') {
    await page.evaluate((language) => localStorage.setItem('contact-manager.language', language), locale);
    await goto(page, page.url());
    await page.locator('#cm-page-title').waitFor();
  }
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
};

/** Every screen an admin reaches, in `locale`: the problems found, each named by screen and locale. */
const everyScreen = async (page: Page, locale: 'en-US' | 'en-GB'): Promise<string[]> => {
  const problems: string[] = [];
  const check = async (screen: string) => problems.push(...(await problemsOn(page, `${locale} ${screen}`)));
  await signInAs(page, locale);
  const workspaceId = ((await page.evaluate(() => JSON.parse(localStorage.getItem('contact-manager.workspace') ?? '{}'))) as { id: string }).id;

  await goto(page, `${baseUrl}/contacts/list`);
  await page.getByRole('columnheader').first().waitFor({ timeout: 20_000 });
  await page.locator('.cm-kpi__item').first().waitFor();
  await check('list');
  await page.getByRole('button', { name: 'Advanced filters' }).click();
  await page.getByRole('dialog', { name: 'Advanced filters' }).getByRole('button', { name: 'Apply' }).waitFor();
  await check('list filters');
  await screenshot(page, `english-list-filters-${locale}`);
  await page.keyboard.press('Escape');

  const id = await contactOf(page, workspaceId);
  for (const [screen, path, ready] of [
    ['show', `/contacts/show/${id}`, '.cm-contact-show'],
    ['edit', `/contacts/edit/${id}`, 'form.cm-form:not([aria-busy])'],
    ['create', '/contacts/create', 'form.cm-form:not([aria-busy])'],
    ['gallery', '/gallery', '#cm-panel-INPUTS form.cm-form:not([aria-busy])'],
    ['change password', '/changepassword', 'form'],
  ] as const) {
    await goto(page, `${baseUrl}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    await check(screen);
  }
  for (const path of ['/dashboard', '/events', '/reports', '/sms', '/flowsmanagement', '/setting', '/workspaceconfig', '/403', '/no-such-page']) {
    await goto(page, `${baseUrl}${path}`);
    await page.locator('#cm-page-title, h1, h2, h3, h4').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await check(path);
  }

  // the embedded entry (last: it keeps the call's data in the session) with its disposition dialog
  await goto(page, `${baseUrl}/contacts/embed/${id}/e2e-campaign/admin/guid-english-${locale}/3330000000/${workspaceId}`);
  await page.locator('.cm-embed .cm-contact-show').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await check('embed');
  await page.locator('.cm-embed__bar button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForLoadState('networkidle');
  await check('embed disposition');
  await screenshot(page, `english-embed-disposition-${locale}`);
  await page.keyboard.press('Escape');
  return problems;
};

describe('every screen in English', () => {
  it('en-US shows no Italian product text and no raw key (admin: list with its filter drawer, show, edit, create, gallery, embed, the other screens)', async () => {
    expect(await everyScreen(browser.page, 'en-US')).toEqual([]);
  }, 180_000);

  it('en-GB likewise', async () => {
    expect(await everyScreen(browser.page, 'en-GB')).toEqual([]);
  }, 180_000);

  it('the sign-in page', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await goto(page, `${baseUrl}/login`);
    await page.evaluate(() => { localStorage.clear(); localStorage.setItem('contact-manager.language', 'en-US'); });
    await goto(page, `${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await problemsOn(page, 'login')).toEqual([]);
  });
});
