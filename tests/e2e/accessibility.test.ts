import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { goto, openBrowser, signInToWorkspace, type BrowserSession } from './support/browser';
import { readE2eState } from './support/e2e-env';

/**
 * axe-core on every screen at 1366 and 375 px, light and dark: any serious or critical violation fails. One browser
 * and one sign-in for the whole run; the signed-out screens first.
 */
const { baseUrl } = readE2eState();
const WIDTHS = [1366, 375] as const;
const THEMES = ['light', 'dark'] as const;
const WORKSPACE = 'energia-casa';

let browser: BrowserSession;
afterAll(async () => {
  await browser?.close();
});

interface Found { screen: string; width: number; theme: string; rule: string; impact: string; targets: string[] }

/** The page has drawn its screen: the load is over and no spinner is left (some screens poll: no network-idle wait). */
const settled = async (page: Page) => {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelectorAll('.bp6-spinner').length === 0, undefined, { timeout: 8_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
};

const audit = async (page: Page, screen: string, width: number, theme: string): Promise<Found[]> => {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, width, theme, rule: v.id, impact: v.impact ?? '', targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  for (const f of serious) process.stdout.write(`axe: ${f.screen} ${f.width}px ${f.theme}: ${f.rule} (${f.impact}) ${f.targets.join(' | ')}\n`);
  return serious;
};

/** In the page: the contrast of the open calendar's first day outside the month on the calendar's background. */
function outsideDayContrast(): number {
  const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const day = document.querySelector<HTMLElement>('.bp6-datepicker .rdp-day_outside')!;
  const [r, g, b, a = 1] = rgba(getComputedStyle(day).color);
  const [br, bg, bb] = rgba(getComputedStyle(day.closest('.bp6-datepicker')!).backgroundColor);
  const alpha = a * Number(getComputedStyle(day).opacity);
  const text = [r, g, b].map((c, i) => c * alpha + [br, bg, bb][i] * (1 - alpha));
  const lum = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [hi, lo] = [lum(text), lum([br, bg, bb])].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const setTheme = (page: Page, theme: string) => page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.theme, theme]);

const SIGNED_OUT: Array<[string, string]> = [['login', '/login'], ['change password', '/changepassword']];
const SIGNED_IN = (id: string): Array<[string, string]> => [
  ['list', '/contacts/list'], ['show', `/contacts/show/${id}`], ['edit', `/contacts/edit/${id}`], ['create', '/contacts/create'],
  ['embed', `/contacts/embed/${id}/promo/agent/guid-a11y/3470000001/${WORKSPACE}`], ['gallery', '/gallery'],
  ['workspaceconfig', '/workspaceconfig'], ['setting', '/setting'], ['dashboard', '/dashboard'], ['events', '/events'],
  ['reports', '/reports'], ['sms', '/sms'], ['flowsmanagement', '/flowsmanagement'],
];

/**
 * One screen in both themes at both widths; the screen must draw (a screen that fails to load fails here). Each theme
 * loads the screen once, at the first width, and the window is then narrowed, as a user turning a tablet or
 * narrowing the window does: the screen must follow the width without a reload.
 */
async function auditScreen(page: Page, screen: string, path: string, ready: string, prepare?: (page: Page) => Promise<void>): Promise<string[]> {
  const found: Found[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await goto(page, `${baseUrl}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    await prepare?.(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      expect(await page.evaluate(() => [document.body.classList.contains('bp6-dark'), window.innerWidth])).toEqual([theme === 'dark', width]);
      found.push(...(await audit(page, screen, width, theme)));
    }
  }
  return found.map((f) => `${f.screen} ${f.width}px ${f.theme}: ${f.rule} (${f.impact}) ${f.targets.join(' | ')}`);
}

// One browser for the file: the signed-out screens first, then one sign-in for every other screen. A test per
// screen, so a slow machine's time is counted per screen and a failure names it.
describe('accessibility (axe-core): no serious or critical violation, at 1366 and 375 px, light and dark', () => {
  let contactId = '';
  beforeAll(async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    await goto(browser.page, `${baseUrl}/login`);
  });

  it.each(SIGNED_OUT)('%s (signed out)', async (screen, path) => {
    expect(await auditScreen(browser.page, screen, path, 'form')).toEqual([]);
  }, 180_000);

  describe('signed in', () => {
    beforeAll(async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInToWorkspace(page, baseUrl, 'admin', WORKSPACE);
      const search = await page.request.post(`${baseUrl}/api/cntmng/contact/search/${WORKSPACE}`, { data: { page: 0, length: 20 } });
      const rows = ((await search.json()) as { data: Array<{ id: string; closed: boolean }> }).data;
      contactId = (rows.find((r) => !r.closed) ?? rows[0]).id;
    }, 120_000);

    // The gallery (QA's screen) has no page title of the shell's kind: its own container shows it drew. It opens on
    // the 565-field fixture; the audit replays the workspace every other screen shows, so four audits stay in bounds.
    const PREPARE: Record<string, (page: Page) => Promise<void>> = {
      // a date field's calendar open (QA: days outside the month were 1.5:1)
      create: async (page) => {
        const date = page.locator('.cm-form input[role="combobox"][placeholder="GG/MM/AAAA"], .cm-form input[role="combobox"][placeholder="DD/MM/YYYY"]').first();
        await date.hover();
        await date.click();
        await page.locator('.bp6-datepicker .rdp-day_outside').first().waitFor({ timeout: 10_000 });
        // axe leaves one-digit days unjudged ("too short"), so whether it sees them depends on the month: measured here
        expect(await page.evaluate(outsideDayContrast)).toBeGreaterThanOrEqual(4.5);
      },
      gallery: async (page) => {
        await page.getByLabel('Fixture', { exact: true }).selectOption(WORKSPACE);
        // The fixture's list panel comes with its translation (Italian or English, as the test's language).
        await page.locator('.cm-gallery').getByText(/Lista — colonne e filtri|List — columns and filters/).first().waitFor({ timeout: 20_000 });
      },
    };
    it.each(SIGNED_IN('{id}').map(([screen]) => screen))('%s', async (screen) => {
      const [, path] = SIGNED_IN(contactId).find(([name]) => name === screen)!;
      expect(await auditScreen(browser.page, screen, path, '#cm-page-title, .cm-page, main, .cm-gallery', PREPARE[screen])).toEqual([]);
    }, 180_000);
  });
});
